"""The Referee tab of a game, and the draw guide that works before a game exists."""
from __future__ import annotations

from flask import Blueprint, render_template, request, url_for

from referee.draw import Refusal, draw_count
from referee.rulesets import GAME_PRESETS, UnknownPreset, rule_set
from referee.statistics import for_table
from referee.words import _

from ...game.hand_warnings import dismiss
from ...storage.db import get_db
from ..htmx import see_other
from .loading import editable_sheet, sheet_for

bp = Blueprint("referee", __name__)


@bp.get("/games/<int:game_id>/referee")
def game_referee(game_id: int):
    sheet = sheet_for(game_id)
    # the players at the table for the hand being played (as the sheet's own row counts them)
    current = sheet.current_hand
    players = len(current.seated(sheet.players) if current else sheet.playing)
    try:
        draw = draw_count(sheet.rules, sheet.set_size, players)
    except Refusal as problem:
        draw = {"error": str(problem)}
    stats = for_table(sheet.rules, sheet.set_size, players)   # computed beforehand, never here
    return render_template("referee.html", sheet=sheet, draw=draw, tab="referee",
                           current=current, stats=stats)


@bp.get("/referee")
def draw_guide():
    typed = {k: (request.args.get(k) or "").strip() for k in ("preset", "set", "players")}
    answer, errors, rules = None, {}, None
    if any(typed.values()):
        try:
            rules = rule_set(typed["preset"])
        except UnknownPreset:
            errors["preset"] = _("Choose one of the rule sets.")
        if rules and not errors:
            try:
                answer = draw_count(rules, int(typed["set"]), int(typed["players"]))
            except Refusal as problem:
                errors["players"] = str(problem)[0].upper() + str(problem)[1:] + "."
            except ValueError:
                errors["players"] = _("Give the set and the number of players as whole numbers.")
    games = {game: [rule_set(p) for p in presets] for game, presets in GAME_PRESETS.items()}
    return render_template("draw_guide.html", typed=typed, answer=answer, errors=errors, rules=rules,
                           games=games), (422 if errors else 200)


@bp.post("/games/<int:game_id>/hands/<int:number>/dismiss")
def dismiss_warning(game_id: int, number: int):
    sheet = editable_sheet(game_id)
    dismiss(get_db(), sheet, number, request.form.get("code", ""), request.form.get("player", ""))
    return see_other(url_for("games.sheet", game_id=game_id))
