"""The photo review in Chromium: "Look closer" finds a missed tile and keeps what was typed."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.test_score_sheet_flow import player_field, start_game

pytestmark = pytest.mark.browser

PHOTO = Path(__file__).resolve().parents[3] / "shared" / "photos-more" / "briandiaz-01.jpg"


@pytest.mark.parametrize("js", [True, False], ids=["with-js", "without-js"])
def test_look_closer_adds_the_missed_tile_at_360_px(browser, live_server, artifacts, js):
    pytest.importorskip("cv2")
    if not PHOTO.exists():
        pytest.skip("shared/photos-more is not beside this checkout")
    context = browser.new_context(viewport={"width": 360, "height": 780}, java_script_enabled=js)
    page = context.new_page()
    start_game(page, live_server)
    page.get_by_role("link", name="Enter hand 1 (9|9)").click()
    player_field(page, "Bo").get_by_role("button", name="Count from a photo").click()
    page.wait_for_url(re.compile(r"/photo$"))
    page.locator("input[type=file]").set_input_files(str(PHOTO))
    page.get_by_role("button", name="Count the pips").click()
    page.wait_for_url(re.compile(r"/photos/\d+$"))
    tiles = page.locator("ol.found-tiles > li")
    assert tiles.count() == 4
    first = page.get_by_label("Tile 1, first half")
    first.fill("7")                                    # a correction typed before looking closer
    page.get_by_role("button", name="Look closer for missed tiles").click()
    notice = page.locator("#closer-notice")
    notice.wait_for()
    assert notice.inner_text().startswith("Looked closer and found 1 more tile")
    assert tiles.count() == 5
    assert page.get_by_label("Tile 1, first half").input_value() == "7"
    halves = {(page.get_by_label(f"Tile {n}, first half").input_value(),
               page.get_by_label(f"Tile {n}, second half").input_value()) for n in range(1, 6)}
    assert ("5", "6") in halves
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(artifacts / f"photo-review-closer-{'js' if js else 'nojs'}.png"), full_page=True)
    context.close()
