"""Stage 1: where the face-up tiles lie, from the tile finder's maps.

The finder network marks two things: the tile faces, and each face's core (the face
shrunk to `CORE` about its centre). Cores of touching tiles stay apart, so each core is
one tile: its rotated rectangle, grown back by 1 / `CORE`, gives the tile's four corners.
It learnt tiles from 9 to 130 pixels wide, so it looks at the photo twice: at
`FINE` pixels on the long side for small tiles, and at `COARSE` for a tile that fills
much of the photo.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .model import network

FINE, COARSE = 384, 192     # the finder's two looks: pixels on the photo's long side
FINE_WIDEST = 110           # input pixels: a tile wider than this is the coarse look's
COARSE_NARROWEST = 24       # ... and one narrower than this, the fine look's
STRIDE = 16                 # the finder's input must be a multiple of this
CORE = 0.6                  # as drawn in training (synth_scenes.CORE)
CORE_LEVELS = (0.5, 0.7, 0.85, 0.95)   # thresholds of the core map, tried in turn on run-together cores
FACE_THRESHOLD = 0.5
MIN_CORE_AREA = 10          # finder pixels: smaller is a speck
ASPECT_LOW, ASPECT_HIGH = 1.45, 2.9   # a face is about twice as long as it is wide
FACE_SUPPORT = 0.55         # share of the grown rectangle the finder calls face
ALONE_FILL = 0.82          # a face alone fills its rectangle but for the rounded corners
ROW_FIT = 0.12              # a row's length may miss k tiles' lengths by this share of a tile
OUTSIDE = 0.12              # a tile may reach this share of its width past the photo's edge


@dataclass(frozen=True)
class TileRegion:
    corners: np.ndarray      # 4 x 2, pixels of the photo, a short side first
    support: float           # share of the rectangle the finder called face
    # a row of touching tiles the finder saw as one face: one way to cut it (`group`, `way`);
    # the pipeline keeps the way whose tiles all read as tiles
    group: tuple | None = None
    way: int = 0


def finder_input(image: np.ndarray, long_side: int = FINE) -> tuple[np.ndarray, float]:
    """The photo scaled to the finder's size and padded to its stride, and the scale."""
    h, w = image.shape[:2]
    scale = long_side / max(h, w)
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    small = cv2.resize(image, size, interpolation=interp)
    pad_h, pad_w = -size[1] % STRIDE, -size[0] % STRIDE
    fill = [float(v) for v in np.median(small.reshape(-1, 3), axis=0)]
    padded = cv2.copyMakeBorder(small, 0, pad_h, 0, pad_w, cv2.BORDER_CONSTANT, value=fill)
    return padded, scale


def finder_maps(image: np.ndarray, long_side: int = FINE) -> tuple[np.ndarray, float]:
    """The finder's face and core maps (2 x h x w) and the scale from the photo's pixels to
    the maps' (the maps are half the finder's input)."""
    padded, scale = finder_input(image, long_side)
    return network("finder").run(padded[None])[0], scale / 2


def find_tiles(image: np.ndarray) -> list[TileRegion]:
    """Each face-up tile's corners in the photo, from the finder's two looks. A small photo
    gets only the coarse look, and the coarse look is taken only where the fine one saw a face
    too wide for it."""
    if max(image.shape[:2]) <= 1.5 * COARSE:
        return [r for r, _ in tiles_at(image, COARSE)[0]]
    fine, maps = tiles_at(image, FINE)
    found = [r for r, w in fine if w <= FINE_WIDEST]
    if not _has_wide_face(maps[0]):
        return found
    for region, width in tiles_at(image, COARSE)[0]:
        if width < COARSE_NARROWEST:
            continue
        centre = region.corners.mean(axis=0)
        twin = next((i for i, r in enumerate(found)
                     if cv2.pointPolygonTest(r.corners.astype(np.float32), tuple(map(float, centre)), False) >= 0),
                    None)
        if twin is None:
            found.append(region)
        elif width * FINE / COARSE > 0.75 * FINE_WIDEST:
            found[twin] = region        # a wide tile: the coarse look sees it whole
    return found


def _has_wide_face(face: np.ndarray) -> bool:
    """Some face in the fine look's map is as big as a tile too wide for that look."""
    count, _, stats, _ = cv2.connectedComponentsWithStats((face > FACE_THRESHOLD).astype(np.uint8), connectivity=4)
    widest_map = FINE_WIDEST / 2                       # the maps are half the input's size
    return bool(count > 1 and stats[1:, cv2.CC_STAT_AREA].max() > 0.75 * 2 * widest_map ** 2)


def tiles_at(image: np.ndarray, long_side: int) -> tuple[list[tuple[TileRegion, float]], np.ndarray]:
    """The tiles one look finds, each with its width in the finder's input pixels, and the maps.

    A face standing alone (one core in it, or none, and the shape of a tile) gives its corners
    itself, which is the closer fit; faces that touch are told apart by their cores."""
    maps, scale = finder_maps(image, long_side)      # scale: photo pixels to map pixels
    face, core = maps
    bounds = (image.shape[1] * scale, image.shape[0] * scale)
    face_count, face_labels = cv2.connectedComponents((face > FACE_THRESHOLD).astype(np.uint8), connectivity=4)
    from_cores = {}
    for rect in _core_rects(core):
        label = face_labels[int(min(rect[0][1], face.shape[0] - 1)), int(min(rect[0][0], face.shape[1] - 1))]
        from_cores.setdefault(label, []).append(rect)
    rects = []        # (rect, group, way)
    for label in range(1, face_count):
        cores = from_cores.pop(label, [])
        piece = face_labels == label
        if len(cores) <= 1:
            alone = _rects(piece, grow=1.0, fill=ALONE_FILL)
            if alone:
                rects.extend((r, None, 0) for r in alone)
                continue
        cuts = _row_cuts(piece)
        if not cuts:
            rects.extend((r, None, 0) for r in cores)
            continue
        # the cores are one way to part a rectangular run of faces, cutting it evenly the others
        for way, cut in enumerate([cores] + cuts if cores else cuts):
            rects.extend((r, (long_side, label), way) for r in cut)
    for cores in from_cores.values():          # cores outside any face: the finder was unsure
        rects.extend((r, None, 0) for r in cores)
    regions = []
    for rect, group, way in rects:
        corners = cv2.boxPoints(rect)
        short = min(rect[1])
        if (corners < -OUTSIDE * short).any() or (corners[:, 0] > bounds[0] + OUTSIDE * short).any() \
                or (corners[:, 1] > bounds[1] + OUTSIDE * short).any():
            continue      # cut by the photo's edge: not a whole tile
        support = _face_support(face, corners)
        if support >= FACE_SUPPORT:
            regions.append((TileRegion(order_corners(corners / scale), support, group, way), 2 * short))
    return regions, maps


def _row_cuts(piece: np.ndarray) -> list[list]:
    """A rectangular face too long or too square for one tile is a row of touching tiles the
    finder did not part: the ways to cut it into k tiles side by side (each tile as long as the
    row is deep) or end to end (each as wide as the row is deep), where the lengths fit."""
    found = _rects(piece, grow=1.0, fill=ALONE_FILL, any_shape=True)
    if not found:
        return []
    (cx, cy), (a, b), angle = found[0]
    ways = []
    # along the rectangle's side `a` (the first axis of cv2's angle) or `b`
    for along, depth, axis in ((a, b, 0), (b, a, 1)):
        for tile_along in (depth / 2, depth * 2):       # side by side, end to end
            count = along / tile_along
            k = round(count)
            if k < 2 or k > 12 or abs(count - k) > ROW_FIT * k:
                continue
            theta = np.deg2rad(angle)
            ux, uy = (np.cos(theta), np.sin(theta)) if axis == 0 else (-np.sin(theta), np.cos(theta))
            step = along / k
            cut = []
            for i in range(k):
                offset = (i - (k - 1) / 2) * step
                size = (step, depth) if axis == 0 else (depth, step)
                cut.append(((cx + ux * offset, cy + uy * offset), size, angle))
            ways.append(cut)
    return ways


def _core_rects(core: np.ndarray) -> list:
    """One rectangle per core. Where the cores of touching tiles run together, the piece is no
    tile's shape: it is looked at again at a higher threshold, where they come apart."""
    rects = []
    pending = [(np.ones(core.shape, bool), 0)]
    while pending:
        within, level = pending.pop()
        mask = (core > CORE_LEVELS[level]) & within
        shaped, rest = _rects(mask, grow=1 / CORE, keep_rest=True)
        rects.extend(shaped)
        if level + 1 < len(CORE_LEVELS):
            pending.extend((piece, level + 1) for piece in rest)
    return rects


def _rects(mask: np.ndarray, grow: float, fill: float = 0.0, keep_rest: bool = False, any_shape: bool = False):
    """Rotated rectangles of the tile-shaped pieces of a mask, grown about their centres;
    `fill`: the least share of its rectangle a piece must cover. With `keep_rest`, also the
    masks of the pieces big enough to be tiles that are not tile-shaped."""
    """Rotated rectangles of the tile-shaped pieces of a mask, grown about their centres;
    `fill`: the least share of its rectangle a piece must cover."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    rects, rest = [], []
    for label in range(1, count):
        area = stats[label, cv2.CC_STAT_AREA]
        if area < MIN_CORE_AREA:
            continue
        ys, xs = np.nonzero(labels[stats[label, 1]:stats[label, 1] + stats[label, 3],
                                   stats[label, 0]:stats[label, 0] + stats[label, 2]] == label)
        points = np.column_stack([xs + stats[label, 0], ys + stats[label, 1]]).astype(np.float32)
        (cx, cy), (a, b), angle = cv2.minAreaRect(points)
        # a piece n pixels across spans n - 1 between pixel centres: add the pixel back
        a, b = a + 1, b + 1
        short, long_ = sorted((a, b))
        if area < fill * a * b or not (any_shape or ASPECT_LOW <= long_ / short <= ASPECT_HIGH):
            if keep_rest and area >= 2 * MIN_CORE_AREA:
                rest.append(labels == label)
            continue
        rects.append(((cx, cy), (a * grow, b * grow), angle))
    return (rects, rest) if keep_rest else rects


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
