"""Stage 2: one tile, straightened and cut into its two halves."""
from __future__ import annotations

import cv2
import numpy as np

from .params import Params


def order_corners(corners: np.ndarray) -> np.ndarray:
    """Corners ordered so that the first edge is a short side: the tile stands upright."""
    pts = np.asarray(corners, np.float32)
    centre = pts.mean(axis=0)
    pts = pts[np.argsort(np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0]))]
    if np.linalg.norm(pts[0] - pts[1]) > np.linalg.norm(pts[1] - pts[2]):
        pts = np.roll(pts, -1, axis=0)
    return pts


def rectify(image: np.ndarray, corners: np.ndarray, params: Params = Params()) -> np.ndarray:
    """The tile upright, `tile_short` wide and twice as tall."""
    w, h = params.tile_short, 2 * params.tile_short
    target = np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])
    matrix = cv2.getPerspectiveTransform(order_corners(corners), target)
    return cv2.warpPerspective(image, matrix, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def split_halves(tile: np.ndarray, params: Params = Params()) -> tuple[np.ndarray, np.ndarray]:
    """The two halves up to the middle line, leaving out the rim; the bar and the spinner pin are
    told apart from pips when counting."""
    s, b, m = params.tile_short, params.border, params.bar_overlap
    return tile[b:s - m, b:s - b], tile[s + m:2 * s - b, b:s - b]
