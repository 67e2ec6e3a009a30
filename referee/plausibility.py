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
from .words import _, names

TILES, POINTS, WENT_OUT, TILES_LEFT = "tiles", "points", "went_out", "tiles_left"


@dataclass(frozen=True)
class TypedEntry:
    """One player's entry for a hand as the table typed it (or a saved game's document gives it),
    by name, before the referee checks it: the score sheet stores its own `chickenyard.game.sheet.Entry`."""
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


def check_hand(rules: RuleSet, set_size: int, starting_double: int, entries: Sequence[TypedEntry]) -> list[Finding]:
    findings: list[Finding] = []
    starting_double = rules.known_start(starting_double)
    holder: dict[Tile, str] = {}
    out = [e.player for e in entries if e.went_out]
    if len(out) > 1:
        findings.append(Finding("two_out", _("Only one player can go out in a hand: %(names)s are both marked.",
                                                  names=names(out)),
                                rule=rules["hand_ends"], about=WENT_OUT))
    for e in entries:
        findings += _tiles(rules, set_size, starting_double, e, holder)
        findings += _points(rules, set_size, e)
        if rules.kind.counts_tiles_left:
            findings += _tiles_left(rules, set_size, e)
    findings += _total_possible(rules, set_size, starting_double, entries)
    return findings


def _tiles(rules, set_size, starting_double, e: TypedEntry, holder: dict) -> list[Finding]:
    found, own = [], set()
    for tile in e.tiles or ():
        if not tile.in_set(set_size):
            found.append(Finding("not_in_set", _("%(tile)s is not in a double-%(set)s set.", tile=tile, set=set_size), e.player,
                                 rules["sets"], about=TILES))
        elif starting_double >= 0 and tile == Tile(starting_double, starting_double):
            found.append(Finding("starting_double", _("%(tile)s started this hand, so it is on the table, not in %(player)s's "
                                                   "hand.", tile=tile, player=e.player), e.player, rules["starting_double"], about=TILES))
        elif tile in own:
            found.append(Finding("twice", _("%(tile)s is picked twice for %(player)s; a set has only one.", tile=tile,
                                                   player=e.player),
                                 e.player, rules["sets"], about=TILES))
        elif tile in holder:
            found.append(Finding("twice", _("%(tile)s is already in %(holder)s's hand; a set has only one %(tile)s.", tile=tile,
                                                   holder=holder[tile]),
                                 e.player, rules["sets"], about=TILES))
        else:
            own.add(tile)
    for tile in own:
        holder[tile] = e.player
    if e.went_out and e.tiles:
        found.append(Finding("out_with_tiles", _("%(player)s went out, so has no tiles left. Untick the tiles or the "
                                                 "'went out' mark.", player=e.player), e.player, rules["winner"], about=TILES))
    return found


def _points(rules, set_size, e: TypedEntry) -> list[Finding]:
    if e.points is None:
        return []
    limit = most_points(rules, set_size)
    if e.points > limit:
        return [Finding("too_many_points", _("%(points)s is more than anyone can hold with a double-%(set)s set: the "
                                                 "most is %(most)s.", points=e.points, set=set_size, most=limit), e.player, rules["double_blank"], about=POINTS)]
    on_double = rules.ending_on_double_points
    if e.went_out:
        if e.tiles or e.points in (0, on_double):
            return []
        # encyclopedia: "If it does [end in a double], the player who plays the double gets 50 points"
        message = _("%(player)s went out and scores 0, or %(on_double)s for going out on a double, not %(points)s.",
                    player=e.player, on_double=on_double, points=e.points) if on_double else \
            _("%(player)s went out and scores 0, not %(points)s.", player=e.player, points=e.points)
        return [Finding("out_with_tiles", message,
                        e.player, rules["winner"], about=POINTS)]
    if e.tiles:
        counted = leftover_points(e.tiles, rules)
        if counted != e.points:
            return [Finding("points_mismatch", _("The tiles picked for %(player)s add up to %(counted)s, but the total "
                                                 "says %(points)s. Clear one of them.", player=e.player,
                                                 counted=counted, points=e.points), e.player,
                            rules["double_blank"], about=POINTS)]
    elif e.points == 0:
        return [Finding("zero_not_out", _("%(player)s scored 0 but is not marked as gone out: a player still "
                                              "holding tiles scores their pips.", player=e.player), e.player, hard=False)]
    return []


def _tiles_left(rules, set_size, e: TypedEntry) -> list[Finding]:
    """Super 15: how many tiles are left settles a blocked round ("the fewest dominoes left")."""
    if e.went_out:
        return []
    count = e.tiles_left
    if count is not None and not 0 <= count <= tile_count(set_size):
        return [Finding("tiles_left", _("Write how many tiles %(player)s has left, as a whole number.", player=e.player),
                        e.player, rules["hand_ends"], about=TILES_LEFT)]
    if count is not None and e.tiles and count != len(e.tiles):
        return [Finding("tiles_left", _("%(picked)s tiles are picked for %(player)s, but the count says %(count)s.",
                                            picked=len(e.tiles), player=e.player, count=count), e.player, rules["hand_ends"], about=TILES_LEFT)]
    if count is None and not e.tiles and e.points is not None:
        return [Finding("tiles_left", _("Say how many tiles %(player)s has left: the fewest tiles wins a blocked "
                                            "round.", player=e.player), e.player, rules["hand_ends"], about=TILES_LEFT)]
    return []


def _total_possible(rules, set_size, starting_double, entries) -> list[Finding]:
    """All the hands together cannot hold more than the set, less the starting double."""
    total = sum(e.points or 0 for e in entries)
    bonus = rules.double_blank_points if starting_double != 0 else 0
    most = set_pips(set_size) - 2 * max(starting_double, 0) + bonus + rules.ending_on_double_points
    if total > most:
        return [Finding("total_too_high",
                        _("The hand's scores add up to %(total)s, but all the tiles a double-%(set)s set has "
                          "besides the starting double hold only %(most)s (0|0 counted %(double_blank)s).",
                          total=total, set=set_size, most=most, double_blank=rules.double_blank_points), rule=rules["double_blank"], hard=False)]
    return []
