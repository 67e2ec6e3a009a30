"""A phone set to Spanish (es-MX) in Chromium at 360 px: the table's pages in Spanish, none wider than
the phone (Spanish words are longer), axe finding nothing serious; and the language switch on the home
page working without JavaScript."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.axe import serious_violations

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 800}


def spanish_pages(page, base) -> dict:
    """The pages a Spanish-speaking table reads, in the order it meets them: each a step to it."""
    game = {}

    def start_a_game():
        page.goto(base + "/")
        page.get_by_role("link", name="Empezar una partida nueva").click()
        names = page.locator("input[name=player]")
        for i, name in enumerate(["Guadalupe", "Maximiliano", "Concepción", "Bartolomé"]):
            names.nth(i).fill(name)
        page.get_by_role("button", name="Empezar la partida").first.click()
        page.wait_for_url(re.compile(r"/games/\d+$"))
        game["url"] = page.url

    def a_refused_hand():
        page.get_by_role("link", name="Anotar mano 1 (9|9)").click()
        page.locator("fieldset.player-entry", has_text="Guadalupe").locator("input.points").fill("x")
        page.get_by_role("button", name="Guardar mano 1").click()
        page.locator(".field-error").first.wait_for()

    return {
        "inicio": lambda: page.goto(base + "/"),
        "partida-nueva": lambda: page.goto(base + "/games/new"),
        "hoja": start_a_game,
        "mano-rechazada": a_refused_hand,
        "hoja-con-mano": lambda: page.goto(game["url"]),
        "arbitro": lambda: page.goto(game["url"] + "/referee"),
        "hoja-impresa": lambda: page.goto(game["url"] + "/print"),
        "guia-de-reparto": lambda: page.goto(base + "/referee?preset=classic&set=9&players=4"),
    }


def test_a_spanish_phone_reads_spanish_at_360px_without_sideways_scrolling(browser, live_server, artifacts):
    context = browser.new_context(viewport=PHONE, locale="es-MX")
    page = context.new_page()
    wide, problems = {}, {}
    for name, go in spanish_pages(page, live_server).items():
        go()
        page.wait_for_load_state()
        expect(page.locator("html")).to_have_attribute("lang", "es-MX")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wide[name] = width
        found = serious_violations(page)
        if found:
            problems[name] = found
        page.screenshot(path=str(artifacts / f"es-{name}-360.png"), full_page=True)
    context.close()
    assert wide == {} and problems == {}


def test_the_spanish_pages_say_what_the_table_does(browser, live_server):
    page = browser.new_context(viewport=PHONE, locale="es-MX").new_page()
    steps = spanish_pages(page, live_server)
    steps["inicio"]()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tu mesa")
    steps["hoja"]()
    tabs = page.get_by_role("navigation", name="Esta partida")
    expect(tabs).to_contain_text("Árbitro")
    # the five tabs stay on one line at 360 px, "Historial" and "Compartir" included
    assert len({round(box["y"]) for box in (a.bounding_box() for a in tabs.get_by_role("link").all())}) == 1
    steps["mano-rechazada"]()
    expect(page.locator(".form-problem")).to_have_text("Todavía no se guardó nada: revisa los campos marcados.")
    expect(page.locator(".field-error").first).to_have_text(
        "Escribe el total de Guadalupe como un número entero de 0 a 545.")
    # app.js's words come from the page's catalogue: the tile picker's sum
    maxi = page.locator("fieldset.player-entry", has_text="Maximiliano")
    maxi.get_by_text("Toca las fichas que quedan").click()
    for tile in ("0|1", "2|3"):
        maxi.locator(f"input[value='{tile}']").check()
    expect(maxi.locator(".picker-sum")).to_have_text("2 fichas: 6 puntos")
    page.context.close()


def test_the_switch_works_without_javascript_and_is_kept(browser, live_server):
    context = browser.new_context(viewport=PHONE, locale="en-US", java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server + "/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Your table")
    page.get_by_role("button", name="Español").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tu mesa")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("button", name="Español")).to_have_attribute("aria-pressed", "true")
    page.goto(live_server + "/games/new")            # kept for the next page, from the cookie
    expect(page.get_by_role("heading", level=1)).to_have_text("Partida nueva")
    page.get_by_role("link", name="Chickenyard").click()
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Your table")
    context.close()
