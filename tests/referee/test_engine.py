"""The Chickenfoot engine: each rule of RULES.md, and properties over random hands."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.actions import Draw, IllegalAction, MissedCall, Pass, Play, TakeBack
from referee.hand import Hand
from referee.records import replay, write_record
from referee.rulesets import rule_set
from referee.simulate import play_random_hand, simulate
from referee.tiles import Tile, set_tiles

from .records_helper import whole_set_record

T = Tile.parse
ROOT = Path(__file__).resolve().parents[2]


def hand(preset, deal, yard, double=9, house=None, first=0, set_size=9):
    return Hand(rule_set(preset, house), set_size, [[T(t) for t in h] for h in deal], [T(t) for t in yard],
                double, first_player=first)


def test_the_holder_of_the_starting_double_plays_it_first():
    # classic: "the player with the required double domino for each hand simply plays that domino"
    h = hand("classic", [["1|2"], ["9|9", "9|4"]], ["3|5"])
    assert h.turn == 1 and h.legal_actions() == [Play(T("9|9"), 9)]
    with pytest.raises(IllegalAction, match="starts with 9|9"):
        h.apply(Play(T("9|4"), 9))


def test_nobody_holds_it_everyone_draws_until_it_appears():
    # classic: "every player must draw *one domino*. This process repeats until someone draws the double"
    h = hand("classic", [["1|2"], ["3|4"]], ["9|9"])
    assert h.legal_actions() == [Draw()]
    h.apply(Draw(T("9|9")))
    assert h.legal_actions() == [Play(T("9|9"), 9)]


def test_the_alternate_beginning_starts_with_the_highest_double_held():
    # classic, "Alternate Beginning": "The player with the *highest available double* may play it. ...
    # if the double-9 (9-9) tile initially has not been drawn by any player, then the double-8 (8-8)
    # tile may be played."
    alternate = {"nobody_holds_double": "highest"}
    h = hand("classic", [["1|2", "7|7"], ["8|8", "3|4"]], ["9|9", "5|6"], house=alternate)
    assert h.turn == 1 and h.legal_actions() == [Play(T("8|8"), 8)]
    # a later row keeps its own double: "the second hand still should begin with the double-8 tile
    # (if any player has it) ... If it is not available, the next highest double can be played"
    h = hand("classic", [["9|9", "7|7"], ["6|6", "3|4"]], ["8|8"], double=8, house=alternate)
    assert h.turn == 0 and h.legal_actions() == [Play(T("7|7"), 7)]
    # "In case no player has any double tile, then *every player* must draw *one domino*. This is
    # continued until a double is drawn."
    h = hand("classic", [["1|2"], ["3|4"]], ["9|9", "2|2", "5|6"], house=alternate)
    assert h.legal_actions() == [Draw()]
    h.apply(Draw(T("5|6")))
    with pytest.raises(IllegalAction, match="until a double appears"):
        h.apply(Pass())
    h.apply(Draw(T("2|2")))
    assert h.turn == 1 and h.legal_actions() == [Play(T("2|2"), 2)]
    # without the house rule, the row's double is sought
    assert hand("classic", [["1|2", "7|7"], ["8|8", "3|4"]], ["9|9"]).legal_actions() == [Draw()]


def test_set_insert_goes_to_the_next_lowest_double_when_nobody_holds_it():
    # set-insert: "If no one holds the correct double tile to begin that particular hand, players may
    # agree to either 1) go to the next-lowest double or 2) reshuffle all the tiles and draw new hands."
    h = hand("set-insert", [["1|2", "7|7"], ["8|8", "3|4"]], ["9|9", "5|6"])
    assert h.turn == 1 and h.legal_actions() == [Play(T("8|8"), 8)]


def test_the_alternate_beginning_is_for_tables_where_the_holder_plays_the_double():
    assert rule_set("set-insert", {"nobody_holds_double": "highest"})["nobody_holds_double"].house
    rule = rule_set("classic", {"nobody_holds_double": "highest"})["nobody_holds_double"]
    assert rule.source == "chickenfoot-classic-rules.txt" and "highest available double" in rule.quote
    for preset in ("encyclopedia", "family", "double15-rulebook", "mexican-train"):
        with pytest.raises(ValueError, match="alternate beginning"):
            rule_set(preset, {"nobody_holds_double": "highest"})


def test_the_hub_takes_six_plays_in_classic_and_four_in_the_encyclopedia():
    for preset, hub in (("classic", 6), ("encyclopedia", 4)):
        tiles = ["9|0", "9|1", "9|2", "9|3", "9|4", "9|5", "9|6", "9|7"]
        h = hand(preset, [["9|9", "0|0"] + tiles[:4], tiles[4:] + ["1|1", "2|2"]], [], house=None)
        if preset == "encyclopedia":   # the double is set in the centre; nobody holds it
            h = hand(preset, [["0|0"] + tiles[:4], tiles[4:] + ["1|1", "2|2"]], [])
        h.apply(Play(T("9|9"), 9))
        for _ in range(hub):
            assert h.forced[0] == 9
            plays = [a for a in h.legal_actions() if isinstance(a, Play)]
            assert plays and all(p.joins == 9 for p in plays)
            h.apply(plays[0])
        assert h.forced is None and len(h.ends) == hub


def test_a_later_double_forces_three_plays_and_blocks_other_ends():
    # set insert: "the next three plays must be made on the double tile before plays can be made anywhere else"
    h = hand("set-insert", [["9|9", "9|6", "6|6", "0|2"], ["9|1", "6|2", "1|4"], ["9|4", "9|5", "2|5"]], ["0|0"],
             house={"hub_plays": 4})
    for tile, end in (("9|9", 9), ("9|1", 9), ("9|4", 9), ("9|6", 9)):
        h.apply(Play(T(tile), end))
    assert h.legal_actions() == [Draw()]            # player 1 holds no 9
    h.apply(Draw(T("0|0")))
    h.apply(Pass())
    h.apply(Play(T("9|5"), 9))
    assert h.forced is None and sorted(h.ends) == [1, 4, 5, 6]
    h.apply(Play(T("6|6"), 6))
    assert h.forced == [6, 3]
    with pytest.raises(IllegalAction, match="must be played on 6\\|6"):
        h.apply(Play(T("1|4"), 1))
    h.apply(Play(T("6|2"), 6))
    assert h.forced == [6, 2]


def test_classic_may_draw_instead_of_playing_and_need_not_play_the_drawn_tile():
    # classic: "the player may draw a domino and pass without playing, if he/she so desires"
    h = hand("classic", [["9|9", "0|1"], ["9|4", "1|2"]], ["9|3", "4|4"])
    h.apply(Play(T("9|9"), 9))
    assert Draw() in h.legal_actions()
    h.apply(Draw(T("9|3")))
    assert h.legal_actions() == [Pass()]


def test_other_rule_sets_must_play_when_able_and_play_the_drawn_tile():
    # rulebook: "A player must always play if there is a playable (*end-matching*) tile."
    h = hand("double15-rulebook", [["0|1", "15|4"], ["2|3", "5|6"]], ["15|3", "4|4"], double=15, set_size=15)
    h.apply(Play(T("15|15"), 15))       # set in the centre, placed by the first player
    assert Draw() not in h.legal_actions() if h.turn == 0 else True
    h = hand("family", [["9|9", "0|1"], ["1|2", "3|4"]], ["9|3", "4|4"])
    h.apply(Play(T("9|9"), 9))
    assert h.legal_actions() == [Draw()]
    with pytest.raises(IllegalAction, match="draws one tile"):
        h.apply(Pass())
    h.apply(Draw(T("9|3")))
    # family: "play that domino immediately if they are able to"
    assert h.legal_actions() == [Play(T("9|3"), 9)]


def test_family_round_ends_when_a_player_cannot_play_with_the_yard_empty():
    h = hand("family", [["9|9", "0|1"], ["1|2", "3|4"], ["9|8", "5|5"]], [])
    h.apply(Play(T("9|9"), 9))
    assert h.legal_actions() == [Pass()]
    h.apply(Pass())
    assert h.is_over() and h.outcome().ended_by == "blocked"


def test_classic_stalemate_and_blocked_elsewhere():
    # classic: "If there are not three dominoes of that suit remaining ... stalemate"
    for preset, ended in (("classic", "stalemate"), ("set-insert", "blocked")):
        h = hand(preset, [["9|9", "1|2"], ["3|4", "5|6"]], [])
        h.apply(Play(T("9|9"), 9))
        h.apply(Pass())
        h.apply(Pass())
        assert h.outcome().ended_by == ended
        assert h.outcome().points == (3, 18)


def test_going_out_scores_zero_and_the_double_blank_counts_fifty():
    h = hand("classic", [["9|9", "9|1"], ["0|0", "2|3"]], [], house={"hub_plays": 4})
    h.apply(Play(T("9|9"), 9))
    h.apply(Pass())
    h.apply(Play(T("9|1"), 9))
    assert h.outcome().ended_by == "went_out" and h.outcome().points == (0, 55)
    h = hand("classic", [["9|9", "9|1"], ["0|0", "2|3"]], [], house={"double_blank": 25})
    h.apply(Play(T("9|9"), 9))
    h.apply(Pass())
    h.apply(Play(T("9|1"), 9))
    assert h.outcome().points == (0, 30)


def test_encyclopedia_going_out_on_a_double_costs_fifty():
    # encyclopedia: "A game can not end in a double . If it does , the player who plays the double gets 50"
    h = hand("encyclopedia", [["9|1", "1|1"], ["9|2", "9|3", "9|4", "5|5"]], [])
    for action in (Play(T("9|9"), 9), Play(T("9|2"), 9), Play(T("9|1"), 9), Play(T("9|3"), 9), Pass(),
                   Play(T("9|4"), 9), Play(T("1|1"), 1)):
        h.apply(action)
    assert h.outcome().ended_by == "went_out" and h.outcome().points == (50, 10)
    h = hand("encyclopedia", [["9|1", "1|1"], ["9|2", "9|3", "9|4", "5|5"]], [], house={"ending_on_double": 0})
    for action in (Play(T("9|9"), 9), Play(T("9|2"), 9), Play(T("9|1"), 9), Play(T("9|3"), 9), Pass(),
                   Play(T("9|4"), 9), Play(T("1|1"), 1)):
        h.apply(action)
    assert h.outcome().points == (0, 10)


def test_missed_last_tile_call_draws_one_or_loses_a_turn():
    # classic: "he/she must draw a domino *without* playing it" and, with the yard empty, "his/her turn is *skipped*"
    rules = {"last_tile_call": True, "hub_plays": 4}
    deal = [["9|9", "9|1", "9|4", "0|1"], ["9|2", "2|3", "9|8"]]
    h = hand("classic", deal, ["5|5"], house=rules)
    for tile in ("9|9", "9|2", "9|1", "9|8", "9|4"):   # player 1 down to one; then player 0 plays
        h.apply(Play(T(tile), 9))
    h.apply(MissedCall(1, T("5|5")))
    assert h.hands[1] == {T("2|3"), T("5|5")} and not h.yard
    h = hand("classic", deal, [], house=rules)
    for tile in ("9|9", "9|2", "9|1", "9|8", "9|4"):
        h.apply(Play(T(tile), 9))
    h.apply(MissedCall(1))
    assert h.turn == 0                  # reported on player 1's own turn: that turn is skipped
    with pytest.raises(IllegalAction, match="without the last-tile call"):
        hand("set-insert", [["9|9", "9|1"], ["9|2"]], []).apply(MissedCall(1))


def test_classic_lets_the_tile_just_played_be_taken_back_until_the_next_player_lays_one_down():
    # classic: "The domino just played may be picked up and replaced with another *only if* the next
    # person has not laid down a domino."
    h = hand("classic", [["9|9", "9|1", "9|2"], ["9|3", "3|3", "9|5"]], ["5|6"])
    h.apply(Play(T("9|9"), 9))
    h.apply(Play(T("9|3"), 9))
    before = (h.turn, sorted(h.ends), list(h.forced), sorted(h.hands[0]))
    h.apply(Play(T("9|1"), 9))
    assert h.turn == 1 and T("9|1") not in h.hands[0]
    h.apply(TakeBack(0))
    assert (h.turn, sorted(h.ends), list(h.forced), sorted(h.hands[0])) == before
    h.apply(Play(T("9|2"), 9))                       # replaced with another
    h.apply(Draw(T("5|6")))                          # the next player only drew (classic lets them):
    h.apply(TakeBack(0))                             # no domino laid down yet, so still allowed
    assert h.turn == 0 and T("9|2") in h.hands[0] and T("5|6") in h.hands[1] and not h.yard
    h.apply(Play(T("9|2"), 9))
    h.apply(Play(T("9|5"), 9))                       # the next player has laid down a domino
    with pytest.raises(IllegalAction, match="Only the tile just played") as refused:
        h.apply(TakeBack(0))
    assert "only if" in refused.value.cites()
    with pytest.raises(IllegalAction, match="by the player who played it"):
        h.apply(TakeBack(0))                         # 9|5 was player 1's, not player 0's
    h.apply(TakeBack(1))
    assert T("9|5") in h.hands[1] and h.turn == 1


def test_take_backs_are_classic_only():
    for preset in ("set-insert", "encyclopedia", "family", "double15-rulebook"):
        h = hand(preset, [["9|9", "9|1", "0|0"], ["9|3", "3|3"]], ["5|6"])
        if h.legal_actions() == [Play(T("9|9"), 9)]:
            h.apply(Play(T("9|9"), 9))
        play = next(a for a in h.legal_actions() if isinstance(a, Play))
        player = h.turn
        h.apply(play)
        with pytest.raises(IllegalAction, match="does not let a played tile be taken back"):
            h.apply(TakeBack(player))


def test_a_take_back_is_written_in_a_record_and_replays():
    record = json.loads(json.dumps(RECORD))
    record["moves"] += [{"player": 0, "take_back": True}, {"player": 0, "play": "2-5"}]
    assert replay(record)["move"] == 5               # 2|5 fits no open end: the take-back replayed
    record["moves"][-1] = {"player": 0, "play": "9-4"}
    result = replay(record)
    assert result["legal"] and result["next_player"] == 1
    record["moves"].insert(5, {"player": 1, "take_back": True})
    assert replay(record)["legal"] is False


# --- records -----------------------------------------------------------------

RECORD = whole_set_record(
    "classic", 9, [["9|9", "9|4", "2|5"], ["4|4", "0|0", "1|7"]],
    [{"player": 0, "play": "9|9"}, {"player": 1, "draw": "3|5"}, {"player": 1, "pass": True},
     {"player": 0, "play": "9-4"}], {"tiles_each": 3})


def test_the_issue_record_replays():
    result = replay(RECORD)
    assert result["legal"] and not result["over"] and result["next_player"] == 1


def test_an_illegal_move_is_named_with_its_rule():
    bad = json.loads(json.dumps(RECORD))
    bad["moves"][3] = {"player": 0, "play": "2-5"}
    result = replay(bad)
    assert not result["legal"] and result["move"] == 3 and "must be played on 9|9" in result["reason"]
    assert result["source"] == "chickenfoot-classic-rules.txt"
    bad["moves"][3] = {"player": 1, "play": "9-4"}
    assert "turn" in replay(bad)["reason"]
    assert replay({"format": "x"})["legal"] is False


def test_replay_cli(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(RECORD))
    done = subprocess.run([sys.executable, "-m", "referee", "replay", str(path), "--json"],
                          capture_output=True, text=True, cwd=ROOT)
    data = json.loads(done.stdout)
    assert set(data) >= {"legal", "move", "reason", "over", "ended_by", "points", "next_player"}
    done = subprocess.run([sys.executable, "-m", "referee", "replay", str(tmp_path / "missing.json")],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


def test_simulate_cli_writes_records_that_replay(tmp_path):
    done = subprocess.run([sys.executable, "-m", "referee", "simulate", "--preset", "family", "--set", "12",
                           "--players", "5", "--hands", "20", "--seed", "4", "--records", str(tmp_path), "--json"],
                          capture_output=True, text=True, cwd=ROOT)
    stats = json.loads(done.stdout)
    assert stats["hands"] == 20 and sum(stats["ended_by"].values()) == 20
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 20
    assert all(replay(json.loads(p.read_text()))["over"] for p in records)


# --- properties --------------------------------------------------------------

tables = st.sampled_from([("classic", 9, 6), ("classic", 6, 3), ("set-insert", 12, 4), ("encyclopedia", 9, 5),
                          ("family", 15, 8), ("double15-rulebook", 15, 4), ("classic", 9, 2)])


@settings(max_examples=40, deadline=None)
@given(table=tables, seed=st.integers(0, 10**6))
def test_a_simulated_hand_replays_to_the_same_outcome(table, seed):
    preset, set_size, players = table
    rules = rule_set(preset)
    h, deal, yard = play_random_hand(rules, set_size, players, random.Random(seed))
    record = json.loads(json.dumps(write_record(h, deal, yard)))
    result = replay(record)
    assert result["legal"] and result["over"]
    assert result["ended_by"] == h.outcome().ended_by and tuple(result["points"]) == h.outcome().points


def test_simulation_statistics():
    stats = simulate(rule_set("classic"), 9, 6, 200, seed=1).as_dict()
    assert stats["hands"] == 200 and set(stats["ended_by"]) <= {"went_out", "stalemate"}
    assert 0 < stats["stalemate_rate"] < 1 and stats["average_turns"] > 20
    assert "blocked" in simulate(rule_set("set-insert"), 9, 6, 200, seed=1).ended_by
