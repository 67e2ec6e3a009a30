"""Who starts: each rule set's starter rule on the sheet's current row, with its quote."""
from __future__ import annotations

import re

import pytest

from referee.rulesets import rule_set
from referee.starter import STARTER_RULES, starter
from tests.elements import by_label, element, elements, text, texts
from tests.shared_files import shared
from tests.sheet_helpers import hand_form, player_ids, start_game


def _plain(text: str) -> str:
    for curly, straight in (("“", '"'), ("”", '"'), ("’", "'"), ("‘", "'")):
        text = text.replace(curly, straight)
    return " ".join(text.replace("-\n", "-").split())


@pytest.mark.parametrize("preset", sorted(STARTER_RULES))
def test_every_starter_quote_is_its_seeds_own_words(preset):
    seeds = shared("seeds")
    rule = STARTER_RULES[preset]
    for quote in (rule.first, rule.later):
        if quote:
            assert _plain(quote.text) in _plain((seeds / quote.source).read_text()), (preset, quote.text[:50])


def starter_row(page: str) -> str:
    return text(page, "tr.starter-row")


def test_classic_names_the_hands_double_and_how_it_is_found(client, app):
    game_id = start_game(client, players=("Ann", "Bo", "Cy"))
    row = starter_row(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert row.startswith("Whoever holds 9|9 starts")
    assert "Nobody has it? Everyone draws one tile until it appears." in row
    assert "In a standard game, the player with the required double domino" in row
    assert "chickenfoot-classic-rules.txt" in row
    client.post(f"/games/{game_id}/hands/1", data=hand_form(player_ids(app, game_id), {"Ann": 3, "Bo": 4}, went_out="Cy"))
    assert starter_row(client.get(f"/games/{game_id}").get_data(as_text=True)).startswith("Whoever holds 8|8 starts")


def test_the_alternate_beginning_says_so(client):
    game_id = start_game(client, players=("Ann", "Bo"), alternate_beginning=True)
    row = starter_row(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "highest double held plays it" in row and "highest available double" in row


def test_the_encyclopedia_draws_in_the_first_round_only(client, app):
    game_id = start_game(client, players=("Ann", "Bo"), preset="encyclopedia")
    row = starter_row(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert row.startswith("Everyone draws one tile: the highest total starts")
    assert "chicken-foot-encyclopedia.txt" in row
    client.post(f"/games/{game_id}/hands/1", data=hand_form(player_ids(app, game_id), {"Ann": 3}, went_out="Bo"))
    row = starter_row(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert row.startswith("Whoever holds the highest double not yet used starts")


def test_mexican_train_rotates_the_designated_starter_clockwise(client, app):
    game_id = start_game(client, players=("Ann", "Bo", "Cy"), preset="", set_size=15, game="mexican-train")
    row = starter_row(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert row.startswith("Ann starts") and "rotate the starter of each round in clockwise order" in row
    ids = player_ids(app, game_id)
    assert client.post(f"/games/{game_id}/starter", data={"seat": "3"}).status_code == 303
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert starter_row(page).startswith("Cy starts")
    assert text(by_label(page, "Who starts the first round?"), "option[selected]") == "Cy"
    assert texts(page, ".flashes p")[-1] == "Cy starts the first round; after that the start moves one seat clockwise."
    for number, expected in ((1, "Ann"), (2, "Bo"), (3, "Cy")):     # Cy, then Ann, Bo, Cy ...
        client.post(f"/games/{game_id}/hands/{number}", data=hand_form(ids, {"Ann": 1, "Bo": 2}, went_out="Cy"))
        assert starter_row(client.get(f"/games/{game_id}").get_data(as_text=True)).startswith(f"{expected} starts")
    # once the game has begun, the first starter stays as it was
    client.post(f"/games/{game_id}/starter", data={"seat": "1"})
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert starter_row(page).startswith("Cy starts") and elements(page, "select#first-starter") == []


def test_designating_a_starter_needs_the_edit_link_and_a_player_of_the_game(client, app):
    from chickenyard.storage.db import connect
    game_id = start_game(client, players=("Ann", "Bo"), preset="double15-rulebook", set_size=15)
    assert client.post(f"/games/{game_id}/starter", data={"seat": "7"}).status_code == 303
    page = client.get(f"/games/{game_id}")
    assert texts(page, ".flashes p")[-1].startswith("Choose one of this game's players")
    assert element(page, "select#first-starter")["name"] == "seat"
    watcher = app.test_client()
    watcher.get(f"/join/{connect(app.config['DATABASE'])['games'].get(game_id)['view_key']}")
    page = watcher.get(f"/games/{game_id}").get_data(as_text=True)
    assert starter_row(page).startswith("Ann starts") and elements(page, "select#first-starter") == []
    assert watcher.post(f"/games/{game_id}/starter", data={"seat": "2"}).status_code == 403


def test_super_15_names_the_first_starter_and_marks_the_rotation_a_house_choice():
    rules, names = rule_set("super-15"), ["Ann", "Bo", "Cy"]
    first, second = starter(rules, 0, -1, names), starter(rules, 1, -1, names)
    assert first.says == "Ann starts" and not first.house and "any double" in first.how
    assert second.says == "Bo starts" and second.house and "a house choice" in second.how
    assert "Thereafter, rotate the starter" in second.quote.text


def test_the_family_rules_say_nothing_and_the_sheet_says_so():
    found = starter(rule_set("family"), 2, 7, ["Ann", "Bo", "Cy", "Di"], first=3)
    assert found.says == "Bo starts" and found.house and "do not say who plays first" in found.how


def test_play_again_moves_the_first_start_one_seat_clockwise(client, app):
    game_id = start_game(client, players=("Ann", "Bo", "Cy"), preset="", set_size=15, game="mexican-train", hands=1)
    client.post(f"/games/{game_id}/starter", data={"seat": "2"})
    client.post(f"/games/{game_id}/hands/1", data=hand_form(player_ids(app, game_id), {"Ann": 1, "Bo": 2}, went_out="Cy"))
    for expected in ("Cy", "Ann", "Bo"):
        response = client.post(f"/games/{game_id}/again", data={})
        game_id = int(re.search(r"/games/(\d+)$", response.headers["Location"]).group(1))
        page = client.get(f"/games/{game_id}").get_data(as_text=True)
        assert starter_row(page).startswith(f"{expected} starts") and f"{expected} starts this time" in page
        client.post(f"/games/{game_id}/hands/1", data=hand_form(player_ids(app, game_id), {"Ann": 1, "Bo": 2},
                                                                went_out="Cy"))


def test_the_rotation_passes_over_a_player_who_left(client, app):
    game_id = start_game(client, players=("Ann", "Bo", "Cy"), preset="double15-rulebook", set_size=15)
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 1, "Bo": 2}, went_out="Cy"))
    assert client.post(f"/games/{game_id}/players/leave", data={"leaving": str(ids["Bo"]), "sure": "yes"}).status_code == 303
    # hand 2 would be Bo's start: Bo has gone, so the next seat clockwise starts
    assert starter_row(client.get(f"/games/{game_id}").get_data(as_text=True)).startswith("Cy starts")
