"""What a phone makes of Chickenyard beyond the pages: its own name and icon on the home screen,
the dark setting, and a screen kept awake while the sheet is open."""
from __future__ import annotations

import pytest

from tests.browser.axe import serious_violations
from tests.browser.test_score_sheet_flow import start_game

pytestmark = pytest.mark.browser


def test_add_to_home_screen_gives_chickenyards_name_and_icon(browser, live_server):
    page = browser.new_context(viewport={"width": 360, "height": 780}).new_page()
    page.goto(live_server + "/")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    response = page.request.get(live_server + href)
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = response.json()
    assert manifest["name"] == "Chickenyard" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert page.request.get(live_server + icon["src"]).ok, icon["src"]
    assert page.request.get(live_server + page.locator("link[rel=apple-touch-icon]").get_attribute("href")).ok


def test_the_dark_setting_darkens_the_pages_and_keeps_them_readable(browser, live_server, artifacts):
    context = browser.new_context(viewport={"width": 360, "height": 780}, color_scheme="dark")
    page = context.new_page()
    start_game(page, live_server)
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(21, 20, 15)"
    page.screenshot(path=str(artifacts / "sheet-dark-360.png"), full_page=True)
    assert serious_violations(page) == []
    page.get_by_role("link", name="Enter hand 1 (9|9)").click()
    page.locator("fieldset.player-entry summary").first.click()
    page.screenshot(path=str(artifacts / "hand-dark-360.png"), full_page=True)
    assert serious_violations(page) == []
    context.close()


def test_the_sheet_keeps_the_screen_awake(browser, live_server):
    page = browser.new_context(viewport={"width": 360, "height": 780}).new_page()
    page.goto(live_server + "/")
    assert page.evaluate("document.documentElement.dataset.wakeLock") is None   # not on the home page
    start_game(page, live_server)
    # a locator, not wait_for_function: a string predicate not true at once is polled by eval,
    # which the page's Content-Security-Policy forbids
    page.locator("html[data-wake-lock]").wait_for(state="attached")
    assert page.evaluate("document.documentElement.dataset.wakeLock") == "held"
