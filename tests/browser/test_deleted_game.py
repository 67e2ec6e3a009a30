"""A game deleted on one phone while others still have it open, in Chromium at 360 px: a save says the
game was deleted, and an open sheet turns into the page that says so."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_players import PHONE, new_game, no_sideways_scroll

pytestmark = pytest.mark.browser


def test_a_save_and_an_open_sheet_of_a_deleted_game_say_it_was_deleted(browser, live_server, artifacts):
    context = browser.new_context(viewport=PHONE)
    sheet = context.new_page()
    new_game(sheet, live_server, ["Ann", "Bo", "Cy"])
    game_url = sheet.url
    hand = context.new_page()
    hand.goto(game_url + "/hands/1")
    hand.locator("input[name^=points-]").first.fill("12")

    other = context.new_page()                        # another tab, as another scorekeeper's phone would
    other.goto(game_url + "/settings")
    other.locator("input[name=sure]").check()
    other.get_by_role("button", name="Delete this game").click()
    other.wait_for_url(re.compile(r"/$"))

    hand.get_by_role("button", name="Save hand 1").click()
    expect(hand.locator(".save-problem")).to_contain_text("this game was deleted")
    expect(hand.locator("input[name^=points-]").first).to_have_value("12")     # what was typed stays
    no_sideways_scroll(hand)
    hand.screenshot(path=str(artifacts / "deleted-game-save-360.png"), full_page=False)

    expect(sheet.get_by_role("heading", level=1)).to_have_text("This game was deleted", timeout=10_000)
    sheet.screenshot(path=str(artifacts / "deleted-game-sheet-360.png"), full_page=False)
    context.close()
