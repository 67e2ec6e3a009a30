"""The new-game and blank-sheet forms show what applies to the game chosen, with and without
JavaScript, on a 360 px phone."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}


def chickenfoot_only(page):
    return {"rule set": page.locator("fieldset", has=page.locator("legend", has_text="Rule set")),
            "set": page.locator("#set"),
            "0|0": page.get_by_text("The double-blank (0|0) left in a hand counts"),
            "long game": page.get_by_text("Long game: after 0|0"),
            "more house rules": page.get_by_text("More house rules")}


@pytest.mark.parametrize("js", [True, False])
def test_choosing_mexican_train_shows_only_what_applies(browser, live_server, artifacts, js):
    context = browser.new_context(viewport=PHONE, java_script_enabled=js)
    page = context.new_page()
    page.goto(live_server + "/games/new")
    for part in chickenfoot_only(page).values():
        expect(part).to_be_visible()
    page.locator("input[name=player]").nth(0).fill("Ann")
    page.locator("input[name=player]").nth(1).fill("Bo")
    page.locator("#game").select_option("mexican-train")
    if js:
        expect(page.get_by_role("button", name="Show this game's choices")).to_be_hidden()
    else:
        page.get_by_role("button", name="Show this game's choices").click()
        page.wait_for_load_state()
        expect(page.locator("#game")).to_have_value("mexican-train")
        expect(page.locator("input[name=player]").nth(1)).to_have_value("Bo")   # nothing typed lost
    hidden = [name for name, part in chickenfoot_only(page).items() if part.is_visible()]
    assert hidden == []
    expect(page.get_by_text("Number of rounds (empty: all 16)")).to_be_visible()
    expect(page.get_by_text("with the double-15 set")).to_be_visible()
    page.screenshot(path=str(artifacts / f"new-game-mexican-train{'' if js else '-nojs'}-360.png"), full_page=True)
    page.locator("input[name=player]").nth(2).fill("Cy")
    page.get_by_role("button", name="Start the game", exact=True).last.click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    expect(page.locator(".rules-line")).to_contain_text("Mexican Train · double-15")
    context.close()


@pytest.mark.parametrize("js", [True, False])
def test_the_blank_sheet_form_follows_the_game_too(browser, live_server, js):
    page = browser.new_context(viewport=PHONE, java_script_enabled=js).new_page()
    page.goto(live_server + "/print")
    expect(page.locator("#preset")).to_be_visible()
    page.locator("#game").select_option("super-15")
    if not js:
        page.get_by_role("button", name="Show this game's choices").click()
        page.wait_for_load_state()
    expect(page.locator("#preset")).to_be_hidden()
    expect(page.locator("#set")).to_be_hidden()
    page.get_by_role("button", name="Show the sheet to print").click()
    page.wait_for_url(re.compile(r"/print/sheet"))
    expect(page.locator("h1")).to_contain_text("Super 15")
