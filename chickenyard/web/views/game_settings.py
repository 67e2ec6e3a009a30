"""The game itself: its name, players joining late or leaving, putting it away, deleting it, and
playing again with the same table."""
from __future__ import annotations

from flask import Blueprint, current_app, flash, render_template, request, url_for

from referee.words import _, names

from ...game.game_changes import (CannotChange, ChangedMeanwhile, add_player, archive_game, delete_game, late_start,
                                  leaving, remove_player, rename_game, start_next_game)
from ...game.game_setup import clean_game_name
from ...storage.db import StorageProblem, get_db
from ...storage.store import access_row
from ..access import EDIT, grant_role
from ..htmx import device_name, see_other
from .loading import editable_sheet

bp = Blueprint("game_settings", __name__)


def _settings_page(sheet, typed=None, errors=None, status=200, confirm_leaving=None):
    return render_template("game_settings.html", sheet=sheet, typed=typed or {}, errors=errors or {},
                           highest=late_start(sheet, "highest"), confirm_leaving=confirm_leaving), status


def _status(problem: Exception) -> int:
    """422 for a change the table cannot make; 503 when the disk would not take it (typing kept)."""
    return 503 if isinstance(problem, StorageProblem) else 422


@bp.get("/games/<int:game_id>/settings")
def settings(game_id: int):
    return _settings_page(editable_sheet(game_id))


@bp.post("/games/<int:game_id>/name")
def rename(game_id: int):
    sheet = editable_sheet(game_id)
    name = request.form.get("name") or ""
    try:
        renamed = rename_game(get_db(), game_id, name, was=request.form.get("was"), device=device_name())
    except ChangedMeanwhile as problem:      # the page again, at the name now stored, keeping what was typed
        return _settings_page(editable_sheet(game_id), {"name": name}, {"name": str(problem)}, 409)
    except (CannotChange, StorageProblem) as problem:
        return _settings_page(sheet, {"name": name}, {"name": str(problem)}, _status(problem))
    if not renamed:
        flash(_("The game's name: nothing changed."))
    elif name.strip():
        flash(_("The game is now called “%(name)s”.", name=clean_game_name(name)))
    else:
        flash(_("The game's name is taken off."))
    return see_other(url_for("game_settings.settings", game_id=game_id))


@bp.post("/games/<int:game_id>/players")
def add(game_id: int):
    sheet = editable_sheet(game_id)
    name, start = request.form.get("player") or "", request.form.get("start") or "highest"
    try:
        add_player(get_db(), sheet, name, start, device=device_name())
    except (CannotChange, StorageProblem) as problem:
        return _settings_page(sheet, {"player": name, "start": start}, {"player": str(problem)}, _status(problem))
    sheet = editable_sheet(game_id)
    joined = sheet.players[-1]
    flash(_("%(name)s joins from %(unit)s %(number)s, starting at %(points)s.", name=joined.name, unit=sheet.unit,
            number=joined.joined_hand, points=joined.start_points))
    return see_other(url_for("games.sheet", game_id=game_id))


@bp.post("/games/<int:game_id>/players/leave")
def leave(game_id: int):
    """Who left, asked first: the page says what leaving does, and only "Yes" takes them off."""
    sheet = editable_sheet(game_id)
    chosen = request.form.get("leaving") or ""
    player = next((p for p in sheet.playing if str(p.id) == chosen), None)
    try:
        if player is None:
            raise CannotChange(_("Choose who left the table."))
        if request.form.get("sure") != "yes":
            return _settings_page(sheet, {"leaving": chosen}, confirm_leaving=(player, leaving(sheet, player.id)))
        result = remove_player(get_db(), sheet, player.id, device=device_name())
    except (CannotChange, StorageProblem) as problem:
        return _settings_page(sheet, {"leaving": chosen}, {"leaving": str(problem)}, _status(problem))
    flash((_("%(name)s is off the sheet.", name=player.name) if result == "removed"
           else _("%(name)s %(left)s.", name=player.name, left=result)) + " " + _("Undo last change brings them back."))
    return see_other(url_for("games.sheet", game_id=game_id))


@bp.post("/games/<int:game_id>/archive")
def archive(game_id: int):
    editable_sheet(game_id)
    put_away = request.form.get("archived") == "1"
    if not archive_game(get_db(), game_id, put_away):      # a second tap, or a page opened before the first
        flash(_("This game was already put away.") if put_away else _("This game was already among the others."))
    else:
        flash(_("The game is put away: find it under “Put away” on the home page.") if put_away
              else _("The game is back among the others."))
    return see_other(url_for("games.home") if put_away else url_for("game_settings.settings", game_id=game_id))


@bp.post("/games/<int:game_id>/delete")
def delete(game_id: int):
    sheet = editable_sheet(game_id)
    if request.form.get("sure") != "yes":
        return _settings_page(sheet, errors={"delete": _("Tick the box to say you mean it: a deleted game "
                                                         "cannot be brought back.")}, status=422)
    delete_game(get_db(), game_id, current_app.config["PHOTOS"])
    flash(_("Deleted the game of %(names)s.", names=names(p.name for p in sheet.players)))
    return see_other(url_for("games.home"))


@bp.post("/games/<int:game_id>/again")
def play_again(game_id: int):
    """A new game for the same table: the players still seated, the rule set and house rules."""
    sheet = editable_sheet(game_id)
    db = get_db()
    new_id, started = start_next_game(db, sheet, device=device_name())
    first = sheet.next_first_starter()
    grant_role(access_row(db, new_id), EDIT)
    if not started:
        flash(_("This table is already playing again: here is the new game."))
        return see_other(url_for("games.sheet", game_id=new_id))
    opening = sheet.starter(sheet.hands[0]) if sheet.hands else None
    flash(_("A new game with the same players and rules. Good luck!")
          + (" " + _("%(name)s starts this time.", name=sheet.playing[first - 1].name)
             if opening and opening.seat is not None else ""))
    return see_other(url_for("games.sheet", game_id=new_id))
