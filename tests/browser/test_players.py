"""The people who play, in Chromium at 360 px: picking known players, the season page and its chart."""
from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}


def new_game(page, base, names, game="chickenfoot"):
    page.goto(base + "/games/new")
    page.locator("#game").select_option(game)
    inputs = page.locator("input[name=player]")
    for i, name in enumerate(names):
        inputs.nth(i).fill(name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("js", [True, False])
def test_known_players_are_tapped_into_seats_in_order(browser, live_server, artifacts, js):
    context = browser.new_context(viewport=PHONE, java_script_enabled=js)
    page = context.new_page()
    new_game(page, live_server, ["Ann", "Bo", "Cy"])
    page.goto(live_server + "/games/new")
    known = page.get_by_role("group", name="Players who have played here")
    for name in ("Cy", "Ann"):
        known.get_by_role("button", name=name).click()
    seats = page.locator("input[name=player]")
    assert [seats.nth(i).input_value() for i in range(3)] == ["Cy", "Ann", ""]
    assert known.get_by_role("button", name="Cy").get_attribute("aria-pressed") == "true"
    assert known.get_by_role("button", name="Bo").get_attribute("aria-pressed") == "false"
    seats.nth(2).fill("Eve")
    no_sideways_scroll(page)
    page.screenshot(path=str(artifacts / f"new-game-known-players-{'js' if js else 'nojs'}.png"), full_page=False)
    seats.nth(2).press("Enter")            # Enter starts the game, it does not pick a player
    page.wait_for_url(re.compile(r"/games/\d+$"))
    assert page.locator("thead th[scope=col]").all_inner_texts()[1:] == ["Cy", "Ann", "Eve"]
    context.close()
