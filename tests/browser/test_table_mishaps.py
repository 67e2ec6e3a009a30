"""What goes wrong at a real table, on a 360 px phone in Chromium: undo pressed twice, the Wi-Fi
gone while saving or watching, a replaced edit link, and leaving a hand half typed."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_score_sheet_flow import enter_hand, expect_totals, player_field, save_hand, start_game
from tests.browser.test_shared_table import share_links

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 780}



def test_undo_pressed_twice_takes_back_two_saves(browser, live_server):
    page = browser.new_context(viewport=PHONE).new_page()
    errors = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    start_game(page, live_server)
    enter_hand(page, 1, "9|9", {"Ann": "5", "Bo": "6", "Cy": "7"}, "Di")
    enter_hand(page, 2, "8|8", {"Ann": "1", "Bo": "2", "Cy": "3"}, "Di")
    expect_totals(page, ["6", "8", "10", "0"])
    page.on("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo last change").click()
    page.locator(".flashes", has_text="Took back the last change to hand 2").wait_for()
    expect_totals(page, ["5", "6", "7", "0"])
    page.get_by_role("button", name="Undo last change").click()
    page.locator(".flashes", has_text="Took back the last change to hand 1").wait_for()
    expect_totals(page, ["0", "0", "0", "0"])
    # the sheet stays inside the page's main area, with its side padding
    expect(page.locator("main#main > #sheet")).to_have_count(1)
    assert errors == []


def test_a_save_while_the_wifi_is_gone_says_so_and_keeps_what_was_typed(browser, live_server):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    start_game(page, live_server)
    page.get_by_role("link", name="Enter hand 1 (9|9)").click()
    player_field(page, "Ann").locator("input.points").fill("14")
    context.set_offline(True)
    page.get_by_role("button", name="Save hand 1").click()
    alert = page.locator("form .save-problem[role=alert]")
    expect(alert).to_contain_text("could not reach")
    expect(alert).to_contain_text("Wi-Fi")
    # next to the button that was pressed
    assert alert.evaluate("a => a.nextElementSibling.textContent.trim()") == "Save hand 1"
    expect(player_field(page, "Ann").locator("input.points")).to_have_value("14")
    context.set_offline(False)
    save_hand(page, 1)
    expect(page.locator("tfoot td").first).to_have_text(re.compile(r"^14★?$"))


def test_a_save_after_the_edit_link_was_replaced_says_what_to_do(browser, live_server):
    keeper = browser.new_context(viewport=PHONE).new_page()
    start_game(keeper, live_server)
    game_url = keeper.url
    edit_path = re.sub(r"^https?://[^/]+", "", share_links(keeper)["edit"])
    second = browser.new_context(viewport=PHONE).new_page()
    second.goto(live_server + edit_path)
    second.get_by_role("link", name="Enter hand 1 (9|9)").click()
    player_field(second, "Cy").locator("input.points").fill("21")

    keeper.goto(game_url + "/share")
    keeper.once("dialog", lambda dialog: dialog.accept())
    keeper.get_by_role("button", name=re.compile("new edit link", re.I)).click()
    keeper.get_by_text("the old one no longer works").wait_for()

    second.get_by_role("button", name="Save hand 1").click()
    alert = second.locator("form .save-problem[role=alert]")
    expect(alert).to_contain_text("edit link was replaced")
    expect(alert).to_contain_text("Share tab")
    expect(player_field(second, "Cy").locator("input.points")).to_have_value("21")


def test_a_watching_phone_shows_a_lost_connection_and_recovers_by_itself(browser, live_server):
    keeper = browser.new_context(viewport=PHONE).new_page()
    start_game(keeper, live_server)
    game_url = keeper.url
    view_path = re.sub(r"^https?://[^/]+", "", share_links(keeper)["view"])
    watching = browser.new_context(viewport=PHONE)
    watcher = watching.new_page()
    watcher.goto(live_server + view_path)
    watcher.wait_for_url(game_url)
    expect(watcher.locator(".live-status time")).to_have_count(1)   # when the sheet last changed
    expect(watcher.locator(".connection-lost")).to_have_count(0)

    watching.set_offline(True)
    lost = watcher.locator("#sheet .connection-lost[role=alert]")
    expect(lost).to_contain_text("Connection lost at", timeout=6000)

    keeper.goto(game_url)
    enter_hand(keeper, 1, "9|9", {"Ann": "5", "Bo": "33", "Cy": "7"}, "Di")
    expect_totals(watcher, ["0", "0", "0", "0"])      # still the old sheet, marked as such

    watching.set_offline(False)
    expect_totals(watcher, ["5", "33", "7", "0"], timeout=6000)
    expect(watcher.locator(".connection-lost")).to_have_count(0)


@pytest.mark.parametrize("js", [True, False], ids=["js", "no-js"])
def test_back_to_the_sheet_asks_before_dropping_typed_scores(browser, live_server, artifacts, js):
    page = browser.new_context(viewport=PHONE, java_script_enabled=js).new_page()
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    start_game(page, live_server)
    sheet_url = page.url
    back = page.get_by_role("button", name="Back to the sheet")
    # nothing typed: straight back, nothing asked
    page.get_by_role("link", name="Enter hand 1 (9|9)").click()
    back.click()
    page.wait_for_url(sheet_url)
    page.locator("#sheet").wait_for()
    # typed, then "Back": the page asks, everything typed still there
    page.get_by_role("link", name="Enter hand 1 (9|9)").click()
    player_field(page, "Bo").locator("input.points").fill("12")
    page.locator(".went-out").get_by_label("Di").check()
    # Enter in a field is not "Back": the form only comes back checked, nothing asked or stored
    player_field(page, "Bo").locator("input.points").press("Enter")
    page.wait_for_load_state("networkidle")
    expect(page.locator("#leave-prompt")).to_have_count(0)
    expect(page).to_have_url(re.compile(r"/hands/1$"))
    back.click()
    prompt = page.locator("#leave-prompt[role=alert]")
    expect(prompt).to_contain_text("You typed scores that are not saved")
    expect(player_field(page, "Bo").locator("input.points")).to_have_value("12")
    assert page.locator(".went-out").get_by_label("Di").is_checked()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path=str(artifacts / f"hand-leave-prompt-{'js' if js else 'nojs'}-360.png"), full_page=True)
    # "Leave without saving": back on the sheet, nothing stored, and no second question
    prompt.get_by_role("link", name="Leave without saving").click()
    page.wait_for_url(sheet_url)
    expect_totals(page, ["0", "0", "0", "0"])
    # typed again, "Back", then "Save them": saved
    page.get_by_role("link", name="Enter hand 1 (9|9)").click()
    player_field(page, "Cy").locator("input.points").fill("7")
    back.click()
    prompt.get_by_role("button", name="Save them").click()
    page.wait_for_url(sheet_url)
    page.locator(".flashes", has_text="Hand 1 (9|9) saved").wait_for()
    expect_totals(page, ["0", "0", "7", "0"])
    assert dialogs == []
