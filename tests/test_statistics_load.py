"""The players' statistics over many games: each game is read from its sheet once and again only
after it changes, and a burst of statistics pages takes its turn instead of every thread."""
from __future__ import annotations

import re

from chickenyard.game import season
from chickenyard.storage.db import connect
from chickenyard.web import limits
from tests.elements import error_said
from tests.sheet_helpers import hand_form, player_ids, start_game


def sheets_read(monkeypatch) -> list[int]:
    read, real = [], season.load_sheet

    def counted(db, game_id):
        read.append(game_id)
        return real(db, game_id)
    monkeypatch.setattr(season, "load_sheet", counted)
    return read


def test_each_game_is_read_once_and_again_only_after_it_changes(client, app, monkeypatch):
    games = [start_game(client, players=("Ann", "Bo", "Cy"), hands=2) for _ in range(5)]
    for game_id in games:
        client.post(f"/games/{game_id}/hands/1", data=hand_form(player_ids(app, game_id), {"Ann": 4, "Bo": 9},
                                                                went_out="Cy"))
    read = sheets_read(monkeypatch)
    first = client.get("/players.json").get_json()
    assert sorted(read) == games
    for path in ("/players.json", "/players", "/players?period=tonight&kind=chickenfoot", "/players/1"):
        assert client.get(path).status_code == 200
    assert sorted(read) == games                       # nothing changed: no sheet read again
    client.post(f"/games/{games[2]}/hands/2", data=hand_form(player_ids(app, games[2]), {"Ann": 1, "Cy": 2},
                                                             went_out="Bo"))
    second = client.get("/players.json").get_json()
    assert sorted(read) == sorted(games + [games[2]])  # the changed game only
    ann = lambda doc: next(p for p in doc["players"] if p["name"] == "Ann")   # noqa: E731
    assert ann(second)["hands"] == ann(first)["hands"] + 1


def test_a_rename_shows_in_the_statistics_at_once(client, app):
    game_id = start_game(client, players=("Ann", "Bo"), hands=1)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(player_ids(app, game_id), {"Ann": 4}, went_out="Bo"))
    ann = connect(app.config["DATABASE"]).execute("select id from people where name = 'Ann'").fetchone()[0]
    assert "with Bo" in client.get(f"/players/{ann}").get_data(as_text=True)
    bo = connect(app.config["DATABASE"]).execute("select id from people where name = 'Bo'").fetchone()[0]
    assert client.post(f"/players/{bo}/rename", data={"name": "Bob"}).status_code == 303
    games = re.findall(r'<a class="game-link"[^>]*>.*?</a>', client.get(f"/players/{ann}").get_data(as_text=True), re.S)
    assert len(games) == 1 and "with Bob" in games[0]
    assert {p["name"] for p in client.get("/players.json").get_json()["players"]} == {"Ann", "Bob"}


def test_statistics_beyond_those_running_and_waiting_are_told_to_wait_before_any_is_added_up(
        client, app, monkeypatch):
    start_game(client, players=("Ann", "Bo"))
    read = sheets_read(monkeypatch)
    gate = limits.statistics
    taken = 0
    while gate.admit.acquire(blocking=False):          # other phones' statistics fill every turn
        taken += 1
    try:
        for path in ("/players", "/players.json", "/players/1", "/players/season.pdf?paper=a4"):
            response = client.get(path)
            assert response.status_code == 503 and response.headers["Retry-After"] == "5", path
            said = response.get_json()["error"] if response.is_json else error_said(response)
            assert "adding up statistics for other phones" in said, path
    finally:
        for _ in range(taken):
            gate.admit.release()
    assert read == []                                  # refused before a sheet was read
    assert client.get("/players.json").status_code == 200
