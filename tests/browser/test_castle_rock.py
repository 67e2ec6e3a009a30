"""A Castle Rock game played on screen in Chromium, to its end."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_play_a_practice_game_to_the_end(browser, live_server, artifacts):
    page = browser.new_context(viewport={"width": 360, "height": 780}).new_page()
    page.goto(live_server + "/castle-rock")
    page.locator("#set").select_option("6")
    page.get_by_role("button", name="Practice on screen").click()
    page.locator("#castle-rock").wait_for()
    for _ in range(80):
        buttons = page.locator(".castle-moves button")
        if buttons.count() == 0:
            break
        buttons.first.click()
        page.locator("#castle-rock").wait_for()
    assert page.locator(".winner").count() == 1
    assert "Won!" in page.locator(".winner").inner_text() or "Lost:" in page.locator(".winner").inner_text()
    page.screenshot(path=str(artifacts / "castle-rock-360.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
