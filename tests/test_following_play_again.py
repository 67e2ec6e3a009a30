"""Phones watching a finished game follow the table to the game Play again started."""
from __future__ import annotations

import re

from chickenyard.storage.db import connect
from tests.elements import by_role, elements
from tests.sheet_helpers import hand_form, player_ids, start_game


def finished_game(client, app) -> int:
    game_id = start_game(client, players=("Ann", "Bo", "Cy"), hands=1)
    ids = player_ids(app, game_id)
    client.post(f"/games/{game_id}/hands/1", data=hand_form(ids, {"Ann": 10, "Bo": 25}, went_out="Cy"))
    return game_id


def game_row(app, game_id) -> dict:
    return connect(app.config["DATABASE"])["games"].get(game_id)


def watch_phone(app, game_id):
    phone = app.test_client()
    assert phone.get(f"/join/{game_row(app, game_id)['view_key']}").status_code == 303
    return phone


def ways_on(page, game_id) -> list:
    """The sheet's links on to the game the table plays next (none while there is none)."""
    return elements(page, f'a[href="/games/{game_id}/next"]')


def shown_revision(page: str) -> str:
    """The revision the open sheet tells its poll (htmx sends it with every poll)."""
    return re.search(r'"X-Sheet-Revision": "(\d+)"', page).group(1)


def poll(phone, game_id, revision: str, view: str = ""):
    return phone.get(f"/games/{game_id}/live{'?view=' + view if view else ''}",
                     headers={"HX-Request": "true", "X-Sheet-Revision": revision})


def play_again(client, game_id) -> int:
    response = client.post(f"/games/{game_id}/again", data={})
    return int(re.search(r"/games/(\d+)$", response.headers["Location"]).group(1))


def test_a_watch_phone_polling_the_finished_game_goes_on_to_the_new_one(client, app):
    game_id = finished_game(client, app)
    watcher = watch_phone(app, game_id)
    seen = shown_revision(watcher.get(f"/games/{game_id}").get_data(as_text=True))
    assert "HX-Redirect" not in poll(watcher, game_id, seen).headers          # nothing new yet
    new_id = play_again(client, game_id)
    followed = poll(watcher, game_id, seen)
    assert followed.headers["HX-Redirect"] == f"/games/{new_id}"
    new_sheet = watcher.get(f"/games/{new_id}")
    assert new_sheet.status_code == 200
    # still a watch phone there: it can read the new sheet and change nothing
    assert watcher.post(f"/games/{new_id}/hands/1", data={}).status_code == 403


def test_the_big_screen_follows_to_the_new_games_big_screen(client, app):
    game_id = finished_game(client, app)
    watcher = watch_phone(app, game_id)
    seen = shown_revision(watcher.get(f"/games/{game_id}/tv").get_data(as_text=True))
    new_id = play_again(client, game_id)
    assert poll(watcher, game_id, seen, view="tv").headers["HX-Redirect"] == f"/games/{new_id}/tv"
    assert watcher.get(f"/games/{new_id}/tv").status_code == 200


def test_a_sheet_opened_after_play_again_stays_on_the_old_game_with_a_way_on(client, app):
    game_id = finished_game(client, app)
    new_id = play_again(client, game_id)
    watcher = watch_phone(app, game_id)
    page = watcher.get(f"/games/{game_id}").get_data(as_text=True)
    assert "HX-Redirect" not in poll(watcher, game_id, shown_revision(page)).headers
    # without JavaScript: the sheet's own link goes on, as a watch phone
    link = by_role(page, "link", "Go to the new game")["href"]
    response = watcher.get(link)
    assert response.status_code == 303 and response.headers["Location"] == f"/games/{new_id}"
    assert watcher.get(f"/games/{new_id}").status_code == 200
    assert watcher.post(f"/games/{new_id}/undo", data={}).status_code == 403


def test_a_phone_without_the_old_games_link_is_not_let_in(client, app):
    game_id = finished_game(client, app)
    new_id = play_again(client, game_id)
    stranger = app.test_client()
    assert stranger.get(f"/games/{game_id}/next").status_code == 404
    assert poll(stranger, game_id, "0").status_code == 404
    assert stranger.get(f"/games/{new_id}").status_code == 404


def test_a_deleted_new_game_leads_nowhere(client, app):
    game_id = finished_game(client, app)
    watcher = watch_phone(app, game_id)
    seen = shown_revision(watcher.get(f"/games/{game_id}").get_data(as_text=True))
    new_id = play_again(client, game_id)
    client.post(f"/games/{new_id}/delete", data={"sure": "yes"})
    stays = poll(watcher, game_id, seen)
    assert stays.status_code == 200 and "HX-Redirect" not in stays.headers
    assert watcher.get(f"/games/{game_id}/next").status_code == 404
    assert ways_on(watcher.get(f"/games/{game_id}"), game_id) == []


def test_play_again_pressed_twice_starts_one_game(client, app):
    game_id = finished_game(client, app)
    new_id = play_again(client, game_id)
    second = client.post(f"/games/{game_id}/again", data={})
    assert second.status_code == 303 and second.headers["Location"] == f"/games/{new_id}"
    assert connect(app.config["DATABASE"]).execute("select count(*) from games").fetchone()[0] == 2
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert by_role(page, "link", "Go to the new game") in ways_on(page, game_id)
    assert elements(page, f'form[action="/games/{game_id}/again"]') == []     # no second Play again
