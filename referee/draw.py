"""The draw-count guide: tiles each, tiles in hands, and the chicken yard."""
from __future__ import annotations

from .actions import ImpossibleRequest

Refusal = ImpossibleRequest     # the CLI exits 2 with its one line


def draw_count(rules, set_size: int, players: int) -> dict:
    """The draw-count answer, as the CLI and the Referee page give it."""
    try:
        rule = rules.tiles_each(set_size, players)
    except ValueError as problem:
        raise Refusal(str(problem)) from problem
    in_hands = rule.value * players
    suggested = rules.proportional_draw(set_size, players)
    if suggested is not None:
        each, how = suggested
        suggested = {"tiles_each": each, "chicken_yard": rules.available_tiles(set_size) - each * players,
                     "how": how} if each != rule.value and each * players <= rules.available_tiles(set_size) else None
    return {"tiles_each": rule.value, "in_hands": in_hands,
            "chicken_yard": rules.available_tiles(set_size) - in_hands,
            "stated": rule.stated, "preset": rules.preset, "set": set_size, "players": players,
            "source": rule.source, "rule": rule.quote, "how": rule.how, "house": rule.house,
            "starting_double_in_centre": rules["starting_double"].value == "centre", "suggested": suggested,
            "game": rules.game, "pile": rules.kind.bone_pile, "centre_double": rules.kind.centre_double}
