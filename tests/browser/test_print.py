"""The print view in Chromium: one page, boxes a pencil can use, nothing but the sheet."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

MM = 96 / 25.4   # CSS pixels per millimetre


def test_print_view_boxes_are_pencil_sized_and_buttons_hidden(browser, live_server, artifacts):
    context = browser.new_context(viewport={"width": 1000, "height": 1400})
    page = context.new_page()
    page.goto(live_server + "/print/sheet?preset=classic&set=15&players=10&paper=a4&name=Ann&name=Bo")
    page.screenshot(path=str(artifacts / "print-view-screen.png"), full_page=True)
    page.emulate_media(media="print")
    expect(page.locator(".print-actions")).to_be_hidden()
    heights = page.eval_on_selector_all("table.grid tbody td.box", "cells => cells.map(c => c.getBoundingClientRect().height)")
    assert len(heights) == (16 + 4) * 10
    assert min(heights) >= 9 * MM - 0.5
    page.screenshot(path=str(artifacts / "print-view.png"), full_page=True)
    pdf = page.pdf(prefer_css_page_size=True)
    from io import BytesIO

    from pypdf import PdfReader
    assert len(PdfReader(BytesIO(pdf)).pages) == 1   # Chromium's own print of the view: one page too
    context.close()


PRINT_PLAYERS = ("Maximilian", "Bartholomew", "Christabel", "Di", "Evangeline", "Florentino", "Gus", "Hal", "Ivy",
                 "Jo")


def big_game(players, hands):
    """A finished double-9 game whose totals run to three digits."""
    return {"format": "chickenyard/game-v1", "game": "chickenfoot", "preset": "classic", "set": 9,
            "house_rules": {"hands": hands}, "players": list(players),
            "hands": [{"double": 9 - h, "entries": [
                {"player": name, "points": 0, "went_out": True} if i == h % len(players) else
                {"player": name, "points": 5 + 3 * i + 2 * h} for i, name in enumerate(players)]}
                for h in range(hands)]}


def words_split_across_lines(page, selector):
    """The words of each matched cell that a line break cut in two (each word measured alone)."""
    return page.eval_on_selector_all(selector, """cells => cells.flatMap(cell => {
        const text = cell.firstChild && cell.firstChild.nodeType === 3 ? cell.firstChild : null;
        if (!text) return [];
        const cut = [];
        let at = 0;
        for (const word of text.data.split(/(\\s+)/)) {
            if (word.trim()) {
                const range = document.createRange();
                range.setStart(text, at); range.setEnd(text, at + word.length);
                if (range.getClientRects().length > 1) cut.push(word);
            }
            at += word.length;
        }
        return cut;
    })""")


def overflowing_cells(page, selector):
    """Cells whose text reaches past their own box (into the next cell)."""
    return page.eval_on_selector_all(selector, """cells => cells.filter(cell => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const text = range.getBoundingClientRect(), box = cell.getBoundingClientRect();
        return text.width > 0 && (text.left < box.left - 0.5 || text.right > box.right + 0.5);
    }).map(cell => cell.textContent)""")


@pytest.mark.parametrize("players", [4, 8, 10])
def test_the_print_view_reads_on_a_phone_and_leads_back_to_the_sheet(browser, live_server, artifacts, players):
    context = browser.new_context(viewport={"width": 360, "height": 780})
    page = context.new_page()
    page.goto(live_server + "/")
    response = page.request.post(live_server + "/games/import", data=big_game(PRINT_PLAYERS[:players], 10))
    assert response.status == 201, response.text()
    sheet_url = live_server + response.json()["url"]
    page.goto(sheet_url)
    page.get_by_role("link", name="Print").click()
    page.wait_for_url(re.compile(r"/print"))
    totals = page.locator("table.grid tr.total td")
    expect(totals).to_have_count(players)
    assert all(len(t) == 3 for t in totals.all_inner_texts())            # three-digit totals
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert words_split_across_lines(page, "table.grid thead th.name") == []
    assert overflowing_cells(page, "table.grid thead th.name") == []
    assert overflowing_cells(page, "table.grid tbody th, table.grid tbody td.box") == []
    page.screenshot(path=str(artifacts / f"print-view-360-{players}.png"), full_page=True)
    page.get_by_role("link", name="Back to the sheet").click()
    page.wait_for_url(sheet_url)
    expect(page.locator("#sheet")).to_be_visible()
    context.close()


@pytest.mark.parametrize("locale, label", [("en-GB", "A4"), ("de-DE", "A4"), ("en-US", "Letter"), ("es-MX", "Letter")])
def test_a_phone_that_has_not_chosen_prints_on_its_regions_paper(browser, live_server, locale, label):
    context = browser.new_context(viewport={"width": 360, "height": 780}, locale=locale)
    context.add_cookies([{"name": "language", "value": "en", "url": live_server}])   # the words in English
    page = context.new_page()
    page.goto(live_server + "/")
    response = page.request.post(live_server + "/games/import", data=big_game(PRINT_PLAYERS[:3], 2))
    page.goto(live_server + response.json()["url"])
    expect(page.locator("#sheet a[download]", has_text="PDF")).to_have_text(f"PDF ({label})")
    page.get_by_role("link", name="Print").click()
    expect(page.get_by_role("group", name="Paper").locator("[aria-current]")).to_have_text(label)
    context.close()
