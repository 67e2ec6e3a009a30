"""Is this hand's score plausible? The referee's look over a score sheet row.

Hard problems (a tile that is not in the set, a tile in two hands, the
starting double left in a hand, two players out) make a row impossible;
softer ones (a 0 for a player not marked out, a total no set could hold)
are warnings the table may dismiss after a look.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .rulesets import Rule, RuleSet, leftover_points
from .tiles import Tile, set_pips


@dataclass(frozen=True)
class Entry:
    player: str
    tiles: Sequence[Tile] | None = None
    points: int | None = None
    went_out: bool = False


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    player: str | None = None
    rule: Rule | None = field(default=None, compare=False)
    hard: bool = True


def check_hand(rules: RuleSet, set_size: int, starting_double: int, entries: Sequence[Entry]) -> list[Finding]:
    findings: list[Finding] = []
    starting_double = rules.known_start(starting_double)
    holder: dict[Tile, str] = {}
    out = [e.player for e in entries if e.went_out]
    if len(out) > 1:
        findings.append(Finding("two_out", f"Only one player can go out in a hand: {' and '.join(out)} are both marked.",
                                rule=rules["hand_ends"]))
    for e in entries:
        for tile in e.tiles or ():
            if not tile.in_set(set_size):
                findings.append(Finding("not_in_set", f"{tile} is not in a double-{set_size} set.", e.player,
                                        rules["sets"]))
            elif starting_double >= 0 and tile == Tile(starting_double, starting_double):
                findings.append(Finding("starting_double", f"{tile} started this hand, so it is on the table, "
                                        f"not in {e.player}'s hand.", e.player, rules["starting_double"]))
            elif tile in holder:
                findings.append(Finding("twice", f"{tile} is in {holder[tile]}'s and {e.player}'s hands; "
                                        "a set has only one.", e.player))
            else:
                holder[tile] = e.player
        on_double = rules.ending_on_double_points
        if e.went_out and (e.tiles or e.points not in (None, 0, on_double)):
            # encyclopedia: "If it does [end in a double], the player who plays the double gets 50 points"
            extra = f", or {on_double} for going out on a double" if on_double else ""
            findings.append(Finding("out_with_tiles", f"{e.player} went out, so holds nothing and scores 0{extra}.",
                                    e.player, rules["winner"]))
        if e.tiles is not None and e.points is not None and not e.went_out \
                and leftover_points(e.tiles, rules) != e.points:
            findings.append(Finding("points_mismatch", f"{e.player}'s tiles add up to "
                                    f"{leftover_points(e.tiles, rules)}, not {e.points}.", e.player,
                                    rules["double_blank"]))
        if e.points == 0 and not e.went_out and not e.tiles:
            findings.append(Finding("zero_not_out", f"{e.player} scored 0 but is not marked as gone out: "
                                    "a player still holding tiles scores their pips.", e.player, hard=False))
    findings += _total_possible(rules, set_size, starting_double, entries)
    return findings


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

