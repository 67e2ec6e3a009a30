"""A hand's typed entries, checked by the referee and turned into what the sheet stores.

The score form, the import and the photo each only turn their input into typed entries
(referee.plausibility.TypedEntry, by player id); this is where the referee's findings become the
messages beside each field, and the values become the sheet's entries.
"""
from __future__ import annotations

from referee.plausibility import POINTS, TILES, TILES_LEFT, WENT_OUT, TypedEntry, check_hand
from referee.rulesets import leftover_points

from .sheet import Entry, HandRow, Sheet

# the form's field for each thing a finding can be about
FIELDS = {TILES: "tiles-{}", POINTS: "points-{}", TILES_LEFT: "left-{}", WENT_OUT: "went_out"}


def as_typed(sheet: Sheet, player_id: int, entry: Entry) -> TypedEntry:
    """A stored entry, as if it had been typed again."""
    return TypedEntry(sheet.player(player_id).name, entry.tiles or None, entry.points, entry.went_out,
                 entry.tiles_left)


def stored_typed(sheet: Sheet, hand: HandRow) -> dict[int, TypedEntry]:
    """The hand as it stands: every entered player's entry."""
    return {p.id: as_typed(sheet, p.id, hand.entry(p.id)) for p in sheet.players
            if hand.entry(p.id).entered or hand.entry(p.id).went_out}


def check_entries(sheet: Sheet, hand: HandRow, typed: dict[int, TypedEntry]) -> tuple[dict[int, Entry], dict[str, str]]:
    """The sheet's entries for the typed ones, or the problems by form field (player id in the name)."""
    ids = {t.player: pid for pid, t in typed.items()}
    errors: dict[str, str] = {}
    for finding in check_hand(sheet.rules, sheet.set_size, hand.double, list(typed.values())):
        if not finding.hard:
            continue                 # a warning: the sheet shows it, the table may dismiss it
        key = FIELDS.get(finding.about, "form").format(ids.get(finding.player, ""))
        errors[key] = f"{errors[key]} {finding.message}" if key in errors else finding.message
    if errors:
        return {}, errors
    return {pid: _stored(sheet, t) for pid, t in typed.items()}, {}


def _stored(sheet: Sheet, t: TypedEntry) -> Entry:
    by_tiles_left = sheet.kind.counts_tiles_left
    if t.went_out:
        # Super 15 keeps no points: going out wins the round
        return Entry(points=None, tiles=(), went_out=True, tiles_left=0) if by_tiles_left else \
            Entry(points=t.points or 0, tiles=(), went_out=True)
    if t.tiles:
        points, tiles = leftover_points(t.tiles, sheet.rules), tuple(sorted(t.tiles))
    else:
        points, tiles = t.points, None
    if not by_tiles_left:
        return Entry(points=points, tiles=tiles)
    left = t.tiles_left if t.tiles_left is not None else (len(t.tiles) if t.tiles else None)
    return Entry(points=points, tiles=tiles, tiles_left=left)
