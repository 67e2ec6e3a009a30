"""Stage 2: one tile, straightened and cut into its two halves."""
from __future__ import annotations

import cv2
import numpy as np

from . import colour
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


def as_lab(tile: np.ndarray) -> np.ndarray:
    """The rectified tile, lightly blurred, in Lab (float): what the bar and pip stages read."""
    return cv2.cvtColor(cv2.GaussianBlur(tile, (3, 3), 0), cv2.COLOR_BGR2LAB).astype(np.float32)


def face_colour(lab: np.ndarray) -> np.ndarray:
    """The face's colour: the median of the region, read on every other pixel (pips and marks
    are a minority either way, and half the cost)."""
    return np.median(lab[::2, ::2].reshape(-1, 3), axis=0)


def shows_a_bar(lab: np.ndarray, params: Params = Params()) -> bool:
    """Every tile has a divider across its middle (dark, or coloured like the pips): a row near
    the middle that differs from the face almost all the way across. A blank scrap of paper or
    a patch of table that happens to be tile-shaped has none. `lab`: the tile from `as_lab`."""
    s, b = params.tile_short, params.border
    face = face_colour(lab[b:-b, 2 * b:-2 * b])
    differs = colour.distance(lab[s - params.bar_search:s + params.bar_search, 2 * b:-2 * b], face)
    return float((differs > params.bar_contrast_lab).mean(axis=1).max()) >= params.bar_across
