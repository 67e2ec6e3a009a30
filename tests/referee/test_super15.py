"""Super 15, each rule quoted from the double-15 rulebook."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.actions import IllegalAction
from referee.records import replay, write_record
from referee.super15 import DrawTwo, PassTurn, Place, Super15Round
from referee.tiles import Tile, set_tiles
from tests.referee.random_play import play_randomly

T = Tile.parse


def round_of(deal, yard=(), first=0):
    return Super15Round([[T(t) for t in h] for h in deal], [T(t) for t in yard], first_player=first)


def test_the_first_player_starts_with_any_double():
    # "The first player starts play with any double in his/her hand."
    r = round_of([["4|4", "9|9", "1|2"], ["4|5", "3|6"]])
    assert set(r.legal_actions()) == {Place(T("4|4"), -1), Place(T("9|9"), -1)}
    with pytest.raises(IllegalAction, match="starts with a double"):
        r.apply(Place(T("1|2"), -1))


def test_nobody_with_a_double_draws_in_turn_until_one_appears():
    # "In case no player has a double to start, play returns to the first player. Then, in turn,
    #  players draw one tile from the bone pile until a player draws a double to start."
    r = round_of([["1|2"], ["3|4"]], ["5|6", "7|7"])
    r.apply(PassTurn())
    r.apply(PassTurn())
    r.apply(DrawTwo((T("5|6"),)))
    r.apply(DrawTwo((T("7|7"),)))
    assert r.legal_actions() == [Place(T("7|7"), -1)]


def position(deal, starter, ends=(), turn=0, direction=1, yard=()):
    return Super15Round.position([[T(t) for t in h] for h in deal], [T(t) for t in yard], T(starter), ends,
                                 turn, direction)


def test_six_branches_off_the_starter():
    # "Play can be made off the starter domino in six directions, or branches"
    r = position([["5|8", "1|2"], ["9|10", "11|12"]], "5|5", ends=(0, 1, 2, 4, 6))
    assert Place(T("5|8"), -1) in r.legal_actions()
    r = position([["5|8", "1|2"], ["9|10", "11|12"]], "5|5", ends=(0, 1, 2, 4, 6, 7))
    assert Place(T("5|8"), -1) not in r.legal_actions()


def test_fifteen_everyone_else_draws_and_fourteen_plays_again():
    r = position([["6|15", "6|14", "1|1"], ["2|3"], ["4|5"]], "6|6", ends=(6,), yard=["0|1", "0|2", "0|3"])
    r.apply(Place(T("6|15"), 0))    # "Whenever a play leaves a 15, every other player must pick a tile"
    assert len(r.hands[1]) == 2 and len(r.hands[2]) == 2 and r.turn == 1
    r = position([["6|14", "1|1"], ["2|3"], ["4|5"]], "6|6", ends=(6,), yard=["0|1"])
    r.apply(Place(T("6|14"), 0))    # "If a play leaves a 14, that player can play again."
    assert r.turn == 0
    # "can": with nothing more to play, the player ends the turn without drawing
    assert PassTurn() in r.legal_actions() and DrawTwo() not in r.legal_actions()
    r.apply(PassTurn())
    assert r.turn == 1 and r.yard == {T("0|1")}


def test_a_spell_must_be_broken_on_the_13_with_a_13_or_a_double():
    r = position([["6|13", "1|2"], ["13|4", "6|9", "8|8"], ["0|1"]], "6|6", ends=(6,))
    r.apply(Place(T("6|13"), 0))
    assert r.turn == 1 and r.spell == 0
    # "The next player must break the spell by playing immediately on that piece"
    assert set(r.legal_actions()) == {Place(T("13|4"), 0), Place(T("8|8"), 0)}
    with pytest.raises(IllegalAction, match="spell"):
        r.apply(Place(T("6|9"), -1))
    r.apply(Place(T("13|4"), 0))
    assert r.spell is None


def test_a_three_reverses_and_a_double_skips_the_next_player():
    r = round_of([["6|6", "1|2"], ["0|1"], ["0|4"]])
    r.apply(Place(T("6|6"), -1))    # the starter double skips nobody
    assert r.turn == 1
    r = position([["6|3", "1|2"], ["0|1"], ["0|4"]], "6|6", ends=(6,))
    r.apply(Place(T("6|3"), 0))     # "Whenever a 3 is played, the direction of play reverses"
    assert r.direction == -1 and r.turn == 2
    r = position([["0|5"], ["0|1", "2|2"], ["0|4", "5|7"]], "6|6", ends=(2,), turn=1)
    r.apply(Place(T("2|2"), 0))     # "If a double is played, the next player loses a turn."
    assert r.turn == 0


def test_blocked_round_goes_to_fewest_tiles_then_lowest_pips():
    # "the winner is the one with the fewest dominoes left ... the lowest point-total ... is the winner"
    r = round_of([["1|1", "2|3"], ["4|5", "0|2"], ["7|8", "9|10", "11|12"]])
    r.apply(Place(T("1|1"), -1))
    for _ in range(3):
        r.apply(PassTurn())
    assert r.outcome().ended_by == "blocked" and r.outcome().went_out == 0


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 10), seed=st.integers(0, 10**6))
def test_every_round_ends_tiles_conserved_and_records_replay(players, seed):
    rng = random.Random(seed)
    tiles = list(set_tiles(15))
    rng.shuffle(tiles)
    deal, yard = [tiles[i * 9:(i + 1) * 9] for i in range(players)], tiles[players * 9:]
    r = Super15Round(deal, yard, first_player=seed % players, rng=rng)
    play_randomly(r, rng, Place, set(set_tiles(15)), max_steps=5000)
    record = json.loads(json.dumps(write_record(r, deal, yard)))
    result = replay(record)
    assert result["legal"] and result["over"] and tuple(result["points"]) == r.outcome().points
