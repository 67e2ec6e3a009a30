"""Rulings a table would dispute, each from the seed sentence it rests on, as a replayed hand record."""
from __future__ import annotations

import json
from pathlib import Path

from referee.records import replay

from .records_helper import plays, rulebook_record, whole_set_record

RECORDS = Path(__file__).parent / "records"

# classic double-6, seven players of four tiles: every tile dealt, the chicken yard empty
SEVEN = [["6|6", "0|6", "1|6", "0|0"], ["2|6", "1|2", "3|3", "4|4"], ["3|6", "1|3", "1|4", "5|5"],
         ["4|6", "1|5", "1|1", "2|2"], ["5|6", "2|3", "2|4", "2|5"], ["0|1", "0|2", "0|3", "3|4"],
         ["0|4", "0|5", "3|5", "4|5"]]
# the hub's six plays on 6|6; player 0 is then down to 0|0 without calling "Chickenlittle"
HUB = plays((0, "6|6"), (1, "6-2"), (2, "6-3"), (3, "6-4"), (4, "6-5"), (5, "pass"), (6, "pass"),
            (0, "6-0"), (1, "pass"), (2, "pass"), (3, "pass"), (4, "pass"), (5, "pass"), (6, "pass"),
            (0, "6-1"))
CHICKENLITTLE = {"tiles_each": 4, "last_tile_call": True}


def seven(moves, house=CHICKENLITTLE, preset="classic"):
    return replay(whole_set_record(preset, 6, SEVEN, HUB + moves, house))


def test_no_stalemate_while_the_player_who_drew_the_last_tile_can_play():
    # classic: "If a player has no domino to play, but there are no dominoes left in the 'chicken
    # yard,' then that player will be forced to pass." Player 0 draws the last tile by choice and
    # passes while holding five 6s: only player 1 was forced to pass, so the hand goes on.
    deal = [["6|6", "1|6", "2|6", "3|6", "4|6", "5|6", "0|0", "0|1", "0|2", "0|3", "0|4", "0|5", "1|1"],
            ["1|2", "1|3", "1|4", "1|5", "2|2", "2|3", "2|4", "2|5", "3|3", "3|4", "3|5", "4|4", "4|5"]]
    moves = plays((0, "6|6"), (1, "draw 5|5"), (1, "pass"), (0, "draw 0|6"), (0, "pass"), (1, "pass"))
    record = whole_set_record("classic", 6, deal, moves, {"tiles_each": 13})
    assert replay(record) | {"detail": None} == {
        "legal": True, "move": None, "reason": None, "rule": None, "source": None, "over": False,
        "ended_by": None, "detail": None, "points": None, "next_player": 0}
    record["moves"] += plays((0, "pass"))
    refused = replay(record)
    assert refused["move"] == 6 and refused["reason"] == "A player who can play may not pass."
    record["moves"][-1] = {"player": 0, "play": "6-0"}
    assert replay(record)["legal"]


def test_super15_is_not_blocked_while_the_player_who_drew_the_last_tiles_can_play():
    # rulebook, Super 15: "In case no one is able to play, and all the pieces have been drawn, the
    # winner is the one with the fewest dominoes left." A whole round of two players, written down:
    # player 1 draws the last tile of the bone pile, 1|3, and may decline it ("may play one of these
    # drawn tiles"); player 0 passes unable to play. Player 1 is able to play 1|3 on the end showing 3,
    # so the round is not blocked.
    record = json.loads((RECORDS / "super15-last-tile-declined.json").read_text())
    assert record["moves"][-3:] == [{"player": 1, "draw": ["1|3"]}, {"player": 1, "pass": True},
                                    {"player": 0, "pass": True}]
    result = replay(record)
    assert result["legal"] and not result["over"] and result["next_player"] == 1
    record["moves"].append({"player": 1, "play": "3-1", "on": 3})
    assert replay(record)["legal"]


def test_a_miss_reported_on_the_offenders_own_turn_skips_that_turn():
    # classic: "In case the 'chicken yard' is empty, and the player who failed to say 'Chickenlittle'
    # is unable to draw, then that player is *not* allowed to play a domino on the subsequent round.
    # That is, his/her turn is *skipped*." Reported as play comes back round to player 0, who would
    # otherwise lay 0|0 on the open 0 and go out.
    moves = plays((1, "2-1"), (2, "3-1"), (3, "1-5"), (4, "4-2"), (5, "2-0"), (6, "5-4"), (0, "missed call"))
    result = seven(moves)
    assert result["legal"] and not result["over"] and result["next_player"] == 1
    went_out = seven(moves[:-1] + plays((0, "0|0")))
    assert went_out["ended_by"] == "went_out"          # without the report, 0|0 fits
    refused = seven(moves + plays((0, "0|0")))
    assert refused["move"] == len(HUB) + 7 and "player 1's turn" in refused["reason"]


def test_a_miss_pointed_out_on_the_offenders_own_turn_costs_a_tile_and_that_turn():
    # classic: "there is a penalty for the player who forgot to call 'Chickenlittle'; he/she must draw
    # a domino *without* playing it. That player may resume play when it is his/her turn again".
    # Two players, the hub of four (house rule): player 0 lays 6-3 and is down to 1|2, without the
    # call; player 1 lays 0|3 on the open 0; as play comes back to player 0 the miss is pointed out,
    # and player 0 draws 3|4. Neither 3|4 nor 1|2 is laid this turn: the next move is player 1's.
    deal = [["6|6", "1|6", "3|6", "1|2"], ["0|6", "4|6", "5|6", "0|3"]]
    moves = plays((0, "6|6"), (1, "6-0"), (0, "6-1"), (1, "6-4"), (0, "6-3"), (1, "0-3"))
    moves.append({"player": 0, "penalty": "missed_call", "draw": "3|4"})
    record = whole_set_record("classic", 6, deal, moves, {"tiles_each": 4, "hub_plays": 4, "last_tile_call": True})
    result = replay(record)
    assert result["legal"] and result["next_player"] == 1
    for laid in ("3-4", "1-2"):
        record["moves"] = moves + plays((0, laid))
        refused = replay(record)
        assert refused["move"] == len(moves) and refused["reason"] == "It is player 1's turn, not player 0's."
    record["moves"] = moves + plays((1, "draw 0|0"), (1, "pass"), (0, "1-2"))
    assert replay(record)["legal"]          # on player 0's next turn, play resumes


def test_after_a_skipped_turn_a_missing_call_costs_another_turn():
    # classic: "then that player is *not* allowed to play a domino on the subsequent round. That is,
    # his/her turn is *skipped*. However, that player *must* say 'Chickenlittle' before the next player
    # (to his/her left) plays; otherwise, he/she will have to skip another turn next time around."
    # Player 0's turn is skipped; player 1 lays 4|4 without player 0 calling, and round the table
    # player 0 is skipped again, with no second report. Called before player 1 plays, 0|0 goes out.
    skipped = plays((1, "2-1"), (2, "3-1"), (3, "1-5"), (4, "4-2"), (5, "2-0"), (6, "5-4"), (0, "missed call"))
    round_ = plays((1, "4|4"), (2, "4-1"), (3, "pass"), (4, "pass"), (5, "4-3"), (6, "4-0"))
    uncalled = seven(skipped + round_)
    assert uncalled["legal"] and uncalled["next_player"] == 1
    refused = seven(skipped + round_ + plays((0, "0|0")))
    assert refused["reason"] == "It is player 1's turn, not player 0's."
    called = skipped + [{"player": 0, "call": "chickenlittle"}] + round_
    assert seven(called)["next_player"] == 0
    assert seven(called + plays((0, "0|0")))["ended_by"] == "went_out"
    # the call is due before player 1 plays: made once 4|4 is down, it is too late
    late = skipped + round_[:1] + [{"player": 0, "call": "chickenlittle"}] + round_[1:]
    assert seven(late)["next_player"] == 1


def test_a_call_made_in_time_is_not_a_miss():
    # classic: "The player should say this *as* his/her next-to-last domino is being played, but at
    # least *before* the next player has played."
    called = seven([{"player": 0, "call": "chickenlittle"}] + plays((1, "2-1"), (0, "missed call")))
    assert called["move"] == len(HUB) + 2 and "after the next player has laid a domino" in called["reason"]
    assert seven(plays((1, "2-1"), (0, "missed call")))["legal"]


def test_with_the_chicken_yard_empty_a_player_who_can_play_plays_unless_the_table_agrees():
    # classic: "On any turn, a player *does not* have to play a domino; the player may draw a domino and
    # pass without playing, if he/she so desires." Its way of not playing is the draw, and with the
    # chicken yard empty there is nothing to draw: not stated, so Chickenyard's reading, and the
    # table's choice as a house rule. Player 1 holds 1|2 against the open 2.
    refused = seven(plays((1, "pass")))
    assert refused["move"] == len(HUB) and refused["reason"] == "A player who can play may not pass."
    assert refused["source"] == "chickenfoot-classic-rules.txt" and refused["rule"] is None     # not stated
    assert refused["suggested"].startswith("not stated by this rule set")
    assert "nothing to draw" in refused["suggested"]
    agreed = seven(plays((1, "pass")), house={**CHICKENLITTLE, "pass_with_play": True})
    assert agreed["legal"] and agreed["next_player"] == 2


def test_a_missed_call_is_reported_only_after_the_next_player_plays():
    # classic: "if the next player manages to play a domino before 'Chickenlittle' is called by a
    # player with one tile remaining, *and* if the failure ... is pointed out by any player before
    # play has gone once around the table, then there is a penalty"
    too_soon = seven(plays((0, "missed call")))
    assert too_soon["move"] == len(HUB) and "after the next player has laid a domino" in too_soon["reason"]
    assert too_soon["source"] == "chickenfoot-classic-rules.txt"
    in_time = seven(plays((1, "2-1"), (0, "missed call")))
    assert in_time["legal"] and in_time["next_player"] == 2
    # player 0 passes (no 0 is open): play has gone once around, the report is too late
    round_done = plays((1, "2-1"), (2, "3-1"), (3, "1-5"), (4, "4-2"), (5, "0-3"), (6, "3-5"), (0, "pass"),
                       (0, "missed call"))
    too_late = seven(round_done)
    assert too_late["move"] == len(HUB) + 7 and "once around the table" in too_late["reason"]
    assert seven(round_done[:6] + plays((0, "missed call")))["legal"]


def test_encyclopedia_a_missed_tap_counts_once_the_next_player_plays():
    # encyclopedia: "If a player does not tap their last domino on the table when they are down to one
    # and the next player plays a domino they must draw from the bone yard ."
    deal = [["9|0", "9|1", "0|0"], ["9|2", "9|3", "4|5"]]
    moves = plays((1, "9|9"), (0, "9-0"), (1, "9-2"), (0, "9-1"))
    record = whole_set_record("encyclopedia", 9, deal, moves, {"tiles_each": 3}, centre="9|9")
    record["moves"].append({"player": 0, "penalty": "missed_call", "draw": "8|8"})
    assert "after the next player has laid a domino" in replay(record)["reason"]
    record["moves"].insert(4, {"player": 1, "play": "9-3"})
    assert replay(record)["legal"]


def test_a_tile_taken_back_is_replaced_with_another():
    # classic: "The domino just played may be picked up and replaced with another *only if* the next
    # person has not laid down a domino." Picking it up does not let the player draw and pass instead.
    six = SEVEN[:6]
    record = whole_set_record("classic", 6, six, plays((0, "6|6"), (1, "6-2"), (1, "take back"),
                                                      (1, "draw 0|4")), {"tiles_each": 4})
    refused = replay(record)
    assert refused["move"] == 3 and "replaced with another" in refused["reason"]
    assert "replaced with another" in refused["rule"]
    record["moves"][3] = {"player": 1, "play": "6-2"}
    assert replay(record)["legal"] and replay(record)["next_player"] == 2


def _mt(player, text, train=None):
    if text in ("end", "mark"):
        return {"player": player, text: True}
    if text.startswith("draw "):
        return {"player": player, "draw": text[5:]}
    return {"player": player, "play": text, "train": train}


def test_mexican_train_two_open_doubles_are_closed_in_turn():
    # double15-rulebook: "The double must be closed before any other trains can be played on."
    # Player 0 lays 4|4 on their own train, then 8|8 on player 2's marked train, and cannot close
    # either: both stay open, and the first must be closed first. The rest of each hand holds nothing
    # that fits when its player draws: player 0 no 4 or 8, player 1 no 5 or 12, player 2 no 5, 8 or 12.
    deal = [["12|3", "3|4", "4|4", "8|8", "1|2"], ["12|5", "4|6", "8|9"], ["12|8", "6|9", "13|14"]]
    moves = [_mt(0, "12-3", 0), _mt(0, "end"), _mt(1, "12-5", 1), _mt(1, "end"), _mt(2, "12-8", 2),
             _mt(2, "end"), _mt(0, "3-4", 0), _mt(1, "draw 10|11"), _mt(1, "mark"), _mt(2, "draw 13|13"),
             _mt(2, "mark"), _mt(0, "4|4", 0), _mt(0, "8|8", 2), _mt(0, "draw 0|1"), _mt(0, "mark")]
    record = rulebook_record("mexican-train", deal, moves, drawn=("10|11", "13|13", "0|1", "0|2"),
                             avoid={0: {4, 8}, 1: {5, 12}, 2: {5, 8, 12}}, engine=12, first_player=0)
    assert replay(record)["legal"] and replay(record)["next_player"] == 1
    record["moves"].append(_mt(1, "8-9", 2))
    refused = replay(record)
    assert refused["move"] == 15 and refused["reason"] == "The double 4|4 must be played on before any other train."
    assert refused["rule"] == "The double must be closed before any other trains can be played on."
    record["moves"][-1] = _mt(1, "4-6", 0)
    record["moves"] += [_mt(2, "draw 0|2"), _mt(2, "mark")]
    assert replay(record)["legal"]      # player 2 cannot close 8|8, draws 0|2, and marks


def test_mexican_train_a_first_turn_cannot_reach_a_double_open_on_another_train():
    # double15-rulebook: "No player may play on an opposing players train during the first turn" and
    # "The double must be closed before any other trains can be played on": a player on their first
    # turn, with a double open on another train, starts nothing, draws, and marks their train.
    deal = [["12|3", "3|3", "1|2"], ["12|5", "5|6"]]
    moves = [_mt(0, "12-3", 0), _mt(0, "3|3", 0), _mt(0, "draw 0|1"), _mt(0, "mark"), _mt(1, "12-5", 1)]
    record = rulebook_record("mexican-train", deal, moves, drawn=("0|1", "7|8"), avoid={0: {3}}, engine=12,
                             first_player=0)
    refused = replay(record)
    assert refused["move"] == 4 and "3|3 must be played on" in refused["reason"]
    record["moves"][4:] = [_mt(1, "draw 7|8"), _mt(1, "mark")]
    assert replay(record)["legal"] and replay(record)["next_player"] == 0


def _super15(deal, drawn, moves, avoid=None):
    return rulebook_record("super-15", deal, moves, drawn=drawn, avoid=avoid, first_player=0)


def test_super15_a_double_that_leaves_14_still_costs_the_next_player_a_turn():
    # double15-rulebook: "If a play leaves a 14, that player can play again." and "If a double is
    # played, the next player loses a turn. This does not apply to the starter double or the 13-13."
    moves = [{"player": 0, "play": "5|5"}, {"player": 1, "play": "5-14"}, {"player": 1, "play": "14|14", "on": 0},
             {"player": 1, "pass": True}]
    result = replay(_super15([["5|5", "0|1"], ["5|14", "14|14", "2|4"], ["7|8"]], (), moves))
    assert result["legal"] and result["next_player"] == 0          # player 2 loses the turn


def test_super15_a_spell_covered_by_its_caster_binds_nobody():
    # double15-rulebook: "If a 13 is played a 'spell' is cast. The next player must break the spell by
    # playing immediately on that piece" and "the player who cast the spell is exempt": once the
    # caster covers the 13, no end shows it, and the next player plays anywhere. Under the spell,
    # players 2 and 0 hold no 13 and no double.
    moves = [{"player": 0, "play": "5|5"}, {"player": 1, "play": "5-13"},
             {"player": 2, "draw": ["0|1", "0|2"]}, {"player": 2, "pass": True},
             {"player": 0, "draw": ["0|6", "0|7"]}, {"player": 0, "pass": True},
             {"player": 1, "play": "13-4", "on": 0}, {"player": 2, "play": "5-6"}]
    result = replay(_super15([["5|5", "1|2"], ["5|13", "4|13", "9|10"], ["5|6", "7|8"]],
                             ("0|1", "0|2", "0|6", "0|7"), moves, avoid={0: {13, "double"}, 2: {13, "double"}}))
    assert result["legal"] and result["next_player"] == 0


# --- the hand's starting double -------------------------------------------------------------------

TWO = [["5|5", "1|2", "1|3", "1|4", "0|1"], ["3|3", "2|4", "2|5", "3|4", "0|2"]]    # 6|6 in the yard


def _two(moves, preset="classic", deal=TWO, set_size=6, house=None, **fields):
    return replay(whole_set_record(preset, set_size, deal, plays(*moves), {"tiles_each": 5, **(house or {})},
                                   **fields))


def test_the_first_hand_starts_with_the_highest_double_and_everyone_draws_together_to_find_it():
    # classic: "The first hand will begin with the highest double being played first." and "If no
    # player has the necessary double domino to start the hand, then every player must draw *one
    # domino*. This process repeats until someone draws the double domino required to begin."
    refused = _two([(0, "5|5")])
    assert refused["move"] == 0 and "Nobody has played 6|6 yet" in refused["reason"]
    # player 0 draws 6|6; player 1 still draws in the same round; then 6|6 is played
    assert _two([(0, "draw 6|6"), (1, "draw 0|0"), (0, "6|6")])["legal"]
    assert _two([(0, "draw 6|6"), (0, "6|6")])["move"] == 1
    # a later hand states its double: the second hand begins with 5|5, held by player 0
    assert _two([(0, "5|5")], double=5)["legal"]


def test_the_holder_of_the_hands_double_sets_it():
    # classic: "the player with the required double domino for each hand simply plays that domino"
    deal = [TWO[0], ["6|6", "2|4", "2|5", "3|4", "0|2"]]
    refused = _two([(0, "5|5")], deal=deal)
    assert refused["move"] == 0 and refused["reason"] == "The hand starts with 6|6, set by player 1."
    assert _two([(1, "6|6")], deal=deal)["legal"]


def test_the_alternate_beginning_starts_with_the_highest_double_held_or_drawn():
    # classic: "The player with the *highest available double* may play it." and "If multiple players
    # draw doubles at the same time, the highest double is played."
    alternate = {"nobody_holds_double": "highest"}
    refused = _two([(1, "3|3")], house=alternate)
    assert refused["move"] == 0 and refused["reason"] == "The hand starts with 5|5, set by player 0."
    assert _two([(0, "5|5")], house=alternate)["legal"]
    no_doubles = [["0|1", "1|2", "1|3", "1|4", "0|3"], ["0|4", "2|4", "2|5", "3|4", "0|2"]]
    drawn = [(0, "draw 2|2"), (1, "draw 4|4")]
    assert _two(drawn + [(1, "4|4")], deal=no_doubles, house=alternate)["legal"]
    assert _two(drawn + [(0, "2|2")], deal=no_doubles, house=alternate)["move"] == 2


def test_set_insert_goes_to_the_next_lowest_double_or_reshuffles():
    # set-insert: "If no one holds the correct double tile to begin that particular hand, players may
    # agree to either 1) go to the next-lowest double or 2) reshuffle all the tiles and draw new hands."
    deal = [["6|6", "1|2", "1|3", "1|4", "0|1"], ["8|8", "2|4", "2|5", "3|4", "0|2"]]
    refused = _two([(0, "6|6")], preset="set-insert", deal=deal, set_size=9)
    assert refused["move"] == 0 and "starts with 8|8" in refused["reason"]
    assert _two([(1, "8|8")], preset="set-insert", deal=deal, set_size=9)["legal"]
    # never up, and never a search: with no lower double held, the tiles are dealt again
    reshuffle = _two([(0, "draw 9|9")], preset="set-insert", deal=deal, set_size=9, double=5)
    assert reshuffle["move"] is None and "reshuffle all the tiles" in reshuffle["reason"]


def test_a_double_set_in_the_centre_is_not_dealt():
    # family: "The starting double is set aside at the beginning of each round and placed in the center."
    deal = [["9|9", "1|2", "1|3", "1|4", "0|1"], ["8|8", "2|4", "2|5", "3|4", "0|2"]]
    refused = _two([(0, "9|9")], preset="family", deal=deal, set_size=9)
    assert "in the centre before the tiles are drawn" in refused["reason"]
    deal[0][0] = "0|0"
    record = whole_set_record("family", 9, deal, plays((1, "9|9")), {"tiles_each": 5}, centre="9|9")
    assert replay(record)["legal"]


def test_the_deal_is_the_whole_set_and_each_player_drew_the_stated_count():
    record = whole_set_record("classic", 6, TWO, plays((0, "draw 6|6"), (1, "draw 0|0"), (0, "6|6")))
    refused = replay(record)                 # classic states 42 ÷ 2 = 21 each: 5 is a house rule
    assert refused["move"] is None and "house rule" in refused["reason"]
    record["house_rules"] = {"tiles_each": 5}
    record["yard"].remove("4|6")
    assert "4|6 missing" in replay(record)["reason"]
    record["yard"] += ["4|6", "1|2"]
    assert "1|2 twice" in replay(record)["reason"]


def test_encyclopedia_first_round_starter_and_later_rounds_double():
    # encyclopedia: "The player drawing the highest value begins the round" and "In each subsequent
    # round , the highest double drawn that has not yet been used to start a round starts the next round ."
    deal = [["9|0", "9|1", "0|0"], ["9|2", "9|3", "4|5"]]
    first = whole_set_record("encyclopedia", 9, deal, plays((1, "9|9")), {"tiles_each": 3}, centre="9|9",
                             starter_draw=["1|2", "6|6"])
    assert "player 1 drew the highest tile" in replay(first)["reason"]
    first["starter_draw"] = ["6|6", "1|2"]
    assert replay(first)["legal"]
    later = [["9|0", "7|7", "0|0"], ["9|2", "5|5", "4|5"]]
    record = whole_set_record("encyclopedia", 9, later, plays((1, "5|5")), {"tiles_each": 3},
                              double=5, used_doubles=[9])
    assert "highest double drawn not yet used (7|7)" in replay(record)["reason"]
    record.update(double=7, moves=plays((0, "7|7")))
    assert replay(record)["legal"]
