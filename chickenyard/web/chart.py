"""A small chart drawn on the table's machine: each player's running average over their games.

Plain SVG in the page (no JavaScript, no image to fetch), coloured by CSS classes so the
strict content policy holds; every line also has its own marker shape, for eyes that do
not tell the colours apart, and a legend names them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from markupsafe import Markup, escape

from referee.words import _, ngettext

WIDTH, HEIGHT = 320, 180
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 10, 26
# one colour per player (the legend's .series-N in app.css uses the same), as SVG attributes so
# that WeasyPrint's printed chart and the page's look alike
PALETTE = ("#1f5f8b", "#b4501b", "#1d6b3a", "#7a3b8f", "#8a6d00", "#a3261b", "#2b7f86", "#4d4a44")
SERIES = len(PALETTE)


@dataclass(frozen=True)
class Line:
    name: str
    values: list[float]


def _ticks(values: list[float]) -> list[float]:
    """Three to five round numbers spanning the values (5, 10, 15 rather than 5.9, 12.2, 18.6)."""
    low, high = min(values), max(values)
    for step in (0.5, 1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        first, last = math.floor(low / step) * step, math.ceil(high / step) * step
        if last == first:           # one value: in the middle
            first, last = first - step, last + step
        if (last - first) / step <= 4:
            return [first + i * step for i in range(round((last - first) / step) + 1)]
    return [low, high]


def _marker(kind: int, x: float, y: float) -> str:
    if kind % 3 == 0:
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3"/>'
    if kind % 3 == 1:
        return f'<rect x="{x - 2.8:.1f}" y="{y - 2.8:.1f}" width="5.6" height="5.6"/>'
    return f'<path d="M{x:.1f} {y - 3.6:.1f} L{x + 3.4:.1f} {y + 2.6:.1f} L{x - 3.4:.1f} {y + 2.6:.1f} Z"/>'


def running_average_svg(lines: list[Line], *, title: str, unit: str = "points per hand") -> Markup:
    """The chart, or an empty Markup when no one has a hand yet."""
    lines = [line for line in lines if line.values]
    if not lines:
        return Markup("")
    values = [v for line in lines for v in line.values]
    ticks = _ticks(values)
    low, high = ticks[0], ticks[-1]
    games = max(len(line.values) for line in lines)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (games - 1) if games > 1 else plot_w / 2)

    def y(v: float) -> float:
        return TOP + plot_h * (1 - (v - low) / (high - low))

    parts = [f'<svg class="season-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="chart-title" '
             f'xmlns="http://www.w3.org/2000/svg"><title id="chart-title">{escape(title)}</title>']
    for tick in ticks:
        parts.append(f'<line class="grid" stroke="#d8d2c4" stroke-width="1" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}"/>'
                     f'<text class="axis" font-size="10" fill="#5f5a50" x="{LEFT - 4}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick:g}</text>')
    parts.append(f'<text class="axis" font-size="10" fill="#5f5a50" x="{LEFT}" y="{HEIGHT - 6}">{escape(_("game %(n)s", n=1))}</text>'
                 f'<text class="axis" font-size="10" fill="#5f5a50" x="{WIDTH - RIGHT}" y="{HEIGHT - 6}" text-anchor="end">'
                 f'{escape(_("game %(n)s", n=games)) if games > 1 else ""}</text>')
    for n, line in enumerate(lines):
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(line.values))
        colour = PALETTE[n % SERIES]
        after = ngettext("%(value)s %(unit)s after %(num)d game", "%(value)s %(unit)s after %(num)d games",
                         len(line.values), value=f"{line.values[-1]:.1f}", unit=unit)
        parts.append(f'<g class="series-{n % SERIES}" stroke="{colour}" fill="{colour}"><title>{escape(line.name)}: {escape(after)}</title>'
                     f'<polyline points="{points}" fill="none" stroke-width="2.2"/>'
                     + "".join(_marker(n, x(i), y(v)) for i, v in enumerate(line.values)) + "</g>")
    parts.append("</svg>")
    return Markup("".join(parts))


def legend(lines: list[Line]) -> list[tuple[str, str, str]]:
    """(name, css class, marker word) for the legend below the chart."""
    shapes = ("●", "■", "▲")
    return [(line.name, f"series-{n % SERIES}", shapes[n % 3]) for n, line in enumerate(l for l in lines if l.values)]
