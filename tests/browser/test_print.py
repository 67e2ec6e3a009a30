"""The print view in Chromium: one page, boxes a pencil can use, nothing but the sheet."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

MM = 96 / 25.4   # CSS pixels per millimetre


def test_print_view_boxes_are_pencil_sized_and_buttons_hidden(browser, live_server, artifacts):
    context = browser.new_context(viewport={"width": 1000, "height": 1400})
    page = context.new_page()
    page.goto(live_server + "/print/sheet?preset=classic&set=15&players=10&paper=a4&name=Ann&name=Bo")
    page.screenshot(path=str(artifacts / "print-view-screen.png"), full_page=True)
    page.emulate_media(media="print")
    assert not page.locator(".print-actions").is_visible()
    heights = page.eval_on_selector_all("table.grid tbody td.box", "cells => cells.map(c => c.getBoundingClientRect().height)")
    assert len(heights) == (16 + 4) * 10
    assert min(heights) >= 9 * MM - 0.5
    page.screenshot(path=str(artifacts / "print-view.png"), full_page=True)
    pdf = page.pdf(prefer_css_page_size=True)
    from io import BytesIO

    from pypdf import PdfReader
    assert len(PdfReader(BytesIO(pdf)).pages) == 1   # Chromium's own print of the view: one page too
    context.close()
