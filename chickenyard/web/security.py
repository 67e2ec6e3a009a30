"""CSRF protection for every form and htmx request (Flask-WTF)."""
from flask import g
from flask_wtf.csrf import CSRFProtect, generate_csrf
from markupsafe import Markup

csrf = CSRFProtect()

# where a page kept for every phone takes each phone's own token: escaped text never holds a "<"
CSRF_HOLE = Markup("<csrf-token>")


def csrf_token() -> str:
    """The templates' `csrf_token()`: this phone's token, or the hole for it in a page being kept
    (views/loading.py, `kept_sheet`)."""
    return CSRF_HOLE if g.get("csrf_hole") else generate_csrf()


def fill_csrf_holes(html: str) -> str:
    """A kept page with this phone's token in it; a page with no form is left as it is, and starts
    no token (as rendering it would not)."""
    return html.replace(CSRF_HOLE, generate_csrf()) if CSRF_HOLE in html else html


def init_app(app) -> None:
    csrf.init_app(app)
    # Flask-WTF offers its own both ways: as a global (macros see it) and in every template's context
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.context_processor(lambda: {"csrf_token": csrf_token})
