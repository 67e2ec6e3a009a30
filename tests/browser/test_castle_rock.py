"""A Castle Rock game played on screen in Chromium, to its end."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_play_a_practice_game_to_the_end(browser, live_server, artifacts):
    page = browser.new_context(viewport={"width": 360, "height": 780}).new_page()
    page.goto(live_server + "/castle-rock")
    page.locator("#set").select_option("6")
    page.get_by_role("button", name="Practice on screen").click()
    page.locator("#castle-rock").wait_for()
    for _ in range(80):
        buttons = page.locator(".castle-moves button")
        if buttons.count() == 0:
            break
        buttons.first.click()
        page.locator("#castle-rock").wait_for()
    outcome = page.locator(".winner, .lost")
    expect(outcome).to_have_count(1)
    expect(outcome).to_contain_text(re.compile(r"Won!|Lost:"))
    expect(page.get_by_role("button", name="Play again")).to_have_count(1)
    page.screenshot(path=str(artifacts / "castle-rock-360.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_real_tiles_read_from_a_photo_of_the_row(browser, live_server, artifacts, tmp_path):
    pytest.importorskip("cv2")
    from tests.vision.synthetic import photo_of
    photo = tmp_path / "row.jpg"
    photo.write_bytes(photo_of([(t, (110 + i * 130, 380), 0) for i, t in enumerate([(0, 1), (4, 5), (2, 3)])],
                               seed=31))
    page = browser.new_context(viewport={"width": 360, "height": 780}).new_page()
    page.goto(live_server + "/castle-rock")
    page.locator("#set").select_option("6")
    page.get_by_role("button", name="Real tiles").click()
    page.locator("#photo").set_input_files(str(photo))
    page.get_by_role("button", name="Read the row from the photo").click()
    expect(page.locator("#photo-note")).to_contain_text("New at the end: 0|1 4|5 2|3")
    expect(page.locator("#tile")).to_have_value("0|1 4|5 2|3")
    page.screenshot(path=str(artifacts / "castle-rock-photo-360.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.get_by_role("button", name="Add it to the row").click()
    expect(page.locator(".row-tile")).to_have_count(3)
