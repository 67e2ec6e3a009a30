"""Castle Rock in the app: real tiles told one by one, and practice on screen."""
from __future__ import annotations

import re

import pytest
from tests.elements import by_id, by_role, element, elements, text, texts


def start(client, mode, set_size=6):
    response = client.post("/castle-rock/new", data={"mode": mode, "set": str(set_size)})
    assert response.status_code == 303
    return response.headers["Location"]


def test_home_shows_the_rules_and_win_rates(client):
    page = client.get("/castle-rock").get_data(as_text=True)
    assert any("The game is won if only two dominoes remain" in quote for quote in texts(page, "blockquote.quote"))
    assert all("a simple player" in line for line in texts(by_id(page, "castle-rock-stats"), "p")[:2])


def test_real_tiles_are_told_and_removals_offered(client):
    url = start(client, "table")
    page = client.get(url).get_data(as_text=True)
    assert len(elements(page, '[name="picked"]')) == 28          # the tile picker offers the whole unseen set
    for tile in ("0|1", "4|5"):
        assert client.post(url + "/move", data={"action": "draw", "tile": tile}).status_code == 303
    assert client.post(url + "/move", data={"action": "draw", "picked": "1|6"}).status_code == 303
    page = client.get(url).get_data(as_text=True)
    moves = element(page, "form.castle-moves")
    assert element(moves, '[value="middle-1"]') and text(moves, "p strong") == "A removal is possible, so one must be made:"
    refused = client.post(url + "/move", data={"action": "draw", "tile": "2|2"})
    assert refused.status_code == 422 and "must be made before drawing" in text(refused, "#error-move")
    client.post(url + "/move", data={"action": "middle-1"})
    bad = client.post(url + "/move", data={"action": "draw", "tile": "9|9"})
    assert bad.status_code == 422 and "9|9 is not in a double-6 set" in text(bad, "#error-move")
    assert client.post(url + "/move", data={"action": "draw", "tile": "nonsense"}).status_code == 422


def play_to_the_end(client, url) -> str:
    """Take the first action offered until none is: the page at the end."""
    for _ in range(100):
        page = client.get(url).get_data(as_text=True)
        actions = re.findall(r'name="action" value="([^"]+)"', page)
        if not actions:
            return page
        client.post(url + "/move", data={"action": actions[0]})
    raise AssertionError("the game did not end")


def test_a_practice_game_plays_to_its_end(client):
    page = play_to_the_end(client, start(client, "practice"))
    outcome = text(page, ".winner, .lost")
    assert "Won!" in outcome or "Lost:" in outcome


def test_someone_elses_game_is_not_found(app, client):
    url = start(client, "practice")
    assert app.test_client().get(url).status_code == 404
    assert client.post("/castle-rock/new", data={"mode": "cheat"}).status_code == 400


def test_several_tiles_told_at_once_join_until_a_removal_is_due(client):
    url = start(client, "table")
    # 0|1 4|5 1|6 makes a removal due (0|1 and 1|6 share a 1): 2|2 must wait for it
    response = client.post(url + "/move", data={"action": "draw", "tile": "0|1, 4|5 1|6 2|2"})
    assert response.status_code == 303 and response.headers["Location"].endswith("?tile=2%7C2")
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "0|1, 4|5, 1|6 joined the row; 2|2 must wait" in page and "must always remove" in page
    assert "Waiting to join the row after the removal: 2|2" in page and 'value="middle-1"' in page
    after = client.post(url + "/move", data={"action": "middle-1", "waiting": "2|2"})
    page = client.get(after.headers["Location"]).get_data(as_text=True)
    assert element(page, 'input#tile[name="tile"]')["value"] == "2|2"
    refused = client.post(url + "/move", data={"action": "draw", "tile": "3|3 x|y"})
    assert refused.status_code == 422 and text(refused, "#error-move").startswith("'x|y' is not a tile")


def _row_photo(client, url, tiles, seed=21):
    import io
    from tests.vision.synthetic import photo_of
    data = photo_of([(t, (110 + i * 130, 380), 0) for i, t in enumerate(tiles)], seed=seed, width=1000)
    return client.post(url + "/photo", data={"photo": (io.BytesIO(data), "row.jpg")},
                       content_type="multipart/form-data")


def test_a_photo_of_the_row_offers_the_new_tiles_at_its_end(client):
    pytest.importorskip("cv2")
    url = start(client, "table")
    # the row's first three tiles, turned over and laid out: all three are new
    page = _row_photo(client, url, [(0, 1), (4, 5), (2, 3)]).get_data(as_text=True)
    assert "New at the end: 0|1 4|5 2|3" in text(page, "#photo-note")
    assert element(page, "input#tile")["value"] == "0|1 4|5 2|3"
    client.post(url + "/move", data={"action": "draw", "tile": "0|1 4|5 2|3"})
    # one more tile turned over: the photo shows four, of which the last is new
    page = _row_photo(client, url, [(0, 1), (4, 5), (2, 3), (6, 6)], seed=22).get_data(as_text=True)
    assert "New at the end: 6|6" in text(page, "#photo-note") and element(page, "input#tile")["value"] == "6|6"
    # the same row photographed from the far side of the table reads the other way round
    page = _row_photo(client, url, [(6, 6), (3, 2), (5, 4), (1, 0)], seed=23).get_data(as_text=True)
    assert "New at the end: 6|6" in text(page, "#photo-note")


def test_a_photo_of_the_row_that_is_not_a_photo_or_without_opencv(client, monkeypatch):
    import io

    import vision
    url = start(client, "table")
    monkeypatch.setattr(vision, "available", lambda: False)
    page = client.get(url).get_data(as_text=True)
    assert "needs the optional OpenCV module" in page
    response = client.post(url + "/photo", data={"photo": (io.BytesIO(b"x"), "row.jpg")},
                           content_type="multipart/form-data")
    assert response.status_code == 503 and "not installed" in response.get_data(as_text=True)
    monkeypatch.undo()
    pytest.importorskip("cv2")
    response = client.post(url + "/photo", data={"photo": (io.BytesIO(b"GIF89a no"), "row.jpg")},
                           content_type="multipart/form-data")
    assert response.status_code == 400 and "not a photo Chickenyard can read" in response.get_data(as_text=True)
    assert client.post(url + "/photo", data={}).status_code == 400
    practice = start(client, "practice")
    assert client.post(practice + "/photo", data={}).status_code == 400


def test_a_tile_told_by_mistake_is_taken_back_and_a_finished_game_offers_another(client):
    url = start(client, "table")
    client.post(url + "/move", data={"action": "draw", "tile": "0|1 4|5 1|6"})   # 1|6 was meant to be 2|6
    page = client.get(url).get_data(as_text=True)
    assert text(page, "form#untell button") == "Take back 1|6 (told by mistake)"
    response = client.post(url + "/untell", data={})
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "1|6 is taken back" in text(page, "div.flashes") and len(elements(page, ".row-tile")) == 2
    assert element(page, "input#tile")["value"] == "1|6"                    # ready to be told again
    assert client.post(url + "/untell", data={}).status_code == 422          # only the last one, once
    practice = start(client, "practice")
    page = play_to_the_end(client, practice)
    assert by_role(page, "button", "Play again")
    assert text(page, ".winner, .lost").startswith(("Won!", "Lost:"))
    assert client.post(practice + "/untell", data={}).status_code == 422     # practice: nothing told
