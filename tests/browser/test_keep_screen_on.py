"""Keep this screen on: the phones open the table's plain http address, where the browser offers no
Screen Wake Lock API, so NoSleep.js plays a tiny silent video (from a data: URI, which the CSP lets
through for media only), started by a tap; the switch on the sheet and the big screen turns it off."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_score_sheet_flow import start_game

pytestmark = pytest.mark.browser

# a page over plain http: the browser exposes no navigator.wakeLock there
PLAIN_HTTP = "delete Navigator.prototype.wakeLock;"


def wake_lock(page):
    return page.locator("html").get_attribute("data-wake-lock")


@pytest.fixture
def plain_http_phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 780})
    context.add_init_script(PLAIN_HTTP)
    yield context.new_page()
    context.close()


def test_over_plain_http_a_tap_keeps_the_sheet_on_and_the_switch_turns_it_off(plain_http_phone, live_server,
                                                                              artifacts):
    page = plain_http_phone
    start_game(page, live_server)
    assert page.evaluate("'wakeLock' in navigator") is False
    switch = page.get_by_role("switch", name="Keep this screen on")
    expect(switch).to_be_visible()
    expect(switch).to_have_attribute("aria-checked", "true")
    page.locator("html[data-wake-lock]").wait_for(state="attached")
    page.locator(".rules-line").click()                       # any tap lets the video start
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "held")
    switch.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "sheet-keep-screen-on-360.png"))

    switch.click()
    expect(switch).to_have_attribute("aria-checked", "false")
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "off")
    page.reload()                                             # this phone's choice is kept
    expect(page.get_by_role("switch", name="Keep this screen on")).to_have_attribute("aria-checked", "false")
    page.locator(".rules-line").click()
    assert wake_lock(page) is None

    page.get_by_role("switch", name="Keep this screen on").click()
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "held")


def test_the_switch_survives_the_live_sheet_updating_itself(plain_http_phone, live_server):
    page = plain_http_phone
    start_game(page, live_server)
    switch = page.get_by_role("switch", name="Keep this screen on")
    switch.click()                                                           # off
    other = page.context.new_page()                                         # the scorekeeper's other tab
    other.goto(page.url + "/settings")
    other.get_by_label("Name of the game (optional)").fill("Friday")
    other.get_by_role("button", name="Save the name").click()
    expect(page.locator("#sheet h1.game-name")).to_have_text("Friday")     # swapped in by the live poll
    expect(switch).to_be_visible()
    expect(switch).to_have_attribute("aria-checked", "false")


def test_the_big_screen_has_the_switch_too(plain_http_phone, live_server):
    page = plain_http_phone
    page.set_viewport_size({"width": 1280, "height": 720})
    start_game(page, live_server)
    page.goto(page.url + "/tv")
    switch = page.get_by_role("switch", name="Keep this screen on")
    expect(switch).to_be_in_viewport(ratio=1)
    switch.click()                                           # on by default: a tap turns it off
    expect(switch).to_have_attribute("aria-checked", "false")
    switch.click()
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "held")
