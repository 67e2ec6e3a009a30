"""The draw-count guide: tiles each, tiles in hands, and the chicken yard."""
from __future__ import annotations


class Refusal(ValueError):
    """A request the referee cannot answer (the CLI exits 2 with this one line)."""


def draw_count(rules, set_size: int, players: int) -> dict:
    """The draw-count answer, as the CLI and the Referee page give it."""
    try:
        rule = rules.tiles_each(set_size, players)
    except ValueError as problem:
        raise Refusal(str(problem)) from problem
    in_hands = rule.value * players
    return {"tiles_each": rule.value, "in_hands": in_hands,
            "chicken_yard": rules.available_tiles(set_size) - in_hands,
            "stated": rule.stated, "preset": rules.preset, "set": set_size, "players": players,
            "source": rule.source, "rule": rule.quote, "how": rule.how, "house": rule.house,
            "starting_double_in_centre": rules["starting_double"].value == "centre"}
