"""The photo review in Chromium: "Look closer", and a tap on the photo, add a missed tile; what was typed stays."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_score_sheet_flow import player_field, start_game
from tests.shared_files import shared

pytestmark = pytest.mark.browser


def review_of_photo(browser, live_server, js, photo):
    """The `photo` counted for Bo in hand 1 of a new game, on a phone 360 px wide (with or
    without JavaScript): the phone's context and the page of the review."""
    pytest.importorskip("cv2")
    context = browser.new_context(viewport={"width": 360, "height": 780}, java_script_enabled=js)
    page = context.new_page()
    start_game(page, live_server)
    page.get_by_role("link", name="Enter hand 1 (9|9)").click()
    player_field(page, "Bo").get_by_role("button", name="Count from a photo").click()
    page.wait_for_url(re.compile(r"/photo$"))
    page.locator("input[type=file]").set_input_files(str(photo))
    page.get_by_role("button", name="Count the pips").click()
    page.wait_for_url(re.compile(r"/photos/\d+$"))
    return context, page


@pytest.mark.parametrize("js", [True, False], ids=["with-js", "without-js"])
def test_look_closer_adds_the_missed_tile_at_360_px(browser, live_server, artifacts, js, without_unread_stages):
    """briandiaz-01: the first reading (without the stages that now find it) misses the 5|6 of a
    cross of tiles; "Look closer" finds it, and what was typed stays."""
    context, page = review_of_photo(browser, live_server, js, shared("photos-more", "briandiaz-01.jpg"))
    tiles = page.locator("ol.found-tiles > li")
    expect(tiles).to_have_count(4)
    first = page.get_by_label("Tile 1, first half")
    first.fill("7")                                    # a correction typed before looking closer
    page.get_by_role("button", name="Look closer for missed tiles").click()
    notice = page.locator("#review-notice")
    expect(notice).to_have_text(re.compile(r"^Looked closer and found 1 more tile"))
    expect(tiles).to_have_count(5)
    expect(page.get_by_label("Tile 1, first half")).to_have_value("7")
    halves = {(page.get_by_label(f"Tile {n}, first half").input_value(),
               page.get_by_label(f"Tile {n}, second half").input_value()) for n in range(1, 6)}
    assert ("5", "6") in halves
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(artifacts / f"photo-review-closer-{'js' if js else 'nojs'}.png"), full_page=True)
    context.close()


@pytest.mark.parametrize("js", [True, False], ids=["with-js", "without-js"])
def test_a_tap_on_the_photo_reads_the_missed_tile_at_360_px(browser, live_server, artifacts, js):
    """rakeduk-01: the first reading misses the pink 0|2 at the top left, on black leather; a tap
    there reads it and adds it, and what was typed stays."""
    context, page = review_of_photo(browser, live_server, js, shared("photos", "rakeduk-01.jpg"))
    tiles = page.locator("ol.found-tiles > li")
    expect(tiles).to_have_count(1)
    corrected = page.get_by_label("Tile 1, first half")
    corrected.fill("7")                                          # a correction typed before the tap
    corrected = page.locator(f"input[name={corrected.get_attribute('name')}]")   # the tiles are numbered anew
    photo = page.get_by_role("button", name=re.compile("tap a tile that was missed"))
    expect(photo).to_be_visible()
    box = photo.bounding_box()
    assert box["width"] <= 360 - 16
    scale = box["width"] / 1600                                 # the photo is 1600 x 1200 pixels
    photo.click(position={"x": 448 * scale, "y": 272 * scale})   # the 0|2 the first reading missed
    notice = page.locator("#review-notice")
    expect(notice).to_contain_text("Read the tile you tapped as 0|2")
    expect(tiles).to_have_count(2)
    expect(corrected).to_have_value("7")
    number = re.search(r"number (\d+) on the photo", notice.inner_text()).group(1)
    expect(page.get_by_label(f"Tile {number}, first half")).to_have_value("0")
    expect(page.get_by_label(f"Tile {number}, second half")).to_have_value("2")
    added = page.locator("ol.found-tiles > li").filter(has=page.get_by_label(f"Tile {number}, first half"))
    expect(added.locator(".confidence")).to_have_text(re.compile(r"^check \(\d+% sure\)$", re.I))
    expect(added.locator(".badge")).to_have_css("background-color", "rgb(211, 84, 0)")    # the photo's orange
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(artifacts / f"photo-review-tap-{'js' if js else 'nojs'}.png"), full_page=True)
    context.close()
