"""Counting a player's leftover tiles from a photo: upload, review, correct, confirm."""
from __future__ import annotations

from flask import Blueprint, Response, current_app, flash, render_template, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge

from referee.rulesets import leftover_points
from referee.plausibility import TypedEntry
from referee.tiles import BadTile, Tile
from referee.words import N_, _, names, ngettext

from ...game.hand_entries import check_entries, stored_typed
from ...game.typed import whole_number
from ...storage.db import StorageProblem, get_db
from ...storage.photos import (PhotoRefused, analyse, analyse_upload, delete_photos, get_photo, photo_data,
                               read_tap, review_marks, save_found, save_photo, shown_photo, tapped_point,
                               tile_number_at, too_large_message, unread_marks, vision_available,
                               with_new_tiles, with_tapped_tile)
from ...storage.store import StaleHand, save_hand
from ..errors import http_error
from ..htmx import device_name, see_other
from .loading import editable_sheet, sheet_for

bp = Blueprint("photos", __name__)


@bp.get("/games/<int:game_id>/hands/<int:number>/players/<int:player_id>/photo")
def upload_form(game_id: int, number: int, player_id: int):
    sheet = editable_sheet(game_id)
    hand, player = sheet.hand(number), sheet.player(player_id)
    return render_template("photo_upload.html", sheet=sheet, hand=hand, player=player,
                           available=vision_available(), problem=None)


@bp.post("/games/<int:game_id>/hands/<int:number>/players/<int:player_id>/photo")
def upload(game_id: int, number: int, player_id: int):
    sheet = editable_sheet(game_id)
    hand, player = sheet.hand(number), sheet.player(player_id)
    try:
        data, found = analyse_upload(request.files.get("photo"), sheet.set_size, N_("the tiles"))
    except PhotoRefused as refused:
        return render_template("photo_upload.html", sheet=sheet, hand=hand, player=player,
                               available=vision_available(), problem=str(refused)), refused.status
    try:
        photo_id = save_photo(get_db(), current_app.config["PHOTOS"], sheet, hand, player.id, data, found)
    except StorageProblem as problem:
        return render_template("photo_upload.html", sheet=sheet, hand=hand, player=player,
                               available=True, problem=str(problem)), 503
    return see_other(url_for("photos.review", game_id=game_id, photo_id=photo_id))


@bp.errorhandler(RequestEntityTooLarge)
def photo_too_large(error):
    """Over the size limit (refused before the form is read): back to the upload form, with why."""
    if request.endpoint != "photos.upload":
        return http_error(error)
    args = request.view_args
    sheet = editable_sheet(args["game_id"])
    hand, player = sheet.hand(args["number"]), sheet.player(args["player_id"])
    return render_template("photo_upload.html", sheet=sheet, hand=hand, player=player,
                           available=vision_available(),
                           problem=too_large_message(current_app.config.get("MAX_CONTENT_LENGTH"))), 413


def _review(sheet, row, typed=None, errors=None, status=200, notice=None):
    hand = next(h for h in sheet.hands if h.id == row["hand_id"])
    player = sheet.player(row["player_id"])
    found = row["found"]["tiles_detail"]
    if typed is None:
        typed = {"tiles": [list(t["values"]) for t in found], "keep": [True] * len(found), "add": []}
    tiles = [Tile(*t["values"]) for t in found]
    return render_template("photo_review.html", sheet=sheet, hand=hand, player=player, photo=row,
                           marks=review_marks(row["found"]), points=leftover_points(tiles, sheet.rules),
                           double_blank_found=Tile(0, 0) in tiles,
                           unreadable=unread_marks(row["found"]), typed=typed,
                           errors=errors or {}, notice=notice, can_look_closer=vision_available()), status


@bp.get("/games/<int:game_id>/photos/<int:photo_id>")
def review(game_id: int, photo_id: int):
    sheet = editable_sheet(game_id)
    return _review(sheet, get_photo(get_db(), game_id, photo_id))


@bp.get("/games/<int:game_id>/photos/<int:photo_id>/image")
def image(game_id: int, photo_id: int):
    sheet_for(game_id)
    row = get_photo(get_db(), game_id, photo_id)
    data, kind = shown_photo(current_app.config["PHOTOS"], row)
    return Response(data, mimetype=kind, headers={"Cache-Control": "private, max-age=3600"})


@bp.post("/games/<int:game_id>/photos/<int:photo_id>")
def confirm(game_id: int, photo_id: int):
    sheet = editable_sheet(game_id)
    row = get_photo(get_db(), game_id, photo_id)
    hand = next(h for h in sheet.hands if h.id == row["hand_id"])
    player = sheet.player(row["player_id"])
    typed, errors, tiles = _read_review(request.form, len(row["found"]["tiles_detail"]), sheet.set_size)
    if not errors:
        typed_entries = stored_typed(sheet, hand)     # the hand as it stands, with this player's photo
        typed_entries[player.id] = TypedEntry(player.name, tuple(tiles) or None, tiles_left=len(tiles) if tiles else None)
        entries, problems = check_entries(sheet, hand, typed_entries)
        if not problems:
            try:
                save_hand(get_db(), sheet, hand.number, entries, device=device_name(),
                          expected_version=hand.version)
            except StaleHand:
                errors["form"] = _("Another phone saved this hand just now; check and confirm again.")
            except StorageProblem as problem:
                errors["form"] = str(problem)
                return _review(sheet_for(game_id), row, typed, errors, 503)
            else:
                points, words = entries[player.id].points, sheet.kind.hand_score_words
                flash(ngettext("Saved: %(name)s's %(num)d tile from the photo, %(points)s %(words)s, in %(unit)s %(number)s.",
                               "Saved: %(name)s's %(num)d tiles from the photo, %(points)s %(words)s, in %(unit)s %(number)s.",
                               len(tiles), name=player.name, points=points, words=words, unit=sheet.unit,
                               number=hand.number))
                return see_other(url_for("hands.hand", game_id=game_id, number=hand.number,
                                         _anchor=f"player-{player.id}"))
        else:
            errors["form"] = " ".join(problems.values())
    return _review(sheet_for(game_id), row, typed, errors, 422)


@bp.post("/games/<int:game_id>/photos/<int:photo_id>/closer")
def look_closer(game_id: int, photo_id: int):
    """The photo read again with the counter's closer look (about three times as long): the tiles it
    finds where none was found are added to the review, and what the person typed so far on
    the review stays as it was."""
    sheet = editable_sheet(game_id)
    row = get_photo(get_db(), game_id, photo_id)
    typed = _typed_so_far(request.form, row, sheet)
    try:
        closer = analyse(photo_data(current_app.config["PHOTOS"], row), sheet.set_size, closer=True)
    except PhotoRefused as refused:
        return _review(sheet, row, typed, {"form": str(refused)}, refused.status)
    found, new = with_new_tiles(row["found"], closer)
    if not new:
        return _review(sheet, row, typed, notice=_("Looked closer: no more tiles found. Add any that was missed below."))

    def notice(numbers):
        return ngettext("Looked closer and found %(num)d more tile: number %(numbers)s on the photo. Check it too.",
                        "Looked closer and found %(num)d more tiles: number %(numbers)s on the photo. Check them too.",
                        len(new), numbers=names(map(str, numbers)))
    return _with_added(sheet, row, typed, found, new, notice)


@bp.post("/games/<int:game_id>/photos/<int:photo_id>/tap")
def tap(game_id: int, photo_id: int):
    """A tile the counter missed, read where the person tapped the photo (the photo is the review
    form's image button, which sends where it was tapped) and added to the review with how sure
    the reading is; what the person typed so far stays as it was."""
    sheet = editable_sheet(game_id)
    row = get_photo(get_db(), game_id, photo_id)
    typed = _typed_so_far(request.form, row, sheet)
    point = tapped_point(request.form, row["found"])
    if point is None:
        return _review(sheet, row, typed, notice=_("Tap the photo on a tile that was missed, and it is read there."))
    there = tile_number_at(row["found"], point)
    if there is not None:
        return _review(sheet, row, typed, notice=_("That is tile %(number)s: correct it below if it was read wrong.",
                                                   number=there))
    try:
        tile = read_tap(photo_data(current_app.config["PHOTOS"], row), point, row["found"], sheet.set_size)
    except PhotoRefused as refused:
        return _review(sheet, row, typed, {"form": str(refused)}, refused.status)
    found, new = with_tapped_tile(row["found"], tile)
    if not new:
        return _review(sheet, row, typed, notice=_("No tile could be read where you tapped. "
                                                   "Add it below with “Add a tile that was missed”."))
    low, high = new[0]["values"]
    return _with_added(sheet, row, typed, found, new, lambda numbers: _(
        "Read the tile you tapped as %(tile)s, %(percent)s%% sure: number %(number)s on the photo. Check it, and "
        "correct it below if it is wrong.", tile=f"{low}|{high}", percent=round(100 * new[0]['confidence']),
        number=numbers[0]))


def _typed_so_far(form, row, sheet):
    """What the person had typed on the review, where the form came from it (None otherwise)."""
    return _read_review(form, len(row["found"]["tiles_detail"]), sheet.set_size)[0] if form.get("reviewing") else None


def _with_added(sheet, row, typed, found, new, notice):
    """The review with the `new` tiles added (`found`, saved), what was typed for the others kept,
    and the `notice` made from the new tiles' numbers on the photo."""
    count = len(row["found"]["tiles_detail"])
    try:
        save_found(get_db(), row["id"], found)
    except StorageProblem as problem:
        return _review(sheet, row, typed, {"form": str(problem)}, 503)
    row["found"] = found
    if typed is not None:
        typed["tiles"] += [list(t["values"]) for t in new]
        typed["keep"] += [True] * len(new)
    numbers = sorted(m["number"] for m in review_marks(found) if m["index"] >= count)
    return _review(sheet, row, typed, notice=notice(numbers))


def _read_review(form, count, set_size):
    typed = {"tiles": [], "keep": [], "add": form.getlist("add")}
    errors, tiles = {}, []
    for i in range(count):
        a, b = (form.get(f"tile-{i}-a") or "").strip(), (form.get(f"tile-{i}-b") or "").strip()
        keep = form.get(f"keep-{i}") == "1"
        typed["tiles"].append([a, b])
        typed["keep"].append(keep)
        if not keep:
            continue
        low, high = whole_number(a), whole_number(b)
        if low is None or high is None or max(low, high) > set_size:
            errors[f"tile-{i}"] = _("Tile %(number)s: each half is a number from 0 to %(most)s.", number=i + 1,
                                    most=set_size)
            continue
        tiles.append(Tile(low, high))
    for text in typed["add"]:
        try:
            tiles.append(Tile.parse(text))
        except BadTile:
            errors["add"] = _("%(typed)s is not a tile.", typed=repr(text))
    return typed, errors, tiles


@bp.post("/games/<int:game_id>/photos/delete")
def delete_all(game_id: int):
    editable_sheet(game_id)
    removed = delete_photos(get_db(), current_app.config["PHOTOS"], game_id)
    flash(ngettext("Deleted %(num)d photo of this game.", "Deleted %(num)d photos of this game.", removed)
          if removed else _("This game has no photos."))
    return see_other(url_for("games.game_history", game_id=game_id))
