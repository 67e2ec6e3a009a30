"""Castle Rock: the solitaire helper, with real tiles or a shuffled set on screen."""
from __future__ import annotations

import json
import random
from functools import lru_cache

from flask import Blueprint, abort, flash, render_template, request, session, url_for

from referee.actions import IllegalAction
from referee.castle_rock import RULES, CastleRock, DrawTile, RemoveMiddle, RemoveThree, win_rates
from referee.tiles import BadTile, Tile

from ..clock import now
from ..db import get_db, transaction
from ..htmx import see_other

bp = Blueprint("castle_rock", __name__)
STATS_GAMES = 100        # per page view of a fresh server: about a second and a half


@lru_cache(maxsize=1)
def statistics() -> list[dict]:
    """Win rates under a simple and a searching policy, per set: computed once, then kept."""
    return [win_rates(STATS_GAMES, seed=1, set_size=15), win_rates(10 * STATS_GAMES, seed=1, set_size=6)]


def _mine() -> list[int]:
    return list(session.get("solitaire", []))


def _load(game_id: int) -> tuple[dict, CastleRock]:
    if game_id not in _mine():
        abort(404)
    rows = list(get_db().query("select * from solitaire where id = ?", [game_id]))
    if not rows:
        abort(404)
    return rows[0], CastleRock.from_json(json.loads(rows[0]["state"]))


@bp.get("/castle-rock")
def home():
    ids = _mine()
    games = list(get_db().query(f"select * from solitaire where id in ({', '.join('?' * len(ids))}) "
                                "order by id desc", ids)) if ids else []
    return render_template("castle_rock_home.html", games=games, stats=statistics(), rules=RULES)


@bp.post("/castle-rock/new")
def new():
    mode = request.form.get("mode")
    if mode not in ("practice", "table"):
        abort(400, "Choose practice on screen or real tiles.")
    set_size = request.form.get("set", "15")
    if set_size not in ("6", "9", "12", "15"):
        abort(400, "Castle Rock is played with a double-6, 9, 12 or 15 set.")
    game = CastleRock(set_size=int(set_size), rng=random.Random(), known_pile=mode == "practice")
    game.start()
    db = get_db()
    with transaction(db):
        game_id = db["solitaire"].insert({"mode": mode, "state": json.dumps(game.to_json()),
                                          "created_at": now(), "updated_at": now(), "finished": 0}).last_pk
    session["solitaire"] = _mine()[-19:] + [game_id]
    return see_other(url_for("castle_rock.game", game_id=game_id))


@bp.get("/castle-rock/<int:game_id>")
def game(game_id: int):
    row, state = _load(game_id)
    return _page(row, state)


def _page(row, state, problem=None, typed="", status=200):
    return render_template("castle_rock.html", game_id=row["id"], mode=row["mode"], state=state,
                           actions=state.legal_actions(), problem=problem, typed=typed, rules=RULES,
                           stats=statistics()), status


@bp.post("/castle-rock/<int:game_id>/move")
def move(game_id: int):
    row, state = _load(game_id)
    choice = request.form.get("action", "")
    typed = (request.form.get("tile") or request.form.get("picked") or "").strip()
    try:
        action = _action(choice, typed)
        state.apply(action)
    except (IllegalAction, ValueError) as problem:
        message = problem.cites() if isinstance(problem, IllegalAction) else str(problem)
        return _page(row, state, message, typed, 422)
    db = get_db()
    with transaction(db):
        db["solitaire"].update(game_id, {"state": json.dumps(state.to_json()), "updated_at": now(),
                                         "finished": int(state.is_over())})
    if state.is_over():
        flash("Won: only two dominoes or fewer remain." if state.won() else
              f"The bone pile is empty and nothing more can be removed: {len(state.row)} dominoes remain.")
    return see_other(url_for("castle_rock.game", game_id=game_id))


def _action(choice: str, typed: str):
    kind, _, index = choice.partition("-")
    if kind == "draw":
        if not typed:
            return DrawTile()
        try:
            return DrawTile(Tile.parse(typed))
        except BadTile as problem:
            raise ValueError(f"{typed!r} is not a tile; write it like 3|4.") from problem
    if kind in ("middle", "three") and index.isdigit():
        return (RemoveMiddle if kind == "middle" else RemoveThree)(int(index))
    raise ValueError("Choose a removal, or draw the next tile.")
