"""Stage 3: counting the pips of one half.

A pip is a round spot whose colour differs from the tile face (black pips on
white, coloured pips on ivory, yellow on pink): the face colour is the half's
median, and each spot is kept when it is round enough and of a pip's size.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from . import colour
from .halves import face_colour
from .params import Params


@dataclass(frozen=True)
class HalfCount:
    value: int
    confidence: float
    spots: tuple[tuple[float, float, float], ...]   # (x, y, radius) in the half's pixels


def count_half(lab: np.ndarray, params: Params = Params(), bar_at_bottom: bool = True) -> HalfCount:
    """Count one half (Lab, from `halves.as_lab`); `bar_at_bottom` says which edge of the crop runs
    along the divider bar."""
    band = params.bar_band
    away = lab[:-band] if bar_at_bottom else lab[band:]     # the face and the pips, away from the bar
    face = face_colour(away)
    distance = colour.distance(lab, face)
    # the pips' cores stand out most: cut halfway to them, so neighbouring pips stay apart
    strongest = colour.percentile(distance[:-band] if bar_at_bottom else distance[band:], 99.5)
    marks = (distance > max(params.pip_contrast, params.pip_core_share * strongest)).astype(np.uint8) * 255
    marks = cv2.morphologyEx(marks, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(marks, connectivity=8)
    area = lab.shape[0] * lab.shape[1]
    spots, areas, clumps = [], [], []
    for label in range(1, count):
        x, y, w, h, a = stats[label]
        if not params.pip_min_area * area <= a <= params.pip_max_area * area:
            continue
        radius = max(w, h) / 2
        fill = a / (np.pi * radius * radius)
        cx, cy = centroids[label]
        from_bar = (lab.shape[0] - cy) if bar_at_bottom else cy
        if from_bar < params.pin_zone * band and abs(cx - lab.shape[1] / 2) < 0.12 * lab.shape[1]:
            continue    # the spinner pin in the middle of the bar, not a pip
        if fill >= params.pip_min_fill and max(w, h) <= 1.6 * min(w, h):
            spots.append((float(centroids[label][0]), float(centroids[label][1]), float(radius)))
            areas.append(a)
        elif max(w, h) <= 6 * min(w, h):
            clumps.append((a, centroids[label], radius))
    # dense patterns (10 to 15) can run pips together: a clump counts as many pips as its area holds
    single = float(np.median(areas)) if areas else None
    for a, (cx, cy), radius in clumps:
        if single is None:
            continue
        many = int(round(a / single))
        if 2 <= many <= 5:
            spots += [(float(cx), float(cy), float(radius))] * many
    confidence = _confidence(areas) * (0.7 if clumps else 1.0)
    return HalfCount(len(spots), confidence, tuple(spots))


def _confidence(areas: list[float]) -> float:
    """Pips of one half are the same size: spread in their areas lowers the confidence."""
    if len(areas) < 2:
        return 0.9
    spread = float(np.std(areas) / (np.mean(areas) + 1e-6))
    return float(max(0.1, min(1.0, 1.0 - spread)))


def drop_specks(first: HalfCount, second: HalfCount, shape, params: Params = Params()):
    """Pips of one tile are all alike: a spot much smaller than the tile's other pips, or a small
    one in a corner of the crop (the rim, a shadow, the end of the bar), is not a pip."""
    radii = sorted(r for half in (first, second) for _, _, r in half.spots)
    reference = radii[len(radii) // 2] if len(radii) >= 2 else None   # one spot is no measure of itself
    height, width = shape
    corner = params.speck_corner * width

    def keep(spot) -> bool:
        x, y, r = spot
        if reference is not None and r < params.speck_ratio * reference:
            return False
        near_x = min(x, width - x) < corner
        near_y = min(y, height - y) < corner
        small = r < params.speck_ratio * 1.5 * (reference or params.speck_fallback * width)
        return not (near_x and near_y and small)

    def cleaned(half: HalfCount) -> HalfCount:
        spots = tuple(s for s in half.spots if keep(s))
        return HalfCount(len(spots), half.confidence, spots)

    return cleaned(first), cleaned(second)
