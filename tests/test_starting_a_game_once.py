"""The new-game form starts one game: sent twice (a double tap, Back and send again), the second
finds the game the first one started."""
from __future__ import annotations

from chickenyard.storage.db import connect
from tests.elements import element, texts

GAME = {"game": "chickenfoot", "preset": "classic", "set": "9", "double_blank": "50", "hands": "",
        "player": ["Ann", "Bo", "Cy"]}


def form_token(page) -> str:
    return element(page, 'form[action="/games/new"] input[type=hidden][name="form_token"]')["value"]


def games(app) -> int:
    return connect(app.config["DATABASE"]).execute("select count(*) from games").fetchone()[0]


def test_the_same_form_sent_twice_starts_one_game(client, app):
    token = form_token(client.get("/games/new"))
    first = client.post("/games/new", data={**GAME, "form_token": token})
    assert first.status_code == 303
    client.get(first.headers["Location"])
    again = client.post("/games/new", data={**GAME, "form_token": token})
    assert again.status_code == 303 and again.headers["Location"] == first.headers["Location"]
    assert games(app) == 1
    assert texts(client.get(again.headers["Location"]), "div.flashes p") == [
        "This game is already started: here it is."]


def test_a_form_shown_again_to_fix_it_keeps_its_token_and_a_new_form_is_a_new_game(client, app):
    token = form_token(client.get("/games/new"))
    fix = client.post("/games/new", data={**GAME, "player": ["Ann"], "form_token": token})
    assert fix.status_code == 422 and form_token(fix) == token
    picked = client.post("/games/new", data={**GAME, "pick": "Di", "form_token": token})
    assert form_token(picked) == token
    first = client.post("/games/new", data={**GAME, "form_token": token})
    assert client.post("/games/new", data={**GAME, "form_token": token}).headers["Location"] == first.headers["Location"]
    # the table starts another game with the same players: a new form, a new game
    fresh = form_token(client.get("/games/new"))
    assert fresh != token
    second = client.post("/games/new", data={**GAME, "form_token": fresh})
    assert second.status_code == 303 and second.headers["Location"] != first.headers["Location"]
    assert games(app) == 2


def test_a_form_with_no_token_or_a_made_up_one_still_starts_a_game(client, app):
    for token in (None, "", "x", "é" * 30, "a" * 500):
        data = GAME if token is None else {**GAME, "form_token": token}
        response = client.post("/games/new", data=data)
        assert response.status_code == 303
    assert games(app) == 5
