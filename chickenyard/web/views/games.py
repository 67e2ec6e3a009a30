"""Home, new game, the score sheet, undo and redo, and history."""
from __future__ import annotations

import json

from flask import Blueprint, current_app, flash, make_response, render_template, request, url_for

from referee.games import GAMES
from referee.rulesets import PRESET_NAMES, rule_set
from referee.words import _

from ...game.people import known_people
from ...game.sheet import load_sheet
from ...game.typed import whole_number
from ...game.undo import CannotTakeBack, ShownBefore, redo_last, undo_last
from ...storage.db import StorageProblem, get_db
from ...storage.instance import writes_nothing
from ...storage.photos import game_photos
from ...storage.store import access_row, create_game_once, games_listed, history, set_first_starter
from ..access import EDIT, grant_role, known_game_ids, role_for
from ..filters import double_label
from ..htmx import device_name, is_htmx, see_other
from ..languages import page_language
from ..new_game_form import NewGameForm, pick_player, read_new_game
from .loading import editable_sheet, sheet_for, sheet_page

bp = Blueprint("games", __name__)


@bp.get("/")
def home(watch_typed: str = "", watch_problem: str | None = None):
    db = get_db()
    games = [g for g in games_listed(db, known_game_ids()) if role_for(g)]
    for game in games:
        if game["finished_at"] and not game["archived_at"]:
            sheet = load_sheet(db, game["id"])
            game["winners"] = sheet.names(sheet.winners)
            game["winning_total"] = sheet.totals[sheet.winners[0]] if sheet.winners else None
    shown = [g for g in games if not g["archived_at"]]
    return render_template("home.html", playing=[g for g in shown if not g["finished_at"]],
                           finished=[g for g in shown if g["finished_at"]],
                           put_away=[g for g in games if g["archived_at"]], device=device_name(),
                           watch_typed=watch_typed, watch_problem=watch_problem)


@bp.get("/ping")
def ping():
    """A route that touches nothing: the baseline for `make bench`."""
    return "ok", 200, {"Content-Type": "text/plain"}


@bp.get("/favicon.ico")
def favicon():
    return current_app.send_static_file("favicon.svg")


@bp.get("/manifest.webmanifest")
def manifest():
    """What "Add to Home Screen" reads: Chickenyard's own name and icon, and its description in the
    phone's language."""
    with current_app.open_resource("static/manifest.webmanifest") as f:
        app_manifest = json.load(f)
    app_manifest["lang"] = page_language()
    app_manifest["description"] = _("The score sheet and referee for domino games played with real tiles.")
    response = make_response(json.dumps(app_manifest, ensure_ascii=False, indent=2))
    response.mimetype = "application/manifest+json"
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return response


@bp.post("/device")
@writes_nothing
def set_device():
    name = (request.form.get("device") or "").strip()[:40]
    response = see_other(url_for("games.home"))
    response.set_cookie("device", name, max_age=3600 * 24 * 365, httponly=True, samesite="Lax")
    return response


def _preset_choices():
    return [rule_set(name) for name in PRESET_NAMES]


def _new_game_page(form: NewGameForm, status: int = 200):
    return render_template("new_game.html", form=form, games=GAMES, presets=_preset_choices(),
                           known=known_people(get_db())), status


@bp.get("/games/new")
def new_game():
    return _new_game_page(NewGameForm.blank())


@bp.post("/games/new")
def create():
    form = read_new_game(request.form)
    if request.form.get("pick"):        # a known player tapped without JavaScript: seat them, stay
        pick_player(form, request.form["pick"])
        return _new_game_page(form)
    if request.form.get("choose"):      # a game chosen without JavaScript: its own choices, nothing lost
        form.errors.clear()
        return _new_game_page(form)
    if not form.ok:
        return _new_game_page(form, 422)
    db = get_db()
    try:
        game_id, started = create_game_once(db, form.token, rules=form.rules,
                                            set_size=form.set_size, players=[n for n in form.names if n],
                                            hand_doubles=form.hand_doubles, device=device_name())
    except StorageProblem as problem:      # the form comes back as typed: a second tap starts the game
        form.errors["form"] = str(problem)
        return _new_game_page(form, 503)
    grant_role(access_row(db, game_id), EDIT)
    if not started:
        flash(_("This game is already started: here it is."))
    return see_other(url_for("games.sheet", game_id=game_id))


@bp.get("/games/<int:game_id>")
def sheet(game_id: int):
    return sheet_page(game_id)


@bp.post("/games/<int:game_id>/undo")
def undo(game_id: int):
    return _taking_back(undo_last, game_id, _undone, _undo_moved_on)


@bp.post("/games/<int:game_id>/redo")
def redo(game_id: int):
    return _taking_back(redo_last, game_id, _redone, _redo_moved_on)


def _taking_back(undo_or_redo, game_id: int, saying, moved_on):
    """Undo or Redo, then the sheet with what it took (`saying(sheet, step)`, step None when there
    was nothing to take) or why it clashes with a later change; `moved_on(sheet, step)` when the
    button was shown for another change than the one it would take now."""
    editable_sheet(game_id)
    try:
        step = undo_or_redo(get_db(), game_id, shown=_shown_change(), device=device_name())
    except ShownBefore as stale:
        flash(moved_on(sheet_for(game_id), stale.now))
        return _sheet_again(game_id, 409)
    except CannotTakeBack as problem:
        flash(str(problem))
    else:
        flash(saying(sheet_for(game_id), step))
    return _sheet_again(game_id)


def _shown_change() -> int | None:
    """The change the Undo or Redo button was shown for (None: a form that does not say; 0: one that
    says something no change is)."""
    if "change" not in request.form:
        return None
    return whole_number(request.form["change"], digits=18) or 0


def _undone(sheet, step) -> str:
    if step is None:
        return _("There is nothing to undo.")
    if step.what == "entry":
        return _("Took back the last change to %(where)s.", where=_what(sheet, step))
    return _("Took back the last change: %(what)s.", what=_what(sheet, step))


def _redone(sheet, step) -> str:
    if step is None:
        return _("There is nothing to redo: a change made after an undo ends what Redo can put back.")
    return _("Put back what Undo took back: %(what)s.", what=_what(sheet, step))


def _undo_moved_on(sheet, step) -> str:
    if step is None:
        return _("Nothing was taken back: the sheet changed since this phone showed it, and there is nothing "
                 "to undo now.")
    return _("Nothing was taken back: the sheet changed since this phone showed it, and the last change is now "
             "%(what)s. Check the sheet, then undo again if that should go.", what=_what(sheet, step))


def _redo_moved_on(sheet, step) -> str:
    if step is None:
        return _("Nothing was put back: the sheet changed since this phone showed it, and there is nothing "
                 "to redo now.")
    return _("Nothing was put back: the sheet changed since this phone showed it, and Redo now puts back "
             "%(what)s. Check the sheet, then redo again if that should come back.", what=_what(sheet, step))


def _sheet_again(game_id: int, status: int = 200):
    """After an undo or a redo: the sheet, as a fragment for htmx (409: the button was stale) or by a
    redirect, whose flash says what happened."""
    if is_htmx():
        return sheet_page(game_id, push_url=url_for("games.sheet", game_id=game_id), status=status)
    return see_other(url_for("games.sheet", game_id=game_id))


def _what(sheet, step) -> str:
    """The change Undo or Redo took, in the table's words: "hand 2 (8|8)", "Bob joining the table"."""
    if step.what == "entry":
        # the game's own word for a hand ("round" in Mexican Train), already in the table's language
        hand = sheet.hand(step.hand_number)
        return f"{sheet.unit} {hand.number} ({double_label(hand.double)})"
    return {"joined": _("%(name)s joining the table", name=step.name),
            "left": _("%(name)s leaving the table", name=step.name),
            "removed": _("%(name)s taken off the sheet", name=step.name),
            "name": _("the game's name"),
            "person-renamed": _("the rename of %(before)s to %(after)s", before=step.name, after=step.new_name)}[step.what]


@bp.post("/games/<int:game_id>/starter")
def designate_starter(game_id: int):
    """The player designated to start the game, where the starter then rotates clockwise."""
    sheet = editable_sheet(game_id)
    seat = request.form.get("seat", type=int)
    player = next((p for p in sheet.players if p.seat == seat), None)
    if player is None:
        flash(_("Choose one of this game's players to start."))
    elif sheet.any_score:
        flash(_("The game has begun: the starter already rotates from the first hand's."))
    else:
        set_first_starter(get_db(), game_id, seat)
        flash(_("%(name)s starts the first %(unit)s; after that the start moves one seat clockwise.",
                name=player.name, unit=sheet.unit))
    return see_other(url_for("games.sheet", game_id=game_id))


@bp.get("/games/<int:game_id>/history")
def game_history(game_id: int):
    sheet = sheet_for(game_id)
    return render_template("history.html", sheet=sheet, changes=history(get_db(), game_id),
                           photos=game_photos(get_db(), game_id))
