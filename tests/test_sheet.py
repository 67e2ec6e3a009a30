"""The score sheet, end to end through the real app on a real SQLite file."""
from __future__ import annotations

import re

import pytest

from chickenyard.storage.db import connect
from tests.elements import error_said, element, elements, has_id, own_text, text, texts, whole_page
from tests.sheet_helpers import column_heads, hand_form, player_ids, start_game, totals_row

HX = {"HX-Request": "true"}


def save(client, game_id, number, data, **kw):
    return client.post(f"/games/{game_id}/hands/{number}", data=data, **kw)


# --- starting a game -------------------------------------------------------

def test_home_offers_a_new_game_and_lists_games(client):
    page = client.get("/").get_data(as_text=True)
    assert text(page, "a.button.primary.big") == "Start a new game"
    assert "No game in progress." in texts(page, "section.card > p.muted")
    game_id = start_game(client)
    page = client.get("/").get_data(as_text=True)
    assert text(page, f'a.game-link[href="/games/{game_id}"] strong') == "Ann, Bo, Cy, Di"


def test_sheet_has_one_row_per_hand_labelled_by_its_double(client):
    game_id = start_game(client)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    labels = texts(page, 'tbody th.hand-col[scope="row"] .visually-hidden')
    assert labels == [f"Hand {i + 1}, starting double {9 - i}|{9 - i}" for i in range(10)]
    assert column_heads(page) == ["Ann", "Bo", "Cy", "Di"]
    assert text(page, "p.rules-line").endswith("· no house rules")


def test_house_rules_that_differ_are_shown_on_the_sheet(client):
    game_id = start_game(client, double_blank=25, hands=4)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert len(re.findall(r'starting double', page)) == 4
    house = re.search(r'house rules:(.*?)</p>', page, re.S).group(1)
    assert "25" in house and "4" in house


def test_set_insert_long_game_climbs_back_up(client):
    game_id = start_game(client, preset="set-insert", long_game=True)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    doubles = [int(d) for _, d in re.findall(r'>Hand (\d+), starting double (\d+)\|\d+<', page)]
    assert doubles == list(range(9, -1, -1)) + list(range(1, 10))


@pytest.mark.parametrize("change,field,message", [
    ({"player": ["Ann"]}, "player", "seat 2 to 10 players; you named 1"),
    ({"player": ["Ann", "ann"]}, "player", "same name"),
    ({"player": ["A" * 41, "Bo"]}, "player", "40 characters"),
    ({"set": "18"}, "set", "double-"),
    ({"preset": "poker"}, "preset", "Choose one of the rule sets"),
    ({"double_blank": "30"}, "double_blank", "worth 50 or 25"),
    ({"hands": "11"}, "hands", "from 1 to 10 hands"),
    ({"hands": "two"}, "hands", "from 1 to 10 hands"),
    ({"game": "poker"}, "game", "Choose a game"),
    ({"long_game": "1"}, "long_game", "have no long game"),
    ({"preset": "encyclopedia", "alternate_beginning": "1"}, "alternate_beginning", "so nobody has to hold it"),
    ({"player": ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K"]}, "player", "you named 11"),
])
def test_new_game_form_reports_each_problem_and_keeps_what_was_typed(client, app, change, field, message):
    data = {"game": "chickenfoot", "preset": "classic", "set": "9", "double_blank": "50",
            "hands": "", "player": ["Ann", "Bo", "Cy"]}
    data.update(change)
    response = client.post("/games/new", data=data)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert message in text(page, f"#error-{field}")
    typed = [seat.get("value", "") for seat in elements(page, 'input[name="player"]')]
    assert typed[:len(data["player"])] == data["player"]
    assert connect(app.config["DATABASE"])["games"].count == 0


# --- entering hands --------------------------------------------------------

def test_enter_a_hand_by_totals(client, app):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    response = save(client, game_id, 1, hand_form(ids, {"Ann": 12, "Bo": 30, "Cy": 7}, went_out="Di"))
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/games/{game_id}")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert totals_row(page) == ["12", "30", "7", "0"]
    assert texts(page, ".flashes p")[-1] == "Hand 1 (9|9) complete."


def test_enter_a_hand_by_tapping_tiles_counts_double_blank_per_house_rule(client, app):
    for points, rule in ((50, {}), (25, {"double_blank": 25})):
        game_id = start_game(client, **rule)
        ids = player_ids(app, game_id)
        data = hand_form(ids, tiles={"Ann": ["0|0", "3|4"], "Bo": ["9|8"]}, points={"Cy": 5}, went_out="Di")
        assert save(client, game_id, 1, data).status_code == 303
        page = client.get(f"/games/{game_id}").get_data(as_text=True)
        assert totals_row(page) == [str(points + 7), "17", "5", "0"]
        # the tiles are kept: the form shows them picked again
        form = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
        assert re.search(rf'name="tiles-{ids["Ann"]}" value="0\|0"[^>]*checked', form)


def test_a_hand_can_be_saved_partly_and_finished_later(client, app):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    save(client, game_id, 1, hand_form(ids, {"Ann": 3}))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "saved, not complete yet" in texts(page, ".flashes p")[-1]
    assert text(page, "tr.current th .visually-hidden") == "Hand 1, starting double 9|9"
    assert text(page, ".actions a.button.primary.big") == "Enter hand 1 (9|9)"
    save(client, game_id, 1, hand_form(ids, {"Ann": 3, "Bo": 4, "Cy": 5}, went_out="Di"))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert text(page, ".actions a.button.primary.big") == "Enter hand 2 (8|8)"


def test_leaders_are_marked_and_the_winner_shown_at_the_end_with_ties(client, app):
    game_id = start_game(client, players=("Ann", "Bo"), hands=2)
    ids = player_ids(app, game_id)
    save(client, game_id, 1, hand_form(ids, {"Bo": 10}, went_out="Ann"))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert [total["data-player"] for total in elements(page, "tfoot td.leader")] == ["Ann"]
    assert elements(page, "p.winner") == []
    save(client, game_id, 2, hand_form(ids, {"Ann": 10}, went_out="Bo"))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert text(page, "p.winner") == "Tie for the win: Ann and Bo with 10"
    assert text(client.get("/"), f'a.game-link[href="/games/{game_id}"] .game-winner') == \
        "Tie for the win: Ann and Bo with 10"
    save(client, game_id, 2, hand_form(ids, {"Ann": 4}, went_out="Bo"))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert text(page, "p.winner") == "Winner: Ann with 4"


# --- validation: every message next to its field, nothing typed lost --------

def _bad_hand(client, app, data_for, field_for, message, status=422):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    data = data_for(ids)
    response = save(client, game_id, 1, data)
    assert response.status_code == status
    page = response.get_data(as_text=True)
    key = field_for(ids)
    assert message in text(page, f"#error-{key}")
    assert text(page, 'p.form-problem[role="alert"]').startswith("Nothing was saved yet")
    db = connect(app.config["DATABASE"])
    assert db["entries"].count == 0
    return page, ids


@pytest.mark.parametrize("points,message", [
    ("abc", "whole number from 0 to 545"),
    ("-3", "whole number from 0 to 545"),
    ("2.5", "whole number from 0 to 545"),
    ("546", "the most is 545"),
])
def test_total_must_be_a_whole_number_in_range(client, app, points, message):
    page, ids = _bad_hand(client, app, lambda ids: {**hand_form(ids, {"Bo": 8}), f"points-{ids['Ann']}": points},
                          lambda ids: f"points-{ids['Ann']}", message)
    assert element(page, f'input[name="points-{ids["Ann"]}"]')["value"] == points
    assert element(page, f'input[name="points-{ids["Bo"]}"]')["value"] == "8"


def test_tiles_must_exist_in_the_set(client, app):
    _bad_hand(client, app, lambda ids: hand_form(ids, tiles={"Ann": ["3|10"]}),
              lambda ids: f"tiles-{ids['Ann']}", "3|10 is not in a double-9 set")
    _bad_hand(client, app, lambda ids: hand_form(ids, tiles={"Ann": ["x|y"]}),
              lambda ids: f"tiles-{ids['Ann']}", "is not a domino")


def test_the_same_tile_cannot_be_in_two_hands(client, app):
    page, ids = _bad_hand(client, app, lambda ids: hand_form(ids, tiles={"Ann": ["3|4"], "Bo": ["4|3", "1|1"]}),
                          lambda ids: f"tiles-{ids['Bo']}", "3|4 is already in Ann")
    assert re.search(rf'name="tiles-{ids["Bo"]}" value="1\|1"[^>]*checked', page)


def test_the_starting_double_cannot_be_left_in_a_hand(client, app):
    _bad_hand(client, app, lambda ids: hand_form(ids, tiles={"Cy": ["9|9"]}),
              lambda ids: f"tiles-{ids['Cy']}", "9|9 started this hand")


def test_with_the_alternate_beginning_the_rows_double_may_be_left_in_a_hand(client, app):
    # classic "Alternate Beginning": the 9|9 row may start with 8|8 when nobody holds 9|9, and 9|9,
    # drawn later, can be left in a hand
    game_id = start_game(client, alternate_beginning=True)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "the highest double anyone holds below it starts instead" in page
    ids = player_ids(app, game_id)
    response = client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, tiles={"Cy": ["9|9"]}, went_out="Ann"))
    assert response.status_code == 303
    referee = client.get(f"/games/{game_id}/referee").get_data(as_text=True)
    assert "highest available double" in referee and "chickenfoot-classic-rules.txt" in referee


def test_at_most_one_player_went_out(client, app):
    _bad_hand(client, app, lambda ids: {**hand_form(ids), "went_out": f"{ids['Ann']},{ids['Bo']}"},
              lambda ids: "went_out", "Only one player can go out")
    _bad_hand(client, app, lambda ids: {**hand_form(ids), "went_out": "99999"},
              lambda ids: "went_out", "Choose a player of this game")


def test_a_player_who_went_out_has_no_tiles_and_scores_zero(client, app):
    _bad_hand(client, app, lambda ids: hand_form(ids, tiles={"Ann": ["1|2"]}, went_out="Ann"),
              lambda ids: f"tiles-{ids['Ann']}", "Ann went out, so has no tiles left")
    _bad_hand(client, app, lambda ids: hand_form(ids, {"Ann": 5}, went_out="Ann"),
              lambda ids: f"points-{ids['Ann']}", "Ann went out and scores 0, not 5")


def test_tiles_and_a_different_total_disagree(client, app):
    _bad_hand(client, app, lambda ids: hand_form(ids, {"Ann": 10}, tiles={"Ann": ["3|4"]}),
              lambda ids: f"points-{ids['Ann']}", "add up to 7, but the total says 10")


def test_htmx_gets_fragments_for_errors_and_success(client, app):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    bad = save(client, game_id, 1, hand_form(ids, {"Ann": "x"}), headers=HX)
    assert bad.status_code == 422 and not whole_page(bad)
    assert has_id(bad, "hand") and "HX-Request" in bad.headers["Vary"]
    good = save(client, game_id, 1, hand_form(ids, {"Ann": 4}), headers=HX)
    body = good.get_data(as_text=True)
    assert good.status_code == 200 and not whole_page(body) and has_id(body, "sheet")
    assert good.headers["HX-Push-Url"] == f"/games/{game_id}"
    full = client.get(f"/games/{game_id}")
    assert whole_page(full) and "HX-Request" in full.headers["Vary"]
    fragment = client.get(f"/games/{game_id}", headers=HX).get_data(as_text=True)
    assert not whole_page(fragment) and has_id(fragment, "sheet")


# --- edits, history and undo ------------------------------------------------

def test_edits_are_recorded_and_undo_restores_exactly(client, app):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    client.set_cookie("device", "Ann's phone")
    save(client, game_id, 1, hand_form(ids, {"Ann": 12, "Bo": 30}, tiles={"Cy": ["0|0", "1|2"]}, went_out="Di"))
    save(client, game_id, 1, hand_form(ids, {"Ann": 14, "Bo": 30}, tiles={"Cy": ["1|2"]}, went_out="Di"))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert totals_row(page) == ["14", "30", "3", "0"]
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "Ann&#39;s phone" in history
    assert re.search(r"Ann:\s*<span class=\"old\">12</span> → <strong>14</strong>", history)
    assert "53 (0|0 1|2)" in history

    response = client.post(f"/games/{game_id}/undo", data={})
    assert response.status_code == 303
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert totals_row(page) == ["12", "30", "53", "0"]
    assert texts(page, ".flashes p")[-1].startswith("Took back the last change to hand 1 (9|9)")
    form = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert element(form, f'input[name="tiles-{ids["Cy"]}"][value="0|0"]').has_attr("checked")
    history = texts(client.get(f"/games/{game_id}/history"), "ol.history > li")
    assert sum(line.endswith("taken back") for line in history) == 2
    assert sum("Undo:" in line for line in history) == 2

    client.post(f"/games/{game_id}/undo", data={})
    assert totals_row(client.get(f"/games/{game_id}").get_data(as_text=True)) == ["0", "0", "0", "0"]
    client.post(f"/games/{game_id}/undo", data={})
    assert texts(client.get(f"/games/{game_id}"), ".flashes p")[-1].startswith("There is nothing to undo")
    db = connect(app.config["DATABASE"])
    assert db["changes"].count == 1 + 4 + 2 + 2 + 4  # game, first save, edit, undo of each


def test_mexican_train_says_round_on_the_big_screen_and_in_undo(client, app):
    # the sheet's rows are Mexican Train's rounds: every place that names one says "round"
    game_id = start_game(client, players=("Ann", "Bo", "Cy"), preset="", set_size=15, game="mexican-train")
    ids = player_ids(app, game_id)
    save(client, game_id, 1, hand_form(ids, {"Ann": 12, "Bo": 30, "Cy": 0}, went_out="Cy"))
    tv = client.get(f"/games/{game_id}/tv").get_data(as_text=True)
    assert own_text(tv, "h1") == "Round 2 of 16"
    client.post(f"/games/{game_id}/undo", data={})
    flashes = texts(client.get(f"/games/{game_id}"), '.flashes[role="status"] p')
    assert flashes[-1] == "Took back the last change to round 1 (15|15)."


def test_undo_over_htmx_returns_the_sheet_fragment(client, app):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    save(client, game_id, 1, hand_form(ids, {"Ann": 9}))
    response = client.post(f"/games/{game_id}/undo", data={}, headers=HX)
    body = response.get_data(as_text=True)
    assert response.status_code == 200 and not whole_page(body)
    assert texts(body, ".flashes p")[-1].startswith("Took back")
    assert totals_row(body) == ["0", "0", "0", "0"]


def test_the_undo_button_says_which_change_it_takes_back(client, app):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    button = lambda: re.search(r'<button type="submit"( disabled)?\s*>Undo last change([^<]*)</button>',
                               client.get(f"/games/{game_id}").get_data(as_text=True)).groups()
    assert button() == (" disabled", "")
    save(client, game_id, 1, hand_form(ids, {"Ann": 9}))
    save(client, game_id, 2, hand_form(ids, {"Bo": 4}))
    assert button() == (None, " (hand 2)")
    # a player added late is the last change, as History lists it: undo takes that back first
    client.post(f"/games/{game_id}/players", data={"player": "Eve", "start": "zero"})
    assert button() == (None, " (Eve joining)")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert element(page, f'form[action="/games/{game_id}/undo"]')["data-confirm"].startswith(
        "Undo the last change to this game (Eve joining)?")
    client.post(f"/games/{game_id}/undo", data={})
    assert button() == (None, " (hand 2)")
    client.post(f"/games/{game_id}/undo", data={})
    assert button() == (None, " (hand 1)")
    client.post(f"/games/{game_id}/undo", data={})
    assert button() == (" disabled", "")


# --- errors a person can read ---------------------------------------------

def test_unknown_game_and_hand_are_404_pages(client):
    assert client.get("/games/999").status_code == 404
    game_id = start_game(client)
    response = client.get(f"/games/{game_id}/hands/11")
    assert response.status_code == 404 and error_said(response).startswith("There is nothing here")
    assert client.get("/games/999/export.json").get_json()["status"] == 404


def test_a_form_without_its_csrf_token_is_refused_and_nothing_is_stored(client, app):
    response = client.post("/games/new", data={"preset": "classic", "set": "9", "player": ["A", "B"]},
                           with_csrf=False)
    assert response.status_code == 400 and "reload the page" in error_said(response)
    assert connect(app.config["DATABASE"])["games"].count == 0


def test_more_house_rules_differ_from_the_rule_set_and_reach_the_referee(client, app):
    data = {"game": "chickenfoot", "preset": "classic", "set": "9", "double_blank": "50", "hands": "",
            "player": ["Ann", "Bo", "Cy"], "hub_plays": "4", "play_drawn": "must", "voluntary_draw": "yes",
            "last_tile_call": "on", "tiles_each": "12"}
    response = client.post("/games/new", data=data)
    assert response.status_code == 303
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    house = re.search(r'house rules:(.*?)</p>', page, re.S).group(1)
    # classic already lets a player draw instead of playing: that answer is not a house rule
    assert re.findall(r'<span class="house">(.*?)</span>', house) == [
        "Tiles each player draws: 12", "Plays on the starting double: 4", "The drawn tile: must be played",
        "Last-tile call: on: a player down to one tile must say so"]
    referee = client.get(f"/games/{game_id}/referee").get_data(as_text=True)
    assert "<strong>12</strong> tiles each" in referee and "A house rule of this table." in referee
    exported = client.get(f"/games/{game_id}/export.json").get_json()
    assert exported["house_rules"] == {"hub_plays": 4, "play_drawn": "must", "last_tile_call": True, "tiles_each": 12}


def test_a_table_may_agree_to_pass_holding_a_play_when_the_chicken_yard_is_empty(client):
    # classic's "the player may draw a domino and pass without playing" leaves the empty yard open:
    # the Referee tab gives Chickenyard's reading, and the table's choice shows as a house rule
    data = {"game": "chickenfoot", "preset": "classic", "set": "9", "double_blank": "50", "hands": "",
            "player": ["Ann", "Bo", "Cy"]}
    plain = client.post("/games/new", data=data).headers["Location"].rsplit("/", 1)[1]
    referee = client.get(f"/games/{plain}/referee").get_data(as_text=True)
    label, value, note = re.search(r'<dt>(May pass instead of playing[^<]*)</dt>\s*<dd><strong>(.*?)</strong>\s*'
                                   r'<span class="muted small">(.*?)</span>', referee).groups()
    assert label == "May pass instead of playing, the chicken yard empty"
    assert value == "no: with nothing to draw, a player who can play plays"
    assert note.startswith("not stated by this rule set")
    agreed = client.post("/games/new", data={**data, "pass_with_play": "yes"}).headers["Location"].rsplit("/", 1)[1]
    page = client.get(f"/games/{agreed}").get_data(as_text=True)
    house = re.search(r'house rules:(.*?)</p>', page, re.S).group(1)
    assert re.findall(r'<span class="house">(.*?)</span>', house) == [
        "May pass instead of playing, the chicken yard empty: yes: a player who can play may pass"]


@pytest.mark.parametrize("change,field,message", [
    ({"hub_plays": "5"}, "hub_plays", "Choose one of the answers offered"),
    ({"tiles_each": "x"}, "tiles_each", "whole number from 1 to 30"),
    ({"tiles_each": "20", "player": ["A", "B", "C", "D"]}, "tiles_each", "need 80 tiles"),
])
def test_more_house_rules_explain_mistakes_and_stay_open(client, app, change, field, message):
    data = {"game": "chickenfoot", "preset": "classic", "set": "9", "double_blank": "50", "hands": "",
            "player": ["Ann", "Bo", "Cy"], **change}
    response = client.post("/games/new", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and message in text(page, f"#error-{field}")
    assert element(page, "details.more-house-rules").has_attr("open")
    assert connect(app.config["DATABASE"])["games"].count == 0


def test_going_out_on_a_double_may_score_50_where_the_encyclopedia_says_so(client, app):
    # encyclopedia: "A game can not end in a double . If it does , the player who plays the double gets 50 points ."
    game_id = start_game(client, preset="encyclopedia", set_size=12)
    ids = player_ids(app, game_id)
    response = client.post(f"/games/{game_id}/hands/1", data={**hand_form(ids, {"Ann": 7}, went_out="Bo"),
                                                              f"points-{ids['Bo']}": "50"})
    assert response.status_code == 303
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert totals_row(page)[:2] == ["7", "50"]
    assert text(page, 'tbody span.out[title="went out on a double"]') == "50"
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    refused = client.post(f"/games/{game_id}/hands/1", data={**hand_form(ids, went_out="Bo"),
                                                             f"points-{ids['Bo']}": "50"})
    assert refused.status_code == 422 and "Bo went out and scores 0, not 50." in text(refused, f"#error-points-{ids['Bo']}")


def test_choosing_mexican_train_or_super_15_takes_the_double_15_set_without_a_detour(client, app):
    # the form's set box still shows double-9 when the game is switched: the rulebook games need
    # no correction from the person
    for game in ("mexican-train", "super-15"):
        data = {"game": game, "preset": "classic", "set": "9", "double_blank": "50", "hands": "",
                "player": ["Ann", "Bo", "Cy"]}
        response = client.post("/games/new", data=data)
        assert response.status_code == 303, response.get_data(as_text=True)
        game_id = int(response.headers["Location"].rsplit("/", 1)[1])
        row = connect(app.config["DATABASE"])["games"].get(game_id)
        assert row["set_size"] == 15 and row["game"] == game


def test_every_clash_among_a_players_tiles_is_reported_at_once(client, app):
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    data = hand_form(ids, tiles={"Ann": ["3|5", "2|2"], "Bo": ["3|5", "2|2", "1|1"]})
    page = client.post(f"/games/{game_id}/hands/1", data=data).get_data(as_text=True)
    said = text(page, f"#error-tiles-{ids['Bo']}")
    assert "3|5 is already in Ann's hand" in said and "2|2 is already in Ann's hand" in said


def test_home_tells_games_apart(client, app):
    first = start_game(client)
    ids = player_ids(app, first)
    client.post(f"/games/{first}/hands/1", data=hand_form(ids, {"Ann": 3}))
    start_game(client, preset="set-insert")
    page = client.get("/").get_data(as_text=True)
    newest, oldest = texts(page, "ul.game-list a.game-link .muted")
    assert oldest.startswith(f"Game {first} · Classic, double-9 · 1 of 10 hands entered · last change ")
    assert " · Set insert, double-9 · 0 of 10 hands entered · last change " in newest
    assert [len(elements(game, "time[datetime][data-local]")) for game in elements(page, "a.game-link")] == [1, 1]
