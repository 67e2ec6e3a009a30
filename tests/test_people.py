"""The people who play: one person across games, picked on the new-game form, renamed and merged."""
from __future__ import annotations

import csv
import io
import re

from chickenyard.storage import migrations
from chickenyard.storage.db import connect
from tests.elements import by_role, element, elements, has_id, text, texts, with_role
from tests.sheet_helpers import column_heads, hand_form, player_ids, start_game


def people_of(app) -> dict[str, list[int]]:
    """Each person's name -> the games they sat in."""
    db = connect(app.config["DATABASE"])
    rows = db.query("select pe.name, pl.game_id from people pe join players pl on pl.person_id = pe.id "
                    "order by pl.game_id")
    out: dict[str, list[int]] = {}
    for r in rows:
        out.setdefault(r["name"], []).append(r["game_id"])
    return out


def person_id(app, name) -> int:
    db = connect(app.config["DATABASE"])
    return db.execute("select id from people where name = ?", [name]).fetchone()[0]


def test_a_typed_name_that_matches_a_known_player_is_that_player(client, app):
    first = start_game(client, players=("Ann", "Bo"))
    second = start_game(client, players=("  ann ", "BO", "Cy"))
    assert people_of(app) == {"Ann": [first, second], "Bo": [first, second], "Cy": [second]}
    # the seat keeps the name as typed in that game
    assert set(player_ids(app, second)) == {"ann", "BO", "Cy"}


def test_the_migration_matches_existing_games_names_into_people(tmp_path, monkeypatch):
    path = str(tmp_path / "old.db")
    db = connect(path)
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:6])
    assert migrations.migrate(db) == 6
    for game_id, names in ((1, ["Ann", "Bo"]), (2, [" ANN", "Di"]), (3, ["bo ", "ann"])):
        db["games"].insert({"id": game_id, "game": "chickenfoot", "preset": "classic", "set_size": 9,
                            "house_rules": "{}", "created_at": f"2026-01-0{game_id}T20:00:00+00:00",
                            "edit_key": f"e{game_id}", "view_key": f"v{game_id}"})
        db["players"].insert_all({"game_id": game_id, "seat": s, "name": n} for s, n in enumerate(names, 1))
    monkeypatch.undo()
    assert migrations.migrate(db) == len(migrations.MIGRATIONS)
    rows = {r["name"]: r["n"] for r in db.query(
        "select pe.name, count(*) as n from people pe join players pl on pl.person_id = pe.id group by pe.id")}
    assert rows == {"Ann": 3, "Bo": 2, "Di": 1}
    assert db.execute("select count(*) from players where person_id is null").fetchone()[0] == 0


def test_a_seat_added_by_another_path_still_joins_its_person(client, app):
    game_id = start_game(client, players=("Ann", "Bo"))
    db = connect(app.config["DATABASE"])
    db["players"].insert({"game_id": game_id, "seat": 3, "name": " ann "})   # e.g. a late player
    assert db.execute("select count(*) from people").fetchone()[0] == 2
    assert people_of(app)["Ann"] == [game_id, game_id]


def seated(page) -> list[str]:
    """The new game form's seats as typed, in seat order."""
    return [seat.get("value", "") for seat in elements(page, 'input[name="player"]')]


def test_the_new_game_form_offers_known_players_in_seat_order(client, app):
    start_game(client, players=("Ann", "Bo", "Cy"))
    page = client.get("/games/new").get_data(as_text=True)
    assert [pick["value"] for pick in elements(page, '[name="pick"]')] == ["Ann", "Bo", "Cy"]
    assert [option["value"] for option in elements(page, "datalist#known-names option")] == ["Ann", "Bo", "Cy"]
    # without JavaScript: each tap posts the form back with the player in the next empty seat
    data = {"game": "chickenfoot", "preset": "classic", "set": "9", "double_blank": "50",
            "player": ["", "Di", "", ""], "pick": "Cy"}
    page = client.post("/games/new", data=data).get_data(as_text=True)
    seats = seated(page)
    assert seats[:3] == ["Cy", "Di", ""]
    assert element(page, '.pick[value="Cy"]')["aria-pressed"] == "true"
    assert with_role(page, "alert") == []          # a pick is not a failed start
    data["player"] = seats[:4]
    data["pick"] = "Ann"
    seats = seated(client.post("/games/new", data=data))
    assert seats[:3] == ["Cy", "Di", "Ann"]
    data["pick"] = "Cy"                        # tapped again: off the seat
    data["player"] = seats[:4]
    seats = seated(client.post("/games/new", data=data))
    assert seats[:3] == ["", "Di", "Ann"]


def test_rename_shows_everywhere_printed_sheets_and_exports_too(client, app):
    first = start_game(client, players=("Ann", "Bo"))
    ids = player_ids(app, first)
    client.post(f"/games/{first}/hands/1", data=hand_form(ids, {"Ann": 7}, went_out="Bo"))
    second = start_game(client, players=("ann", "Cy"))
    ann = person_id(app, "Ann")
    response = client.post(f"/players/{ann}/rename", data={"name": "Annie"})
    assert response.status_code == 303
    for game_id in (first, second):
        sheet = client.get(f"/games/{game_id}").get_data(as_text=True)
        assert column_heads(sheet)[0] == "Annie", game_id
    assert client.get(f"/games/{first}/export.json").get_json()["players"] == ["Annie", "Bo"]
    rows = list(csv.reader(io.StringIO(client.get(f"/games/{second}/export.csv").get_data(as_text=True))))
    assert rows[0][2:] == ["Annie", "Cy"]
    printed = client.get(f"/games/{first}/print").get_data(as_text=True)
    assert texts(printed, "thead th")[1:] == ["Annie", "Bo"]
    player_page = client.get(f"/players/{ann}").get_data(as_text=True)
    assert text(player_page, "h1") == "Annie"
    games = texts(player_page, f'a.game-link[href="/games/{second}"] .muted')
    assert len(games) == 1 and "played as ann" in games[0]


def test_rename_to_another_players_name_is_refused_and_keeps_what_was_typed(client, app):
    start_game(client, players=("Ann", "Bo"))
    bo = person_id(app, "Bo")
    response = client.post(f"/players/{bo}/rename", data={"name": " ANN "})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert text(page, '#people-problem[role="alert"]').startswith(
        "Ann is already a player here. If they are the same person, merge")
    assert element(page, 'input#name[name="name"]')["value"] == "ANN"
    assert client.post(f"/players/{bo}/rename", data={"name": "   "}).status_code == 422
    assert client.post(f"/players/{bo}/rename", data={"name": "x" * 41}).status_code == 422
    assert people_of(app).keys() == {"Ann", "Bo"}


def test_merge_makes_two_players_one_person_across_their_games(client, app):
    first = start_game(client, players=("Ann", "Bo"))
    second = start_game(client, players=("Annie", "Cy"))
    ann, annie = person_id(app, "Ann"), person_id(app, "Annie")
    assert client.post(f"/players/{ann}/merge", data={"other": str(annie)}).status_code == 303
    assert people_of(app) == {"Ann": [first, second], "Bo": [first], "Cy": [second]}
    assert client.get(f"/players/{annie}").status_code == 404
    # one name everywhere: the person's, on screen and in the saved file
    assert client.get(f"/games/{second}/export.json").get_json()["players"] == ["Ann", "Cy"]
    assert column_heads(client.get(f"/games/{second}")) == ["Ann", "Cy"]


def test_two_players_of_one_game_cannot_be_merged(client, app):
    start_game(client, players=("Ann", "Bo"))
    response = client.post(f"/players/{person_id(app, 'Ann')}/merge", data={"other": str(person_id(app, 'Bo'))})
    assert response.status_code == 422
    assert "sat at the same game" in text(response, "#people-problem")
    assert people_of(app).keys() == {"Ann", "Bo"}
    for other in ("", "9999"):      # none chosen, or one who is no longer there (merged away meanwhile)
        response = client.post(f"/players/{person_id(app, 'Ann')}/merge", data={"other": other})
        assert response.status_code == 422
        assert text(response, "#people-problem") == "Choose the player to merge into this one."


def test_import_matches_players_by_name(client, app):
    game_id = start_game(client, players=("Ann", "Bo"))
    doc = {"format": "chickenyard/game-v1", "game": "chickenfoot", "preset": "classic", "set": 9,
           "players": [" ANN", "Di"], "hands": []}
    response = client.post("/games/import", json=doc)
    assert response.status_code == 201
    imported = response.get_json()["id"]
    assert people_of(app) == {"Ann": [game_id, imported], "Bo": [game_id], "Di": [imported]}
    # the person's name, as everywhere else
    assert client.get(f"/games/{imported}/export.json").get_json()["players"] == ["Ann", "Di"]


def test_players_pages_need_a_link_to_a_game_and_changes_need_an_edit_link(client, app):
    stranger = app.test_client()
    assert stranger.get("/players").status_code == 404
    game_id = start_game(client, players=("Ann", "Bo"))
    ann = person_id(app, "Ann")
    assert stranger.get(f"/players/{ann}").status_code == 404
    assert stranger.post(f"/players/{ann}/rename", data={"name": "Zed"}).status_code == 404
    db = connect(app.config["DATABASE"])
    view_key = db["games"].get(game_id)["view_key"]
    watcher = app.test_client()
    watcher.get(f"/join/{view_key}")
    assert watcher.get("/players").status_code == 200
    assert has_id(client.get(f"/players/{ann}"), "change") and not has_id(watcher.get(f"/players/{ann}"), "change")
    assert watcher.post(f"/players/{ann}/rename", data={"name": "Zed"}).status_code == 403
    assert people_of(app).keys() == {"Ann", "Bo"}


def test_a_late_player_is_the_person_of_that_name(client, app):
    first = start_game(client, players=("Ann", "Bo"))
    second = start_game(client, players=("Cy", "Di"))
    response = client.post(f"/games/{second}/players", data={"player": "  ANN ", "start": "zero"})
    assert response.status_code == 303
    assert people_of(app)["Ann"] == [first, second]
    page = client.get(f"/games/{second}/settings").get_data(as_text=True)
    assert by_role(page, "link", "Rename or merge Ann")["href"] == f"/players/{person_id(app, 'Ann')}#change"
