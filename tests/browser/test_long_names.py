"""Names typed as one long word (a player's 40 characters, a game's 60), in Chromium at 360 px: every
page that shows them wraps them, and none scrolls sideways."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_players import PHONE, new_game
from tests.browser.test_score_sheet_flow import player_field, save_hand

pytestmark = pytest.mark.browser

PLAYER = "Wolfeschlegelsteinhausenbergerdorffwelch"                   # 40 characters, no space
GAME = "Grossmutterssiebzigstergeburtstagsdominoabendimgartenhaus123"  # 60 characters, no space


def fits_the_phone(page, what: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{what} is {width} px wide at 360 px"


def test_a_long_player_name_and_game_name_wrap_and_no_page_scrolls_sideways(browser, live_server, artifacts):
    assert len(PLAYER) == 40 and len(GAME) == 60
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    new_game(page, live_server, [PLAYER, "Ann", "Bo"])
    sheet_url = page.url
    page.goto(sheet_url + "/settings")
    page.get_by_label("Name of the game (optional)").fill(GAME)
    page.get_by_role("button", name="Save the name").click()
    expect(page.get_by_label("Name of the game (optional)")).to_have_value(GAME)
    page.goto(sheet_url)
    expect(page.locator("h1.game-name")).to_have_text(GAME)
    fits_the_phone(page, "the sheet")
    # the column keeps the whole name, wrapped inside it, not cut short
    heading = page.locator("thead th[scope=col]").nth(1)
    expect(heading).to_have_text(PLAYER)
    assert heading.evaluate("th => th.scrollWidth <= th.clientWidth && th.scrollHeight <= th.clientHeight")
    page.screenshot(path=str(artifacts / "long-names-sheet-360.png"), full_page=True)

    page.goto(live_server + "/")
    expect(page.locator(".game-list .game-link strong").first).to_have_text(f"{GAME}: {PLAYER}, Ann, Bo")
    fits_the_phone(page, "the home page")

    page.goto(sheet_url + "/hands/1")
    expect(page.locator("fieldset.player-entry legend").first).to_have_text(PLAYER)
    fits_the_phone(page, "the hand page")
    page.screenshot(path=str(artifacts / "long-names-hand-360.png"), full_page=True)
    for name, points in ((PLAYER, "12"), ("Ann", "0"), ("Bo", "7")):
        player_field(page, name).get_by_label("Total left in hand").fill(points)
    page.get_by_role("radio", name="Ann").check()
    save_hand(page, 1)          # a hand in: the players page draws its chart, with a legend of names

    page.goto(sheet_url + "/settings")
    expect(page.get_by_role("link", name=f"Rename or merge {PLAYER}")).to_be_visible()
    fits_the_phone(page, "the game's settings")

    for tab in ("history", "share", "referee"):
        page.goto(f"{sheet_url}/{tab}")
        fits_the_phone(page, f"the {tab} tab")

    page.goto(live_server + "/players")
    expect(page.locator(".legend-list li").filter(has_text=PLAYER)).to_be_visible()
    fits_the_phone(page, "the players page")
    page.get_by_role("link", name=PLAYER).first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(PLAYER)
    fits_the_phone(page, "the player's page")
    page.screenshot(path=str(artifacts / "long-names-player-360.png"), full_page=True)

    for view in ("tv", "print"):
        page.goto(f"{sheet_url}/{view}")
        fits_the_phone(page, f"the {view} view")
    context.close()
