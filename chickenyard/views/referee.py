"""The Referee tab of a game, and the draw guide that works before a game exists."""
from __future__ import annotations

from functools import lru_cache

from flask import Blueprint, abort, render_template, request, url_for

from referee.draw import Refusal, draw_count
from referee.rulesets import PRESET_NAMES, UnknownPreset, rule_set
from referee.simulate import simulate

from ..db import get_db
from ..htmx import see_other
from ..warnings import dismiss
from .loading import editable_sheet, sheet_for

bp = Blueprint("referee", __name__)
SIMULATED_HANDS = 300


@lru_cache(maxsize=64)
def table_statistics(preset: str, house: tuple, set_size: int, players: int) -> dict | None:
    """How random legal hands go at this table's settings: computed once, then kept."""
    try:
        return simulate(rule_set(preset, dict(house)), set_size, players, SIMULATED_HANDS, seed=1).as_dict()
    except ValueError:
        return None


@bp.get("/games/<int:game_id>/referee")
def game_referee(game_id: int):
    sheet = sheet_for(game_id)
    players = len(sheet.players)
    try:
        draw = draw_count(sheet.rules, sheet.set_size, players)
    except Refusal as problem:
        draw = {"error": str(problem)}
    stats = table_statistics(sheet.rules.preset, tuple(sorted(sheet.rules.house_rules.items())),
                             sheet.set_size, players) if sheet.rules.game == "chickenfoot" else None
    return render_template("referee.html", sheet=sheet, draw=draw, tab="referee",
                           current=sheet.current_hand, stats=stats)


@bp.get("/referee")
def draw_guide():
    typed = {k: (request.args.get(k) or "").strip() for k in ("preset", "set", "players")}
    answer, errors, rules = None, {}, None
    if any(typed.values()):
        try:
            rules = rule_set(typed["preset"])
        except UnknownPreset:
            errors["preset"] = "Choose one of the rule sets."
        if rules and not errors:
            try:
                answer = draw_count(rules, int(typed["set"]), int(typed["players"]))
            except Refusal as problem:
                errors["players"] = str(problem)[0].upper() + str(problem)[1:] + "."
            except ValueError:
                errors["players"] = "Give the set and the number of players as whole numbers."
    return render_template("draw_guide.html", typed=typed, answer=answer, errors=errors, rules=rules,
                           presets=[rule_set(p) for p in PRESET_NAMES]), (422 if errors else 200)


@bp.post("/games/<int:game_id>/hands/<int:number>/dismiss")
def dismiss_warning(game_id: int, number: int):
    sheet = editable_sheet(game_id)
    if not dismiss(get_db(), sheet, number, request.form.get("code", ""), request.form.get("player", "")):
        abort(404)
    return see_other(url_for("games.sheet", game_id=game_id))
