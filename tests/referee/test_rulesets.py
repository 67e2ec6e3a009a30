"""Every preset's rules, each test citing the seed sentence it checks."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from referee.draw import Refusal, draw_count
from referee.plausibility import TypedEntry, check_hand
from referee.rulesets import PRESET_NAMES, UnknownPreset, leftover_points, rule_set
from referee.tiles import Tile
from tests.shared_files import shared

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("preset", [*PRESET_NAMES, "mexican-train", "super-15", "castle-rock", "super-15-plays"])
def test_every_quote_is_found_in_its_seed(preset):
    """A rule quotes its source word for word (line breaks and curly quotes aside)."""
    seeds = shared("seeds")
    if preset == "castle-rock":
        from referee.castle_rock import RULES
        quoted = list(RULES.values())
    elif preset == "super-15-plays":
        from referee.super15 import RULES
        quoted = list(RULES.values())
    else:
        quoted = list(rule_set(preset).rules.values())
    for rule in quoted:
        if not rule.quote:
            continue
        text = _plain((seeds / rule.source).read_text())
        for piece in rule.quote.split(" ... "):
            assert _plain(piece) in text, (rule.key, piece[:60])


def _plain(text: str) -> str:
    for curly, straight in (("“", '"'), ("”", '"'), ("’", "'"), ("‘", "'")):
        text = text.replace(curly, straight)
    return " ".join(text.replace("-\n", "-").split())


# classic: "$42 \div [\# \text{ of players}]$, rounded to the nearest whole number"
# and its table "21 Tiles 14 Tiles 11 Tiles 8 Tiles 7 Tiles 6 Tiles 5 Tiles 5 Tiles 4 Tiles"
@pytest.mark.parametrize("players,each", [(2, 21), (3, 14), (4, 11), (5, 8), (6, 7), (7, 6), (8, 5), (9, 5), (10, 4)])
def test_classic_draw_table(players, each):
    rule = rule_set("classic").tiles_each(9, players)
    assert rule.value == each and rule.stated and rule.source == "chickenfoot-classic-rules.txt"


def test_classic_states_its_guideline_for_every_set_with_a_proportional_suggestion_beside_it():
    # classic: "$42 \div [\# \text{ of players}]$, rounded to the nearest whole number" names no set
    rule = rule_set("classic").tiles_each(12, 4)
    assert rule.stated and rule.value == 11
    answer = draw_count(rule_set("classic"), 12, 4)
    assert answer["suggested"]["tiles_each"] == 17 and "scaled by 91/55" in answer["suggested"]["how"]
    # on double-6 the stated count cannot be dealt: said so, and the suggestion given
    six = rule_set("classic").tiles_each(6, 4)
    assert not six.stated and six.value == 5 and "as stated, 4 players drawing 11 tiles need 44" in six.how


def test_set_insert_states_no_must_play_rule():
    rules = rule_set("set-insert")
    assert not rules["must_play"].stated and "suggests playing when able" in rules["must_play"].how
    assert not rules["voluntary_draw"].stated


def test_encyclopedia_four_players_on_double_six_cite_both_sentences():
    # "each player picks seven dominoes" and the double "placed in the center": 28 of 27 tiles
    with pytest.raises(Refusal) as refused:
        draw_count(rule_set("encyclopedia"), 6, 4)
    message = str(refused.value)
    assert "need 28 tiles; a double-6 set has 27" in message and "picks seven dominoes" in message
    assert "placed in the center" in message


def test_the_rulebook_centre_cites_its_sentence():
    rule = rule_set("double15-rulebook")["starting_double"]
    assert rule.value == "centre" and rule.quote == "Place the highest double domino, Double 15, at the center of the table."


# set insert: "If 2 play, each draws 20 tiles; if 8 play, each draws 6 tiles." and
# "(If using a Double 12 or 15 set, make-adjustments proportionately.)"
def test_set_insert_states_two_counts_and_suggests_the_rest():
    rules = rule_set("set-insert")
    assert (rules.tiles_each(9, 2).value, rules.tiles_each(9, 2).stated) == (20, True)
    assert (rules.tiles_each(9, 8).value, rules.tiles_each(9, 8).stated) == (6, True)
    five = rules.tiles_each(9, 5)
    assert not five.stated and five.value == 9 and "between the stated" in five.how
    twelve = rules.tiles_each(12, 2)
    assert not twelve.stated and twelve.value == 33 and "91/55" in twelve.how


# encyclopedia: "each player picks seven dominoes" and "With more than four players ,
# the game requires an extended set"
def test_encyclopedia_seven_each_and_extended_set():
    rules = rule_set("encyclopedia")
    assert rules.tiles_each(9, 4).value == 7 and rules.players(6) == (2, 3)
    assert 18 in rules.sets and rules.players(9) == (2, 7)  # 8 x 7 = 56 > 54 tiles to draw
    with pytest.raises(ValueError):
        rules.tiles_each(6, 5)
    # "four players using a double - twelve set can draw 15 dominoes": a house rule
    assert rule_set("encyclopedia", {"tiles_each": 15}).tiles_each(12, 4).value == 15


# family: its own table ("Double 9 |14 |10 |7 |6 |5 |-")
@pytest.mark.parametrize("set_size,players,each", [(9, 2, 14), (9, 6, 5), (12, 4, 12), (12, 9, 5),
                                                    (15, 6, 12), (15, 11, 7), (15, 12, 6)])
def test_family_draw_table(set_size, players, each):
    assert rule_set("family").tiles_each(set_size, players).value == each


def test_family_cells_with_a_dash_are_refused():
    with pytest.raises(ValueError, match="seat 2 to 6"):
        rule_set("family").tiles_each(9, 7)
    with pytest.raises(ValueError, match="seat 4 to 9"):
        rule_set("family").tiles_each(12, 3)


# rulebook: "Tiles Per Player 20 14 11 9 7 5 5 4 4"
def test_rulebook_draw_table():
    rules = rule_set("double15-rulebook")
    assert [rules.tiles_each(15, n).value for n in range(2, 11)] == [20, 14, 11, 9, 7, 5, 5, 4, 4]
    assert rules.sets == (15,)


@pytest.mark.parametrize("preset,hub", [("classic", 6), ("set-insert", 6), ("encyclopedia", 4),
                                        ("family", 4), ("double15-rulebook", 6)])
def test_plays_on_the_starting_double_and_each_chickenfoot(preset, hub):
    rules = rule_set(preset)
    assert rules.hub_plays == hub and rules.foot_plays == 3
    assert rule_set(preset, {"hub_plays": 10 - hub}).hub_plays == 10 - hub


def test_hands_run_from_the_highest_double_down_and_the_long_game_climbs_back():
    # classic: "The number of hands in a game is equal to the number of domino suits"
    assert rule_set("classic").hand_doubles(9) == [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
    # set insert: "starting another hand with the 1-1 tile following the hand that began with the 0-0"
    assert rule_set("set-insert", {"long_game": True}).hand_doubles(9)[9:] == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    # rulebook: "This game lasts 16 rounds. Or the players can decide ... to play fewer rounds."
    assert rule_set("double15-rulebook", {"hands": 5}).hand_doubles(15) == [15, 14, 13, 12, 11]
    with pytest.raises(ValueError):
        rule_set("classic", {"long_game": True})


def test_scoring_rules_per_preset():
    assert {p: rule_set(p).double_blank_points for p in PRESET_NAMES} == dict.fromkeys(PRESET_NAMES, 50)
    # classic: "Optionally, the double-blank domino can be scored as 25 points"
    assert leftover_points([Tile(0, 0), Tile(5, 5), Tile(0, 1), Tile(1, 3)], rule_set("classic")) == 65
    assert leftover_points([Tile(0, 0)], rule_set("classic", {"double_blank": 25})) == 25
    # encyclopedia: "A game can not end in a double . If it does , the player who plays the double gets 50"
    assert rule_set("encyclopedia").value("ending_on_double") == 50
    assert rule_set("classic").value("ending_on_double") == 0


def test_drawing_and_passing_per_preset():
    assert rule_set("classic").value("voluntary_draw") is True      # "may draw a domino and pass"
    assert rule_set("classic").value("play_drawn") == "may"         # "it can (but does not have to) be played"
    for preset in ("set-insert", "encyclopedia", "family", "double15-rulebook"):
        assert rule_set(preset).value("voluntary_draw") is False
        assert rule_set(preset).value("play_drawn") == "must"
    assert rule_set("family").value("empty_yard") == "end"          # "If there are no dominoes remaining to draw from, the round ends."
    assert rule_set("classic").value("hand_ends") == "stalemate"


def test_house_rules_are_marked_and_only_when_they_differ():
    rules = rule_set("classic", {"double_blank": 25, "hub_plays": 6})
    assert rules.house_rules == {"double_blank": 25}
    assert rules["double_blank"].house and rules["double_blank"].source == "house rule"
    with pytest.raises(ValueError, match="not a house rule"):
        rule_set("classic", {"spinners": 2})
    with pytest.raises(UnknownPreset):
        rule_set("dominoes")


def test_draw_count_answer_and_impossible_requests():
    answer = draw_count(rule_set("classic"), 9, 6)
    assert answer | {"rule": ""} == {"tiles_each": 7, "in_hands": 42, "chicken_yard": 13, "stated": True,
                                     "preset": "classic", "set": 9, "players": 6, "rule": "",
                                     "source": "chickenfoot-classic-rules.txt", "how": "", "house": False,
                                     "starting_double_in_centre": False, "suggested": None,
                                     "game": "chickenfoot", "pile": "chicken yard",
                                     "centre_double": "starting double"}
    # the starting double set in the centre is not drawn
    assert draw_count(rule_set("double15-rulebook"), 15, 10)["chicken_yard"] == 135 - 40
    for preset, set_size, players in (("classic", 9, 11), ("classic", 9, 1), ("family", 15, 5),
                                      ("double15-rulebook", 9, 4)):
        with pytest.raises(Refusal):
            draw_count(rule_set(preset), set_size, players)


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True, cwd=ROOT)


def test_cli_draw_count_json_and_errors():
    done = _cli("draw-count", "--preset", "classic", "--set", "9", "--players", "6", "--json")
    data = json.loads(done.stdout)
    assert done.returncode == 0 and data["tiles_each"] == 7 and data["chicken_yard"] == 13
    assert set(data) >= {"tiles_each", "in_hands", "chicken_yard", "stated", "preset", "set", "players",
                         "source", "rule"}
    text = _cli("draw-count", "--preset", "set-insert", "--set", "9", "--players", "5").stdout
    assert "not stated by this rule set" in text
    for args in (("--preset", "nope", "--players", "4"), ("--preset", "family", "--set", "6", "--players", "3"),
                 ("--players", "40")):
        done = _cli("draw-count", *args)
        assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1 and done.stdout == ""


def test_cli_draw_count_for_the_rulebooks_other_games():
    text = _cli("draw-count", "--game", "mexican-train", "--players", "4").stdout
    assert "each player draws 14 tiles (stated)" in text and "left in the bone pile: 79" in text
    assert "engine double is set in the centre" in text
    text = _cli("draw-count", "--game", "super-15", "--players", "10").stdout
    assert "each player draws 9 tiles (stated)" in text and "left in the bone pile: 46" in text


def test_cli_hands_and_the_long_game():
    text = _cli("hands", "--preset", "set-insert", "--set", "9").stdout
    assert "hand  1: 9|9" in text and "hand 10: 0|0" in text and "hand 19: 9|9" in text


def test_docs_draw_table_is_what_the_cli_prints():
    assert (ROOT / "docs" / "draw-counts.md").read_text().strip() == _cli("draw-table").stdout.strip()


# plausibility: "the hand's starting double in nobody's hand", "no tile in two hands"
def test_plausibility_findings():
    rules = rule_set("classic")
    entries = [TypedEntry("Ann", [Tile(3, 4), Tile(9, 9)], 25), TypedEntry("Bo", [Tile(4, 3)], 7),
               TypedEntry("Cy", None, 0), TypedEntry("Di", [Tile(1, 10)], 11, went_out=True),
               TypedEntry("Ed", None, 0, went_out=True)]
    codes = {(f.code, f.player) for f in check_hand(rules, 9, 9, entries)}
    assert codes == {("starting_double", "Ann"), ("twice", "Bo"), ("zero_not_out", "Cy"),
                     ("not_in_set", "Di"), ("out_with_tiles", "Di"), ("two_out", None)}
    too_much = check_hand(rules, 9, 0, [TypedEntry("Ann", None, 300), TypedEntry("Bo", None, 250)])
    assert [f.code for f in too_much] == ["total_too_high"] and not too_much[0].hard
    assert check_hand(rules, 9, 9, [TypedEntry("Ann", [Tile(0, 0)], 50), TypedEntry("Bo", None, 0, True)]) == []


def test_going_out_on_a_double_scores_50_in_the_encyclopedia_and_is_no_mistake():
    # encyclopedia: "A game can not end in a double . If it does , the player who plays the double gets 50 points ."
    rules = rule_set("encyclopedia")
    row = [TypedEntry("Ann", None, 12), TypedEntry("Bo", None, 50, went_out=True)]
    assert not [f for f in check_hand(rules, 12, 12, row) if f.code == "out_with_tiles"]
    refused = check_hand(rule_set("classic"), 9, 9, row)
    assert [f.message for f in refused if f.code == "out_with_tiles"] == ["Bo went out and scores 0, not 50."]
    assert check_hand(rule_set("mexican-train"), 15, 15, [TypedEntry("Ann", None, 0, went_out=True)]) == []


def test_silent_rules_are_marked_not_stated():
    rules = rule_set("set-insert")
    assert not rules["take_back"].stated and rules["take_back"].how == "not stated by this rule set"
    assert rules["hub_plays"].stated
    assert not rule_set("super-15")["winner"].stated      # the rulebook plays one round of Super 15


def test_the_pages_statistics_are_fresh():
    """The Referee tab and Castle Rock show figures computed beforehand (`python -m referee statistics
    --write`): computed from this engine and these rules, and one table played again matches."""
    from referee import statistics
    stored = statistics.load()
    assert stored["fingerprint"] == statistics.fingerprint(), "run: python -m referee statistics --write"
    assert set(stored["tables"]) == {statistics._key(*t) for t in statistics.tables()}
    assert stored["tables"]["classic/9/6"] == json.loads(json.dumps(statistics.table_figures("classic", 9, 6)))
