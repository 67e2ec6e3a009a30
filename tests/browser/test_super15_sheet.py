"""Super 15 at the table, in Chromium at 360 px: a blocked round settled on the sheet."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_score_sheet_flow import player_field

pytestmark = pytest.mark.browser


def test_a_blocked_round_with_every_count_given_shows_no_warning(browser, live_server, artifacts):
    page = browser.new_context(viewport={"width": 360, "height": 800}).new_page()
    page.goto(live_server + "/games/new")
    page.locator("#game").select_option("super-15")
    names = page.locator("input[name=player]")
    for i, name in enumerate(("Ann", "Bo", "Cy")):
        names.nth(i).fill(name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    page.get_by_role("link", name="Enter round 1").click()
    for name, left, pips in (("Ann", "3", "20"), ("Bo", "3", "15"), ("Cy", "5", "30")):
        player_field(page, name).locator("input.left").fill(left)
        player_field(page, name).locator("input.points").fill(pips)
    page.get_by_role("button", name="Save round 1").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    expect(page.locator("tfoot td")).to_have_text([re.compile(r"^\s*0\s*$"), re.compile(r"1"),
                                                   re.compile(r"^\s*0\s*$")])
    expect(page.get_by_role("link", name=re.compile("Enter round 2"))).to_be_visible()
    expect(page.get_by_role("list", name="The referee's warnings")).to_have_count(0)
    page.screenshot(path=str(artifacts / "super15-blocked-round.png"), full_page=True)
