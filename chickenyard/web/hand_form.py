"""Reading a hand's score form: what each player has left, checked by the referee.

The form posts, per player, `points-<id>` (the typed total), `tiles-<id>` (the
leftover tiles tapped on the picker, one value per tile) and, in Super 15,
`left-<id>` (how many tiles), and one `went_out` naming the player who went out.
Text that is no number or no domino is reported here; everything else the
referee checks (hand_entries.py). Every problem is reported next to the field it
concerns, and the typed values are kept to show the form again.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from referee.plausibility import TypedEntry, most_points
from referee.tiles import BadTile, Tile
from referee.words import _

from ..game.hand_entries import check_entries
from ..game.sheet import Entry, HandRow, Sheet
from ..game.typed import BadJSON, load_json, whole_number


@dataclass
class HandForm:
    """What the person typed (kept verbatim) and what it means once checked."""
    typed_points: dict[int, str] = field(default_factory=dict)
    typed_tiles: dict[int, list[str]] = field(default_factory=dict)
    typed_left: dict[int, str] = field(default_factory=dict)     # Super 15: tiles left
    went_out: str = ""
    errors: dict[str, str] = field(default_factory=dict)
    entries: dict[int, Entry] = field(default_factory=dict)
    version: str = ""                                       # the hand's version when opened
    base: dict[int, str] = field(default_factory=dict)      # each entry as it was then (JSON)
    conflicts: dict = field(default_factory=dict)           # player id -> Conflict, to choose
    find: dict[int, str] = field(default_factory=dict)           # tiles typed that could not be read
    leaving: bool = False       # "Back to the sheet" pressed with scores typed: ask before dropping them

    @property
    def ok(self) -> bool:
        return not self.errors

    @classmethod
    def from_hand(cls, sheet: Sheet, hand: HandRow) -> "HandForm":
        form = cls(version=str(hand.version))
        for p in sheet.players:
            form.base[p.id] = json.dumps(hand.entry(p.id).snapshot())
            form.show(p.id, hand.entry(p.id))
        return form

    def show(self, player_id: int, entry: Entry) -> None:
        """Put a stored entry in the form's fields, as if it had been typed."""
        self.typed_points[player_id] = "" if entry.points is None else str(entry.points)
        self.typed_tiles[player_id] = [str(t) for t in entry.tiles or ()]
        self.typed_left[player_id] = "" if entry.tiles_left is None else str(entry.tiles_left)
        if entry.went_out:
            self.went_out = str(player_id)
        elif self.went_out == str(player_id):
            self.went_out = ""


def typed_since_opened(sheet: Sheet, hand: HandRow, form: HandForm) -> bool:
    """Whether the form now holds anything other than what it showed when opened (its base; for a
    page without one, the hand as stored): what "Back to the sheet" would throw away."""
    opened = HandForm()
    for p in sheet.players:
        opened.show(p.id, _opened_entry(form.base.get(p.id), hand.entry(p.id)))
    return (any(form.find.values()) or form.went_out != opened.went_out
            or any(form.typed_points[p.id] != opened.typed_points[p.id]
                   or sorted(form.typed_tiles[p.id]) != sorted(opened.typed_tiles[p.id])
                   or form.typed_left[p.id] != opened.typed_left[p.id] for p in sheet.players))


def _opened_entry(base: str | None, stored: Entry) -> Entry:
    if not base:
        return stored
    try:
        snap = load_json(base)
        if snap is not None and not isinstance(snap, dict):
            return stored                                # a base this app never wrote
        return Entry.from_snapshot(snap)
    except (BadJSON, BadTile, TypeError):
        return stored


def max_points(sheet: Sheet) -> int:
    """The most one player can be left holding: every pip of the set plus the 0|0 bonus."""
    return most_points(sheet.rules, sheet.set_size)


def read_hand_form(sheet: Sheet, hand: HandRow, data) -> HandForm:
    """Read a posted hand form (`data` is request.form) into typed entries; the referee checks them."""
    form = HandForm(went_out=(data.get("went_out") or "").strip(),
                    version=(data.get("version") or "").strip())
    for p in sheet.players:
        form.base[p.id] = data.get(f"base-{p.id}") or ""
        form.typed_points[p.id] = (data.get(f"points-{p.id}") or "").strip()
        form.typed_tiles[p.id] = _tile_values(data.getlist(f"tiles-{p.id}"))
        _add_found_tiles(form, p, data.get(f"find-{p.id}") or "")
        form.typed_left[p.id] = (data.get(f"left-{p.id}") or "").strip()

    out_ids = _went_out_players(sheet, form)
    typed = {}
    for p in sheet.players:
        tiles = _read_tiles(sheet, form, p)
        points = _whole_number(form, f"points-{p.id}", form.typed_points[p.id],
                               _("Write %(player)s's total as a whole number from 0 to %(most)s.", player=p.name,
                                 most=max_points(sheet)))
        left = None if not sheet.kind.counts_tiles_left else _whole_number(
            form, f"left-{p.id}", form.typed_left[p.id],
            _("Write how many tiles %(player)s has left, as a whole number.", player=p.name))
        typed[p.id] = TypedEntry(p.name, tiles, points, p.id in out_ids, left)
    # the referee's findings too, so that every problem shows at once (a field's unreadable text first)
    entries, problems = check_entries(sheet, hand, typed)
    if form.errors:
        form.errors = {**problems, **form.errors}
    else:
        form.entries, form.errors = entries, problems
    return form


def _whole_number(form: HandForm, key: str, text: str, problem: str) -> int | None:
    if not text:
        return None
    number = whole_number(text)
    if number is None:
        form.errors[key] = problem
    return number


def _tile_values(values: list[str]) -> list[str]:
    """Tiles arrive as one checkbox each, or as one space-separated text."""
    return [piece for value in values for piece in value.replace(",", " ").split()]


def _add_found_tiles(form: HandForm, player, text: str) -> None:
    """Tiles typed rather than tapped ("12 7, 3 4"): the halves are read in pairs, and each tile
    joins the player's picked tiles (the picker then shows it ticked)."""
    halves = re.findall(r"\d+", text)
    if re.search(r"[^\d\s,;|/.-]", text) or len(halves) % 2:
        form.errors[f"tiles-{player.id}"] = _("%(typed)s: type each tile as its two numbers, like 12 7, and "
                                              "separate tiles with commas.", typed=repr(text.strip()))
        form.find[player.id] = text.strip()
        return
    picked = form.typed_tiles[player.id]
    for a, b in zip(halves[::2], halves[1::2]):
        tile = str(Tile(int(a), int(b))) if max(len(a), len(b)) <= 3 else f"{a}|{b}"   # too long: refused later
        if tile not in picked:
            picked.append(tile)


def _went_out_players(sheet: Sheet, form: HandForm) -> set[int]:
    """The players marked out (the referee refuses two); a value naming no player is refused here."""
    chosen = [v for v in form.went_out.split(",") if v]
    ids = {str(p.id) for p in sheet.players}
    if any(v not in ids for v in chosen):
        form.errors["went_out"] = _("Choose a player of this game as the one who went out.")
        return set()
    return {int(v) for v in chosen}


def _read_tiles(sheet, form, player) -> tuple[Tile, ...] | None:
    """The player's tiles as picked; text that is no domino is reported here, the rest by the referee."""
    tiles, problems = [], []
    for text in form.typed_tiles[player.id]:
        try:
            tiles.append(Tile.parse(text))
        except BadTile:
            problems.append(_("%(typed)s is not a domino. Pick tiles from the set.", typed=repr(text)))
    if problems:
        key = f"tiles-{player.id}"
        form.errors[key] = " ".join(([form.errors[key]] if key in form.errors else []) + problems)
    return tuple(tiles) if tiles else None
