"""One object per game, chosen by the rule set's game: its words, and who wins a blocked round."""
from __future__ import annotations

import json

import pytest

from referee.games import GAMES, Super15
from referee.rulesets import GAME_PRESETS, rule_set

from .test_deal_checks import _played


def test_every_rule_set_finds_its_game_and_every_game_is_named():
    assert {key: game.title for key, game in GAMES.items()} == {
        "chickenfoot": "Chickenfoot", "mexican-train": "Mexican Train", "super-15": "Super 15"}
    for game, presets in GAME_PRESETS.items():
        for preset in presets:
            assert rule_set(preset).kind is GAMES[game]


def test_each_game_holds_its_rule_sets_and_reads_back_the_records_it_writes():
    assert GAMES["chickenfoot"].presets == ("classic", "set-insert", "encyclopedia", "family", "double15-rulebook")
    assert {key: game.presets for key, game in GAMES.items() if key != "chickenfoot"} == {
        "mexican-train": ("mexican-train",), "super-15": ("super-15",)}
    for key, game in GAMES.items():
        record = _played(key, 3)
        round_, moves = game.read_record(record)
        for _, action in moves:
            round_.apply(action)
        assert round_.is_over() and round_.rules.kind is game
        assert json.loads(json.dumps(game.write_record(round_, record["deal"], record["yard"], record["first_player"]))) == record


def test_each_game_speaks_of_its_own_deals_and_bone_pile():
    words = {key: (g.unit, g.bone_pile, g.centre_double, g.scored_by_pips) for key, g in GAMES.items()}
    assert words == {"chickenfoot": ("hand", "chicken yard", "starting double", True),
                     "mexican-train": ("round", "bone pile", "engine double", True),
                     "super-15": ("round", "bone pile", "starter double", False)}


@pytest.mark.parametrize("left, winner", [
    ({"Ann": (2, 9), "Bo": (3, 1)}, "Ann"),                      # the fewest tiles, whatever the pips
    ({"Ann": (2, 9), "Bo": (2, 4), "Cy": (5, 0)}, "Bo"),         # a tie on tiles: the lowest pips
    ({"Ann": (2, 4), "Bo": (2, 4)}, None),                       # level on both: the rulebook names no winner
    ({"Ann": (2, None), "Bo": (2, 4)}, None),                    # a tie waiting for pips
    ({"Ann": (None, 3), "Bo": (2, 4)}, None),                    # a count not in yet
    ({"Ann": (1, None), "Bo": (2, 4)}, "Ann"),                   # no tie: the pips are not needed
])
def test_who_wins_a_blocked_super_15_round(left, winner):
    assert Super15.blocked_winner(left) == winner
