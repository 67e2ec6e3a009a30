"""Export and import: the backup path a table relies on."""
from __future__ import annotations

import copy
import csv
import io
import json

import pytest

from chickenyard.storage.db import connect
from tests.sheet_helpers import hand_form, player_ids, start_game, totals_row

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
    (_broken(set=7), '"set": The Classic rules are played with a double-6, double-9'),
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
    (_broken(hands__0__entries__1__player=["Bo"]), "entry 2: it does not name a player of this game"),
    (_broken(hands__0__entries__1__player={"name": "Bo"}), "entry 2: it does not name a player of this game"),
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


# --- late joiners and players who left ----------------------------------------

def _evening_with_a_late_player_and_a_leaver(client, app, **game) -> int:
    """Ann, Bo, Cy, Di; Eve sits down after hand 1 (at the highest total), Di goes home after hand 2;
    the game is named and, where the start rotates, Cy was chosen to start."""
    game_id = start_game(client, hands=4, **game)
    ids = player_ids(app, game_id)
    if client.get(f"/games/{game_id}").get_data(as_text=True).count('name="seat"'):
        client.post(f"/games/{game_id}/starter", data={"seat": "3"})
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 10, "Bo": 25, "Cy": 3}, went_out="Di"))
    assert client.post(f"/games/{game_id}/players", data={"player": "Eve", "start": "highest"}).status_code == 303
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/2",
                data=hand_form(ids, {"Ann": 1, "Bo": 2, "Cy": 3, "Di": 4}, went_out="Eve"))
    assert client.post(f"/games/{game_id}/players/leave", data={"leaving": str(ids["Di"]), "sure": "yes"}).status_code == 303
    for number in (3, 4):
        client.post(f"/games/{game_id}/hands/{number}",
                    data=hand_form(ids, {"Ann": 5, "Bo": 6, "Eve": 7}, went_out="Cy"))
    client.post(f"/games/{game_id}/name", data={"name": "Friday at Gran's"})
    return game_id


def _without_created_at(doc):
    return {k: v for k, v in doc.items() if k != "created_at"}


@pytest.mark.parametrize("game", [{}, {"preset": "", "set_size": 15, "game": "mexican-train"}],
                         ids=["chickenfoot", "mexican-train"])
def test_a_late_player_and_a_leaver_come_back_exactly_from_an_export(client, app, game):
    game_id = _evening_with_a_late_player_and_a_leaver(client, app, **game)
    doc = client.get(f"/games/{game_id}/export.json").get_json()
    by_pips = doc["totals"]
    assert doc["name"] == "Friday at Gran's"
    assert doc["seats"][3] == {"player": "Di", "from_hand": 1, "start_points": 0, "left_after_hand": 2, "total": 4}
    assert doc["seats"][4] == {"player": "Eve", "from_hand": 2, "start_points": 25, "left_after_hand": None,
                               "total": 39}
    assert by_pips == {"Ann": 21, "Bo": 39, "Cy": 6, "Di": 4, "Eve": 39}
    assert doc["leaders"] == ["Cy"] and doc["finished"] is True        # Di, lowest, left
    response = client.post("/games/import", json=doc)
    assert response.status_code == 201, response.get_json()
    new_id = response.get_json()["id"]
    again = client.get(f"/games/{new_id}/export.json").get_json()
    assert _without_created_at(again) == _without_created_at(doc)
    # the same sheet: rows, totals, the winner, who starts, and the history says who came and went
    old_page = client.get(f"/games/{game_id}").get_data(as_text=True)
    new_page = client.get(f"/games/{new_id}").get_data(as_text=True)
    table = lambda page: page.split("<table")[1].split("</table>")[0].replace(f"/games/{game_id}/", "/games/N/") \
        .replace(f"/games/{new_id}/", "/games/N/")
    assert table(new_page) == table(old_page)
    assert "Winner: Cy with 6" in new_page
    assert totals_row(new_page) == ["21", "39", "6", "4", "39"]
    history = client.get(f"/games/{new_id}/history").get_data(as_text=True)
    unit = "round" if game else "hand"
    assert f"Eve joined the table from {unit} 2, starting at 25." in history
    assert f"Di left the table after {unit} 2." in history
    if game:
        assert doc["first_starter"] == 3
    # the statistics count the imported late player like the original one
    players = {p["name"]: p for p in client.get("/players.json").get_json()["players"]}
    assert players["Eve"]["games"] == 2 and players["Di"]["hands"] == 4


def test_an_old_document_without_seats_is_everyone_from_start_to_end(client, app):
    doc = copy.deepcopy(DOC)
    response = client.post("/games/import", json=doc)
    assert response.status_code == 201
    exported = client.get(response.headers["Location"] + "/export.json").get_json()
    assert exported["seats"] == [{"player": n, "from_hand": 1, "start_points": 0, "left_after_hand": None,
                                  "total": t} for n, t in (("Ann", 32), ("Bo", 0), ("Cy", 12))]
    assert exported["name"] is None and exported["first_starter"] is None


def _bo_left_and_came_back() -> dict:
    """Bo leaves after hand 1 and sits down again at hand 3, at 40: two seats of one name."""
    doc = {**copy.deepcopy(DOC), "players": ["Ann", "Bo", "Cy", "Bo"],
           "seats": [{"player": "Ann"}, {"player": "Bo", "left_after_hand": 1}, {"player": "Cy"},
                     {"player": "Bo", "from_hand": 3, "start_points": 40}]}
    doc["hands"].append({"double": 8, "entries": [{"player": "Ann", "points": 3}, {"player": "Cy", "points": 4}]})
    doc["hands"].append({"double": 7, "entries": [{"player": "Bo", "points": 5}]})
    return doc


def test_one_who_left_and_came_back_is_two_seats_of_the_same_name(client, app):
    response = client.post("/games/import", json=_bo_left_and_came_back())
    assert response.status_code == 201, response.get_json()
    exported = client.get(response.headers["Location"] + "/export.json").get_json()
    assert [e["player"] for h in exported["hands"] for e in h["entries"]] == ["Ann", "Bo", "Cy", "Ann", "Cy", "Bo"]
    assert [s.get("start_points") for s in exported["seats"]] == [0, 0, 0, 40]


def test_each_seat_of_a_name_used_twice_keeps_its_own_total(client, app):
    response = client.post("/games/import", json=_bo_left_and_came_back())
    assert response.status_code == 201, response.get_json()
    exported = client.get(response.headers["Location"] + "/export.json").get_json()
    assert [(s["player"], s["total"]) for s in exported["seats"]] == [("Ann", 35), ("Bo", 0), ("Cy", 16), ("Bo", 45)]
    assert exported["totals"] == {"Ann": 35, "Bo": 45, "Cy": 16}     # by name, as before: the later Bo
    # the seats' totals are read back as part of the document (and worked out again from the hands)
    again = client.post("/games/import", json=exported)
    assert again.status_code == 201, again.get_json()
    assert _without_created_at(client.get(again.headers["Location"] + "/export.json").get_json()) \
        == _without_created_at(exported)


def test_a_name_with_spaces_at_its_ends_is_the_same_name_in_seats_and_entries(client, app):
    doc = {**copy.deepcopy(DOC), "players": [" Ann", "Bo ", "Cy"],
           "seats": [{"player": " Ann"}, {"player": "Bo"}, {"player": " Cy "}]}
    doc["hands"][0]["entries"][0]["player"] = " Ann "
    doc["hands"][0]["entries"][1]["player"] = "Bo "
    response = client.post("/games/import", json=doc)
    assert response.status_code == 201, response.get_json()
    exported = client.get(response.headers["Location"] + "/export.json").get_json()
    assert exported["players"] == ["Ann", "Bo", "Cy"] and exported["totals"] == {"Ann": 32, "Bo": 0, "Cy": 12}


def _seated(**changes):
    doc = copy.deepcopy(DOC)
    doc["seats"] = [{"player": "Ann"}, {"player": "Bo"}, {"player": "Cy"}]
    doc["players"].append("Di")
    doc["seats"].append({"player": "Di", "from_hand": 2, "start_points": 12})
    for key, value in changes.items():
        seat, _, field = key.partition("__")
        if field:
            doc["seats"][int(seat)][field] = value
        else:
            doc[key] = value
    return doc


SEATING = [
    (_seated(seats="Di late"), '"seats" must be a list with one object per name'),
    (_seated(**{"3__player": "Dee"}), '"seats": place 4 must be an object naming \'Di\''),
    (_seated(**{"3__from_hand": 0}), "\"seats\", 'Di': from_hand must be a whole number from 1 to 10, not 0."),
    (_seated(**{"3__from_hand": 11}), "from_hand must be a whole number from 1 to 10, not 11."),
    (_seated(**{"3__from_hand": "2"}), "from_hand must be a whole number from 1 to 10, not '2'."),
    (_seated(**{"3__start_points": -5}), "start_points must be a whole number from 0"),
    (_seated(**{"1__left_after_hand": 0}), "\"seats\", 'Bo': left_after_hand must be a whole number from 1 to 10"),
    (_seated(**{"3__left_after_hand": 1}), "left_after_hand must be a whole number from 2 to 10, not 1."),
    # Di joins at hand 2 but has an entry in hand 1
    (_seated(**{"3__from_hand": 2, "hands": [{"double": 9, "entries": [{"player": "Di", "points": 4}]}]}),
     "hand 1, entry 1: Di is not at the table in this hand (joins from hand 2, by \"seats\")."),
    # a leaver's entry after leaving
    (_seated(**{"1__left_after_hand": 1, "hands": [{"double": 9, "entries": []},
                                                    {"double": 8, "entries": [{"player": "Bo", "points": 4}]}]}),
     "hand 2, entry 1: Bo is not at the table in this hand (left after hand 1, by \"seats\")."),
    # everyone left: hand 2 would have one player
    (_seated(**{"0__left_after_hand": 1, "1__left_after_hand": 1, "3__from_hand": 5}),
     '"seats": The Classic rules with a double-9 set seat 2 to 10 players; hand 2 would have 1.'),
    # two Bos at one hand
    (_seated(players=["Ann", "Bo", "Cy", "Bo"], seats=[{"player": "Ann"}, {"player": "Bo"}, {"player": "Cy"},
                                                      {"player": "Bo", "from_hand": 2}]), "same name"),
    (_seated(name=["Friday"]), '"name" must be the name of the game'),
    (_seated(name="x" * 61), '"name": Keep the game\'s name to 60 characters.'),
    (_seated(first_starter=5), '"first_starter" must be a place in "players" from 1 to 4 (or null), not 5.'),
    (_seated(first_starter=True), '"first_starter" must be a place in "players"'),
]


@pytest.mark.parametrize("doc,message", SEATING)
def test_contradictory_seating_is_refused_whole_naming_the_field(client, app, doc, message):
    before = counts(app)
    response = client.post("/games/import", json=doc)
    assert response.status_code == 400
    problems = response.get_json()["problems"]
    assert any(message in p for p in problems), problems
    assert counts(app) == before


def test_a_late_player_in_super_15_starts_with_no_rounds_won(client, app):
    doc = {"format": "chickenyard/game-v1", "preset": "super-15", "set": 15, "players": ["Ann", "Bo", "Cy"],
           "seats": [{"player": "Ann"}, {"player": "Bo"}, {"player": "Cy", "from_hand": 2, "start_points": 1}]}
    problems = client.post("/games/import", json=doc).get_json()["problems"]
    assert any("start_points must be 0: a late player in Super 15 starts with no rounds won." in p
               for p in problems), problems
