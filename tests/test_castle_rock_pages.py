"""Castle Rock in the app: real tiles told one by one, and practice on screen."""
from __future__ import annotations

import re


def start(client, mode, set_size=6):
    response = client.post("/castle-rock/new", data={"mode": mode, "set": str(set_size)})
    assert response.status_code == 303
    return response.headers["Location"]


def test_home_shows_the_rules_and_win_rates(client):
    page = client.get("/castle-rock").get_data(as_text=True)
    assert "The game is won if only two dominoes remain" in page and "a simple player" in page


def test_real_tiles_are_told_and_removals_offered(client):
    url = start(client, "table")
    page = client.get(url).get_data(as_text=True)
    assert page.count('name="picked"') == 28          # the tile picker offers the whole unseen set
    for tile in ("0|1", "4|5"):
        assert client.post(url + "/move", data={"action": "draw", "tile": tile}).status_code == 303
    assert client.post(url + "/move", data={"action": "draw", "picked": "1|6"}).status_code == 303
    page = client.get(url).get_data(as_text=True)
    assert 'value="middle-1"' in page and "A removal is possible" in page
    refused = client.post(url + "/move", data={"action": "draw", "tile": "2|2"})
    assert refused.status_code == 422 and "must be made before drawing" in refused.get_data(as_text=True)
    client.post(url + "/move", data={"action": "middle-1"})
    bad = client.post(url + "/move", data={"action": "draw", "tile": "9|9"})
    assert bad.status_code == 422 and "9|9 is not in a double-6 set" in bad.get_data(as_text=True)
    assert client.post(url + "/move", data={"action": "draw", "tile": "nonsense"}).status_code == 422


def test_a_practice_game_plays_to_its_end(client):
    url = start(client, "practice")
    for _ in range(100):
        page = client.get(url).get_data(as_text=True)
        actions = re.findall(r'name="action" value="([^"]+)"', page)
        if not actions:
            break
        client.post(url + "/move", data={"action": actions[0]})
    assert "Won!" in page or "Lost:" in page


def test_someone_elses_game_is_not_found(app, client):
    url = start(client, "practice")
    assert app.test_client().get(url).status_code == 404
    assert client.post("/castle-rock/new", data={"mode": "cheat"}).status_code == 400
