"""Loading a game for a page: only with its link's secret, else a clean 404/403."""
from dataclasses import dataclass

from flask import current_app, g, render_template, request, session
from markupsafe import Markup

from ...game.sheet import Sheet, load_sheet
from ...storage.db import get_db
from ...storage.store import access_row
from ..access import EDIT, VIEW, require
from ..htmx import page
from ..languages import current_locale
from ..security import fill_csrf_holes
from ..sheet_view import SheetView, ViewCache


STARTER_MARK = "<!-- starter -->"


def sheet_for(game_id: int, need: str = VIEW) -> Sheet:
    sheet = load_sheet(get_db(), game_id)
    g.role = require(sheet.game, need)
    return sheet


def editable_sheet(game_id: int) -> Sheet:
    return sheet_for(game_id, EDIT)


def game_row(game_id: int) -> dict:
    """What access and the live poll need of a game: one primary-key read (NotFoundError if none)."""
    return access_row(get_db(), game_id)


def sheet_view_for(game: dict) -> SheetView:
    """The sheet's view model at the game's current revision, built once and kept for every phone."""
    cache = current_app.extensions.setdefault("chickenyard.sheet_views", ViewCache())
    return cache.get(get_db(), game)


def sheet_context(game_id: int, need: str = VIEW) -> dict:
    """Everything the sheet fragment shows, wherever it is rendered from."""
    game = game_row(game_id)
    g.role = require(game, need)
    view = sheet_view_for(game)
    return view_context(view, live_etag(game_id, view.sheet.game["revision"], g.role))


def sheet_page(game_id: int, push_url: str | None = None, status: int = 200):
    """The score sheet: the page, or its fragment for htmx."""
    return page("sheet.html", "_sheet.html", status, push_url=push_url, render=kept_sheet, **sheet_context(game_id))


def view_context(view: SheetView, etag: str) -> dict:
    return {"sheet": view.sheet, "view": view, "warnings": view.warnings,
            "etag": etag, "score_table": score_table(view, g.role)}


@dataclass(frozen=True)
class ScoreTable:
    """The sheet's table around the current hand's starter row, which holds this phone's own form."""
    before_starter: Markup
    after_starter: Markup


def score_table(view: SheetView, role: str) -> ScoreTable:
    """The sheet's table as this role sees it, rendered once for the revision the view is of."""
    table = view.tables.get(role)
    if table is None:
        html = render_template("_score_table.html", sheet=view.sheet, view=view, role=role)
        before, _, after = html.partition(STARTER_MARK)
        table = view.tables[role] = ScoreTable(Markup(before), Markup(after))
    return table


def kept_sheet(template: str, **context) -> str:
    """`render_template` for the sheet page or its fragment (`context` from `view_context`), rendered once
    for the revision and language its view is of and kept for every phone that sees it alike: the same
    role, ETag, paper on the PDF button and read-only state. A phone's own CSRF token goes into the kept
    page's holes; a page with a message for this phone alone (a flash) is rendered afresh."""
    if "_flashes" in session:
        return render_template(template, **context)
    from ...printing.views import paper_label
    key = (template, g.role, context["etag"], paper_label(), current_app.config["READ_ONLY"], request.script_root)
    pages = context["view"].pages
    html = pages.get(key)
    if html is None:
        g.csrf_hole = True
        try:
            html = pages[key] = render_template(template, **context)
        finally:
            g.csrf_hole = False
    return fill_csrf_holes(html)


def live_etag(game_id: int, revision: int, role: str) -> str:
    return f"g{game_id}-r{revision}-{role}-{current_locale()}"
