"""Whatever is not there, or not this phone's to see, is the same readable 404 page."""
from __future__ import annotations

import re

import pytest

from chickenyard.game.sheet import load_sheet
from chickenyard.storage.db import connect
from chickenyard.storage.photos import save_photo
from tests.sheet_helpers import player_ids, start_game

NOT_FOUND = "There is nothing here. The game may have been deleted, or the link is mistyped."
FOUND = {"tiles": [[1, 2]], "total": 3, "width": 80, "height": 60, "unreadable": [],
         "tiles_detail": [{"values": [1, 2], "confidence": 0.9, "corners": [[0, 0], [9, 0], [9, 5], [0, 5]]}]}


@pytest.fixture
def table(app, client):
    """A game with one stored photo, a Castle Rock game, and the ids of what is there."""
    game_id = start_game(client)
    ids = player_ids(app, game_id)
    db = connect(app.config["DATABASE"])
    sheet = load_sheet(db, game_id)
    photo_id = save_photo(db, app.config["PHOTOS"], sheet, sheet.hand(1), ids["Ann"], b"\xff\xd8 photo", FOUND)
    castle = client.post("/castle-rock/new", data={"mode": "table", "set": "6"}).headers["Location"]
    person = db.execute("select id from people where name = 'Ann'").fetchone()[0]
    return {"game": game_id, "ann": ids["Ann"], "photo": photo_id, "castle": castle, "person": person,
            "photo_file": f"{app.config['PHOTOS']}/{game_id}/{db['photos'].get(photo_id)['file']}"}


CASES = {
    "a game that is not there": ("get", "/games/999"),
    "its live sheet": ("get", "/games/999/live"),
    "a hand past the last": ("get", "/games/{game}/hands/11"),
    "saving a hand past the last": ("post", "/games/{game}/hands/11"),
    "a photo for a player not in the game": ("get", "/games/{game}/hands/1/players/999999/photo"),
    "a photo for a hand past the last": ("get", "/games/{game}/hands/11/players/{ann}/photo"),
    "a photo that is not there": ("get", "/games/{game}/photos/999"),
    "another game's photo": ("get", "/games/999/photos/{photo}"),
    "a warning of a hand past the last": ("post", "/games/{game}/hands/99/dismiss"),
    "a join link nobody has": ("get", "/join/not-a-link"),
    "a player who is not there": ("get", "/players/999999"),
    "a Castle Rock game that is not there": ("get", "/castle-rock/999"),
}


@pytest.mark.parametrize("case", CASES)
def test_what_is_not_there_is_the_404_page(client, table, case):
    method, url = CASES[case]
    response = getattr(client, method)(url.format(**table), **({"data": {}} if method == "post" else {}))
    assert response.status_code == 404
    assert _lead(response) == NOT_FOUND


def test_the_photo_of_a_deleted_file_is_the_404_page(client, table):
    import os
    os.remove(table["photo_file"])
    response = client.get(f"/games/{table['game']}/photos/{table['photo']}/image")
    assert response.status_code == 404 and _lead(response) == NOT_FOUND


def test_a_stranger_finds_nothing_of_a_game_a_players_page_or_a_castle_rock_game(app, table):
    stranger = app.test_client()
    for url in (f"/games/{table['game']}", f"/games/{table['game']}/photos/{table['photo']}",
                f"/players/{table['person']}", "/players", table["castle"]):
        response = stranger.get(url)
        assert response.status_code == 404 and _lead(response) == NOT_FOUND, url


def test_the_api_is_told_in_json(client, table):
    assert client.get("/games/999/export.json").get_json() == {"error": NOT_FOUND, "status": 404}


def _lead(response) -> str:
    found = re.search(r'<section class="card error-page" id="error-page">.*?<p class="lead">(.*?)</p>',
                      response.get_data(as_text=True), re.S)
    return found.group(1) if found else ""
