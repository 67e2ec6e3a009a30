"""Mexican Train, each rule quoted from the double-15 rulebook."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.actions import IllegalAction
from referee.mexican_train import MEXICAN, EndTurn, Mark, MexicanTrainRound, PlayOn, TrainDraw
from referee.records import replay, write_record
from referee.rulesets import rule_set
from referee.tiles import Tile, set_tiles
from tests.referee.random_play import play_randomly
from tests.referee.records_helper import rulebook_record

T = Tile.parse


def round_of(deal, yard=(), first=0, engine=15):
    return MexicanTrainRound([[T(t) for t in h] for h in deal], [T(t) for t in yard], engine, first_player=first)


def test_tiles_each_per_the_rulebook_table():
    # "Number of Players 2 ... 10 / Tiles Per Player 16 15 14 12 11 10 9 8 7"
    rules = rule_set("mexican-train")
    assert [rules.tiles_each(15, n).value for n in range(2, 11)] == [16, 15, 14, 12, 11, 10, 9, 8, 7]
    assert rules.hand_doubles(15) == list(range(15, -1, -1)) and rules.double_blank_points == 0


def test_first_turn_a_string_on_ones_own_train_only():
    # "Players may play a domino or string of dominoes from their hand as long as the initial domino
    #  matches the initial train engine number and all subsequent dominoes match ends."
    r = round_of([["15|3", "3|7", "7|1", "2|2"], ["15|4", "4|4", "9|9"]])
    assert set(r.legal_actions()) == {PlayOn(T("15|3"), 0, 15)}
    r.apply(PlayOn(T("15|3"), 0, 15))
    assert EndTurn() in r.legal_actions() and PlayOn(T("3|7"), 0, 3) in r.legal_actions()
    r.apply(PlayOn(T("3|7"), 0, 3))
    r.apply(PlayOn(T("7|1"), 0, 7))
    r.apply(EndTurn())
    assert r.turn == 1
    # "No player may play on an opposing players train during the first turn"
    with pytest.raises(IllegalAction, match="only on their own train"):
        r.apply(PlayOn(T("15|4"), MEXICAN, 15))


def test_unable_draw_and_must_play_a_match_else_mark_the_train():
    # "If the domino matches the engine tile, the player must play it at that time. If, however, the player
    #  still cannot start the train, the player ends the turn by placing his/her train marker"
    r = round_of([["1|2"], ["3|4", "5|5"]], ["15|9", "6|6"])
    assert r.legal_actions() == [TrainDraw()]
    r.apply(TrainDraw(T("15|9")))
    assert r.legal_actions() == [PlayOn(T("15|9"), 0, 15)]
    r.apply(PlayOn(T("15|9"), 0, 15))
    r.apply(EndTurn())
    r.apply(TrainDraw(T("6|6")))
    assert r.legal_actions() == [Mark()]
    r.apply(Mark())
    assert r.marked[1] and r.turn == 0


def test_a_marked_train_is_open_to_others_and_the_mexican_train_after_the_first_turn():
    r = round_of([["15|9", "9|1", "15|2", "4|8"], ["3|4", "5|6", "7|8"]], ["10|11"])
    r.apply(PlayOn(T("15|9"), 0, 15))
    r.apply(EndTurn())
    r.apply(TrainDraw(T("10|11")))
    r.apply(Mark())                      # player 1 could not start: train open
    acts = set(r.legal_actions())
    assert PlayOn(T("15|2"), MEXICAN, 15) in acts      # the Mexican Train may start now
    assert PlayOn(T("15|2"), 1, 15) in acts            # and player 1's marked train is open
    assert PlayOn(T("9|1"), 0, 9) in acts


def test_a_double_must_be_satisfied_before_any_other_train():
    # "The double must be closed before any other trains can be played on."
    r = round_of([["15|6", "6|6", "1|2", "0|1"], ["6|3", "2|9", "9|9"]], ["12|13", "11|11"])
    r.apply(PlayOn(T("15|6"), 0, 15))
    r.apply(EndTurn())
    r.apply(TrainDraw(T("12|13")))
    r.apply(Mark())
    r.apply(PlayOn(T("6|6"), 0, 6))      # a double: "the player must play a second domino"
    assert r.turn == 0
    r.apply(TrainDraw(T("11|11")))
    r.apply(Mark())                      # cannot: the double stays open
    assert r.open_doubles == [(0, 6)]
    with pytest.raises(IllegalAction, match="must be played on before any other train"):
        r.apply(PlayOn(T("2|9"), MEXICAN, 15))
    r.apply(PlayOn(T("6|3"), 0, 6))
    assert r.open_doubles == []


def test_dominoed_and_blocked_rounds_score_pips_left():
    r = round_of([["15|1"], ["2|3", "0|0"]])
    r.apply(PlayOn(T("15|1"), 0, 15))
    assert r.outcome() is None           # "other players get to play their first turn before the round ends"
    r.apply(Mark())
    assert r.outcome().ended_by == "went_out" and r.outcome().points == (0, 5)
    blocked = round_of([["1|2"], ["3|4"]])
    blocked.apply(Mark())
    blocked.apply(Mark())
    assert blocked.outcome().ended_by == "blocked" and blocked.outcome().points == (3, 7)


def _random_round(players, seed):
    rng = random.Random(seed)
    tiles = [t for t in set_tiles(15) if t != Tile(15, 15)]
    rng.shuffle(tiles)
    each = rule_set("mexican-train").tiles_each(15, players).value
    deal = [tiles[i * each:(i + 1) * each] for i in range(players)]
    yard = tiles[players * each:]
    r = MexicanTrainRound(deal, yard, 15, first_player=seed % players, rng=rng)
    return r, deal, yard, rng


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 10), seed=st.integers(0, 10**6))
def test_every_round_ends_tiles_conserved_and_records_replay(players, seed):
    r, deal, yard, rng = _random_round(players, seed)
    play_randomly(r, rng, PlayOn, set(set_tiles(15)) - {Tile(15, 15)}, max_steps=3000)
    record = json.loads(json.dumps(write_record(r, deal, yard)))
    result = replay(record)
    assert result["legal"] and result["over"] and tuple(result["points"]) == r.outcome().points


def test_an_illegal_train_move_is_named():
    record = rulebook_record("mexican-train", [["15|3", "3|7"], ["15|4", "9|9"]],
                             [{"player": 0, "play": "15-3", "train": 0}, {"player": 0, "end": True},
                              {"player": 1, "play": "15-4", "train": 0}], engine=15)
    result = replay(record)
    assert not result["legal"] and result["move"] == 2
    assert result["source"] == "double15-rulebook-chickenfoot-castlerock-mexicantrain-super15.txt"
