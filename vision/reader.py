"""Stage 3: one rectified tile's pips, counted on the pip reader's map.

The reader network marks each pip's centre as a small peak and the divider bar as
a line. A half's value is the number of peaks in it; its confidence is how clearly
each counted peak stands out and how clearly nothing else does. A peak whose middle is of
the tile's body colour is not counted, and leaves its half unsure: the empty holes of a set
whose pips are plugs in a 3 x 3 grid of holes show as rings, which the network marks as it
marks pips. A cut with no divider bar across its middle is no tile (a face-down tile, a
patch of table).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .params import PARAMS as P


@dataclass(frozen=True)
class TileReading:
    top: int
    bottom: int
    top_confidence: float
    bottom_confidence: float
    pips: tuple[tuple[float, float], ...]     # peak centres, in the rectified tile's pixels
    bar: tuple[float, float] = (0.0, P.read_h / 2)   # the divider: y = slope * x + level, tile pixels

    @property
    def confidence(self) -> float:
        return min(self.top_confidence, self.bottom_confidence)


def bar_line(bar: np.ndarray) -> tuple[float, float] | None:
    """The divider across the middle of the tile, as (slope, level): y = slope * x + level in
    the tile's pixels; None where there is none. Along at least `Params.bar_across` of the tile's width
    the bar map is high in the middle band, on one straight line. The line may slant a little
    (`Params.bar_slant`), as the bar of a tile whose corners came out askew does, and may be broken
    (a spinner pin); marks at different heights are no bar."""
    h, w = bar.shape
    top = int(h * P.bar_band[0])
    band = bar[top:int(h * P.bar_band[1])] > P.bar
    columns = np.nonzero(band.any(axis=0))[0]
    if len(columns) < P.bar_across * w:
        return None
    counts = band.sum(axis=0)
    heights = (band * np.arange(band.shape[0])[:, None]).sum(axis=0)[columns] / counts[columns]
    on = np.ones(len(columns), bool)
    for _ in range(2):          # the line through the marks, then again through those on it
        slope, level = _line(columns[on], heights[on])
        on = np.abs(heights - (slope * columns + level)) <= P.bar_off_line
        if on.sum() < 2:
            return None
    if abs(slope) > P.bar_slant or on.sum() < P.bar_across * w:
        return None
    return float(slope), float(level + top)


def _line(xs: np.ndarray, ys: np.ndarray) -> tuple[float, float]:
    """The least-squares line y = slope * x + level through the points (at least two, at two
    or more different x): what `np.polyfit(xs, ys, 1)` gives, at about half its cost."""
    mx, my = xs.mean(), ys.mean()
    dx = xs - mx
    slope = float(dx @ (ys - my) / (dx @ dx))
    return slope, float(my - slope * mx)


def peaks(pip_map: np.ndarray, floor: float) -> list[tuple[int, int, float]]:
    """Local maxima of the pip map above `floor`: (x, y, height)."""
    local = cv2.dilate(pip_map, np.ones((3, 3), np.uint8))
    ys, xs = np.nonzero((pip_map >= local) & (pip_map > floor))
    found = sorted(((int(x), int(y), float(pip_map[y, x])) for x, y in zip(xs, ys)), key=lambda p: -p[2])
    kept = []
    for x, y, v in found:      # a flat top gives neighbouring equal maxima: keep one
        if all((x - a) ** 2 + (y - b) ** 2 > 2 for a, b, _ in kept):
            kept.append((x, y, v))
    return kept


def peaks_inside(pip_map: np.ndarray, floor: float) -> tuple[list, list]:
    """The peaks of the pip map above `floor` (`peaks`): those at least `Params.edge` inside the
    cut's rim, and those nearer it (a neighbour's pip, or one of this tile's half cut off)."""
    h, w = pip_map.shape
    inside, rim = [], []
    for x, y, v in peaks(pip_map, floor):
        (inside if P.edge <= x < w - P.edge and P.edge <= y < h - P.edge else rim).append((x, y, v))
    return inside, rim


def below_bar(x, y, line: tuple[float, float]):
    """Whether a point of the tile (or each of arrays of points) lies in the half below the
    divider's line (half 1 as an index), not the top half (0)."""
    return y >= line[0] * x + line[1]


def read_maps(maps: np.ndarray, tile: np.ndarray | None = None) -> TileReading | None:
    """The reading of one tile from the network's maps (2 x H x W: pips, bar); None when the
    cut shows no divider bar. With the rectified tile itself (BGR), a peak whose middle is of
    the tile's body colour is not counted (`body_coloured`). A half whose pips lie in no maker's
    layout (`lopsided`: a cut across two tiles' halves) is at most `Params.lopsided_most` sure."""
    pip_map = maps[0]
    line = bar_line(maps[1])
    if line is None:
        return None
    found, rim = peaks_inside(pip_map, P.weak)
    doubt = [1.0, 1.0]
    if tile is not None:
        like = body_coloured(tile, found, line)
        for x, y, v in like:        # not counted, but its half is listed to check
            doubt[below_bar(x, y, line)] = P.blank_most
        found = [p for p in found if p not in like]
    confidences = doubt
    for x, y, v in rim:
        # not counted: a neighbour's pip, or one of this tile's that the cut, slid off the
        # tile, leaves half out; a clear one there leaves its half in doubt
        if v >= P.peak:
            half = below_bar(x, y, line)
            confidences[half] = min(confidences[half], 1 - v / 2)
    pips, halves = [], ([], [])     # the pips counted, in turn and by half
    for x, y, v in found:
        half = below_bar(x, y, line)
        if v >= P.peak:
            pips.append((float(x), float(y)))
            halves[half].append(pips[-1])
            confidences[half] = min(confidences[half], (v - P.peak) / (1 - P.peak) * 0.5 + 0.5)
        else:
            confidences[half] = min(confidences[half], 1 - (v - P.weak) / (P.peak - P.weak) * 0.5)
    for half in (0, 1):
        if lopsided(halves[half]):
            confidences[half] = min(confidences[half], P.lopsided_most)
    return TileReading(len(halves[0]), len(halves[1]), confidences[0], confidences[1], tuple(pips), line)


def lopsided(pips: list[tuple[float, float]]) -> bool:
    """A half's pips (x, y in the tile's pixels), `Params.lopsided_pips` of them, do not lie
    point-symmetric about their middle: turned half round about it, a pip falls farther than
    `Params.lopsided` from every pip. Every maker lays 2 to 9 pips so (a 3 x 3 grid's
    patterns); a cut that slid across two touching tiles takes part of each one's half."""
    if not P.lopsided_pips[0] <= len(pips) <= P.lopsided_pips[1]:
        return False
    points = np.float32(pips)
    turned = 2 * points.mean(axis=0) - points
    return float(np.linalg.norm(turned[:, None] - points[None], axis=2).min(axis=1).max()) > P.lopsided


def body_coloured(tile: np.ndarray, found: list[tuple[int, int, float]], line: tuple[float, float]) -> set:
    """The peaks whose middle is of the tile's body colour: an empty hole of a set whose pips
    are plugs in a 3 x 3 grid (its ring draws a peak like a pip's), or a speck. A pip differs
    from the body: by `Params.body_like` levels at least, and by `Params.body_like_share` of the
    farthest of its half's pips (a set's pips may be pale, but a half's are of one colour). The
    body is the median of the tile's middle (a cut a little off the tile takes in some table), a
    peak's middle the median of its 3 x 3 pixels (a glint on a pip is one or two).

    An empty hole whose floor the recess shades, too far from the body for that, is told by its
    ring (round 33): in a half of `Params.holes` peaks (a 3 x 3 grid, plugs and holes), a peak
    nearer the body than `Params.hollow_of_tile` of the tile's farthest pip and than
    `Params.hollow_share` of the ring round it (`_ring_apart`). A shaded or dished pip is lighter
    in the middle too, but not so near the body beside the tile's other pips."""
    strong = [p for p in found if p[2] >= P.peak]
    if not strong:
        return set()
    h, w = tile.shape[:2]
    middle = tile[h // 8:h - h // 8, w // 5:w - w // 5].reshape(-1, 3).T
    body = np.partition(middle, middle.shape[1] // 2, axis=1)[:, middle.shape[1] // 2].astype(np.float32)
    xs, ys = np.array([p[0] for p in strong]), np.array([p[1] for p in strong])
    near = np.arange(-1, 2)      # the peaks counted lie `Params.edge` inside the tile at least
    around = tile[ys[:, None, None] + near[:, None], xs[:, None, None] + near]
    apart = np.linalg.norm(np.sort(around.reshape(len(strong), 9, 3), axis=1)[:, 4] - body, axis=1)
    below = below_bar(xs, ys, line)
    least = np.zeros(len(strong))
    grid = np.zeros(len(strong), bool)      # a half whose peaks about fill a 3 x 3 grid of holes
    for half in (~below, below):
        if half.any():
            least[half] = max(P.body_like, P.body_like_share * apart[half].max())
            grid[half] = P.holes[0] <= half.sum() <= P.holes[1]
    like = apart < least
    # a peak far paler than the tile's farthest pip, in such a half, is an empty hole where a ring
    # round it is farther from the body than its middle (looked at only there: seldom)
    asked = np.nonzero(grid & ~like & (apart < P.hollow_of_tile * apart.max()))[0]
    if len(asked):
        like[asked] = apart[asked] < P.hollow_share * _ring_apart(tile, xs[asked], ys[asked], body)
    return {p for p, hole in zip(strong, like.tolist()) if hole}


# `Params.hollow_ways` ways round a peak at each of `Params.hollow_radii` (radii x ways), in reader pixels
_TURNS = np.linspace(0, math.tau, P.hollow_ways, endpoint=False)
_ROUND_X = np.rint(np.outer(P.hollow_radii, np.cos(_TURNS))).astype(int)
_ROUND_Y = np.rint(np.outer(P.hollow_radii, np.sin(_TURNS))).astype(int)


def _ring_apart(tile: np.ndarray, xs: np.ndarray, ys: np.ndarray, body: np.ndarray) -> np.ndarray:
    """How far from the body colour the ring round each peak is: at each of `Params.hollow_radii`
    the median, over `Params.hollow_ways` ways round, of each pixel's distance from the body; the farthest of
    those. An empty hole's rim is a ring far from the body round a floor nearer it; a pip is
    solid, its middle as far as anything round it."""
    h, w = tile.shape[:2]
    px = np.clip(xs[:, None, None] + _ROUND_X, 0, w - 1)
    py = np.clip(ys[:, None, None] + _ROUND_Y, 0, h - 1)
    apart = np.linalg.norm(tile[py, px].astype(np.float32) - body, axis=-1)      # peaks x radii x ways
    return np.median(apart, axis=2).max(axis=1)
