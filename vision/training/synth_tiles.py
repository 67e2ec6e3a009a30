"""Domino faces drawn in code, for training and testing the pip counter.

A face is drawn upright at `FACE` x 2 `FACE` pixels: body, rounded corners,
bevelled rim, divider bar, an optional spinner pin and the pips of each half.
The styles cover what tables own: ivory, white and cream sets with black pips;
double-9/12/15 sets whose pips are coloured by value (several makers' colours);
black sets with white pips; pink, red and coloured sets with light pips. Pip
layouts follow real sets: the familiar 0 to 9, and several makers' layouts for
10 to 18 (three columns, two columns, staggered rows). The reader's extra training
tiles (`random_style(broad=True)`) add large pips on a narrow rim and raised
glossy pips.

Only NumPy and OpenCV: nothing is downloaded, and a seed gives the same faces.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

FACE = 128            # width of a drawn face in pixels; its length is twice that
SUBPIXEL = 4          # cv2 drawing shift: coordinates in 1/16 pixel

# Colour per value (BGR) as double-12/15 sets print them; makers differ, so each style
# perturbs these or draws from another table.
MAKER_COLOURS = [
    {1: (230, 170, 60), 2: (60, 150, 40), 3: (40, 40, 200), 4: (40, 80, 130), 5: (170, 60, 20),
     6: (20, 190, 230), 7: (160, 50, 200), 8: (120, 120, 0), 9: (140, 40, 110), 10: (20, 110, 250),
     11: (40, 30, 110), 12: (120, 120, 120), 13: (40, 100, 40), 14: (120, 40, 40), 15: (30, 30, 30),
     16: (90, 150, 230), 17: (200, 120, 160), 18: (60, 60, 160)},
    {1: (200, 140, 40), 2: (40, 140, 20), 3: (30, 30, 220), 4: (60, 110, 170), 5: (150, 40, 20),
     6: (0, 210, 240), 7: (130, 40, 180), 8: (80, 140, 60), 9: (120, 30, 120), 10: (0, 140, 255),
     11: (20, 20, 20), 12: (140, 140, 140), 13: (70, 120, 20), 14: (160, 100, 40), 15: (60, 40, 100),
     16: (40, 70, 200), 17: (180, 80, 80), 18: (40, 150, 150)},
]


@dataclass(frozen=True)
class Style:
    """How one set looks: every tile of a photo usually shares it."""
    body: tuple[float, float, float]
    pip_scheme: str                   # "black", "coloured", "light", "solid"
    pip_colour: tuple[float, float, float]
    colours: dict
    bar_colour: tuple[float, float, float]
    bar_length: float                 # share of the width
    bar_thickness: float              # share of the width
    pin: str | None                   # None, "brass", "silver"
    corner_radius: float              # share of the width
    pip_size: float                   # radius, share of the half's width, for 0 to 9
    pip_size_high: float              # for 10 and up
    engraved: bool                    # pips with a dark rim and a lighter middle
    layout_family: int                # which maker's layouts for 10 to 18
    margin: float                     # share of the half left free at its rim
    texture: float                    # strength of the body's grain
    raised: bool = False              # glossy pips standing proud: a shadow on one side, a highlight
    holes: tuple | None = None        # pips as plugs in recessed holes: every hole of a half's 3 x 3 grid
    #                                   shows, the empty ones as rings of this colour (`synth_hard`)
    engraved_bar: bool = False        # the divider cut into the body: a dark line with a light one below


def random_style(rng: np.random.Generator, max_value: int = 18, broad: bool = False, body: str | None = None,
                 scheme: str | None = None) -> Style:
    """One set's look. With `broad`, also sets the first styles leave out (`_broadened`): the
    reader's extra training tiles; the test scenes keep the first styles, so that their figures
    compare from one round to the next. `body` ("ivory", "white", "cream", "black", "pink",
    "colour", "grey") and `scheme` (the pips: "coloured" by value, "black", "light", "solid")
    choose the set instead of drawing it, for scenes drawn on purpose (`synth_styles`)."""
    style = _first_style(rng, max_value, body, scheme)
    return _broadened(style, rng) if broad else style


def _broadened(style: Style, rng: np.random.Generator) -> Style:
    """Large pips on a narrow rim, as jumbo and children's sets have them, and raised glossy
    pips, each on about a third of the sets."""
    if rng.random() < 0.35:
        margin = float(rng.uniform(0.13, 0.2))
        # the largest pips that leave a gap in a half's 3 x 3 grid
        most = min(0.135, 0.4 * (1 - 2 * margin) / 2)
        style = replace(style, margin=margin, pip_size=float(rng.uniform(0.09, most)),
                        pip_size_high=float(rng.uniform(0.055, 0.075)))
    if rng.random() < 0.3:
        style = replace(style, raised=True, engraved=False)
    return style


def _first_style(rng: np.random.Generator, max_value: int, kind: str | None = None,
                 scheme: str | None = None) -> Style:
    if kind is None:
        kind = rng.choice(["ivory", "white", "cream", "black", "pink", "colour", "grey"],
                          p=[0.27, 0.25, 0.14, 0.1, 0.08, 0.1, 0.06])
    if kind == "ivory":
        body = (rng.uniform(170, 215), rng.uniform(215, 240), rng.uniform(230, 250))
    elif kind == "white":
        v = rng.uniform(225, 252)
        body = (v - rng.uniform(0, 8), v - rng.uniform(0, 6), v)
    elif kind == "cream":
        body = (rng.uniform(140, 190), rng.uniform(200, 230), rng.uniform(225, 250))
    elif kind == "black":
        v = rng.uniform(15, 60)
        body = (v, v * rng.uniform(0.9, 1.1), v * rng.uniform(0.9, 1.2))
    elif kind == "pink":
        body = (rng.uniform(150, 220), rng.uniform(100, 170), rng.uniform(220, 255))
    elif kind == "grey":
        v = rng.uniform(150, 210)
        body = (v, v, v)
    else:
        body = tuple(float(c) for c in rng.uniform(30, 230, 3))
    scheme = scheme or _pip_scheme(rng, kind, body, max_value)
    if scheme == "light":
        pip = (rng.uniform(200, 255), rng.uniform(200, 255), rng.uniform(200, 255)) if rng.random() < 0.6 \
            else (rng.uniform(20, 120), rng.uniform(180, 240), rng.uniform(220, 255))   # yellow, gold
    elif scheme == "black":
        v = rng.uniform(5, 60)
        pip = (v, v, v)
    else:
        pip = tuple(float(c) for c in rng.uniform(0, 200, 3))
    table = MAKER_COLOURS[int(rng.integers(len(MAKER_COLOURS)))]
    jitter = rng.uniform(-25, 25, (19, 3))
    colours = {v: tuple(float(np.clip(c + j, 0, 255)) for c, j in zip(table.get(v, (30, 30, 30)), jitter[v]))
               for v in range(1, 19)}
    if rng.random() < 0.3:     # another maker's order of the same colours
        values = list(range(1, 19))
        shuffled = rng.permutation(values)
        colours = {v: colours[int(s)] for v, s in zip(values, shuffled)}
    bar = rng.choice(["pip", "dark", "groove", "gold"], p=[0.35, 0.35, 0.2, 0.1])
    if bar == "pip" or scheme in ("light", "solid") and rng.random() < 0.7:
        bar_colour = pip
    elif bar == "dark":
        bar_colour = (rng.uniform(10, 60),) * 3
    elif bar == "groove":
        bar_colour = tuple(c * rng.uniform(0.45, 0.75) for c in body)
    else:
        bar_colour = (rng.uniform(40, 90), rng.uniform(140, 190), rng.uniform(180, 230))
    return Style(
        body=body, pip_scheme=str(scheme), pip_colour=pip, colours=colours, bar_colour=bar_colour,
        bar_length=float(rng.uniform(0.55, 0.96)), bar_thickness=float(rng.uniform(0.012, 0.05)),
        pin=rng.choice([None, "brass", "silver"], p=[0.65, 0.25, 0.1]),
        corner_radius=float(rng.uniform(0.03, 0.16)),
        pip_size=float(rng.uniform(0.055, 0.095)), pip_size_high=float(rng.uniform(0.04, 0.062)),
        engraved=bool(rng.random() < 0.35), layout_family=int(rng.integers(4)),
        margin=float(rng.uniform(0.17, 0.27)), texture=float(rng.uniform(0, 6)),
    )


def _pip_scheme(rng: np.random.Generator, kind: str, body: tuple, max_value: int) -> str:
    """How a set of this body colours its pips: light, solid, black or coloured by value."""
    if kind in ("black",) or (kind == "colour" and float(np.mean(body)) <= 120):
        return "light"
    if kind in ("pink", "colour"):
        return rng.choice(["light", "solid", "black"], p=[0.5, 0.3, 0.2])
    if max_value >= 10:
        return rng.choice(["coloured", "black"], p=[0.7, 0.3])
    return rng.choice(["coloured", "black"], p=[0.25, 0.75])


_LOW = {0: [], 1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)],
        7: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2), (1, 1)],
        8: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2), (1, 0), (1, 2)],
        9: [(c, r) for c in range(3) for r in range(3)]}


def _columns(counts: list[int]) -> list[tuple[float, float]]:
    """Pips in columns across the half, each column's pips spread evenly down it."""
    longest = max(counts)
    spots = []
    for ci, n in enumerate(counts):
        x = ci / (len(counts) - 1) if len(counts) > 1 else 0.5
        for r in range(n):
            if longest == 1:
                y = 0.5
            else:
                # a shorter column is centred on the grid of the longest
                y = (r + (longest - n) / 2) / (longest - 1)
            spots.append((x, y))
    return spots


def pip_layout(value: int, family: int, rng: np.random.Generator) -> list[tuple[float, float]]:
    """Pip centres of one half in a unit square, as one maker lays them out."""
    if value <= 9 and (value <= 5 or family != 3):
        spots = [(c / 2, r / 2) for c, r in _LOW[value]]
        if value == 6 and rng.random() < 0.5:
            spots = [(y, x) for x, y in spots]            # the six across instead of down
        return spots
    if family == 0 or value <= 9:       # three columns, the middle one takes the rest
        side = min((value + 2) // 3, 6)
        middle = value - 2 * side
        if middle < 0:
            side, middle = value // 2, value % 2
        return _columns([side, middle, side] if middle else [side, side])
    if family == 1:                     # three columns filled row by row, the last row centred
        rows = (value + 2) // 3
        spots = []
        for i in range(value):
            r, c = divmod(i, 3)
            in_row = min(3, value - r * 3)
            spots.append((0.5 + (c - (in_row - 1) / 2) * 0.5, r / max(rows - 1, 1)))
        return spots
    if family == 2 and value % 2 == 0 and value <= 14:   # two columns
        return _columns([value // 2, value // 2])
    # staggered: three columns of equal height where possible
    base = value // 3
    extra = value - 3 * base
    counts = [base + (1 if extra == 2 else 0), base + (1 if extra == 1 else 0), base + (1 if extra == 2 else 0)]
    return _columns(counts)


def pip_colour(style: Style, value: int) -> tuple[float, float, float]:
    if style.pip_scheme == "coloured":
        return style.colours.get(value, style.pip_colour)
    return style.pip_colour


def draw_face(values: tuple[int, int], style: Style, rng: np.random.Generator):
    """The face upright (FACE x 2 FACE, BGR float32), its alpha (rounded corners), and the pip
    centres in face pixels for each half."""
    w, h = FACE, 2 * FACE
    face = np.empty((h, w, 3), np.float32)
    face[:] = style.body
    if style.texture > 0:
        grain = cv2.GaussianBlur(rng.normal(0, 1, (h // 4, w // 4)).astype(np.float32), (0, 0), 1.5)
        grain = cv2.resize(grain, (w, h)) * style.texture * 3
        face += grain[:, :, None]
    # a bevelled rim, darker towards the edge
    alpha = np.zeros((h, w), np.uint8)
    r = max(1, int(style.corner_radius * w))
    cv2.rectangle(alpha, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(alpha, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(alpha, (cx, cy), r, 255, -1, lineType=cv2.LINE_AA)
    edge = cv2.distanceTransform((alpha > 128).astype(np.uint8), cv2.DIST_L2, 3)
    bevel = np.clip(edge / (0.08 * w), 0, 1)
    shade = rng.uniform(0.55, 0.9)
    face *= (shade + (1 - shade) * bevel)[:, :, None]
    _draw_bar(face, style, rng)
    if style.holes is not None:
        _draw_holes(face, style)
    centres = []
    for half, value in enumerate(values):
        spots = pip_layout(value, style.layout_family, rng)
        if rng.random() < 0.5:
            spots = [(1 - x, 1 - y) for x, y in spots]
        radius = (style.pip_size if value <= 9 else style.pip_size_high) * w
        if value >= 13:
            radius *= 0.9
        m = style.margin if value <= 9 else style.margin * 0.72
        colour = pip_colour(style, value)
        half_centres = []
        for x, y in spots:
            cx = (m + (1 - 2 * m) * x) * w
            cy = half * w + (m + (1 - 2 * m) * y) * w
            _draw_pip(face, cx, cy, radius, colour, style)
            half_centres.append((cx, cy))
        centres.append(half_centres)
    return np.clip(face, 0, 255), alpha, centres


def _draw_holes(face: np.ndarray, style: Style) -> None:
    """The recessed holes of both halves' 3 x 3 grids, where plugs sit: a ring of the holes'
    colour round a floor a little darker than the body."""
    w, s = FACE, 1 << SUBPIXEL
    radius = style.pip_size * w
    floor = tuple(c * 0.8 for c in style.body)
    for half in (0, 1):
        for c in range(3):
            for r in range(3):
                cx = (style.margin + (1 - 2 * style.margin) * c / 2) * w
                cy = half * w + (style.margin + (1 - 2 * style.margin) * r / 2) * w
                centre = (int(cx * s), int(cy * s))
                cv2.circle(face, centre, int(radius * s), floor, -1, lineType=cv2.LINE_AA, shift=SUBPIXEL)
                cv2.circle(face, centre, int(radius * s), style.holes, max(1, int(radius * 0.3)),
                           lineType=cv2.LINE_AA, shift=SUBPIXEL)


def _draw_bar(face: np.ndarray, style: Style, rng: np.random.Generator) -> None:
    w = FACE
    length, thick = style.bar_length * w, max(1.0, style.bar_thickness * w)
    x0, x1 = (w - length) / 2, (w + length) / 2
    y = float(w) + rng.normal(0, 0.5)
    s = 1 << SUBPIXEL
    if style.engraved_bar:      # a groove: its shadowed side, and the lit lip below it
        light = tuple(min(255.0, c * 1.2 + 25) for c in style.body)
        cv2.line(face, (int(x0 * s), int((y + thick) * s)), (int(x1 * s), int((y + thick) * s)), light,
                 max(1, int(round(thick / 2))), lineType=cv2.LINE_AA, shift=SUBPIXEL)
    cv2.line(face, (int(x0 * s), int(y * s)), (int(x1 * s), int(y * s)), style.bar_colour,
             max(1, int(round(thick))), lineType=cv2.LINE_AA, shift=SUBPIXEL)
    if style.pin:
        pr = w * rng.uniform(0.045, 0.08)
        metal = (60, 150, 190) if style.pin == "brass" else (180, 180, 180)
        cv2.circle(face, (int(w / 2 * s), int(y * s)), int(pr * s), metal, -1, lineType=cv2.LINE_AA, shift=SUBPIXEL)
        cv2.circle(face, (int((w / 2 - pr / 3) * s), int((y - pr / 3) * s)), int(pr * 0.35 * s),
                   tuple(min(255, c + 60) for c in metal), -1, lineType=cv2.LINE_AA, shift=SUBPIXEL)
        cv2.circle(face, (int(w / 2 * s), int(y * s)), int(pr * s), tuple(c * 0.6 for c in metal), 1,
                   lineType=cv2.LINE_AA, shift=SUBPIXEL)


def _draw_pip(face: np.ndarray, cx: float, cy: float, radius: float, colour, style: Style) -> None:
    s = 1 << SUBPIXEL
    centre = (int(cx * s), int(cy * s))
    if style.raised:
        # its shadow on the body, away from the light (from the top left), under it
        shadow = tuple(c * 0.5 for c in style.body)
        cv2.circle(face, (int((cx + radius * 0.18) * s), int((cy + radius * 0.22) * s)), int(radius * 1.05 * s),
                   shadow, -1, lineType=cv2.LINE_AA, shift=SUBPIXEL)
    cv2.circle(face, centre, int(radius * s), colour, -1, lineType=cv2.LINE_AA, shift=SUBPIXEL)
    if style.engraved:
        rim = tuple(c * 0.55 for c in colour)
        cv2.circle(face, centre, int(radius * s), rim, max(1, int(radius * 0.25)), lineType=cv2.LINE_AA,
                   shift=SUBPIXEL)
        light = tuple(min(255.0, c * 1.25 + 15) for c in colour)
        cv2.circle(face, (int((cx - radius * 0.25) * s), int((cy - radius * 0.25) * s)), int(radius * 0.3 * s),
                   light, -1, lineType=cv2.LINE_AA, shift=SUBPIXEL)
    if style.raised:
        # the gloss: a small bright spot towards the light, and the lit side a little lighter
        lit = tuple(min(255.0, c * 1.15 + 20) for c in colour)
        cv2.circle(face, (int((cx - radius * 0.15) * s), int((cy - radius * 0.15) * s)), int(radius * 0.7 * s),
                   lit, -1, lineType=cv2.LINE_AA, shift=SUBPIXEL)
        cv2.circle(face, (int((cx - radius * 0.4) * s), int((cy - radius * 0.4) * s)), max(1, int(radius * 0.22 * s)),
                   (245, 245, 245), -1, lineType=cv2.LINE_AA, shift=SUBPIXEL)


def draw_back(style: Style, rng: np.random.Generator):
    """A tile lying face down: the body with no bar and no pips (sometimes a maker's mark)."""
    w, h = FACE, 2 * FACE
    back = np.empty((h, w, 3), np.float32)
    back[:] = style.body if rng.random() < 0.7 else tuple(float(c) for c in rng.uniform(20, 230, 3))
    alpha = np.zeros((h, w), np.uint8)
    cv2.rectangle(alpha, (0, 0), (w - 1, h - 1), 255, -1)
    if rng.random() < 0.3:
        cv2.circle(back, (w // 2, h // 2), w // 4, tuple(float(c) * 0.8 for c in back[0, 0]), 2, lineType=cv2.LINE_AA)
    back += cv2.resize(rng.normal(0, 3, (h // 8, w // 8)).astype(np.float32), (w, h))[:, :, None]
    return np.clip(back, 0, 255), alpha
