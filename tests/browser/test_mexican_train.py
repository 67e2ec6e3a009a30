"""One full Mexican Train round entered in Chromium."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_score_sheet_flow import expect_totals, player_field, tap_tile

pytestmark = pytest.mark.browser


def test_a_mexican_train_round(browser, live_server, artifacts):
    page = browser.new_context(viewport={"width": 360, "height": 780}).new_page()
    page.goto(live_server + "/games/new")
    page.locator("#game").select_option("mexican-train")
    page.get_by_text("More players").click()
    for i, name in enumerate(["Ann", "Bo", "Cy", "Di", "Ed"]):
        page.locator("input[name=player]").nth(i).fill(name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    expect(page.locator(".rules-line")).to_contain_text("Mexican Train")
    page.get_by_role("link", name="Enter round 1 (15|15)").click()
    ann = player_field(page, "Ann")
    ann.locator("summary").first.click()
    for tile in ("0|0", "12|14", "3|9"):
        tap_tile(page, ann, tile)
    expect(ann.locator("input.points")).to_have_value("38")     # no 0|0 bonus in Mexican Train
    for name, points in (("Bo", "44"), ("Di", "7"), ("Ed", "21")):
        player_field(page, name).locator("input.points").fill(points)
    page.locator(".went-out").get_by_label("Cy").check()
    page.get_by_role("button", name="Save round 1").click()
    page.locator("#sheet").wait_for()
    expect_totals(page, ["38", "44", "0", "7", "21"])
    expect(page.get_by_role("link", name="Enter round 2 (14|14)")).to_be_visible()
    page.screenshot(path=str(artifacts / "mexican-train-360.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
