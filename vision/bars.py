"""Stage 1b: tiles read by their divider bars, for a blob of touching tiles that no cut separates.

A bar is a dark, straight, filled stripe in the middle of a tile, with face on
both sides and at both ends: that tells it from a pip (round), from the gap
between touching tiles (as long as a whole tile side) and from marks on the
table. Each bar gives one tile: centred on it, the bar across its short side,
as wide as the photo's other tiles and twice as long.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .params import Params


@dataclass(frozen=True)
class Bar:
    centre: tuple[float, float]
    along: tuple[float, float]      # unit vector along the bar
    length: float
    thickness: float


def tiles_from_bars(lab: np.ndarray, contour, short_side: float | None, square_to: list[float],
                    params: Params = Params()) -> list:
    """The tiles inside `contour` (pixels of `lab`, the working image in Lab), one per divider bar,
    each `short_side` wide (when no tile of the photo stands apart to say, judged from the bars).

    Touching tiles are laid square to each other: where other tiles (at the angles `square_to`,
    in degrees) or other bars give the lie of the table, a bar askew to all of them is a streak
    of glare or a mark, not a tile."""
    x, y, w, h = cv2.boundingRect(contour)
    blob = np.zeros((h, w), np.uint8)
    cv2.drawContours(blob, [contour - [x, y]], -1, 255, thickness=cv2.FILLED)
    light = np.ascontiguousarray(lab[y:y + h, x:x + w, 0])
    marks = cv2.adaptiveThreshold(light, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV,
                                  params.bar_window, params.bar_contrast) & blob
    if short_side is None:
        short_side = _width_from_bars(marks, params)
        if short_side is None:
            return []
    tiles = []
    bars = find_bars(marks, blob, short_side, params)
    lie = list(square_to) or _usual_lie(bars, params)
    for bar in bars:
        if not any(_square(_angle(bar), angle, params) for angle in lie):
            continue
        corners = _trimmed(_tile_around(bar, short_side), blob, params)
        if _inside_share(corners, blob) >= params.bar_tile_inside:
            tiles.append((corners + [x, y]).astype(np.int32).reshape(-1, 1, 2))
    return tiles


def find_bars(marks: np.ndarray, face: np.ndarray, short_side: float, params: Params = Params()) -> list[Bar]:
    """The bars among the dark `marks` on the `face`, for tiles `short_side` wide."""
    pieces = _stripes(marks, params.bar_piece * short_side, params)
    bars: list[Bar] = []
    for bar in _joined_across_pin(pieces, short_side, params) + pieces:     # a whole bar before its halves
        if not params.bar_length_low * short_side <= bar.length <= params.bar_length_high * short_side:
            continue
        if not _whole_bar(bar, params):
            continue
        if _enclosed_by_face(bar, face) and not _near_another(bar, bars, short_side, params):
            bars.append(bar)
    return bars


def _width_from_bars(marks: np.ndarray, params: Params) -> float | None:
    """The usual tile width, from the usual length of the whole bars in view."""
    min_length = params.bar_min_length * max(marks.shape)
    lengths = [b.length for b in _stripes(marks, min_length, params) if _whole_bar(b, params)]
    if len(lengths) < 2:
        return None
    # the tiles' bars are alike: the largest group of stripes of one length
    groups = [[m for m in lengths if abs(m - n) <= 0.1 * n] for n in lengths]
    usual = max(groups, key=len)
    return float(np.median(usual)) / params.bar_share_of_width


def _angle(bar: Bar) -> float:
    return float(np.degrees(np.arctan2(bar.along[1], bar.along[0])))


def _usual_lie(bars: list[Bar], params: Params) -> list[float]:
    """The angle most bars are square to (glare makes streaks parallel to each other, but fewer)."""
    if not bars:
        return []
    angles = [_angle(b) for b in bars]
    return [max(angles, key=lambda a: sum(_square(a, b, params) for b in angles))]


def _square(a: float, b: float, params: Params) -> bool:
    """Parallel or at right angles, within the tolerance."""
    off = abs(a - b) % 90
    return min(off, 90 - off) <= params.bar_square_tolerance


def _whole_bar(bar: Bar, params: Params) -> bool:
    """Long and thin, but thicker than a crack or the gap between two tiles."""
    return (bar.length / bar.thickness >= params.bar_elongation
            and bar.thickness >= params.bar_min_thickness * bar.length)


def _stripes(marks: np.ndarray, min_length: float, params: Params) -> list[Bar]:
    """Dark, straight, filled stripes at least `min_length` long."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(marks, connectivity=8)
    stripes = []
    for label in range(1, count):
        x, y, w, h, area = stats[label]
        if max(w, h) < min_length or area < 8:
            continue
        points = np.column_stack(np.nonzero(labels[y:y + h, x:x + w] == label))[:, ::-1] + [x, y]
        (cx, cy), (rw, rh), angle = cv2.minAreaRect(points.astype(np.float32))
        length, thickness = max(rw, rh), max(min(rw, rh), 1.0)
        if length / thickness < params.bar_piece_elongation or area / (rw * rh + 1e-6) < params.bar_fill:
            continue
        theta = np.deg2rad(angle if rw >= rh else angle + 90)
        stripes.append(Bar((cx, cy), (float(np.cos(theta)), float(np.sin(theta))), length, thickness))
    return stripes


def _joined_across_pin(pieces: list[Bar], short_side: float, params: Params) -> list[Bar]:
    """A spinner pin in the middle of the bar cuts it in two: two stripes in line, with a short
    gap between them, are one bar."""
    joined = []
    for i, a in enumerate(pieces):
        for b in pieces[i + 1:]:
            direction = np.array(a.along)
            if abs(float(np.dot(direction, b.along))) < 0.98:
                continue
            offset = np.array(b.centre) - np.array(a.centre)
            if abs(float(direction[0] * offset[1] - direction[1] * offset[0])) > max(a.thickness, b.thickness):
                continue                                    # side by side, not in line
            distance = abs(float(np.dot(direction, offset)))
            gap = distance - (a.length + b.length) / 2
            if not 0 <= gap <= params.bar_pin_gap * short_side:
                continue
            centre = (np.array(a.centre) + np.array(b.centre)) / 2
            joined.append(Bar((float(centre[0]), float(centre[1])), a.along, distance + (a.length + b.length) / 2,
                              max(a.thickness, b.thickness)))
    return joined


def _enclosed_by_face(bar: Bar, face: np.ndarray) -> bool:
    """Face just beyond both ends of the bar and well into both halves."""
    (cx, cy), (ax, ay) = bar.centre, bar.along
    nx, ny = -ay, ax
    probes = []
    for s in (-1, 1):
        reach = bar.length / 2 + 2.0
        probes.append((cx + s * ax * reach, cy + s * ay * reach))
        side = bar.thickness / 2 + 0.35 * bar.length
        probes.append((cx + s * nx * side, cy + s * ny * side))
    h, w = face.shape
    for px, py in probes:
        ix, iy = int(round(px)), int(round(py))
        if not (0 <= ix < w and 0 <= iy < h) or face[iy, ix] == 0:
            return False
    return True


def _near_another(bar: Bar, bars: list[Bar], short_side: float, params: Params) -> bool:
    return any(np.hypot(bar.centre[0] - b.centre[0], bar.centre[1] - b.centre[1]) < params.bar_tile_spacing * short_side
               for b in bars)


def _tile_around(bar: Bar, short_side: float) -> np.ndarray:
    centre = np.array(bar.centre)
    along = np.array(bar.along) * short_side / 2
    across = np.array([-bar.along[1], bar.along[0]]) * short_side
    return np.array([centre - along - across, centre + along - across,
                     centre + along + across, centre - along + across])


def _trimmed(corners: np.ndarray, blob: np.ndarray, params: Params) -> np.ndarray:
    """Each end of the tile brought in to where the blob ends, if the table shows before it (a
    tile seen at a slant is shorter than twice its width)."""
    a, b, c, d = corners                  # a-b and d-c run along the bar; a-d and b-c across it
    centre_ab, centre_dc = (a + b) / 2, (d + c) / 2
    middle = (centre_ab + centre_dc) / 2
    ends = []
    for end in (centre_ab, centre_dc):
        reach = 1.0
        for share in np.linspace(params.bar_trim_from, 1.0, 12):
            row = middle + (end - middle) * share
            if _row_fill(row, (b - a) * 0.3, blob) < 0.5:
                reach = share
                break
        ends.append(reach)
    top, bottom = middle + (centre_ab - middle) * ends[0], middle + (centre_dc - middle) * ends[1]
    return np.array([top + a - centre_ab, top + b - centre_ab, bottom + c - centre_dc, bottom + d - centre_dc])


def _row_fill(point: np.ndarray, half_span: np.ndarray, blob: np.ndarray) -> float:
    h, w = blob.shape
    hits = 0
    samples = np.linspace(-1, 1, 9)
    for t in samples:
        x, y = (point + t * half_span).round().astype(int)
        hits += int(0 <= x < w and 0 <= y < h and blob[y, x] > 0)
    return hits / len(samples)


def _inside_share(corners: np.ndarray, blob: np.ndarray) -> float:
    tile = np.zeros_like(blob)
    cv2.fillConvexPoly(tile, corners.astype(np.int32), 255)
    inside = int(np.count_nonzero(tile))
    return np.count_nonzero(tile & blob) / inside if inside else 0.0
