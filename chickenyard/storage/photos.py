"""Photos of leftover tiles: stored under random names outside static/, read back, deleted.

The pip counter (vision/) is imported only when a photo arrives, so the score
sheet runs where OpenCV is not installed.
"""
from __future__ import annotations

import json
import logging
import math
import os
import secrets
from contextlib import contextmanager
from pathlib import Path

from referee.tiles import Tile
from referee.words import _
from sqlite_utils.db import NotFoundError

from ..game.typed import whole_number
from ..web.limits import Busy, photo_counting
from .clock import now
from .db import StorageProblem, as_full_when_no_room, get_row, storage_problem, transaction
from .instance import write_atomically


class PhotoRefused(ValueError):
    """Not a photo Chickenyard can use; the message says why, `status` how to answer."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def vision_available() -> bool:
    import vision
    return vision.available()


def _counter_installed() -> None:
    if not vision_available():
        raise PhotoRefused(_("Photo counting is not installed on the machine serving this table."), 503)


def analyse(data: bytes, set_size: int, closer: bool = False) -> dict:
    """The pip counter's result as JSON (with `closer`, its closer look too), or PhotoRefused
    with a message for the person."""
    from vision import count_pips
    with _counting():
        return count_pips(data, set_size, closer=closer).to_json(unreadable=True)


def read_tap(data: bytes, point: tuple[int, int], found: dict, set_size: int) -> dict | None:
    """The tile under the person's tap on the photo (`point`, in the photo's pixels), read by the
    pip counter round it, as `analyse` gives a tile; None where no tile could be read there."""
    from vision.load import decode
    from vision.tap import tile_at
    with _counting():
        tile = tile_at(decode(data), point, [t["corners"] for t in found["tiles_detail"]], set_size)
    return None if tile is None else tile.as_dict()


@contextmanager
def _counting():
    """One turn of the pip counter, its refusals as PhotoRefused with a message for the person."""
    _counter_installed()
    from vision.load import ImageTooLarge, UnreadableImage, readable_kinds
    try:
        with photo_counting.turn():
            yield
    except Busy as busy:
        raise PhotoRefused(str(busy), 503) from busy
    except ImageTooLarge as problem:
        raise PhotoRefused(_("That photo is too large to check (%(why)s).", why=problem)) from problem
    except UnreadableImage as problem:
        raise PhotoRefused(_("That file is not a photo Chickenyard can read (%(kinds)s).", kinds=readable_kinds())) from problem
    except Exception as failure:  # noqa: BLE001 - the counter itself broke (an OpenCV it cannot use, a bug)
        # not the photo's fault nor the person's: the machine's log says why, the page how to go on
        logging.getLogger(__name__).exception("the pip counter failed on a photo")
        raise PhotoRefused(_("The pip counter failed on this photo (the machine serving the table has noted why). "
                             "Type the total instead."), 503) from failure


def tapped_point(form, found: dict) -> tuple[int, int] | None:
    """Where the person tapped the photo, in its pixels: the photo is the review form's image
    button, laid out at its own size in pixels and scaled by the drawing round it, so the
    browser sends the photo's pixels, with or without JavaScript. None for a press with no
    point on the photo (a keyboard's press sends 0, 0)."""
    x, y = whole_number(form.get("tap.x") or ""), whole_number(form.get("tap.y") or "")
    if x is None or y is None or (x, y) == (0, 0) or x >= found["width"] or y >= found["height"]:
        return None
    return x, y


def tile_number_at(found: dict, point: tuple[int, int]) -> int | None:
    """The review's number of the tile found under the point, if any."""
    return next((m["number"] for m in review_marks(found) if _holds(m["tile"]["corners"], point)), None)


def too_large_message(limit_bytes: int | None) -> str:
    """Said on the upload form itself when a photo is over the table's limit."""
    if limit_bytes:
        return _("That photo is too large for Chickenyard (%(most)s MB at most). Take it again, or choose a smaller "
                 "copy (the camera's settings may offer a lower resolution); or type the total instead.",
                 most=limit_bytes // (1024 * 1024))
    return _("That photo is too large for Chickenyard. Take it again, or choose a smaller copy (the camera's "
             "settings may offer a lower resolution); or type the total instead.")


def analyse_upload(upload, set_size: int, what: str) -> tuple[bytes, dict]:
    """A photo posted from a phone's form (`what` it shows, for the message): its bytes and what
    the pip counter found, or PhotoRefused."""
    _counter_installed()         # before the form's file: without the counter, no photo helps
    if upload is None or not upload.filename:
        raise PhotoRefused(_("Take or choose a photo of %(what)s first.", what=_(what)))
    data = upload.read()
    return data, analyse(data, set_size)


def save_photo(db, folder: str, sheet, hand, player_id: int, data: bytes, found: dict) -> int:
    """Store the photo's file, then its row; when either fails (a full disk), neither is left,
    and StorageProblem says why."""
    name = secrets.token_hex(16) + ".img"     # never the uploaded name: nothing a phone sends picks a path
    path = Path(folder) / str(sheet.id) / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "xb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        with transaction(db):
            return db["photos"].insert({"game_id": sheet.id, "hand_id": hand.id, "player_id": player_id,
                                        "file": name, "width": found["width"], "height": found["height"],
                                        "found": json.dumps(found), "created_at": now()}).last_pk
    except BaseException as error:
        path.unlink(missing_ok=True)
        problem = storage_problem(error) if isinstance(error, (OSError, StorageProblem)) else None
        if problem is not None:
            raise as_full_when_no_room(problem, folder, len(data)) from error
        raise


def with_new_tiles(found: dict, closer: dict) -> tuple[dict, list[dict]]:
    """What the counter found at first, with the tiles a closer look found where no tile was
    found before (their centre on no tile found, nor on an outline it could not read); and those
    new tiles. The tiles found at first stay as they were, in their order, so that what the
    person typed for them still belongs to them."""
    taken = [t["corners"] for t in found["tiles_detail"]] + found.get("unreadable", [])
    new = [t for t in closer["tiles_detail"] if not any(_holds(c, _centre(t["corners"])) for c in taken)]
    detail = found["tiles_detail"] + new
    tiles = [t["values"] for t in detail]
    return {**found, "tiles": tiles, "total": sum(a + b for a, b in tiles), "tiles_detail": detail}, new


def with_tapped_tile(found: dict, tile: dict | None) -> tuple[dict, list[dict]]:
    """What the counter found, with the tile read where the person tapped (`read_tap`) added
    where its centre lies on no tile found; an outline the counter could not read under its
    centre gives way to it (the person tapped the tile outlined with a ?). And the new tile."""
    if tile is None:
        return found, []
    centre = _centre(tile["corners"])
    left = [u for u in found.get("unreadable", []) if not _holds(u, centre)]
    found_now, new = with_new_tiles({**found, "unreadable": left}, {"tiles_detail": [tile]})
    return (found_now, new) if new else (found, [])


def _centre(corners) -> tuple[float, float]:
    return sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners)


def _holds(corners, point) -> bool:
    """The point lies inside the outline (a tile's four corners, in order round it)."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def save_found(db, photo_id: int, found: dict) -> None:
    """What the counter found in a photo, as it now stands (after a closer look); StorageProblem
    says why where the database cannot take it."""
    with transaction(db):
        db["photos"].update(photo_id, {"found": json.dumps(found)})


def get_photo(db, game_id: int, photo_id: int) -> dict:
    """A photo of this game (NotFoundError when the game has no such photo)."""
    row = get_row(db, "photos", photo_id)
    if row["game_id"] != game_id:
        raise NotFoundError(photo_id)
    row["found"] = json.loads(row["found"])
    return row


def photo_path(folder: str, row: dict) -> Path:
    return Path(folder) / str(row["game_id"]) / row["file"]


def photo_data(folder: str, row: dict) -> bytes:
    """The photo's file as it was taken (NotFoundError when it has been deleted)."""
    try:
        return photo_path(folder, row).read_bytes()
    except FileNotFoundError:
        raise NotFoundError(row["file"]) from None


def for_browser(data: bytes) -> tuple[bytes, str]:
    """A stored photo as a browser can show it, and its type: JPEG (an MPO is one, with more
    pictures after it), PNG and WebP as they were taken; HEIC and AVIF, which most phones'
    browsers cannot show, as a JPEG made from them where the pip counter is installed."""
    for signature, kind in ((b"\xff\xd8", "image/jpeg"), (b"\x89PNG", "image/png")):
        if data.startswith(signature):
            return data, kind
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return data, "image/webp"
    if vision_available():
        import cv2
        from vision.load import ImageTooLarge, UnreadableImage, decode
        try:
            return cv2.imencode(".jpg", decode(data), [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes(), "image/jpeg"
        except (ImageTooLarge, UnreadableImage):
            pass
    return data, "application/octet-stream"


def shown_photo(folder: str, row: dict) -> tuple[bytes, str]:
    """The stored photo as a browser can show it, and its type (`for_browser`). A photo that
    has to be made into a JPEG (HEIC, AVIF) is made once, at its first showing, and the JPEG
    kept beside it (`shown_path`): the review shows the photo again after every tap, and
    decoding a phone's 12 MP HEIC takes most of a second on the table's computer."""
    shown = shown_path(folder, row)
    try:
        return shown.read_bytes(), "image/jpeg"
    except FileNotFoundError:
        pass
    data = photo_data(folder, row)
    made, kind = for_browser(data)
    if made is not data and kind == "image/jpeg":
        try:
            write_atomically(shown, made)
        except OSError:
            pass            # a full disk: shown all the same, and made again at its next showing
    return made, kind


def shown_path(folder: str, row: dict) -> Path:
    """Where the JPEG made from a photo a browser cannot show is kept."""
    return photo_path(folder, row).with_suffix(".jpg")


def game_photos(db, game_id: int) -> list[dict]:
    return list(db.query("select p.*, h.number as hand_number, coalesce(pe.name, pl.name) as player from photos p "
                         "join hands h on h.id = p.hand_id join players pl on pl.id = p.player_id "
                         "left join people pe on pe.id = pl.person_id "
                         "where p.game_id = ? order by p.id", [game_id]))


def delete_photos(db, folder: str, game_id: int) -> int:
    rows = game_photos(db, game_id)
    with transaction(db):
        db.execute("delete from photos where game_id = ?", [game_id])
    for row in rows:
        photo_path(folder, row).unlink(missing_ok=True)
        shown_path(folder, row).unlink(missing_ok=True)
    return len(rows)


def tiles_in_row_order(found: dict) -> list[Tile]:
    """The tiles of a photographed row, from one end to the other: sorted along the line that
    runs through their centres (its principal axis), pointing right, or down for a column."""
    centred = [(*_centre(tile["corners"]), Tile(*tile["values"])) for tile in found["tiles_detail"]]
    if len(centred) < 2:
        return [t for _, _, t in centred]
    mx = sum(x for x, _, _ in centred) / len(centred)
    my = sum(y for _, y, _ in centred) / len(centred)
    sxx = sum((x - mx) ** 2 for x, _, _ in centred)
    syy = sum((y - my) ** 2 for _, y, _ in centred)
    sxy = sum((x - mx) * (y - my) for x, y, _ in centred)
    angle = 0.5 * math.atan2(2 * sxy, sxx - syy)        # the principal axis of the centres
    ux, uy = math.cos(angle), math.sin(angle)
    if (ux < 0) if abs(ux) >= abs(uy) else (uy < 0):
        ux, uy = -ux, -uy                                # a row reads rightwards, a column downwards
    return [t for _, _, t in sorted(centred, key=lambda c: c[0] * ux + c[1] * uy)]


# a tile read less surely than this is listed first and marked to check (vision.reader.CONFIDENT,
# repeated here so that the review renders where OpenCV is not installed)
SURE = 0.8


def unread_marks(found: dict) -> list[dict]:
    """The outlines the counter could not read, as the review draws them: each with its ? badge
    placed and sized as a tile's (`_badge`), off the tiles read."""
    read = [t["corners"] for t in found["tiles_detail"]]
    return [{"corners": corners, **_badge(found, corners, read)} for corners in found.get("unreadable", [])]


def _badge(found: dict, corners, others) -> dict:
    """A tile's badge: its radius (a third of the tile's width, within a 26th and a 90th of the
    photo's) and its place (`_badge_place`)."""
    width, height = found["width"], found["height"]
    short = min(math.dist(corners[i], corners[(i + 1) % 4]) for i in range(4))
    radius = max(min(width / 26, 0.32 * short), width / 90)
    bx, by = _badge_place(corners, radius, width, height, others)
    return {"r": round(radius, 1), "bx": round(bx, 1), "by": round(by, 1)}


def _badge_place(corners, radius: float, width: float, height: float, others=()) -> tuple[float, float]:
    """Where a tile's badge goes: just outside one of its corners, pointing away from the
    tile's centre: the topmost whose badge lies whole on the photo and on no other tile (the
    `others`' corners), so that it covers no pip; else the topmost that lies on no other tile
    once moved in from the photo's edge; else outside the topmost corner, moved in."""
    cx, cy = _centre(corners)
    places = []
    for x, y in sorted(corners, key=lambda c: c[1]):
        dx, dy = x - cx, y - cy
        length = math.hypot(dx, dy) or 1.0
        places.append((x + dx / length * radius, y + dy / length * radius))
    moved_in = [(min(max(bx, radius), width - radius), min(max(by, radius), height - radius)) for bx, by in places]
    whole = [place for place, moved in zip(places, moved_in) if place == moved]
    for place in whole + moved_in:
        if not any(_touches(other, place, radius) for other in others):
            return place
    return moved_in[0]


def _touches(corners, point, radius: float) -> bool:
    """A circle of this radius about the point reaches into the outline (a tile's corners)."""
    if _holds(corners, point):
        return True
    px, py = point
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        ex, ey = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((px - x1) * ex + (py - y1) * ey) / ((ex * ex + ey * ey) or 1.0)))
        if math.hypot(px - x1 - t * ex, py - y1 - t * ey) < radius:
            return True
    return False


def review_marks(found: dict) -> list[dict]:
    """The recognised tiles as the review lists them: those to check first, then the sure ones,
    each with its number on the photo and where its badge goes. A badge sits just outside the
    tile's topmost corner, pointing away from the tile, so that it never covers a pip; where
    that corner is at the photo's edge or against another tile, outside the next corner down
    (`_badge_place`)."""
    marks = []
    for index, tile in enumerate(found["tiles_detail"]):
        others = [other["corners"] for other in found["tiles_detail"] if other is not tile]
        marks.append({"index": index, "tile": tile, "sure": tile["confidence"] >= SURE,
                      "percent": round(100 * tile["confidence"]), **_badge(found, tile["corners"], others)})
    numbered = sorted(marks, key=lambda m: (m["sure"], m["tile"]["confidence"]))
    for number, mark in enumerate(numbered, start=1):
        mark["number"] = number
    return numbered
