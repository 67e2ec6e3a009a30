"""A table keeps a game in Chromium: with htmx, and with JavaScript switched off."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def totals(page) -> list[str]:
    return [re.sub(r"[★\s]", "", t) for t in page.locator("tfoot td").all_inner_texts()]


def expect_totals(page, wanted: list[str], timeout: float | None = None):
    """Wait, as expect does, until the sheet's foot shows these totals (the leader's ★ aside)."""
    expect(page.locator("tfoot td")).to_have_text([re.compile(rf"^{re.escape(t)}★?$") for t in wanted],
                                                  timeout=timeout)


def start_game(page, base):
    page.goto(base + "/")
    page.get_by_role("link", name="Start a new game").click()
    page.get_by_label("Classic", exact=False).first.check()
    page.locator("#set").select_option("9")
    names = page.locator("input[name=player]")
    for i, name in enumerate(PLAYERS):
        names.nth(i).fill(name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))


def save_hand(page, number):
    page.get_by_role("button", name=f"Save hand {number}").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    page.locator("#sheet").wait_for()


def player_field(page, name):
    return page.locator("fieldset.player-entry", has=page.locator("legend", has_text=name))


def enter_hand(page, number, double, scores: dict[str, str], went_out: str):
    """Open hand `number` from the sheet, type each player's points, tick who went out, save."""
    page.get_by_role("link", name=f"Enter hand {number} ({double})").click()
    for name, points in scores.items():
        player_field(page, name).locator("input.points").fill(points)
    page.locator(".went-out").get_by_label(went_out).check()
    save_hand(page, number)


def tap_tile(page, entry, tile: str):
    """Tap a tile in a player's picker; a big set's picker first opens the tile's suit."""
    box = page.locator(f"input[value='{tile}']")
    suit = entry.locator("details.suit", has=box)
    if suit.count() and not suit.evaluate("d => d.open"):
        suit.locator("summary").click()
    entry.locator("label.tile-choice", has=box).click()


def play_three_hands(page, base, js: bool):
    start_game(page, base)
    # hand 1: by totals
    page.get_by_role("link", name="Enter hand 1 (9|9)").click()
    for name, points in (("Ann", "12"), ("Bo", "30"), ("Cy", "7")):
        player_field(page, name).locator("input.points").fill(points)
    page.locator(".went-out").get_by_label("Di").check()
    save_hand(page, 1)
    expect_totals(page, ["12", "30", "7", "0"])

    # hand 2: tapping tiles, 0|0 among them
    page.get_by_role("link", name="Enter hand 2 (8|8)").click()
    ann = player_field(page, "Ann")
    ann.locator("summary").click()
    ann.locator("label.tile-choice", has=page.locator("input[value='0|0']")).click()
    ann.locator("label.tile-choice", has=page.locator("input[value='3|4']")).click()
    if js:  # the picker adds up as you tap
        expect(ann.locator("input.points")).to_have_value("57")
    bo = player_field(page, "Bo")
    bo.locator("summary").click()
    bo.locator("label.tile-choice", has=page.locator("input[value='9|9']")).click()
    page.locator(".went-out").get_by_label("Cy").check()
    player_field(page, "Di").locator("input.points").fill("5")
    save_hand(page, 2)
    expect_totals(page, ["69", "48", "7", "5"])

    # hand 3: saved, edited, the edit undone
    page.get_by_role("link", name="Enter hand 3 (7|7)").click()
    for name, points in (("Ann", "1"), ("Bo", "2"), ("Cy", "3")):
        player_field(page, name).locator("input.points").fill(points)
    page.locator(".went-out").get_by_label("Di").check()
    save_hand(page, 3)
    expect_totals(page, ["70", "50", "10", "5"])
    page.get_by_role("link", name="Hand 3, starting double 7").click()
    player_field(page, "Bo").locator("input.points").fill("20")
    save_hand(page, 3)
    expect_totals(page, ["70", "68", "10", "5"])
    asked = []
    if js:  # undo asks first; a "no" changes nothing
        page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
        page.get_by_role("button", name="Undo last change").click()
        assert asked and "Undo the last change" in asked[0] and totals(page) == ["70", "68", "10", "5"]
        page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo last change").click()
    page.get_by_text("Took back the last change").wait_for()
    expect_totals(page, ["70", "50", "10", "5"])
    page.get_by_role("link", name="History").click()
    expect(page.get_by_text("taken back")).to_have_count(1)


def test_four_player_classic_game_with_htmx(browser, live_server, artifacts):
    context = browser.new_context(viewport={"width": 360, "height": 780})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    play_three_hands(page, live_server, js=True)
    page.get_by_role("link", name="Sheet").click()
    page.screenshot(path=str(artifacts / "sheet-360.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.get_by_role("link", name="Enter hand 4 (6|6)").click()
    player_field(page, "Ann").locator("summary").click()
    page.screenshot(path=str(artifacts / "hand-360.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.get_by_role("button", name="Back to the sheet").click()
    page.locator("#sheet").wait_for()
    page.get_by_role("link", name="Referee").click()
    page.screenshot(path=str(artifacts / "referee-360.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.get_by_role("link", name="Sheet").click()
    page.get_by_role("link", name="Enter hand 4 (6|6)").click()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.get_by_role("button", name="Back to the sheet").click()
    page.locator("#sheet").wait_for()
    page.screenshot(path=str(artifacts / "sheet-1280.png"), full_page=True)
    assert errors == []
    context.close()


def test_the_same_game_with_javascript_disabled(browser, live_server, artifacts):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 780})
    page = context.new_page()
    play_three_hands(page, live_server, js=False)
    page.get_by_role("link", name="Sheet").click()
    page.screenshot(path=str(artifacts / "sheet-nojs-360.png"), full_page=True)
    context.close()


def test_a_mistake_is_shown_beside_its_field_and_kept(browser, live_server):
    context = browser.new_context(viewport={"width": 360, "height": 780})
    page = context.new_page()
    start_game(page, live_server)
    page.get_by_role("link", name="Enter hand 1 (9|9)").click()
    player_field(page, "Ann").locator("input.points").fill("12a")
    player_field(page, "Bo").locator("input.points").fill("8")
    page.get_by_role("button", name="Save hand 1").click()
    error = player_field(page, "Ann").locator(".field-error")
    expect(error).to_contain_text("whole number")
    expect(player_field(page, "Ann").locator("input.points")).to_have_value("12a")
    expect(player_field(page, "Bo").locator("input.points")).to_have_value("8")
    context.close()


def test_the_hand_page_keeps_the_person_informed(browser, live_server):
    page = browser.new_context(viewport={"width": 360, "height": 780}).new_page()
    start_game(page, live_server)
    page.get_by_role("link", name="Enter hand 1 (9|9)").click()
    # untapping every tile takes their sum out of the total
    bo = player_field(page, "Bo")
    bo.locator("summary").click()
    bo.locator("label.tile-choice", has=page.locator("input[value='1|2']")).click()
    expect(bo.locator("input.points")).to_have_value("3")
    bo.locator("label.tile-choice", has=page.locator("input[value='1|2']")).click()
    expect(bo.locator("input.points")).to_have_value("")
    # a tile picked for two players stays shown as picked in both pickers
    bo.locator("label.tile-choice", has=page.locator("input[value='3|4']")).click()
    cy = player_field(page, "Cy")
    cy.locator("summary").click()
    cy.locator("label.tile-choice", has=page.locator("input[value='3|4']")).click()
    assert "taken" not in (bo.locator("label.tile-choice", has=page.locator("input[value='3|4']"))
                           .get_attribute("class"))
    # a save that fails brings its message into view, where the person is looking
    player_field(page, "Ann").locator("input.points").fill("x")
    page.get_by_role("button", name="Save hand 1").click()
    problem = page.locator(".form-problem").first
    problem.wait_for()
    # the page brings the message into view once htmx has settled the swap, and then gives it
    # the focus: wait for that, not only for the message, before asking where it is (a locator,
    # not wait_for_function: a string predicate that is not true at once is polled by eval in
    # the page, which the page's Content-Security-Policy forbids)
    expect(problem).to_be_focused(timeout=5000)
    box = problem.bounding_box()
    assert box is not None and -5 <= box["y"] < 780 - 40
    # "Count from a photo" keeps what was typed: Di's 9 is saved before the camera opens
    player_field(page, "Ann").locator("input.points").fill("4")
    cy.locator("label.tile-choice", has=page.locator("input[value='3|4']")).click()   # clash resolved
    player_field(page, "Di").locator("input.points").fill("9")
    player_field(page, "Ann").get_by_role("button", name="Count from a photo").click()
    page.wait_for_url(re.compile(r"/photo$"))
    expect(page.locator(".flashes")).to_contain_text("Hand 1: the scores typed so far are saved.")
    page.go_back()
    page.reload()
    expect(player_field(page, "Di").locator("input.points")).to_have_value("9")


def test_super_15_tapping_tiles_fills_tiles_left_too(browser, live_server):
    page = browser.new_context(viewport={"width": 360, "height": 780}).new_page()
    page.goto(live_server + "/games/new")
    page.locator("#game").select_option("super-15")
    names = page.locator("input[name=player]")
    for i, name in enumerate(PLAYERS[:3]):
        names.nth(i).fill(name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    page.get_by_role("link", name="Enter round 1").click()
    bo = player_field(page, "Bo")
    bo.locator("summary").first.click()
    for tile in ("1|2", "3|15"):
        tap_tile(page, bo, tile)
    expect(bo.locator("input.left")).to_have_value("2")
    expect(bo.locator("input.points")).to_have_value("21")
    for tile in ("1|2", "3|15"):
        tap_tile(page, bo, tile)
    expect(bo.locator("input.left")).to_have_value("")
    expect(bo.locator("input.points")).to_have_value("")
