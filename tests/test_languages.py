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
    ("es-MX,es;q=0.9,en;q=0.5", "es", "Idioma"),
    ("es", "es", "Idioma"),
    ("en-US,en;q=0.9", "en", "Language"),
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
    assert html_lang(client.get("/", headers={"Accept-Language": "es-MX"})) == "es"


def test_the_switch_offers_each_language_in_its_own_words(client):
    page = client.get("/", headers={"Accept-Language": "es-MX"}).get_data(as_text=True)
    buttons = re.findall(r'<button type="submit" name="language" value="(\w+)" lang="\w+" aria-pressed="(\w+)">([^<]+)</button>', page)
    assert buttons == [("en", "false", "English"), ("es", "true", "Español")]
