"""Export and import: the backup path a table relies on."""
from __future__ import annotations

import copy
import csv
import io
import json

import pytest

from chickenyard.db import connect
from tests.sheet_helpers import hand_form, player_ids, start_game

DOC = {"format": "chickenyard/game-v1", "game": "chickenfoot", "preset": "classic", "set": 9,
       "house_rules": {"double_blank": 25},
       "players": ["Ann", "Bo", "Cy"],
       "hands": [{"double": 9, "entries": [
           {"player": "Ann", "tiles": [[0, 0], [3, 4]], "points": 32},
           {"player": "Bo", "went_out": True, "points": 0},
           {"player": "Cy", "points": 12}]}],
       "totals": {"Ann": 32, "Bo": 0, "Cy": 12}, "leaders": ["Bo"], "finished": False}


def counts(app):
    db = connect(app.config["DATABASE"])
    return {t: db[t].count for t in ("games", "players", "hands", "entries", "changes")}


def test_export_json_has_the_documented_shape(client, app):
    game_id = start_game(client, players=("Ann", "Bo", "Cy"), double_blank=25)
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1",
                data=hand_form(ids, {"Cy": 12}, tiles={"Ann": ["0|0", "3|4"]}, went_out="Bo"))
    response = client.get(f"/games/{game_id}/export.json")
    assert response.status_code == 200 and "attachment" in response.headers["Content-Disposition"]
    doc = response.get_json()
    for key in ("format", "game", "preset", "set", "house_rules", "players", "totals", "leaders", "finished"):
        assert doc[key] == DOC[key], key
    hand = doc["hands"][0]
    assert hand["double"] == 9
    assert hand["entries"] == [
        {"player": "Ann", "points": 32, "tiles": [[0, 0], [3, 4]]},
        {"player": "Bo", "points": 0, "went_out": True},
        {"player": "Cy", "points": 12}]


def test_export_csv_has_a_row_per_hand_and_a_totals_row(client, app):
    game_id = start_game(client, players=("Ann", "Bo"))
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 5}, went_out="Bo"))
    client.post(f"/games/{game_id}/hands/2", data=hand_form(ids, {"Ann": 7, "Bo": 2}))
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{game_id}/export.csv").get_data(as_text=True))))
    assert rows[0] == ["hand", "double", "Ann", "Bo"]
    assert rows[1] == ["1", "9|9", "5", "0"] and rows[2] == ["2", "8|8", "7", "2"]
    assert rows[3] == ["3", "7|7", "", ""] and len(rows) == 12
    assert rows[-1] == ["total", "", "12", "2"]


def test_import_json_recomputes_points_from_tiles(client, app):
    doc = copy.deepcopy(DOC)
    doc["hands"][0]["entries"][0]["points"] = 999   # derived from the tiles, not trusted
    response = client.post("/games/import", json=doc)
    assert response.status_code == 201
    game_id = response.get_json()["id"]
    exported = client.get(f"/games/{game_id}/export.json").get_json()
    assert exported["totals"] == {"Ann": 32, "Bo": 0, "Cy": 12}
    assert exported["house_rules"] == {"double_blank": 25}


def test_round_trip_through_a_file_upload(client, app):
    game_id = start_game(client, players=("Ann", "Bo", "Cy"))
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Cy": 12}, tiles={"Ann": ["0|0"]}, went_out="Bo"))
    body = client.get(f"/games/{game_id}/export.json").get_data()
    response = client.post("/games/import", data={"file": (io.BytesIO(body), "game.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 303
    new_id = int(response.headers["Location"].rsplit("/", 1)[1])
    assert new_id != game_id
    a = client.get(f"/games/{game_id}/export.json").get_json()
    b = client.get(f"/games/{new_id}/export.json").get_json()
    assert {k: v for k, v in a.items() if k != "created_at"} == {k: v for k, v in b.items() if k != "created_at"}


def _broken(**changes):
    doc = copy.deepcopy(DOC)
    for path, value in changes.items():
        target = doc
        keys = path.split("__")
        for key in keys[:-1]:
            target = target[int(key)] if key.isdigit() else target[key]
        target[int(keys[-1]) if keys[-1].isdigit() else keys[-1]] = value
    return doc


BAD = [
    (_broken(format="other"), '"format" must be'),
    (_broken(preset="poker"), '"preset"'),
    (_broken(set=7), '"set" must be one of'),
    (_broken(players=["Ann"]), "seat 2 to 10 players"),
    (_broken(players=["Ann", "Ann", "Cy"]), "same name"),
    (_broken(house_rules={"double_blank": 30}), '"house_rules"'),
    (_broken(hands__0__double=8), "starts with 9|9"),
    (_broken(hands__0__entries__2__points=-4), "whole number from 0"),
    (_broken(hands__0__entries__2__points="12"), "must be a whole number"),
    (_broken(hands__0__entries__2__points=9999), "the most is"),
    (_broken(hands__0__entries__0__tiles=[[9, 9]]), "9|9 started this hand"),
    (_broken(hands__0__entries__0__tiles=[[3, 10]]), "not in a double-9 set"),
    (_broken(hands__0__entries__0__tiles=[[3, "x"]]), "not a tile"),
    (_broken(hands__0__entries__2__tiles=[[3, 4]]), "already in Ann"),
    (_broken(hands__0__entries__2__went_out=True), "Only one player can go out"),
    (_broken(hands__0__entries__1__player="Zed"), "'Zed' is not a player of this game"),
    (_broken(hands="many"), '"hands" must be a list'),
    # the rule set decides the game: a "classic" Super 15 would get Chickenfoot's rows
    (_broken(game="super-15"), '"game" \'super-15\' does not go with the "classic" rules'),
]


def test_a_document_without_game_is_the_game_of_its_rules(client, app):
    doc = {"format": "chickenyard/game-v1", "preset": "super-15", "set": 15, "players": ["Ann", "Bo", "Cy"]}
    response = client.post("/games/import", json=doc)
    assert response.status_code == 201
    assert client.get(response.headers["Location"] + "/export.json").get_json()["game"] == "super-15"


@pytest.mark.parametrize("doc,message", BAD)
def test_a_bad_document_is_refused_whole_as_json(client, app, doc, message):
    before = counts(app)
    response = client.post("/games/import", json=doc)
    assert response.status_code == 400
    body = response.get_json()
    assert any(message in p for p in body["problems"]), body
    assert counts(app) == before


def test_every_problem_is_listed(client, app):
    doc = _broken(format="x", players=["Ann", "Ann", "Cy"], hands__0__entries__2__points=-1)
    problems = client.post("/games/import", json=doc).get_json()["problems"]
    assert len(problems) >= 3


@pytest.mark.parametrize("body", [b"{not json", b"[1, 2]", b"\xff\xfe"])
def test_a_bad_upload_is_a_page_listing_the_problem(client, app, body):
    before = counts(app)
    response = client.post("/games/import", data={"file": (io.BytesIO(body), "x.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "The game was not imported. Nothing was stored." in page
    assert counts(app) == before


def test_invalid_json_body_is_a_json_400(client):
    response = client.post("/games/import", data="{oops", content_type="application/json")
    assert response.status_code == 400 and response.get_json()["problems"]


def test_upload_without_a_file_or_token(client, app):
    response = client.post("/games/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 400 and "Choose a saved game file" in response.get_data(as_text=True)
    response = client.post("/games/import", data={"file": (io.BytesIO(json.dumps(DOC).encode()), "g.json")},
                           content_type="multipart/form-data", with_csrf=False)
    assert response.status_code == 400 and counts(app)["games"] == 0


def test_a_hand_without_entries_is_an_empty_hand(client):
    doc = copy.deepcopy(DOC)
    doc["hands"] = [{"double": 9}]
    response = client.post("/games/import", json=doc)
    assert response.status_code == 201
    assert client.get(f"/games/{response.get_json()['id']}/export.json").get_json()["hands"] == []


def test_every_kind_of_problem_is_listed_in_words_not_raw_data(client, app):
    doc = _broken(preset="nonsense", players=["Ann", "Ann", "Cy"])
    problems = client.post("/games/import", json=doc).get_json()["problems"]
    assert any('"preset"' in p for p in problems) and any("same name" in p for p in problems)
    doc = _broken(hands__0__double=8, hands__0__entries__2__points={"a": 1}, hands__0__entries__1="Bo")
    problems = client.post("/games/import", json=doc).get_json()["problems"]
    assert any("starts with 9|9, not 8" in p for p in problems)
    assert any("entry 2: must be an object" in p for p in problems)
    assert not any("{" in p for p in problems), problems
