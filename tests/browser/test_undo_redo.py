"""Undo and Redo over every kind of change, and a player leaving asked first: on a 360 px phone
in Chromium, with htmx and with JavaScript switched off."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.axe import serious_violations
from tests.browser.test_score_sheet_flow import enter_hand, expect_totals, player_field, save_hand, start_game, tap_tile, totals

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 800}


def phone(browser, js: bool):
    page = browser.new_context(viewport=PHONE, java_script_enabled=js).new_page()
    page.on("dialog", lambda dialog: dialog.accept())      # Undo asks first where JavaScript runs
    return page


def flash(page):
    return page.locator(".flashes")


@pytest.mark.parametrize("js", [True, False], ids=["htmx", "no-js"])
def test_a_player_leaving_is_asked_first_and_undo_brings_them_back(browser, live_server, artifacts, js):
    page = phone(browser, js)
    start_game(page, live_server)
    enter_hand(page, 1, "9|9", {"Ann": "5", "Bo": "6", "Cy": "7"}, "Di")
    sheet_url = page.url
    page.get_by_role("link", name="Game", exact=True).click()
    page.get_by_label("Who left the table?").select_option(label="Bo")
    page.get_by_role("button", name="Take off the table").click()

    question = page.get_by_role("alertdialog", name="Did Bo leave the table?")
    expect(question).to_be_visible()
    expect(question).to_contain_text("Bo's scores up to hand 1 stay on the sheet")
    expect(question).to_be_in_viewport()
    if js:      # axe runs as a script in the page
        assert serious_violations(page) == []
    page.screenshot(path=str(artifacts / f"leave-asked-first-{'js' if js else 'nojs'}-360.png"), full_page=True)
    question.get_by_role("link", name="No, keep Bo at the table").click()
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    page.goto(sheet_url)
    expect(page.locator("thead th.left")).to_have_count(0)          # nobody left

    page.get_by_role("link", name="Game", exact=True).click()
    page.get_by_label("Who left the table?").select_option(label="Bo")
    page.get_by_role("button", name="Take off the table").click()
    page.get_by_role("button", name="Yes, Bo left").click()
    expect(flash(page)).to_contain_text("Bo left after hand 1.")
    expect(page.locator("thead th.left")).to_have_text(["Bo"])

    page.get_by_role("button", name="Undo last change (Bo leaving)").click()
    expect(flash(page)).to_contain_text("Took back the last change: Bo leaving the table.")
    expect(page.locator("thead th.left")).to_have_count(0)
    expect_totals(page, ["5", "6", "7", "0"])                      # hand 1 untouched
    expect(page.get_by_role("button", name="Redo (Bo leaving)")).to_be_visible()
    if js:
        assert serious_violations(page) == []
    page.screenshot(path=str(artifacts / f"leave-undone-{'js' if js else 'nojs'}-360.png"), full_page=True)


@pytest.mark.parametrize("js", [True, False], ids=["htmx", "no-js"])
def test_redo_puts_back_two_undone_hands_tiles_included(browser, live_server, artifacts, js):
    page = phone(browser, js)
    start_game(page, live_server)
    enter_hand(page, 1, "9|9", {"Ann": "5", "Bo": "6", "Cy": "7"}, "Di")
    page.get_by_role("link", name="Enter hand 2 (8|8)").click()
    ann = player_field(page, "Ann")
    ann.locator("summary").first.click()
    for tile in ("0|0", "3|4"):
        tap_tile(page, ann, tile)
    player_field(page, "Bo").locator("input.points").fill("9")
    player_field(page, "Di").locator("input.points").fill("4")
    page.locator(".went-out").get_by_label("Cy").check()
    save_hand(page, 2)
    enter_hand(page, 3, "7|7", {"Ann": "1", "Bo": "2", "Di": "3"}, "Cy")
    full, sheet_url = totals(page), page.url

    page.get_by_role("button", name="Undo last change (hand 3)").click()
    expect(flash(page)).to_contain_text("Took back the last change to hand 3")
    page.get_by_role("button", name="Undo last change (hand 2)").click()
    expect(flash(page)).to_contain_text("Took back the last change to hand 2")
    expect_totals(page, ["5", "6", "7", "0"])

    page.get_by_role("button", name="Redo (hand 2)").click()
    expect(flash(page)).to_contain_text("Put back what Undo took back: hand 2 (8|8).")
    page.screenshot(path=str(artifacts / f"redo-{'js' if js else 'nojs'}-360.png"), full_page=True)
    page.get_by_role("button", name="Redo (hand 3)").click()
    expect(flash(page)).to_contain_text("Put back what Undo took back: hand 3 (7|7).")
    expect_totals(page, full)
    expect(page.get_by_role("button", name=re.compile(r"^Redo"))).to_have_count(0)

    page.get_by_role("link", name="Hand 2, starting double 8").click()
    expect(player_field(page, "Ann").locator("input[value='0|0']")).to_be_checked()
    expect(player_field(page, "Ann").locator("input[value='3|4']")).to_be_checked()
    page.goto(sheet_url + "/history")
    history = page.locator("ol.history > li")
    expect(history.first).to_contain_text("Redo: Hand 3 (7|7)")
    page.screenshot(path=str(artifacts / f"history-redo-{'js' if js else 'nojs'}-360.png"), full_page=True)
