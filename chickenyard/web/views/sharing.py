"""The shared table: joining by link, the QR codes, rotating the edit link,
the live sheet that phones poll, and the big-screen view."""
from __future__ import annotations

import segno
from sqlite_utils.db import NotFoundError
from flask import Blueprint, current_app, flash, g, make_response, render_template, request, url_for
from markupsafe import Markup

from referee.words import N_, _

from ...game import season
from ...game.game_changes import next_game, watched_before_next
from ...storage.db import get_db
from ...storage.instance import writes_nothing
from ...storage.store import access_row, game_with_key, rotate_key
from ..access import EDIT, VIEW, grant, grant_role, require
from ..hosts import lan_addresses
from ..htmx import see_other
from ..watch_codes import TryLimit, find_game, normalised, shown, watch_code
from .loading import editable_sheet, game_row, kept_sheet, live_etag, sheet_for, sheet_view_for, view_context

bp = Blueprint("sharing", __name__)


@bp.get("/join/<key>")
def join(key: str):
    game_id = game_with_key(get_db(), key)
    grant(game_id, key)
    return see_other(url_for("games.sheet", game_id=game_id))


def share_url(key: str) -> str:
    """The join link as a phone on the Wi-Fi must type it (the LAN address, not 127.0.0.1)."""
    host = request.host
    hostname = host.split(":")[0]
    if hostname in ("127.0.0.1", "localhost", "::1", "[::1]"):
        lan = lan_addresses()
        if lan:
            port = host.split(":")[1] if ":" in host else "80"
            host = f"{lan[0]}:{port}"
    return f"{request.scheme}://{host}{url_for('sharing.join', key=key)}"


def qr_svg(url: str) -> Markup:
    # segno draws the QR code here on the table's machine: no internet needed
    return Markup(segno.make(url, error="m").svg_inline(scale=5, dark="#1d1b16", light="#ffffff", omitsize=True))


TOO_MANY = {
    "phone": N_("Too many codes tried from this phone: wait a minute, then try again."),
    "table": N_("Too many codes tried at this table just now: wait a minute, then try again, or scan the watch "
                "QR code on the scorekeeper's Share tab."),
}


@bp.post("/watch")
@writes_nothing
def watch():
    """A watch code typed on the home page: the game opens to watch, or the home page says why."""
    typed = (request.form.get("code") or "").strip()[:20]
    if not normalised(typed):                    # nothing typed is not a guess: no try is counted
        return _home_with_problem(typed, _("Type the game's code first: the scorekeeper's Share tab shows it "
                                           "(six letters and digits, like K7M-4QX)."), 422)
    tries = current_app.extensions.setdefault("watch_code_tries", TryLimit())   # one count per running table
    over = tries.over_limit(request.remote_addr or "")
    if over:
        return _home_with_problem(typed, _(TOO_MANY[over]), 429)
    game_id = find_game(get_db(), current_app.config["SECRET_KEY"], typed)
    if game_id is None:
        return _home_with_problem(typed, _("No game has that code here. Check it with the scorekeeper's Share "
                                           "tab (six letters and digits, like K7M-4QX)."), 422)
    grant_role(access_row(get_db(), game_id), VIEW)
    return see_other(url_for("games.sheet", game_id=game_id))


def _home_with_problem(typed: str, problem: str, status: int):
    from .games import home
    response = make_response(home(watch_typed=typed, watch_problem=problem))
    response.status_code = status
    return response


@bp.get("/games/<int:game_id>/share")
def share(game_id: int):
    sheet = sheet_for(game_id)
    links = [("view", _("Watch the sheet (read-only)"), share_url(sheet.game["view_key"]))]
    if g.role == EDIT:
        links.insert(0, ("edit", _("Keep score (can change the sheet)"), share_url(sheet.game["edit_key"])))
    code = shown(watch_code(current_app.config["SECRET_KEY"], sheet.game["view_key"]))
    return render_template("share.html", sheet=sheet, code=code,
                           links=[(k, label, url, qr_svg(url)) for k, label, url in links])


@bp.post("/games/<int:game_id>/rotate")
def rotate(game_id: int):
    editable_sheet(game_id)
    if request.form.get("link") == "view":
        rotate_key(get_db(), game_id, "view")
        flash(_("New watch link made: the old one no longer works. Phones that should keep watching need the new one."))
    else:
        grant(game_id, rotate_key(get_db(), game_id, "edit"))
        flash(_("New edit link made: the old one no longer works. Phones that should keep scoring need the new one."))
    return see_other(url_for("sharing.share", game_id=game_id))


@bp.get("/games/<int:game_id>/live")
def live(game_id: int):
    """The sheet fragment that open phones poll: 304 unless the game changed.

    Deciding that is one primary-key read; the sheet is built only when it changed.
    """
    game = game_row(game_id)
    role = g.role = require(game, VIEW)
    view = "tv" if request.args.get("view") == "tv" else "sheet"
    seen = request.headers.get("X-Sheet-Revision", "")
    if seen.isdigit() and watched_before_next(game, int(seen)):
        following = _follow(game, role, view)
        if following is not None:
            return following
    etag = live_etag(game_id, game["revision"], role) + (_tv_mark() if view == "tv" else "")
    # a weak ETag: the gzip and plain bodies are the same sheet, so compression leaves it as it is
    if request.if_none_match.contains_weak(etag):
        response = make_response("", 304)
    else:
        context = view_context(sheet_view_for(game), etag)
        if view == "tv":
            context["tonight"] = season.tonight(get_db())
        response = make_response(render_template("_tv.html", **context) if view == "tv" else
                                 kept_sheet("_sheet.html", **context))
    response.set_etag(etag, weak=True)
    response.headers["Cache-Control"] = "no-cache"
    response.vary.add("Cookie")
    return response


def _follow(game: dict, role: str, view: str):
    """A phone that watched a game when Play again started the next one goes on to it, holding the
    same link there (a watch phone watches, a scorekeeper keeps score): htmx navigates the page."""
    new = next_game(get_db(), game)
    if new is None:
        return None
    grant_role(new, role)
    response = make_response("", 200)
    response.headers["HX-Redirect"] = _next_url(new["id"], view)
    response.headers["Cache-Control"] = "no-store"
    return response


def _next_url(game_id: int, view: str) -> str:
    return url_for("sharing.tv", game_id=game_id) if view == "tv" else url_for("games.sheet", game_id=game_id)


@bp.get("/games/<int:game_id>/next")
def follow_next(game_id: int):
    """The game this table went on to play (the sheet's link, with or without JavaScript)."""
    game = game_row(game_id)
    role = require(game, VIEW)
    new = next_game(get_db(), game)
    if new is None:
        raise NotFoundError(game_id)
    grant_role(new, role)
    return see_other(_next_url(new["id"], "tv" if request.args.get("view") == "tv" else "sheet"))


@bp.get("/games/<int:game_id>/tv")
def tv(game_id: int):
    sheet = sheet_for(game_id)
    return render_template("tv.html", sheet=sheet, etag=live_etag(game_id, sheet.game["revision"], g.role) + _tv_mark(),
                           tonight=season.tonight(get_db()))


def _tv_mark() -> str:
    """The big screen also shows tonight's standings across games: its ETag follows them too."""
    return "-tv-" + season.tonight_mark(get_db())
