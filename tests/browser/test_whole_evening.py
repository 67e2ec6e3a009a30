"""A family's evening on a 360 px phone in Chromium: from the new-game form to "Play again", with a
late player, undo pressed twice, a save while the Wi-Fi is gone, a rename, and printing on A4."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_score_sheet_flow import enter_hand, expect_totals, player_field, save_hand

pytestmark = pytest.mark.browser



def test_a_whole_evening(browser, live_server, artifacts):
    context = browser.new_context(viewport={"width": 360, "height": 780})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda dialog: dialog.accept())

    # the new-game form: three players, a three-hand game
    page.goto(live_server + "/")
    page.get_by_role("link", name="Start a new game").click()
    page.locator("#set").select_option("9")
    for i, name in enumerate(["Ann", "Bo", "Cy"]):
        page.locator("input[name=player]").nth(i).fill(name)
    page.locator("#hands").fill("3")
    page.get_by_role("button", name="Start the game", exact=True).last.click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    game_url = page.url

    # a rename
    page.get_by_role("link", name="Game", exact=True).click()
    page.get_by_label("Name of the game").fill("Friday at Gran's")
    page.get_by_role("button", name="Save the name").click()
    page.goto(game_url)
    expect(page.locator("h1.game-name")).to_have_text("Friday at Gran's")

    # hand 1, and a save while the Wi-Fi is gone: said beside the button, nothing lost
    enter_hand(page, 1, "9|9", {"Ann": "12", "Bo": "30"}, "Cy")
    page.get_by_role("link", name="Enter hand 2 (8|8)").click()
    player_field(page, "Ann").locator("input.points").fill("4")
    player_field(page, "Bo").locator("input.points").fill("9")
    page.locator(".went-out").get_by_label("Cy").check()
    context.set_offline(True)
    page.get_by_role("button", name="Save hand 2").click()
    page.locator(".save-problem[role=alert]").wait_for()
    context.set_offline(False)
    save_hand(page, 2)
    expect_totals(page, ["16", "39", "0"])

    # undo pressed twice takes back hands 2 and 1; both are entered again
    page.get_by_role("button", name="Undo last change").click()
    page.locator(".flashes", has_text="Took back the last change to hand 2").wait_for()
    page.get_by_role("button", name="Undo last change").click()
    page.locator(".flashes", has_text="Took back the last change to hand 1").wait_for()
    expect_totals(page, ["0", "0", "0"])
    enter_hand(page, 1, "9|9", {"Ann": "12", "Bo": "30"}, "Cy")
    enter_hand(page, 2, "8|8", {"Ann": "4", "Bo": "9"}, "Cy")

    # a late player sits down for hand 3, at the highest total so far
    page.get_by_role("link", name="Game", exact=True).click()
    page.get_by_label("Name", exact=True).fill("Di")
    page.get_by_label("the highest total so far (39)").check()
    page.get_by_role("button", name="Add to the table").click()
    page.wait_for_url(game_url)
    expect_totals(page, ["16", "39", "0", "39"])
    enter_hand(page, 3, "7|7", {"Ann": "5", "Bo": "5", "Di": "2"}, "Cy")
    expect(page.locator(".winner")).to_have_text("Winner: Cy with 0")

    # printing on A4: the choice is kept, the PDF is named after the game
    page.get_by_role("link", name="Print", exact=True).click()
    page.get_by_role("link", name="A4").click()
    page.wait_for_url(re.compile(r"paper=a4"))
    page.screenshot(path=str(artifacts / "evening-print-a4-360.png"), full_page=True)
    with page.expect_download() as download:
        page.get_by_role("link", name="PDF").click()
    assert re.fullmatch(r"friday-at-gran-s-\d{4}-\d\d-\d\d-a4\.pdf", download.value.suggested_filename)
    page.goto(game_url)

    # Play again: the same four at the table, a fresh sheet
    page.get_by_role("button", name="Play again").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    assert page.url != game_url
    assert page.locator("thead th").all_inner_texts()[1:] == ["Ann", "Bo", "Cy", "Di"]
    expect_totals(page, ["0", "0", "0", "0"])
    page.goto(live_server + "/")
    expect(page.locator(".game-list").last).to_contain_text("Winner: Cy with 0")
    page.screenshot(path=str(artifacts / "evening-home-360.png"), full_page=True)
    assert errors == []
    context.close()
