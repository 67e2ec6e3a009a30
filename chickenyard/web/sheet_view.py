"""The score sheet as the page shows it, worked out once for each revision of a game.

The template only loops over rows and cells: which cell carries the "went out" mark, the small
running total, the row's state, the winner's line, the referee's warnings and the rounds still
waiting are all decided here, in one pass over the sheet. Every write bumps the game's revision,
so a view built for one revision is kept and served to every phone until the next change.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field

from referee.plausibility import Finding
from referee.words import _, names as and_names

from ..game.sheet import Player, Sheet, load_sheet
from ..storage.db import snapshot
from .languages import current_locale

KEPT_VIEWS = 32      # a busy evening has a few games open at once


@dataclass(frozen=True)
class Cell:
    text: str = ""
    mark: str | None = None     # the circled value's title: "went out", "won the round"
    note: str = ""              # the small line under it: the running total, or the tiles left
    absent: str | None = None   # a player not at the table for this hand, in words


@dataclass(frozen=True)
class Row:
    number: int
    double: int
    current: bool
    done: bool
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Total:
    player: Player
    total: int
    leader: bool


@dataclass(frozen=True)
class SheetView:
    sheet: Sheet
    warnings: dict[int, list[Finding]]   # hand number -> the warnings not dismissed
    undo: object | None         # the undo.Step "Undo last change" takes (a hand, Bob leaving ...), if any
    redo: object | None         # the undo.Step "Redo" takes, if any (the sheet words both in the phone's language)
    rows: tuple[Row, ...]
    totals: tuple[Total, ...]
    winner_line: str | None     # "Winner: Ann with 42" once the game is finished
    round_needs: tuple[tuple[int, str], ...]   # Super 15: what each started round still needs
    tables: dict[str, str] = field(default_factory=dict, compare=False)  # role -> the table's HTML
    pages: dict[tuple, str] = field(default_factory=dict, compare=False)  # the whole sheet as shown (views/loading.py)


class ViewCache:
    """The last few games' views, by game, revision and view link; shared by the server's threads."""

    def __init__(self, size: int = KEPT_VIEWS):
        self.size = size
        self._views: OrderedDict[tuple, SheetView] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, db, game: dict) -> SheetView:
        """The view of `game` (its row: id, revision, view_key) as stored now; NotFoundError if it
        is gone."""
        # its words are in the table's language: a Spanish phone and an English one get their own
        key = (game["id"], game["revision"], game["view_key"], current_locale())
        with self._lock:
            view = self._views.get(key)
            if view is not None:
                self._views.move_to_end(key)
                return view
        view = build_view(db, game["id"])
        built = view.sheet.game
        with self._lock:
            # keyed by the revision it was read at, which a write since the game's row may have moved
            self._views[(built["id"], built["revision"], built["view_key"], key[3])] = view
            while len(self._views) > self.size:
                self._views.popitem(last=False)
        return view


def build_view(db, game_id: int) -> SheetView:
    from ..game.hand_warnings import sheet_warnings
    from ..game.undo import redo_step, undo_step
    with snapshot(db):          # the warnings and the undo and redo buttons match the sheet read
        sheet = load_sheet(db, game_id)
        return sheet_view(sheet, sheet_warnings(db, sheet), undo_step(db, game_id), redo_step(db, game_id))


def sheet_view(sheet: Sheet, warnings: dict | None = None, undo=None, redo=None) -> SheetView:
    players = sheet.players
    current = sheet.current_hand
    rows = []
    needs = []
    for hand in sheet.hands:
        cells = (_round_cells if sheet.kind.counts_tiles_left else _pip_cells)(sheet, hand)
        still = sheet.still_needs(hand) if hand.started() else None
        if still:
            needs.append((hand.number, still))
        cells = tuple(cell if p.plays(hand.number) else _absent(p, hand.number) for p, cell in zip(players, cells))
        rows.append(Row(hand.number, hand.double, current is not None and hand.number == current.number,
                        sheet.complete(hand), cells))
    totals, leaders = sheet.totals, set(sheet.leaders)
    return SheetView(sheet, warnings or {}, undo, redo, tuple(rows),
                     tuple(Total(p, totals[p.id], p.id in leaders) for p in players), _winner_line(sheet), tuple(needs))


def _absent(player: Player, number: int) -> Cell:
    """A hand a player did not play. The one just before a late player sat down carries the total
    they started at, so that the running totals below it add up on the sheet as on paper."""
    if number >= player.joined_hand:
        return Cell(absent=_("left the table"))
    if number == player.joined_hand - 1 and player.start_points:
        return Cell(note=str(player.start_points),
                    absent=_("not yet at the table; starts at %(points)s", points=player.start_points))
    return Cell(absent=_("not yet at the table"))


def _pip_cells(sheet: Sheet, hand) -> tuple[Cell, ...]:
    started = hand.started()
    cells = []
    for p in sheet.players:
        e = hand.entry(p.id)
        note = str(hand.running[p.id]) if started and e.entered else ""
        if e.went_out:
            cells.append(Cell(str(e.points or 0), _("went out on a double") if e.points else _("went out"), note))
        elif e.entered:
            cells.append(Cell(str(e.points), None, note))
        else:
            cells.append(Cell())
    return tuple(cells)


def _round_cells(sheet: Sheet, hand) -> tuple[Cell, ...]:
    winner = sheet.round_winner(hand)
    cells = []
    for p in sheet.players:
        e = hand.entry(p.id)
        if winner == p.id:
            cells.append(Cell(_("won"), _("won the round")))
        elif e.tiles_left is not None:
            cells.append(Cell(str(e.tiles_left), None,
                              _("tiles") if e.points is None else _("tiles · %(pips)s", pips=e.points)))
        else:
            cells.append(Cell())
    return tuple(cells)


def _winner_line(sheet: Sheet) -> str | None:
    winners = sheet.winners
    if not winners:      # not finished, or Super 15 rounds that all tied
        return None
    names, total = sheet.names(winners), sheet.totals[winners[0]]
    if len(winners) > 1:
        return _("Tie for the win: %(names)s with %(total)s", names=and_names(names), total=total)
    return _("Winner: %(name)s with %(total)s", name=names[0], total=total)
