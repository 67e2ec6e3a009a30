"""Stage 1b: the divider bar in the middle of every tile.

A bar is a dark, straight, filled stripe with tile face on every side of it:
that tells it from a pip (round), from the gap between touching tiles (which
runs out into the table) and from marks on the table. Each bar gives one
tile: centred on it, as wide as the face around it, twice as long as wide.
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


def dark_marks(image: np.ndarray, params: Params = Params()) -> np.ndarray:
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB)
    return cv2.adaptiveThreshold(lab[:, :, 0], 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV,
                                 params.bar_window, params.bar_contrast)


def find_bars(image: np.ndarray, face: np.ndarray, params: Params = Params()) -> list[Bar]:
    marks = dark_marks(image, params)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(marks, connectivity=8)
    bars = []
    min_len = params.bar_min_length * max(image.shape[:2])
    for label in range(1, count):
        x, y, w, h, area = stats[label]
        if max(w, h) < min_len or area < 8:
            continue
        points = np.column_stack(np.nonzero(labels[y:y + h, x:x + w] == label))[:, ::-1] + [x, y]
        (cx, cy), (rw, rh), angle = cv2.minAreaRect(points.astype(np.float32))
        length, thickness = max(rw, rh), max(min(rw, rh), 1.0)
        if length / thickness < params.bar_elongation or area / (rw * rh + 1e-6) < params.bar_fill:
            continue
        theta = np.deg2rad(angle if rw >= rh else angle + 90)
        along = (float(np.cos(theta)), float(np.sin(theta)))
        bar = Bar((cx, cy), along, length, thickness)
        if _enclosed_by_face(bar, face):
            bars.append(bar)
    return bars


def _enclosed_by_face(bar: Bar, face: np.ndarray) -> bool:
    """Face beyond both ends of the bar and on both sides: a bar, not a gap or a mark on the table."""
    (cx, cy), (ax, ay) = bar.centre, bar.along
    nx, ny = -ay, ax
    probes = []
    for s in (-1, 1):
        reach = bar.length / 2 + max(3.0, 0.06 * bar.length)
        probes.append((cx + s * ax * reach, cy + s * ay * reach))            # beyond each end
        side = bar.thickness / 2 + 0.35 * bar.length
        probes.append((cx + s * nx * side, cy + s * ny * side))              # each half
    h, w = face.shape
    for px, py in probes:
        ix, iy = int(round(px)), int(round(py))
        if not (0 <= ix < w and 0 <= iy < h) or face[iy, ix] == 0:
            return False
    return True
