"""A player renamed on their page, in Chromium at 360 px: one name on the sheet, its PDF, the History
and the home page's cards, with the History keeping the old one."""
from __future__ import annotations

import re
import subprocess

import pytest
from playwright.sync_api import expect

from tests.browser.test_players import PHONE, new_game, no_sideways_scroll

pytestmark = pytest.mark.browser


def test_dave_renamed_david_is_david_everywhere_and_history_keeps_dave(browser, live_server, artifacts, tmp_path):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    new_game(page, live_server, ["Dave", "Ann", "Bo"])
    sheet_url = page.url
    new_game(page, live_server, ["Cy", "dave"])
    page.goto(live_server + "/players/1")          # the first person met here: Dave
    expect(page.get_by_role("heading", level=1)).to_have_text("Dave")
    page.get_by_label("New name, shown on every game Dave played").fill("David")
    page.get_by_role("button", name="Rename").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("David")
    no_sideways_scroll(page)
    page.screenshot(path=str(artifacts / "player-renamed-360.png"), full_page=True)

    page.goto(sheet_url)
    expect(page.locator("thead th[scope=col]").nth(1)).to_have_text("David")
    page.goto(sheet_url + "/history")
    first = page.locator("ol.history > li").first
    expect(first).to_contain_text("Dave, now David")
    no_sideways_scroll(page)
    page.screenshot(path=str(artifacts / "history-renamed-360.png"), full_page=True)

    page.goto(live_server + "/")
    cards = page.locator(".game-list .game-link strong")
    expect(cards).to_have_count(2)
    for card in cards.all():
        expect(card).to_contain_text("David")
        expect(card).not_to_contain_text(re.compile(r"\bDave\b", re.I))

    pdf = page.request.get(sheet_url + "/sheet.pdf")
    assert pdf.ok
    (tmp_path / "sheet.pdf").write_bytes(pdf.body())
    text = subprocess.run(["pdftotext", str(tmp_path / "sheet.pdf"), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "David" in text and not re.search(r"\bDave\b", text)
    context.close()
