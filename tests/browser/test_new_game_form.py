"""The new-game and blank-sheet forms show what applies to the game chosen, with and without
JavaScript, on a 360 px phone."""
from __future__ import annotations

import re

import pytest

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
    assert all(part.is_visible() for part in chickenfoot_only(page).values())
    page.locator("input[name=player]").nth(0).fill("Ann")
    page.locator("input[name=player]").nth(1).fill("Bo")
    page.locator("#game").select_option("mexican-train")
    if js:
        assert not page.get_by_role("button", name="Show this game's choices").is_visible()
    else:
        page.get_by_role("button", name="Show this game's choices").click()
        page.wait_for_load_state()
        assert page.locator("#game").input_value() == "mexican-train"
        assert page.locator("input[name=player]").nth(1).input_value() == "Bo"   # nothing typed lost
    hidden = [name for name, part in chickenfoot_only(page).items() if part.is_visible()]
    assert hidden == []
    assert page.get_by_text("Number of rounds (empty: all 16)").is_visible()
    assert page.get_by_text("with the double-15 set").is_visible()
    page.screenshot(path=str(artifacts / f"new-game-mexican-train{'' if js else '-nojs'}-360.png"), full_page=True)
    page.locator("input[name=player]").nth(2).fill("Cy")
    page.get_by_role("button", name="Start the game", exact=True).last.click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    assert "Mexican Train · double-15" in page.locator(".rules-line").inner_text()
    context.close()


@pytest.mark.parametrize("js", [True, False])
def test_the_blank_sheet_form_follows_the_game_too(browser, live_server, js):
    page = browser.new_context(viewport=PHONE, java_script_enabled=js).new_page()
    page.goto(live_server + "/print")
    assert page.locator("#preset").is_visible()
    page.locator("#game").select_option("super-15")
    if not js:
        page.get_by_role("button", name="Show this game's choices").click()
        page.wait_for_load_state()
    assert not page.locator("#preset").is_visible() and not page.locator("#set").is_visible()
    page.get_by_role("button", name="Show the sheet to print").click()
    page.wait_for_url(re.compile(r"/print/sheet"))
    assert "Super 15" in page.locator("h1").inner_text()
