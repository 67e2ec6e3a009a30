"""The referee's check of one hand's scores: the one checker behind the score form, the import,
the photo and the warnings over the sheet.

It is given typed values (each player's tiles, total, "went out" mark and, in Super 15, tiles
left) and returns its findings, each with the rule it rests on and the field it is about. Hard
findings (a tile that is not in the set, a tile in two hands, the starting double left in a
hand, two players out, a total no hand can hold) make a row impossible: the form refuses it.
Softer ones (a 0 for a player not marked out, a hand whose scores add up to more than the set)
are warnings the table may dismiss after a look.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .rulesets import Rule, RuleSet, leftover_points
from .tiles import Tile, set_pips, tile_count

TILES, POINTS, WENT_OUT, TILES_LEFT = "tiles", "points", "went_out", "tiles_left"


@dataclass(frozen=True)
class Entry:
    player: str
    tiles: Sequence[Tile] | None = None     # None: nothing picked (a total typed, or nothing)
    points: int | None = None
    went_out: bool = False
    tiles_left: int | None = None           # Super 15: how many tiles, to settle a blocked round


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    player: str | None = None
    rule: Rule | None = field(default=None, compare=False)
    hard: bool = True
    about: str | None = field(default=None, compare=False)   # the entry's field: TILES, POINTS, ...


def most_points(rules: RuleSet, set_size: int) -> int:
    """The most one player can be left holding: every pip of the set plus the 0|0 bonus."""
    return set_pips(set_size) + rules.double_blank_points


def check_hand(rules: RuleSet, set_size: int, starting_double: int, entries: Sequence[Entry]) -> list[Finding]:
    findings: list[Finding] = []
    starting_double = rules.known_start(starting_double)
    holder: dict[Tile, str] = {}
    out = [e.player for e in entries if e.went_out]
    if len(out) > 1:
        findings.append(Finding("two_out", f"Only one player can go out in a hand: {' and '.join(out)} are both marked.",
                                rule=rules["hand_ends"], about=WENT_OUT))
    for e in entries:
        findings += _tiles(rules, set_size, starting_double, e, holder)
        findings += _points(rules, set_size, e)
        if rules.kind.counts_tiles_left:
            findings += _tiles_left(rules, set_size, e)
    findings += _total_possible(rules, set_size, starting_double, entries)
    return findings


def _tiles(rules, set_size, starting_double, e: Entry, holder: dict) -> list[Finding]:
    found, own = [], set()
    for tile in e.tiles or ():
        if not tile.in_set(set_size):
            found.append(Finding("not_in_set", f"{tile} is not in a double-{set_size} set.", e.player,
                                 rules["sets"], about=TILES))
        elif starting_double >= 0 and tile == Tile(starting_double, starting_double):
            found.append(Finding("starting_double", f"{tile} started this hand, so it is on the table, "
                                 f"not in {e.player}'s hand.", e.player, rules["starting_double"], about=TILES))
        elif tile in own:
            found.append(Finding("twice", f"{tile} is picked twice for {e.player}; a set has only one.",
                                 e.player, rules["sets"], about=TILES))
        elif tile in holder:
            found.append(Finding("twice", f"{tile} is already in {holder[tile]}'s hand; a set has only one {tile}.",
                                 e.player, rules["sets"], about=TILES))
        else:
            own.add(tile)
    for tile in own:
        holder[tile] = e.player
    if e.went_out and e.tiles:
        found.append(Finding("out_with_tiles", f"{e.player} went out, so has no tiles left. Untick the tiles "
                             "or the 'went out' mark.", e.player, rules["winner"], about=TILES))
    return found


def _points(rules, set_size, e: Entry) -> list[Finding]:
    if e.points is None:
        return []
    limit = most_points(rules, set_size)
    if e.points > limit:
        return [Finding("too_many_points", f"{e.points} is more than anyone can hold with a double-{set_size} "
                        f"set: the most is {limit}.", e.player, rules["double_blank"], about=POINTS)]
    on_double = rules.ending_on_double_points
    if e.went_out:
        if e.tiles or e.points in (0, on_double):
            return []
        # encyclopedia: "If it does [end in a double], the player who plays the double gets 50 points"
        also = f", or {on_double} for going out on a double" if on_double else ""
        return [Finding("out_with_tiles", f"{e.player} went out and scores 0{also}, not {e.points}.",
                        e.player, rules["winner"], about=POINTS)]
    if e.tiles:
        counted = leftover_points(e.tiles, rules)
        if counted != e.points:
            return [Finding("points_mismatch", f"The tiles picked for {e.player} add up to {counted}, "
                            f"but the total says {e.points}. Clear one of them.", e.player,
                            rules["double_blank"], about=POINTS)]
    elif e.points == 0:
        return [Finding("zero_not_out", f"{e.player} scored 0 but is not marked as gone out: "
                        "a player still holding tiles scores their pips.", e.player, hard=False)]
    return []


def _tiles_left(rules, set_size, e: Entry) -> list[Finding]:
    """Super 15: how many tiles are left settles a blocked round ("the fewest dominoes left")."""
    if e.went_out:
        return []
    count = e.tiles_left
    if count is not None and not 0 <= count <= tile_count(set_size):
        return [Finding("tiles_left", f"Write how many tiles {e.player} has left, as a whole number.",
                        e.player, rules["hand_ends"], about=TILES_LEFT)]
    if count is not None and e.tiles and count != len(e.tiles):
        return [Finding("tiles_left", f"{len(e.tiles)} tiles are picked for {e.player}, but the count says "
                        f"{count}.", e.player, rules["hand_ends"], about=TILES_LEFT)]
    if count is None and not e.tiles and e.points is not None:
        return [Finding("tiles_left", f"Say how many tiles {e.player} has left: the fewest tiles wins a "
                        "blocked round.", e.player, rules["hand_ends"], about=TILES_LEFT)]
    return []


def _total_possible(rules, set_size, starting_double, entries) -> list[Finding]:
    """All the hands together cannot hold more than the set, less the starting double."""
    total = sum(e.points or 0 for e in entries)
    bonus = rules.double_blank_points if starting_double != 0 else 0
    most = set_pips(set_size) - 2 * max(starting_double, 0) + bonus + rules.ending_on_double_points
    if total > most:
        return [Finding("total_too_high",
                        f"The hand's scores add up to {total}, but all the tiles a double-{set_size} set has "
                        f"besides the starting double hold only {most} (0|0 counted "
                        f"{rules.double_blank_points}).", rule=rules["double_blank"], hard=False)]
    return []
