"""Export and import of whole games: the backup path tables rely on."""
from __future__ import annotations

import json

from flask import Blueprint, Response, jsonify, render_template, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge

from referee.words import N_, _

from ...game.game_changes import rename_game, seat_as_recorded
from ...game.sheet import load_sheet
from ...game.transfer import export_csv as sheet_csv
from ...game.transfer import export_document, read_document
from ...game.typed import BadJSON, load_bounded_json
from ...storage.db import StorageProblem, get_db, transaction
from ...storage.store import access_row, create_game, save_hand
from ..access import EDIT, grant_role
from ..htmx import device_name, see_other
from ..limits import game_importing
from ..security import csrf
from .loading import sheet_for

bp = Blueprint("transfer", __name__)

# The largest game a table can play (set-insert's long game: double-15, 13 players, 31 hands, every
# tile but the double left and entered one by one) is 320 KB as Chickenyard saves it, with 5,100
# objects and lists and 9,300 commas (tests/test_import_limits.py); a document far above that is
# refused before it is parsed.
MOST_BYTES = 1024 * 1024
MOST_CONTAINERS = 20_000
MOST_VALUES = 40_000
TOO_LARGE = N_("That is far larger than any saved game (%(most)s MB at most), so it was not read.")


def too_large() -> str:
    return _(TOO_LARGE, most=MOST_BYTES // 1024 // 1024)


def _filename(sheet, ext: str) -> str:
    return f"chickenyard-game-{sheet.id}-{sheet.game['created_at'][:10]}.{ext}"


@bp.get("/games/<int:game_id>/export.json")
def export_json(game_id: int):
    sheet = sheet_for(game_id)
    body = json.dumps(export_document(sheet), indent=2, ensure_ascii=False)
    return Response(body, mimetype="application/json", headers={
        "Content-Disposition": f'attachment; filename="{_filename(sheet, "json")}"'})


@bp.get("/games/<int:game_id>/export.csv")
def export_csv(game_id: int):
    sheet = sheet_for(game_id)
    return Response(sheet_csv(sheet), mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="{_filename(sheet, "csv")}"'})


@bp.get("/games/import")
def import_form():
    return render_template("import.html", problems=[])


@bp.post("/games/import")
@csrf.exempt
def import_game():
    # A JSON body cannot be sent cross-site without a CORS preflight, which this
    # app never grants; the upload form is checked like every other form.
    as_json = request.is_json
    # before anything of the body is read: a Content-Length above it is a 413, and a stream of unknown
    # length is read no further than one byte past it (a form's envelope besides)
    request.max_content_length = MOST_BYTES + 1 + (0 if as_json else 64 * 1024)
    with game_importing.turn():
        try:
            return _import(as_json)
        except RequestEntityTooLarge:
            if as_json:
                return jsonify({"error": _("The game was not imported."), "problems": [too_large()]}), 413
            return render_template("import.html", problems=[too_large()]), 413


def _import(as_json: bool):
    if not as_json:
        csrf.protect()
    doc, problems = _read_upload(as_json)
    game = None
    if not problems:
        game, problems = read_document(doc)
    if problems:
        if as_json:
            return jsonify({"error": _("The game was not imported."), "problems": problems}), 400
        return render_template("import.html", problems=problems), 400
    db = get_db()
    try:
        with transaction(db):  # the whole game or nothing
            game_id = create_game(db, rules=game.rules, set_size=game.set_size,
                                  players=game.players, hand_doubles=game.hand_doubles,
                                  device=device_name(), first_starter=game.first_starter)
            if game.name:
                rename_game(db, game_id, game.name, device=device_name())
            seat_as_recorded(db, game_id, game.seats, device=device_name())
            sheet = load_sheet(db, game_id)     # late joiners and leavers seated: each hand's own table
            ids = {p.seat: p.id for p in sheet.players}
            for number, entries in game.hands.items():
                save_hand(db, sheet, number, {ids[seat]: e for seat, e in entries.items()},
                          device=device_name())
    except StorageProblem as problem:
        if as_json:
            return jsonify({"error": str(problem), "status": 503}), 503
        return render_template("import.html", problems=[str(problem)]), 503
    grant_role(access_row(db, game_id), EDIT)
    url = url_for("games.sheet", game_id=game_id)
    if as_json:
        return jsonify({"id": game_id, "url": url}), 201, {"Location": url}
    return see_other(url)


def _read_upload(as_json: bool):
    if as_json:
        try:
            return _bounded(request.get_data()), []
        except BadJSON as problem:
            return None, [_("The body is not valid JSON (%(why)s).", why=problem)]
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return None, [_("Choose a saved game file (.json) to import.")]
    body = upload.read(MOST_BYTES + 1)
    if len(body) > MOST_BYTES:
        raise RequestEntityTooLarge()
    try:
        return _bounded(body.decode("utf-8-sig").encode()), []
    except (UnicodeDecodeError, BadJSON) as problem:
        return None, [_("That file is not a Chickenyard game (not readable JSON: %(why)s).", why=problem)]


def _bounded(body: bytes):
    if len(body) > MOST_BYTES:              # a stream of unknown length that ran past the limit
        raise RequestEntityTooLarge()
    return load_bounded_json(body, containers=MOST_CONTAINERS, values=MOST_VALUES)
