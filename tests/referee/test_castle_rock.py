"""Castle Rock, each rule quoted from the double-15 rulebook."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.actions import IllegalAction
from referee.castle_rock import (CastleRock, DrawTile, RemoveMiddle, RemoveThree, greedy, play, removals,
                                 searching)
from referee.tiles import Tile, set_tiles

T = Tile.parse
ROOT = Path(__file__).resolve().parents[2]


def game(row, pile=()):
    g = CastleRock([T(t) for t in pile], set_size=15)
    g.row = tuple(T(t) for t in row)
    return g


def test_middle_tile_removed_when_the_outer_two_share_a_number():
    # "If the number on one end of Domino 1 matches ... the number on one end of Domino 3 ... Domino 2 is removed"
    g = game(["3|5", "1|2", "3|9"], ["4|4"])
    assert g.legal_actions() == [RemoveMiddle(1)]
    g.apply(RemoveMiddle(1))
    assert g.row == (T("3|5"), T("3|9"))


def test_three_adjacent_sharing_a_number_may_all_go():
    # "When a match occurs between the ends of 3 dominoes in a row, all 3 dominoes can be removed"
    g = game(["3|5", "3|2", "3|9"], ["4|4", "6|7", "8|8", "10|11"])
    assert set(g.legal_actions()) == {RemoveThree(0), RemoveMiddle(1)}
    g.apply(RemoveThree(0))
    # "Should you discard all the dominoes ... simply draw 3 tiles and start a new array"
    assert g.row == (T("4|4"), T("6|7"), T("8|8")) and g.pile == [T("10|11")]


def test_a_removal_is_compulsory_before_drawing():
    # "However, you must always remove at least 1 domino when the opportunity arises."
    g = game(["3|5", "1|2", "3|9"], ["4|4"])
    with pytest.raises(IllegalAction, match="must be made before drawing"):
        g.apply(DrawTile())
    with pytest.raises(IllegalAction, match="do not share"):
        game(["3|5", "1|2", "4|9"], ["4|4"]).apply(RemoveMiddle(1))


def test_won_with_two_left_lost_with_more():
    # "The game is won if only two dominoes remain."
    g = game(["3|5", "1|2", "3|9"])
    g.apply(RemoveMiddle(1))
    assert g.is_over() and g.won()
    lost = game(["0|1", "2|3", "4|5"])
    assert lost.is_over() and not lost.won()


def test_with_real_tiles_the_player_says_each_tile():
    g = CastleRock(list(set_tiles(6)), set_size=6, known_pile=False)
    with pytest.raises(IllegalAction, match="Say which tile"):
        g.apply(DrawTile())
    for t in ("0|1", "4|5", "1|6"):
        g.apply(DrawTile(T(t)))
    assert g.legal_actions() == [RemoveMiddle(1)]
    with pytest.raises(IllegalAction, match="turned over already"):
        game([], ["2|2"]).apply(DrawTile(T("3|3")))


def test_searching_looks_ahead():
    row = tuple(T(t) for t in ["1|2", "5|9", "1|7", "7|8", "2|3"])
    assert removals(row)
    assert searching(row) in removals(row) and greedy(row) in removals(row)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), set_size=st.sampled_from([6, 9, 15]))
def test_every_game_ends_and_tiles_are_conserved(seed, set_size):
    rng = random.Random(seed)
    g = CastleRock(set_size=set_size, rng=rng)
    g.start()
    removed: list[Tile] = []
    steps = 0
    while not g.is_over():
        steps += 1
        assert steps < 2000
        action = rng.choice(g.legal_actions())
        if not isinstance(action, DrawTile):
            span = 1 if isinstance(action, RemoveMiddle) else 3
            removed += g.row[action.index:action.index + span]
        g.apply(action)
        assert sorted(list(g.row) + g.pile + removed) == sorted(set_tiles(set_size))


def test_win_rates_and_the_cli():
    assert 0 <= sum(play(searching, s, 6) for s in range(200)) <= 200
    done = subprocess.run([sys.executable, "-m", "referee", "simulate", "--game", "castle-rock", "--games", "300",
                           "--set", "6", "--json"], capture_output=True, text=True, cwd=ROOT)
    figures = json.loads(done.stdout)
    assert figures["games"] == 300 and figures["set"] == 6
    assert 0.05 < figures["win_rate"]["greedy"] < 0.4 and figures["win_rate"]["search"] >= figures["win_rate"]["greedy"]


def test_a_photo_of_the_row_tells_the_tiles_beyond_it_read_either_way():
    from referee.castle_rock import tiles_beyond
    row = (Tile(0, 1), Tile(4, 5))
    assert tiles_beyond(row, [Tile(0, 1), Tile(4, 5), Tile(2, 6)]) == ([Tile(2, 6)], True)
    assert tiles_beyond(row, [Tile(2, 6), Tile(4, 5), Tile(0, 1)]) == ([Tile(2, 6)], True)   # far side
    assert tiles_beyond(row, [Tile(0, 1), Tile(4, 5)]) == ([], True)
    assert tiles_beyond(row, [Tile(0, 2), Tile(4, 5), Tile(3, 3)]) == ([Tile(3, 3)], False)  # a misread
    assert tiles_beyond((), [Tile(1, 1), Tile(2, 2), Tile(3, 3)]) == ([Tile(1, 1), Tile(2, 2), Tile(3, 3)], True)
