"""Printed score sheets: the blank-sheet form, the print view, its stylesheet and the PDF."""
from __future__ import annotations

import re
import unicodedata
from urllib.parse import urlencode

from flask import Blueprint, Response, abort, make_response, render_template, request, url_for
from markupsafe import Markup

from referee.rulesets import PRESET_NAMES, rule_set
from referee.words import _

from ..web.views.loading import sheet_for
from .layout import PAPERS, LayoutError, double_svg, layout_css
from .paper import paper_for_languages
from .pdf import pdf_of
from .sheet import GAMES, PrintSheet, filled_sheet, read_blank_form

bp = Blueprint("printing", __name__)


PAPER_COOKIE = "paper"


def remembered_paper() -> str:
    """The paper this phone chose last; before any choice, the one its language's region uses."""
    paper = (request.cookies.get(PAPER_COOKIE) or "").lower()
    return paper if paper in PAPERS else paper_for_languages(request.accept_languages.values())


@bp.app_template_global()
def paper_label() -> str:
    """The paper a PDF button prints on, as its name reads: 'A4' or 'Letter'."""
    return "A4" if remembered_paper() == "a4" else _("Letter")


def _paper_args():
    paper = (request.args.get("paper") or remembered_paper()).lower()
    orientation = request.args.get("orientation") or "auto"
    return paper, orientation


def remember_paper(response):
    """A paper chosen in the address is kept for this phone's next print."""
    paper = (request.args.get("paper") or "").lower()
    if paper in PAPERS:
        response.set_cookie(PAPER_COOKIE, paper, max_age=3600 * 24 * 365, httponly=True, samesite="Lax")
    return response


def _render(sheet: PrintSheet, css_url: str, pdf_url: str, paper_urls: dict | None = None,
            sheet_url: str | None = None) -> str:
    return render_template("print_sheet.html", ps=sheet, css_url=css_url, pdf_url=pdf_url, paper_urls=paper_urls,
                           sheet_url=sheet_url,
                           face=lambda n: Markup(double_svg(n, min(7.0, sheet.page.row_height - 2))))


def file_name(text: str) -> str:
    """A file name a phone can save: letters, digits and dashes."""
    return re.sub(r"[^a-z0-9]+", "-", unicodedata.normalize("NFKD", text).encode("ascii", "ignore")
                  .decode().lower()).strip("-")[:80] or "game"


def _pdf(sheet: PrintSheet, html: str, name: str) -> Response:
    return pdf_response(html, "print-sheet.css", _css(sheet), name)


def pdf_response(html: str, stylesheet: str, css: str, name: str) -> Response:
    """A printable page as a PDF, made by WeasyPrint with a static stylesheet and a page's own CSS."""
    try:
        pdf = pdf_of(html, _static(stylesheet), css)
    except (ImportError, OSError):
        abort(503, _("PDF printing needs WeasyPrint and the Pango library; use the Print button instead."))
    return remember_paper(Response(pdf, mimetype="application/pdf",
                                   headers={"Content-Disposition": f'attachment; filename="{name}.pdf"'}))


def _static(name: str):
    from pathlib import Path

    from flask import current_app
    return Path(current_app.static_folder) / name


def _css(sheet: PrintSheet) -> str:
    return layout_css(sheet.page)


@bp.get("/print")
def blank_form():
    form = read_blank_form(request.args, remembered_paper()) if request.args else None
    return render_template("print_form.html", form=form, presets=[rule_set(p) for p in PRESET_NAMES],
                           games=GAMES, query=request.query_string.decode(), paper=remembered_paper()), \
        (422 if form and form.errors else 200)


def _blank_or_form():
    form = read_blank_form(request.args, remembered_paper())
    if form.errors:
        abort(Response(render_template("print_form.html", form=form, games=GAMES,
                                       presets=[rule_set(p) for p in PRESET_NAMES], paper=remembered_paper(),
                                       query=request.query_string.decode()), 422))
    return form.sheet


@bp.get("/print/sheet")
def blank_view():
    sheet = _blank_or_form()
    query = request.query_string.decode()
    return remember_paper(make_response(_render(sheet, url_for("printing.blank_css") + "?" + query,
                                                url_for("printing.blank_pdf") + "?" + query)))


@bp.get("/print/sheet.css")
def blank_css():
    return Response(_css(_blank_or_form()), mimetype="text/css")


@bp.get("/print/sheet.pdf")
def blank_pdf():
    sheet = _blank_or_form()
    return _pdf(sheet, _render(sheet, "", ""), f"chickenyard-blank-{sheet.rules.preset}-double-{sheet.set_size}")


def _filled(game_id: int):
    sheet = sheet_for(game_id)
    paper, orientation = _paper_args()
    try:
        return sheet, filled_sheet(sheet, paper, orientation)
    except LayoutError as problem:
        abort(422, str(problem))


@bp.get("/games/<int:game_id>/print")
def filled_view(game_id: int):
    sheet, printed = _filled(game_id)
    paper, orientation = _paper_args()
    query = urlencode({"paper": paper, "orientation": orientation})
    paper_urls = {name: url_for("printing.filled_view", game_id=game_id, paper=name, orientation=orientation)
                  for name in PAPERS}
    return remember_paper(make_response(_render(
        printed, url_for("printing.filled_css", game_id=game_id) + "?" + query,
        url_for("printing.filled_pdf", game_id=game_id) + "?" + query, paper_urls,
        url_for("games.sheet", game_id=game_id))))


@bp.get("/games/<int:game_id>/print.css")
def filled_css(game_id: int):
    return Response(_css(_filled(game_id)[1]), mimetype="text/css")


@bp.get("/games/<int:game_id>/sheet.pdf")
def filled_pdf(game_id: int):
    sheet, printed = _filled(game_id)
    title = sheet.game.get("name") or " ".join(printed.names)
    return _pdf(printed, _render(printed, "", ""),
                f"{file_name(title)}-{printed.day}-{printed.page.paper}")
