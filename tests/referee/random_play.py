"""Playing a round of one of the rulebook's games at random, for the property tests."""
from __future__ import annotations


def play_randomly(round_, rng, play_type, everything: set, max_steps: int) -> None:
    """Random legal actions until the round is over, checking after each that every tile is in a
    hand, in the yard or on the table (`play_type` is the game's action that lays a tile down),
    and that the round ends within `max_steps`."""
    played = set()
    steps = 0
    while not round_.is_over():
        steps += 1
        assert steps < max_steps
        action = rng.choice(round_.legal_actions())
        if isinstance(action, play_type):
            played.add(action.tile)
        round_.apply(action)
        assert set().union(*round_.hands) | round_.yard | played == everything
