"""Entering and editing one hand's scores."""
from __future__ import annotations

import json

from flask import Blueprint, flash, request, url_for

from referee.words import _

from ...game.conflicts import read_base, read_choices
from ...game.sheet import Entry
from ...game.typed import whole_number
from ...storage.db import StorageProblem, get_db
from ...storage.store import save_hand_form
from ..filters import double_label
from ..hand_form import HandForm, max_points, read_hand_form, typed_since_opened
from ..htmx import device_name, is_htmx, page, redirect_to, see_other
from .loading import editable_sheet, sheet_for, sheet_page

bp = Blueprint("hands", __name__)


def _hand_page(sheet, hand, form, status=200):
    return page("hand.html", "_hand.html", status, sheet=sheet, hand=hand, form=form,
                max_points=max_points(sheet))


def _conflict_page(sheet, hand, form, conflicts, merged=None):
    """The hand changed since this form was opened: show both values where both phones changed a
    player, and the merged value everywhere else, so that saving again loses nothing."""
    form.conflicts = {c.player_id: c for c in conflicts}
    form.version = str(hand.version)
    form.base = {p.id: json.dumps(hand.entry(p.id).snapshot()) for p in sheet.players}
    for p in sheet.players:
        if merged is not None and p.id not in form.conflicts:
            form.show(p.id, merged.get(p.id, Entry()))
    if conflicts:
        form.errors["form"] = _("This hand was saved since you opened it (on another phone, or on this one "
                                "before going back). For each marked player, choose which value to keep, "
                                "then save again.")
    else:
        form.errors["form"] = _("Another phone saved this hand just now. Check the values and save again.")
    return _hand_page(sheet, hand, form, 409)


def _photo_next(sheet, then: str) -> int | None:
    """The player whose photo is to be taken after saving, from the button pressed."""
    kind, _, pid = then.partition("-")
    player_id = whole_number(pid, digits=18)
    if kind == "photo" and any(p.id == player_id for p in sheet.players):
        return player_id
    return None


def _leave(game_id, sheet, hand, form):
    """"Back to the sheet" (a button of the form, so that it works without JavaScript): straight back
    when nothing was typed; otherwise the form again with everything kept, asking what to do."""
    if typed_since_opened(sheet, hand, form):
        form.errors = {}        # nothing is being saved: no field is marked
        form.leaving = True
        return _hand_page(sheet, hand, form)
    return _to_sheet(game_id)


def _to_sheet(game_id):
    sheet_url = url_for("games.sheet", game_id=game_id)
    if is_htmx():
        return sheet_page(game_id, push_url=sheet_url)
    return see_other(sheet_url)


@bp.get("/games/<int:game_id>/hands/<int:number>")
def hand(game_id: int, number: int):
    sheet = editable_sheet(game_id)
    hand = sheet.hand(number)
    sheet = sheet.at(hand)
    return _hand_page(sheet, hand, HandForm.from_hand(sheet, hand))


@bp.post("/games/<int:game_id>/hands/<int:number>")
def save(game_id: int, number: int):
    sheet = editable_sheet(game_id)
    hand = sheet.hand(number)
    sheet = sheet.at(hand)
    form = read_hand_form(sheet, hand, request.form)
    if request.form.get("then") == "leave":
        return _leave(game_id, sheet, hand, form)
    if not form.ok:
        return _hand_page(sheet, hand, form, 422)
    if request.form.get("then") == "find":   # tiles typed, "Add" pressed (no JavaScript): shown ticked, not saved yet
        return _hand_page(sheet, hand, form)
    photo_for = _photo_next(sheet, request.form.get("then", ""))   # read before anything is written
    ids = [p.id for p in sheet.players]
    choices, unchosen = read_choices(request.form, ids)
    try:
        outcome = save_hand_form(get_db(), sheet, number, form.entries, opened_version=form.version,
                                 base=read_base(request.form, ids), choices=choices, unchosen=unchosen,
                                 device=device_name())
    except StorageProblem as problem:     # the form comes back as typed: a second tap saves it
        form.errors["form"] = str(problem)
        return _hand_page(sheet, hand, form, 503)
    if not outcome.saved:
        return _conflict_page(outcome.sheet, outcome.sheet.hand(number), form, outcome.conflicts, outcome.merged)
    sheet = sheet_for(game_id)
    saved = sheet.hand(number)
    if photo_for is not None:      # "Count from a photo": the scores typed so far are kept first
        if outcome.changed:
            flash(_("%(unit)s %(number)s: the scores typed so far are saved.", unit=sheet.unit.capitalize(),
                    number=number))
        url = url_for("photos.upload_form", game_id=game_id, number=number, player_id=photo_for)
        return redirect_to(url)
    flash(_saved_words(sheet, saved, outcome.changed))
    return _to_sheet(game_id)


def _saved_words(sheet, saved, changed: int) -> str:
    """What the sheet says of a hand just saved: complete, or what it still needs."""
    unit = sheet.unit.capitalize()
    if not changed:
        return _("%(unit)s %(number)s: nothing changed.", unit=unit, number=saved.number)
    state = _("complete") if sheet.complete(saved) else _("saved, not complete yet")
    needs = sheet.still_needs(saved)
    if needs:
        state += f": {needs.rstrip('.')}"
    label = f" ({double_label(saved.double)})" if saved.double >= 0 else ""
    return _("%(unit)s %(number)s%(double)s %(state)s.", unit=unit, number=saved.number, double=label, state=state)
