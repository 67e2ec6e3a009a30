"""Finding a tile among a double-15 set's 135 on a 360 px phone: by suit, or typed as "12 7"."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_score_sheet_flow import player_field

pytestmark = pytest.mark.browser


def mexican_train_round(page, base):
    page.goto(base + "/games/new")
    page.locator("#game").select_option("mexican-train")
    for i, name in enumerate(["Ann", "Bo", "Cy"]):
        page.locator("input[name=player]").nth(i).fill(name)
    page.get_by_role("button", name="Start the game", exact=True).last.click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    page.get_by_role("link", name="Enter round 1 (15|15)").click()


@pytest.mark.parametrize("js", [True, False])
def test_typed_tiles_are_ticked_and_added_up(browser, live_server, artifacts, js):
    page = browser.new_context(viewport={"width": 360, "height": 780}, java_script_enabled=js).new_page()
    mexican_train_round(page, live_server)
    ann = player_field(page, "Ann")
    ann.locator("summary").first.click()
    # the picker is folded into suits: short, whatever the set
    height = ann.locator(".tile-picker").bounding_box()["height"]
    assert height < 900, height
    page.screenshot(path=str(artifacts / f"tile-picker-by-suit{'' if js else '-nojs'}-360.png"), full_page=True)
    ann.get_by_label("Type the tiles").fill("12 7, 3 4")
    if js:
        ann.get_by_label("Type the tiles").press("Enter")
        expect(ann.locator("input.points")).to_have_value("26")
    else:
        ann.get_by_role("button", name="Add").click()
        page.wait_for_load_state()
        ann = player_field(page, "Ann")
    for tile in ("7|12", "3|4"):
        assert ann.locator(f"input[value='{tile}']").is_checked()
    expect(ann.get_by_label("Type the tiles")).to_have_value("")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.locator(".went-out").get_by_label("Cy").check()
    page.get_by_role("button", name="Save round 1").click()
    page.locator("#sheet").wait_for()
    expect(page.locator("tfoot td").first).to_have_text(re.compile(r"^26"))


def test_a_typed_tile_that_is_not_one_is_explained(browser, live_server):
    page = browser.new_context(viewport={"width": 360, "height": 780}).new_page()
    mexican_train_round(page, live_server)
    ann = player_field(page, "Ann")
    ann.locator("summary").first.click()
    ann.get_by_label("Type the tiles").fill("12 7 3")
    page.get_by_role("button", name="Save round 1").click()
    error = ann.locator(".field-error")
    expect(error).to_contain_text("two numbers")
    expect(player_field(page, "Ann").get_by_label("Type the tiles")).to_have_value("12 7 3")
