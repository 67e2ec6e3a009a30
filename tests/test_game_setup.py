"""One check of a game's set-up: the new-game form, the blank-sheet form, a saved game brought back
and a late player read names and choices the same way (chickenyard/game/game_setup.py)."""
from __future__ import annotations

import re

import pytest

from chickenyard.storage.db import connect
from tests.elements import text
from tests.sheet_helpers import start_game
from tests.test_busy_disk import another_program_writing, app  # noqa: F401  (its app answers busy quickly)
from tests.test_odd_input import field_error


def _names(app, game_id) -> list[str]:
    db = connect(app.config["DATABASE"])
    return [r["name"] for r in db.query("select name from players where game_id = ? order by seat", [game_id])]


def test_a_name_is_kept_the_same_way_wherever_it_is_typed(client, app):
    game_id = start_game(client, players=("  Ann   Lee ", "Bo", "Cy"))
    late = client.post(f"/games/{game_id}/players", data={"player": "Di   Eve ", "start": "zero"})
    assert late.status_code == 303
    assert _names(app, game_id) == ["Ann Lee", "Bo", "Cy", "Di Eve"]
    doc = {"format": "chickenyard/game-v1", "preset": "classic", "set": 9, "players": ["Fay  Gee", "Bo", "Cy"],
           "hands": [{"number": 1, "double": 9, "entries": [{"player": "Fay  Gee", "points": 5}]}]}
    imported = client.post("/games/import", json=doc)
    assert imported.status_code in (201, 303), imported.get_data(as_text=True)
    db = connect(app.config["DATABASE"])
    new_id = db.execute("select max(id) from games").fetchone()[0]
    assert _names(app, new_id) == ["Fay Gee", "Bo", "Cy"]


def test_a_late_player_with_a_tab_in_the_name_is_refused_as_at_the_start(client, app):
    game_id = start_game(client)
    late = client.post(f"/games/{game_id}/players", data={"player": "Di\tEve", "start": "zero"})
    assert late.status_code == 422
    assert "control characters" in field_error(late.get_data(as_text=True), "player")


def test_the_blank_sheet_reads_the_set_and_the_game_as_the_new_game_form_does(client):
    other_digits = client.get("/print", query_string={"game": "chickenfoot", "preset": "classic", "set": "٩"})
    assert "double-6, double-9" in field_error(other_digits.get_data(as_text=True), "set")
    unknown = client.get("/print", query_string={"game": "poker"})
    new_game = client.post("/games/new", data={"game": "poker"})
    assert field_error(unknown.get_data(as_text=True), "game") == field_error(new_game.get_data(as_text=True), "game")


def test_the_new_game_page_on_a_busy_disk_still_offers_the_players_who_played_here(client, app):
    start_game(client, players=("Ann", "Bo", "Cy"))
    with another_program_writing(app.config["DATABASE"]):
        busy = client.post("/games/new", data={"game": "chickenfoot", "preset": "classic", "set": "9",
                                               "double_blank": "50", "player": ["Ann", "Bo", "Di"]})
    assert busy.status_code == 503
    known = re.findall(r'<button type="submit" name="pick" value="([^"]*)"', busy.get_data(as_text=True))
    assert sorted(known) == ["Ann", "Bo", "Cy"]


IMPORTED = {"format": "chickenyard/game-v1", "game": "chickenfoot", "preset": "classic", "set": 9,
            "players": ["Ann", "Bo", "Cy"], "hands": []}
FORM = {"game": "chickenfoot", "preset": "classic", "set": "9", "double_blank": "50", "player": ["Ann", "Bo", "Cy"]}


@pytest.mark.parametrize("form_change,doc_change,form_field,doc_field", [
    ({"game": "poker"}, {"game": "poker"}, "game", "game"),
    ({"preset": "poker"}, {"preset": "poker"}, "preset", "preset"),
    ({"set": "7"}, {"set": 7}, "set", "set"),
    ({"player": ["Ann"]}, {"players": ["Ann"]}, "player", "players"),
    ({"player": ["A" * 41, "Bo"]}, {"players": ["A" * 41, "Bo"]}, "player", "players"),
    ({"player": ["Ann", "ann", "Cy"]}, {"players": ["Ann", "ann", "Cy"]}, "player", "players"),
], ids=["game", "rule set", "set", "seats", "long name", "same name"])
def test_an_import_names_a_set_up_problem_in_the_new_game_forms_words(client, app, form_change, doc_change,
                                                                      form_field, doc_field):
    form = client.post("/games/new", data={**FORM, **form_change})
    said = text(form, f"#error-{form_field}")
    imported = client.post("/games/import", json={**IMPORTED, **doc_change})
    assert imported.status_code == 400
    assert f'"{doc_field}": {said}' in imported.get_json()["problems"]


def test_an_import_names_a_bad_game_name_in_the_renames_words(client, app):
    game_id = start_game(client)
    renamed = client.post(f"/games/{game_id}/name", data={"name": "x" * 61})
    said = text(renamed, "#error-name")
    imported = client.post("/games/import", json={**IMPORTED, "name": "x" * 61})
    assert imported.status_code == 400 and f'"name": {said}' in imported.get_json()["problems"]


def test_a_saved_game_names_its_own_set_even_in_a_game_of_one_set(client, app):
    """The new-game form fills in a Mexican Train's double-15 set; a document that says another set
    is refused, never changed behind the table's back."""
    doc = {**IMPORTED, "game": "mexican-train", "preset": "mexican-train", "set": 9}
    imported = client.post("/games/import", json=doc)
    assert imported.status_code == 400
    assert imported.get_json()["problems"] == [
        '"set": The Mexican Train (double-15 rulebook) rules are played with a double-15 set.']
