"""Printed score sheets: the page layout, and the drawn domino faces.

One layout serves the print view in a browser and the PDF (WeasyPrint renders
the same template). Sizes are in millimetres, computed so that a whole game
fits one page with pencil-sized boxes (at least 9 mm high).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from referee.words import _

PAPERS = {"letter": (215.9, 279.4), "a4": (210.0, 297.0)}
MARGIN = 10.0           # mm on each side
HEADER = 24.0           # title, players' note, date
FOOTER = 40.0           # rule set, house rules, draw-count table
MIN_ROW, MAX_ROW = 9.0, 14.0
HAND_COLUMN = 32.0
SUBTOTAL_EVERY = 4


class LayoutError(ValueError):
    """A sheet that cannot fit one page."""


@dataclass(frozen=True)
class Row:
    kind: str                      # "hand", "subtotal" or "total"
    number: int = 0                # hand number
    double: int | None = None
    upto: int = 0                  # subtotal: hands 1..upto


@dataclass
class Layout:
    paper: str
    orientation: str
    width: float
    height: float
    row_height: float
    box_width: float
    rows: list[Row] = field(default_factory=list)

    @property
    def page_size(self) -> str:
        return f"{self.width}mm {self.height}mm"


def sheet_rows(doubles: list[int]) -> list[Row]:
    rows: list[Row] = []
    for number, double in enumerate(doubles, start=1):
        rows.append(Row("hand", number, double))
        if number % SUBTOTAL_EVERY == 0 and number < len(doubles):
            rows.append(Row("subtotal", upto=number))
    rows.append(Row("total", upto=len(doubles)))
    return rows


def layout(paper: str, orientation: str, doubles: list[int], players: int) -> Layout:
    """The page: `orientation` is portrait, landscape or auto (landscape when it helps and fits)."""
    if paper not in PAPERS:
        raise LayoutError(_("Choose Letter or A4 paper."))
    if not 1 <= players <= 12:
        raise LayoutError(_("A printed sheet has room for 1 to 12 players."))
    rows = sheet_rows(doubles)
    if orientation == "auto":
        landscape = _fits(paper, "landscape", rows, players)
        orientation = "landscape" if players > 6 and landscape else "portrait"
    if orientation not in ("portrait", "landscape"):
        raise LayoutError(_("Choose portrait, landscape or automatic orientation."))
    if not _fits(paper, orientation, rows, players):
        raise LayoutError(_("%(hands)s hands for %(players)s players do not fit one %(paper)s %(orientation)s page with "
                            "9 mm boxes; try the other orientation.", hands=len(doubles), players=players,
                            paper=paper.upper(),
                            orientation=_("portrait") if orientation == "portrait" else _("landscape")))
    width, height = _page(paper, orientation)
    row_height = min(MAX_ROW, _room(height) / (len(rows) + 1))
    box_width = (width - 2 * MARGIN - HAND_COLUMN) / players
    return Layout(paper, orientation, width, height, round(row_height, 2), round(box_width, 2), rows)


def _page(paper: str, orientation: str) -> tuple[float, float]:
    short, long = PAPERS[paper]
    return (long, short) if orientation == "landscape" else (short, long)


def _room(height: float) -> float:
    return height - 2 * MARGIN - HEADER - FOOTER


def _fits(paper: str, orientation: str, rows: list[Row], players: int) -> bool:
    width, height = _page(paper, orientation)
    tall_enough = _room(height) / (len(rows) + 1) >= MIN_ROW       # +1: the names row
    wide_enough = (width - 2 * MARGIN - HAND_COLUMN) / players >= 14.0
    return tall_enough and wide_enough


# --- drawn domino faces ---------------------------------------------------------

# Pip positions on a 3-column grid (column, row), rows counted in fifths of the
# half's height for 10-15, and the classic 3 x 3 patterns up to 9.
_CLASSIC = {
    0: [], 1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    7: [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)],
    8: [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
    9: [(c, r) for r in range(3) for c in range(3)],
}


def pip_positions(n: int) -> list[tuple[float, float]]:
    """Pip centres in a unit square (x, y in 0..1) for a half showing n (0 to 18)."""
    if n in _CLASSIC:
        return [(0.2 + 0.3 * c, 0.2 + 0.3 * r) for c, r in _CLASSIC[n]]
    # 10 and up: three columns, filled top to bottom, the last row centred
    rows = (n + 2) // 3
    spots = []
    for i in range(n):
        r, c = divmod(i, 3)
        in_row = min(3, n - r * 3)
        x = 0.5 + (c - (in_row - 1) / 2) * 0.3
        spots.append((x, 0.12 + 0.76 * r / max(rows - 1, 1)))
    return spots


def double_svg(n: int, height: float = 7.0) -> str:
    """An SVG domino face for n|n lying sideways: `height` mm tall, twice as wide, pips drawn."""
    h, w = height, 2 * height
    radius = h * (0.075 if n <= 9 else 0.055)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="domino" width="{w:.2f}mm" height="{h:.2f}mm" '
             f'viewBox="0 0 {w:.2f} {h:.2f}" role="img" aria-label="double {n}">',
             f'<rect x="0.25" y="0.25" width="{w - 0.5:.2f}" height="{h - 0.5:.2f}" rx="1" fill="#fff" '
             f'stroke="#000" stroke-width="0.4"/>',
             f'<line x1="{w / 2:.2f}" y1="{h * 0.15:.2f}" x2="{w / 2:.2f}" y2="{h * 0.85:.2f}" '
             f'stroke="#000" stroke-width="0.35"/>']
    for half in (0, 1):
        for x, y in pip_positions(n):
            cx = half * h + (0.1 + 0.8 * x) * h
            cy = (0.1 + 0.8 * y) * h
            parts.append(f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{radius:.2f}" fill="#000"/>')
    parts.append("</svg>")
    return "".join(parts)


def layout_css(page: Layout) -> str:
    """The sizes of this sheet, as a stylesheet (no inline styles: the CSP forbids them)."""
    return (f"@page {{ size: {page.page_size}; margin: {MARGIN}mm; }}\n"
            f".print-sheet table.grid td, .print-sheet table.grid th {{ height: {page.row_height}mm; }}\n"
            f".print-sheet table.grid td.box {{ width: {page.box_width}mm; }}\n"
            f".print-sheet table.grid .hand-col {{ width: {HAND_COLUMN}mm; }}\n"
            f".print-sheet .page {{ width: {page.width - 2 * MARGIN}mm; }}\n")
