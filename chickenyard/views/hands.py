"""Entering and editing one hand's scores."""
from __future__ import annotations

from flask import Blueprint, abort, flash, request, url_for

from ..db import get_db
from ..hand_form import HandForm, max_points, read_hand_form
from ..htmx import device_name, is_htmx, page, see_other
from ..store import can_undo, save_hand
from .loading import editable_sheet, sheet_for

bp = Blueprint("hands", __name__)


def _hand_or_404(sheet, number):
    hand = sheet.hand(number)
    if hand is None:
        abort(404)
    return hand


def _hand_page(sheet, hand, form, status=200):
    return page("hand.html", "_hand.html", status, sheet=sheet, hand=hand, form=form,
                max_points=max_points(sheet))


@bp.get("/games/<int:game_id>/hands/<int:number>")
def hand(game_id: int, number: int):
    sheet = editable_sheet(game_id)
    hand = _hand_or_404(sheet, number)
    return _hand_page(sheet, hand, HandForm.from_hand(sheet, hand))


@bp.post("/games/<int:game_id>/hands/<int:number>")
def save(game_id: int, number: int):
    sheet = editable_sheet(game_id)
    hand = _hand_or_404(sheet, number)
    form = read_hand_form(sheet, hand, request.form)
    if not form.ok:
        return _hand_page(sheet, hand, form, 422)
    db = get_db()
    changed = save_hand(db, sheet, number, form.entries, device=device_name())
    sheet = sheet_for(game_id)
    saved = sheet.hand(number)
    state = "complete" if saved.complete_for(sheet.players) else "saved, not complete yet"
    flash(f"Hand {number} ({saved.double}|{saved.double}) {state}." if changed
          else f"Hand {number}: nothing changed.")
    sheet_url = url_for("games.sheet", game_id=game_id)
    if is_htmx():
        return page("sheet.html", "_sheet.html", sheet=sheet, can_undo=can_undo(db, game_id),
                    push_url=sheet_url, trigger="sheet-changed")
    return see_other(sheet_url)
