"""The table's language: English, or a language with a catalogue under chickenyard/translations/.

A phone gets the language it asks for in `Accept-Language`; the switch on the home page keeps a
choice in a cookie, which wins. A new language is a new catalogue and nothing else: the list of
languages offered is read from the translations folder."""
from __future__ import annotations

from functools import cache
from pathlib import Path

from flask import Blueprint, request, url_for
from babel import Locale, UnknownLocaleError
from babel.lists import format_list
from flask_babel import Babel, get_locale, get_translations

from referee import words

from ..storage.instance import writes_nothing
from .htmx import see_other

TRANSLATIONS = Path(__file__).parent.parent / "translations"
DEFAULT = "en"
COOKIE = "language"

bp = Blueprint("languages", __name__)


@cache       # read once per process: a new catalogue is served after a restart
def available() -> tuple[str, ...]:
    """English and every language with a compiled catalogue, as their codes ('en', 'es')."""
    found = sorted(p.parent.parent.name for p in TRANSLATIONS.glob("*/LC_MESSAGES/messages.mo"))
    return (DEFAULT, *(code for code in found if code != DEFAULT))


def choose_language() -> str:
    """The catalogue's language, in the phone's own region where it asks for one ('es_MX'): the words
    are the language's, the dates and numbers the region's (1,234.5 in Mexico, 1.234,5 in Spain)."""
    offered = available()
    chosen = request.cookies.get(COOKIE)
    if chosen not in offered:
        chosen = request.accept_languages.best_match(offered, default=DEFAULT)
    regional = next((tag for tag, _ in request.accept_languages if tag.lower().startswith(chosen + "-")), None)
    try:
        return str(Locale.parse(regional, sep="-")) if regional else chosen
    except (ValueError, UnknownLocaleError):
        return chosen


def current_locale() -> str:
    """This request's locale as Babel names it ('es_MX'; 'en' outside a request)."""
    return str(get_locale() or DEFAULT)


def current_language() -> str:
    """The language of this request's words ('es'), as the catalogues and the switch name it."""
    return current_locale().split("_")[0]


def page_language() -> str:
    """The page's <html lang> ('es-MX')."""
    return current_locale().replace("_", "-")


def language_names() -> list[tuple[str, str]]:
    """Each language offered with its own name for itself ('Español'), for the switch."""
    return [(code, Locale.parse(code).get_display_name(code).capitalize()) for code in available()]


@bp.post("/language")
@writes_nothing
def switch():
    code = request.form.get("language")
    response = see_other(url_for("games.home"))
    if code in available():
        response.set_cookie(COOKIE, code, max_age=3600 * 24 * 365, httponly=True, samesite="Lax")
    return response


def _names(names: list[str]) -> str:
    locale = current_locale()
    # the referee's English joins with "and" alone ("Ann and Bo and Cy"), as its messages always have
    return " and ".join(names) if current_language() == DEFAULT or not names else format_list(names, locale=locale)


def init_app(app) -> None:
    words.install(lambda message: get_translations().gettext(message),
                  lambda one, many, n: get_translations().ngettext(one, many, n), _names)
    Babel(app, locale_selector=choose_language, default_translation_directories=str(TRANSLATIONS))
    app.jinja_env.policies["ext.i18n.trimmed"] = True   # a {% trans %} block's line breaks are not words
    app.jinja_env.globals["language"] = current_language
    app.jinja_env.globals["page_language"] = page_language
    app.jinja_env.globals["language_names"] = language_names
    app.jinja_env.filters["names"] = words.names
    from .script_words import script_words
    app.jinja_env.globals["script_words"] = script_words
    app.register_blueprint(bp)

    @app.after_request
    def varies_on_language(response):
        # a cache between the phone and the table must not hand one phone's language to another
        if response.mimetype == "text/html":
            response.vary.add("Accept-Language")
            response.vary.add("Cookie")
        return response
