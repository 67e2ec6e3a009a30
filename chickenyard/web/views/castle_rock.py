"""Castle Rock: the solitaire helper, with real tiles or a shuffled set on screen."""
from __future__ import annotations

import random
import re

from flask import Blueprint, abort, current_app, flash, render_template, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge

from referee.actions import IllegalAction
from referee.castle_rock import RULES, CastleRock, DrawTile, RemoveMiddle, RemoveThree, tiles_beyond
from referee.statistics import castle_rock as castle_rock_statistics
from referee.tiles import BadTile, Tile
from referee.words import N_, _, ngettext

from ...game.typed import whole_number
from ...storage.db import get_db
from ...storage.photos import PhotoRefused, analyse_upload, tiles_in_row_order, too_large_message, vision_available
from ...storage.solitaire import load_solitaire, save_solitaire, solitaire_listed, start_solitaire
from ..access import keep_solitaire, require_solitaire, solitaire_ids
from ..errors import http_error
from ..htmx import see_other

bp = Blueprint("castle_rock", __name__)


def statistics() -> list[dict]:
    """Win rates under a simple and a searching policy, per set, computed beforehand by
    `python -m referee statistics --write`."""
    return castle_rock_statistics()


def _load(game_id: int) -> tuple[dict, CastleRock]:
    require_solitaire(game_id)
    return load_solitaire(get_db(), game_id)


@bp.get("/castle-rock")
def home():
    games = solitaire_listed(get_db(), solitaire_ids())
    return render_template("castle_rock_home.html", games=games, stats=statistics(), rules=RULES)


@bp.post("/castle-rock/new")
def new():
    mode = request.form.get("mode")
    if mode not in ("practice", "table"):
        abort(400, _("Choose practice on screen or real tiles."))
    set_size = request.form.get("set", "15")
    if set_size not in ("6", "9", "12", "15"):
        abort(400, _("Castle Rock is played with a double-6, 9, 12 or 15 set."))
    game = CastleRock(set_size=int(set_size), rng=random.Random(), known_pile=mode == "practice")
    game.start()
    game_id = start_solitaire(get_db(), mode, game)
    keep_solitaire(game_id)
    return see_other(url_for("castle_rock.game", game_id=game_id))


@bp.get("/castle-rock/<int:game_id>")
def game(game_id: int):
    row, state = _load(game_id)
    return _page(row, state, typed=request.args.get("tile", "")[:200])


def _page(row, state, problem=None, typed="", status=200, photo_note=None):
    return render_template("castle_rock.html", game_id=row["id"], mode=row["mode"], state=state,
                           actions=state.legal_actions(), problem=problem, typed=typed, rules=RULES,
                           stats=statistics(), photo_note=photo_note, vision=vision_available()), status


def _said(problem: IllegalAction) -> str:
    """A refusal in the player's words; the rulebook is quoted only where its rule is what refuses
    (a removal, or drawing while one is possible), not under "say which tile" and the like."""
    quoted = any(problem.rule is RULES[key] for key in ("three", "middle", "must"))
    return problem.cites() if quoted else str(problem)


@bp.post("/castle-rock/<int:game_id>/move")
def move(game_id: int):
    row, state = _load(game_id)
    choice = request.form.get("action", "")
    typed = (request.form.get("tile") or request.form.get("picked") or "").strip()
    try:
        actions = _actions(choice, typed)
        state.apply(actions[0])
    except (IllegalAction, ValueError) as problem:
        message = _said(problem) if isinstance(problem, IllegalAction) else str(problem)
        return _page(row, state, message, typed, 422)
    # several tiles told at once (a photo of the row): each joins the row in turn, until a removal
    # must be made first; the rest wait in the box for after it
    waiting = request.form.get("waiting", "").strip() if choice != "draw" else ""
    for done, action in enumerate(actions[1:], start=1):
        try:
            state.apply(action)
        except IllegalAction as problem:
            waiting = " ".join(str(a.tile) for a in actions[done:])
            flash(_("%(joined)s joined the row; %(waiting)s must wait: %(why)s",
                    joined=", ".join(str(a.tile) for a in actions[:done]), waiting=waiting, why=_said(problem)))
            break
    save_solitaire(get_db(), game_id, state)
    later = {"tile": waiting[:200]} if waiting else {}
    return see_other(url_for("castle_rock.game", game_id=game_id, **later))


@bp.post("/castle-rock/<int:game_id>/untell")
def untell(game_id: int):
    """Real tiles: take back the last tile told (mistyped, or misread from a photo)."""
    row, state = _load(game_id)
    try:
        tile = state.untell()
    except IllegalAction as problem:
        return _page(row, state, _said(problem), status=422)
    save_solitaire(get_db(), game_id, state)
    flash(_("%(tile)s is taken back: it is among the tiles not yet turned over again.", tile=tile))
    return see_other(url_for("castle_rock.game", game_id=game_id, tile=str(tile)))


def _actions(choice: str, typed: str) -> list:
    kind, _dash, index = choice.partition("-")
    if kind == "draw":
        if not typed:
            return [DrawTile()]
        return [DrawTile(tile) for tile in _tiles(typed)]
    if kind in ("middle", "three") and whole_number(index) is not None:
        return [(RemoveMiddle if kind == "middle" else RemoveThree)(whole_number(index))]
    raise ValueError(_("Choose a removal, or draw the next tile."))


def _tiles(typed: str) -> list[Tile]:
    """One tile ("3|4", "3 4") or several in row order ("3|4 5|6", "3-4, 5-6")."""
    try:
        return [Tile.parse(typed)]
    except BadTile:
        pass
    words = [w for w in re.split(r"[\s,;]+", typed) if w]
    tiles = []
    for word in words:
        try:
            tiles.append(Tile.parse(word))
        except BadTile as problem:
            raise ValueError(_("%(word)s is not a tile; write it like 3|4 (several: 3|4 5|6).",
                               word=repr(word))) from problem
    return tiles


@bp.errorhandler(RequestEntityTooLarge)
def photo_too_large(error):
    """A photo of the row over the size limit: back to the game, with why."""
    if request.endpoint != "castle_rock.photo":
        return http_error(error)
    row, state = _load(request.view_args["game_id"])
    return _page(row, state, too_large_message(current_app.config.get("MAX_CONTENT_LENGTH")), status=413)


@bp.post("/castle-rock/<int:game_id>/photo")
def photo(game_id: int):
    """A photo of the row: the tiles it shows beyond the row as it stands are offered to add."""
    row, state = _load(game_id)
    if row["mode"] != "table":
        abort(400, _("Photos of the row are for games with real tiles."))
    try:
        _photo, found = analyse_upload(request.files.get("photo"), state.set_size, N_("the row"))
    except PhotoRefused as refused:
        return _page(row, state, str(refused), status=refused.status)
    seen = tiles_in_row_order(found)
    new, agrees = tiles_beyond(state.row, seen)
    if not seen:
        note = _("No tiles were recognised in that photo. Photograph the row from above, or type the tile.")
    elif not new:
        note = ngettext("The photo shows %(num)d tile, no more than the row already holds.",
                        "The photo shows %(num)d tiles, no more than the row already holds.", len(seen))
    else:
        shown = ngettext("The photo shows %(num)d tile: %(tiles)s.", "The photo shows %(num)d tiles: %(tiles)s.",
                         len(seen), tiles=" ".join(map(str, seen)))
        new_tiles = " ".join(map(str, new))
        note = shown + " " + (_("New at the end: %(tiles)s. Check, correct if needed, then add.", tiles=new_tiles)
                              if agrees else
                              _("They do not begin with the row as it stands, so check them. Proposed as new: "
                                "%(tiles)s. Check, correct if needed, then add.", tiles=new_tiles))
    return _page(row, state, typed=" ".join(map(str, new)), photo_note=note)
