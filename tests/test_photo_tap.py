"""A tap on the review's photo reads the tile there, without JavaScript: the photo is the form's
image button, which posts where it was tapped, in the photo's pixels."""
from __future__ import annotations

import json
import re

import pytest

from chickenyard.storage.db import connect
from tests.elements import element, elements, text
from tests.elements import text
from tests.shared_files import shared
from tests.sheet_helpers import player_ids, start_game
from tests.test_photos import review_values, stored_photo, upload

MISSED_0_2 = (448, 272)        # rakeduk-01: the pink 0|2 on black leather, which the first reading misses
ON_TILE = (767, 883)           # ... and a point on the 1|2 it reads


def notice(page) -> str:
    return text(page, 'p.notice#review-notice[role="status"]')


def tap(client, review_url, point, typed=None):
    x, y = point
    return client.post(review_url + "/tap", data={**(typed or {}), "tap.x": str(x), "tap.y": str(y)})


@pytest.fixture
def review(client, app):
    """rakeduk-01 uploaded for Bo: the review's address and its values as first read (the 1|2 only)."""
    pytest.importorskip("cv2")
    photo = shared("photos", "rakeduk-01.jpg")
    game_id = start_game(client)
    url = upload(client, game_id, player_ids(app, game_id)["Bo"], photo.read_bytes()).headers["Location"]
    values = review_values(client.get(url).get_data(as_text=True))
    assert values == {"tile-0-a": "1", "tile-0-b": "2"}
    return url, values


def test_the_photo_is_an_image_button_that_posts_the_tap(client, review):
    url, _ = review
    page = client.get(url).get_data(as_text=True)
    button = re.search(r'<input type="image"[^>]*>', page).group(0)
    assert 'name="tap"' in button and 'form="review-form"' in button
    assert f'formaction="{url}/tap"' in button
    assert 'width="1600" height="1200"' in button    # laid out at the photo's size: taps come in its pixels


def test_tapping_the_missed_tile_reads_it_and_keeps_what_was_typed(client, app, review):
    url, values = review
    typed = {**values, "tile-0-a": "7", "reviewing": "1"}      # tile 1 corrected and unticked
    response = tap(client, url, MISSED_0_2, typed)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    said = notice(page)
    assert said.startswith("Read the tile you tapped as 0|2, ") and "% sure: number " in said
    after = review_values(page)
    assert after == {**values, "tile-0-a": "7", "tile-1-a": "0", "tile-1-b": "2"}
    assert re.findall(r'name="keep-(\d)" value="1" checked', page) == ["1"]
    # stored with the photo, with how sure the reading is
    photo_id = int(url.rsplit("/", 1)[1])
    stored = json.loads(connect(app.config["DATABASE"])["photos"].get(photo_id)["found"])
    added = stored["tiles_detail"][1]
    assert added["values"] == [0, 2] and 0 < added["confidence"] < 0.8
    assert stored["tiles"] == [[1, 2], [0, 2]] and stored["total"] == 5
    # listed to check, with how sure it is
    item = re.search(r'<li class="to-check">(?:(?!</li>).)*name="tile-1-a".*?</li>', client.get(url).get_data(as_text=True),
                     re.S).group(0)
    shown = re.sub(r"<[^>]+>", "", re.search(r'<span class="confidence small">(.*?)</span>\s*\n', item, re.S).group(1))
    assert f"{round(100 * added['confidence'])}%" in shown


def test_a_tap_on_a_tile_already_read_names_it_and_adds_nothing(client, review):
    url, values = review
    page = tap(client, url, ON_TILE, {**values, "reviewing": "1"}).get_data(as_text=True)
    assert re.fullmatch(r"That is tile \d: correct it below if it was read wrong\.", notice(page))
    assert review_values(page) == values


def test_a_tap_on_bare_table_adds_nothing_and_says_how_to_add_a_tile(client, review):
    url, values = review
    page = tap(client, url, (1500, 1100), {**values, "reviewing": "1"}).get_data(as_text=True)
    assert notice(page).startswith("No tile could be read where you tapped.")
    assert review_values(page) == values


@pytest.mark.parametrize("point", [(0, 0), (1600, 10), (10, 1200), ("x", "1")], ids=["keyboard", "right", "below", "junk"])
def test_a_press_with_no_point_on_the_photo_says_to_tap_it(client, review, point):
    url, values = review
    response = tap(client, url, point, {**values, "reviewing": "1"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert notice(page) == "Tap the photo on a tile that was missed, and it is read there."
    assert review_values(page) == values


def test_a_tap_without_the_pip_counter_says_why_and_keeps_the_review(client, app, monkeypatch):
    import vision
    url, photo_id, found = stored_photo(client, app)
    monkeypatch.setattr(vision, "available", lambda: True)
    assert element(client.get(url), "input.photo-tap")["type"] == "image"         # the photo is there to tap
    monkeypatch.setattr(vision, "available", lambda: False)
    assert elements(client.get(url), "input.photo-tap") == []
    response = tap(client, url, (400, 300), {"tile-0-a": "4", "tile-0-b": "2", "reviewing": "1"})
    assert response.status_code == 503
    page = response.get_data(as_text=True)
    assert "not installed" in text(page, "#error-form")
    assert review_values(page) == {"tile-0-a": "4", "tile-0-b": "2"}
    assert json.loads(connect(app.config["DATABASE"])["photos"].get(photo_id)["found"]) == found
