"""Reading a hand's score form: what each player has left, checked field by field.

The form posts, per player, `points-<id>` (the typed total) and `tiles-<id>`
(the leftover tiles tapped on the picker, one value per tile), and one
`went_out` naming the player who went out. Every problem is reported next to
the field it concerns, and the typed values are kept to show the form again.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from referee.rulesets import leftover_points
from referee.tiles import BadTile, Tile, set_pips, tile_count

from .sheet import Entry, HandRow, Sheet
from .typed import whole_number


@dataclass
class HandForm:
    """What the person typed (kept verbatim) and what it means once checked."""
    typed_points: dict[int, str] = field(default_factory=dict)
    typed_tiles: dict[int, list[str]] = field(default_factory=dict)
    typed_left: dict[int, str] = field(default_factory=dict)     # Super 15: tiles left
    find: dict[int, str] = field(default_factory=dict)           # tiles typed that could not be read
    went_out: str = ""
    errors: dict[str, str] = field(default_factory=dict)
    entries: dict[int, Entry] = field(default_factory=dict)
    version: str = ""                                       # the hand's version when opened
    base: dict[int, str] = field(default_factory=dict)      # each entry as it was then (JSON)
    conflicts: dict = field(default_factory=dict)           # player id -> Conflict, to choose

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


def max_points(sheet: Sheet) -> int:
    """The most one player can be left holding: every pip of the set plus the 0|0 bonus."""
    return set_pips(sheet.set_size) + sheet.rules.double_blank_points


def read_hand_form(sheet: Sheet, hand: HandRow, data) -> HandForm:
    """Check a posted hand form. `data` is a MultiDict (request.form)."""
    form = HandForm(went_out=(data.get("went_out") or "").strip(),
                    version=(data.get("version") or "").strip())
    for p in sheet.players:
        form.base[p.id] = data.get(f"base-{p.id}") or ""
        form.typed_points[p.id] = (data.get(f"points-{p.id}") or "").strip()
        form.typed_tiles[p.id] = _tile_values(data.getlist(f"tiles-{p.id}"))
        _add_found_tiles(form, p, data.get(f"find-{p.id}") or "")
        form.typed_left[p.id] = (data.get(f"left-{p.id}") or "").strip()

    out_id = _went_out_player(sheet, form)
    seen: dict[Tile, str] = {}
    for p in sheet.players:
        entry = _read_entry(sheet, hand, form, p, out_id == p.id, seen)
        if entry is not None and not sheet.by_pips:
            entry = _with_tiles_left(sheet, form, p, entry)
        if entry is not None:
            form.entries[p.id] = entry
    return form


def _with_tiles_left(sheet: Sheet, form: HandForm, player, entry: Entry) -> Entry | None:
    """Super 15: how many tiles are left settles a blocked round (the tiles picked, or the typed count)."""
    key, typed = f"left-{player.id}", form.typed_left[player.id]
    if entry.went_out:
        return Entry(points=None, tiles=(), went_out=True, tiles_left=0)
    count = None
    if typed:
        count = whole_number(typed)
        if count is None or count > tile_count(sheet.set_size):
            form.errors[key] = f"Write how many tiles {player.name} has left, as a whole number."
            return None
    if entry.tiles:
        if count is not None and count != len(entry.tiles):
            form.errors[key] = f"{len(entry.tiles)} tiles are picked for {player.name}, but the count says {count}."
            return None
        count = len(entry.tiles)
    if count is None and entry.points is not None:
        form.errors[key] = f"Say how many tiles {player.name} has left: the fewest tiles wins a blocked round."
        return None
    return Entry(points=entry.points, tiles=entry.tiles, went_out=False, tiles_left=count)


def _tile_values(values: list[str]) -> list[str]:
    """Tiles arrive as one checkbox each, or as one space-separated text."""
    return [piece for value in values for piece in value.replace(",", " ").split()]


def _add_found_tiles(form: HandForm, player, text: str) -> None:
    """Tiles typed rather than tapped ("12 7, 3 4"): the halves are read in pairs, and each tile
    joins the player's picked tiles (the picker then shows it ticked)."""
    halves = re.findall(r"\d+", text)
    if re.search(r"[^\d\s,;|/.-]", text) or len(halves) % 2:
        form.errors[f"tiles-{player.id}"] = (f"{text.strip()!r}: type each tile as its two numbers, "
                                             "like 12 7, and separate tiles with commas.")
        form.find[player.id] = text.strip()
        return
    picked = form.typed_tiles[player.id]
    for a, b in zip(halves[::2], halves[1::2]):
        tile = str(Tile(int(a), int(b))) if max(len(a), len(b)) <= 3 else f"{a}|{b}"   # too long: refused later
        if tile not in picked:
            picked.append(tile)


def _went_out_player(sheet: Sheet, form: HandForm) -> int | None:
    if not form.went_out:
        return None
    chosen = [v for v in form.went_out.split(",") if v]
    ids = {str(p.id) for p in sheet.players}
    if len(chosen) > 1:
        form.errors["went_out"] = "Only one player can go out in a hand."
        return None
    if not chosen:          # "," from a tampered form: nobody chosen
        return None
    if chosen[0] not in ids:
        form.errors["went_out"] = "Choose a player of this game as the one who went out."
        return None
    return int(chosen[0])


def _read_entry(sheet, hand, form, player, went_out, seen) -> Entry | None:
    points_key, tiles_key = f"points-{player.id}", f"tiles-{player.id}"
    typed = form.typed_points[player.id]
    tiles = _read_tiles(sheet, hand, form, player, seen)
    if tiles is None:
        return None

    points = None
    if typed:
        limit = max_points(sheet)
        points = whole_number(typed)
        if points is None:
            form.errors[points_key] = f"Write {player.name}'s total as a whole number from 0 to {limit}."
            return None
        if points > limit:
            form.errors[points_key] = (f"{points} is more than anyone can hold with a double-{sheet.set_size} "
                                       f"set: the most is {limit}.")
            return None

    if went_out:
        if tiles:
            form.errors[tiles_key] = f"{player.name} went out, so has no tiles left. Untick the tiles or the 'went out' mark."
            return None
        on_double = sheet.rules.ending_on_double_points
        if points not in (None, 0, on_double):
            also = f", or {on_double} for going out on a double" if on_double else ""
            form.errors[points_key] = f"{player.name} went out and scores 0{also}, not {points}."
            return None
        # encyclopedia: "If it does [end in a double], the player who plays the double gets 50 points"
        return Entry(points=points or 0, tiles=(), went_out=True)

    if tiles:
        counted = leftover_points(tiles, sheet.rules)
        if points is not None and points != counted:
            form.errors[points_key] = (f"The tiles picked for {player.name} add up to {counted}, "
                                       f"but the total says {points}. Clear one of them.")
            return None
        return Entry(points=counted, tiles=tuple(sorted(tiles)))
    return Entry(points=points)


def _read_tiles(sheet, hand, form, player, seen) -> list[Tile] | None:
    """The player's tiles; every problem among them is reported at once, not only the first."""
    key = f"tiles-{player.id}"
    tiles: list[Tile] = []
    problems: list[str] = []
    for text in form.typed_tiles[player.id]:
        try:
            tile = Tile.parse(text)
        except BadTile:
            problems.append(f"{text!r} is not a domino. Pick tiles from the set.")
            continue
        if not tile.in_set(sheet.set_size):
            problems.append(f"{tile} is not in a double-{sheet.set_size} set.")
        elif tile.is_double and tile.low == sheet.rules.known_start(hand.double):
            problems.append(f"{tile} started this hand, so it is on the table, not in {player.name}'s hand.")
        elif tile in tiles:
            problems.append(f"{tile} is picked twice for {player.name}; a set has only one.")
        elif tile in seen:
            problems.append(f"{tile} is already in {seen[tile]}'s hand; a set has only one {tile}.")
        else:
            tiles.append(tile)
    if problems:
        form.errors[key] = " ".join(problems)
        return None
    for tile in tiles:
        seen[tile] = player.name
    return tiles
