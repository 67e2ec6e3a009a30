"""Stage 1: where the face-up tiles lie, from the tile finder's maps.

The finder network sees the photo at `FINDER_LONG_SIDE` pixels on its long side and
marks two things: the tile faces, and each face's core (the face shrunk to `CORE`
about its centre). Cores of touching tiles stay apart, so each core is one tile:
its rotated rectangle, grown back by 1 / `CORE`, gives the tile's four corners.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .model import network

FINDER_LONG_SIDE = 512
STRIDE = 16                 # the finder's input must be a multiple of this
CORE = 0.6                  # as drawn in training (synth_scenes.CORE)
CORE_THRESHOLD = 0.5
FACE_THRESHOLD = 0.5
MIN_CORE_AREA = 10          # finder pixels: smaller is a speck
ASPECT_LOW, ASPECT_HIGH = 1.45, 2.9   # a face is about twice as long as it is wide
FACE_SUPPORT = 0.55         # share of the grown rectangle the finder calls face
OUTSIDE = 0.12              # a tile may reach this share of its width past the photo's edge


@dataclass(frozen=True)
class TileRegion:
    corners: np.ndarray      # 4 x 2, pixels of the photo, a short side first
    support: float           # share of the rectangle the finder called face


def finder_input(image: np.ndarray) -> tuple[np.ndarray, float]:
    """The photo scaled to the finder's size and padded to its stride, and the scale."""
    h, w = image.shape[:2]
    scale = FINDER_LONG_SIDE / max(h, w)
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    small = cv2.resize(image, size, interpolation=interp)
    pad_h, pad_w = -size[1] % STRIDE, -size[0] % STRIDE
    fill = [float(v) for v in np.median(small.reshape(-1, 3), axis=0)]
    padded = cv2.copyMakeBorder(small, 0, pad_h, 0, pad_w, cv2.BORDER_CONSTANT, value=fill)
    return padded, scale


def finder_maps(image: np.ndarray) -> tuple[np.ndarray, float]:
    """The finder's face and core maps (2 x h x w, finder pixels) and the photo-to-finder scale."""
    padded, scale = finder_input(image)
    return network("finder").run(padded[None])[0], scale


def find_tiles(image: np.ndarray) -> tuple[list[TileRegion], np.ndarray, float]:
    """Each face-up tile's corners in the photo; also the maps and scale, for the overlay."""
    maps, scale = finder_maps(image)
    face, core = maps
    h, w = image.shape[0] * scale, image.shape[1] * scale
    count, labels, stats, _ = cv2.connectedComponentsWithStats((core > CORE_THRESHOLD).astype(np.uint8), 8)
    regions = []
    for label in range(1, count):
        if stats[label, cv2.CC_STAT_AREA] < MIN_CORE_AREA:
            continue
        ys, xs = np.nonzero(labels == label)
        (cx, cy), (a, b), angle = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
        # a core of n pixels spans n - 1 between centres: add the pixel back before growing it
        rect = ((cx, cy), ((a + 1) / CORE, (b + 1) / CORE), angle)
        short, long_ = sorted(rect[1])
        if not ASPECT_LOW <= long_ / max(short, 1e-6) <= ASPECT_HIGH:
            continue
        corners = cv2.boxPoints(rect)
        if (corners < -OUTSIDE * short).any() or (corners[:, 0] > w + OUTSIDE * short).any() \
                or (corners[:, 1] > h + OUTSIDE * short).any():
            continue      # cut by the photo's edge: not a whole tile
        support = _face_support(face, corners)
        if support < FACE_SUPPORT:
            continue
        regions.append(TileRegion(order_corners(corners / scale), support))
    return regions, maps, scale


def _face_support(face: np.ndarray, corners: np.ndarray) -> float:
    mask = np.zeros(face.shape, np.uint8)
    cv2.fillConvexPoly(mask, np.round(corners).astype(np.int32), 1)
    inside = mask > 0
    return float((face[inside] > FACE_THRESHOLD).mean()) if inside.any() else 0.0


def order_corners(corners: np.ndarray) -> np.ndarray:
    """Corners in turn round the tile, starting so that the first edge is a short side."""
    pts = np.asarray(corners, np.float32)
    centre = pts.mean(axis=0)
    pts = pts[np.argsort(np.arctan2(pts[:, 1] - centre[1], pts[:, 0] - centre[0]))]
    if np.linalg.norm(pts[0] - pts[1]) > np.linalg.norm(pts[1] - pts[2]):
        pts = np.roll(pts, -1, axis=0)
    return pts
