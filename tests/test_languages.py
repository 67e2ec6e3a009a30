"""The table's language: Spanish for a phone that asks for it, English otherwise, and the home
page's switch (a plain form, no JavaScript) kept in a cookie."""
from __future__ import annotations

import re

import pytest

LANG = re.compile(r'<html lang="([^"]+)"')


def html_lang(response) -> str:
    return LANG.search(response.get_data(as_text=True)).group(1)


def switch_label(response) -> str:
    return re.search(r'<span id="language-label"[^>]*>([^<]+)</span>', response.get_data(as_text=True)).group(1)


@pytest.mark.parametrize("header, lang, label", [
    ("es-MX,es;q=0.9,en;q=0.5", "es-MX", "Idioma"),     # the words Spanish, dates and numbers Mexico's
    ("es", "es", "Idioma"),
    ("es-ES", "es-ES", "Idioma"),
    ("en-US,en;q=0.9", "en-US", "Language"),
    ("fr-FR", "en", "Language"),          # a language without a catalogue: English, the default
    ("", "en", "Language"),
])
def test_the_phones_language_is_chosen_from_accept_language(client, header, lang, label):
    home = client.get("/", headers={"Accept-Language": header})
    assert home.status_code == 200
    assert html_lang(home) == lang
    assert switch_label(home) == label
    assert "Accept-Language" in home.headers["Vary"]


def test_the_switch_keeps_the_choice_in_a_cookie_over_the_phones_language(client):
    switched = client.post("/language", data={"language": "es"}, headers={"Accept-Language": "en-US"})
    assert switched.status_code == 303 and switched.headers["Location"].endswith("/")
    assert "language=es" in switched.headers["Set-Cookie"]
    home = client.get("/", headers={"Accept-Language": "en-US"})
    assert html_lang(home) == "es" and switch_label(home) == "Idioma"

    client.post("/language", data={"language": "en"}, headers={"Accept-Language": "es-MX"})
    home = client.get("/", headers={"Accept-Language": "es-MX"})
    assert html_lang(home) == "en" and switch_label(home) == "Language"


def test_a_language_without_a_catalogue_is_not_kept(client):
    refused = client.post("/language", data={"language": "xx"})
    assert refused.status_code == 303 and "Set-Cookie" not in refused.headers
    assert html_lang(client.get("/", headers={"Accept-Language": "es-MX"})) == "es-MX"


def test_the_switch_offers_each_language_in_its_own_words(client):
    page = client.get("/", headers={"Accept-Language": "es-MX"}).get_data(as_text=True)
    buttons = re.findall(r'<button type="submit" name="language" value="(\w+)" lang="\w+" aria-pressed="(\w+)">([^<]+)</button>', page)
    assert buttons == [("en", "false", "English"), ("es", "true", "Español")]


def test_dates_and_numbers_are_written_the_phones_way(app):
    from chickenyard.web.filters import day, number, percent, when
    written = {}
    for header in ("es-MX", "es-ES", "en-US"):
        with app.test_request_context(headers={"Accept-Language": header}):
            written[header] = (day("2026-11-27"), number(12345.67, 1), percent(0.456),
                               str(when("2026-11-27T13:27:20Z")).split(">")[1].split("<")[0])
    assert written["es-MX"][:2] == ("27 de noviembre de 2026", "12,345.7")
    assert written["es-ES"][:2] == ("27 de noviembre de 2026", "12.345,7")
    assert written["en-US"][:3] == ("November 27, 2026", "12,345.7", "46%")
    assert written["es-MX"][3].startswith("27 nov 2026, 1:27") and written["es-MX"][3].endswith("p.m. UTC")
