"""Stage 1: where the tiles lie. Faces are lighter than the table around them.

The face mask comes from the lightness channel (Otsu), with the table's dark
gaps between touching tiles kept out; a blob that holds several touching tiles
is eroded step by step until it falls apart into tile-shaped pieces.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from . import colour
from .bars import tiles_from_bars
from .params import Params


@dataclass(frozen=True)
class TileRegion:
    rect: tuple                    # cv2.minAreaRect: ((cx, cy), (w, h), angle) in working pixels
    corners: np.ndarray            # 4 x 2, working pixels

    @property
    def long_side(self) -> float:
        return max(self.rect[1])


def face_masks(lab: np.ndarray, params: Params = Params()) -> list[np.ndarray]:
    """Candidate masks of the tile faces, each read a different way from the working image in Lab;
    the finder keeps the one that yields the most tile-shaped area.

    Faces are usually lighter than the table; on a light table they differ from the border's
    colour instead (ivory on grey), or are yellower than it.
    """
    light = cv2.GaussianBlur(lab[:, :, 0], (params.blur, params.blur), 0)
    _, by_light = cv2.threshold(light, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    candidates = [by_light]
    if _border_fraction(by_light) > params.light_table_border:
        candidates.append(_differs_from_border(lab, params))
        yellow = cv2.GaussianBlur(lab[:, :, 2], (params.blur, params.blur), 0)
        _, by_yellow = cv2.threshold(yellow, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        candidates.append(by_yellow)
    # the table shows as a thin dark line between touching tiles: cut along it
    local = cv2.adaptiveThreshold(lab[:, :, 0], 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV,
                                  params.gap_window, params.gap_contrast)
    kernel = np.ones((3, 3), np.uint8)
    masks = [cv2.morphologyEx(_fill_holes(m) & ~local, cv2.MORPH_OPEN, kernel) for m in candidates]
    if len(candidates) > 1:
        masks.append(_outlined(light))     # already cut along every edge
    return masks


def face_mask(image: np.ndarray, params: Params = Params()) -> np.ndarray:
    """The mask the finder used (for the debug overlay)."""
    return _best_mask(cv2.cvtColor(image, cv2.COLOR_BGR2LAB), params)[0]


def _best_mask(lab: np.ndarray, params: Params) -> tuple[np.ndarray, list]:
    """The candidate mask that yields the most tile-shaped area, with its tiles."""
    return max(((m, _tiles_in(m, params, lab)) for m in face_masks(lab, params)),
               key=lambda pair: _tile_area(pair[1]))


def _border_fraction(mask: np.ndarray) -> float:
    border = np.concatenate([mask[0], mask[-1], mask[:, 0], mask[:, -1]])
    return float(np.mean(border > 0))


def _differs_from_border(lab: np.ndarray, params: Params) -> np.ndarray:
    border = np.concatenate([lab[0], lab[-1], lab[:, 0], lab[:, -1]]).astype(np.float32)
    table = np.median(border, axis=0)
    distance = colour.distance(lab, table)
    distance = cv2.GaussianBlur(distance, (params.blur, params.blur), 0)
    _, mask = cv2.threshold(np.clip(distance, 0, 255).astype(np.uint8), 0, 255,
                            cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))


def _outlined(light: np.ndarray) -> np.ndarray:
    """Faces as what their outlines enclose: for a tile no lighter than the table around it."""
    edges = cv2.Canny(light, 20, 60)
    edges = cv2.morphologyEx(edges, cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))
    return _fill_holes(edges)


def _fill_holes(mask: np.ndarray) -> np.ndarray:
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(mask)
    cv2.drawContours(filled, contours, -1, 255, thickness=cv2.FILLED)
    return filled


def find_tiles(image: np.ndarray, params: Params = Params()) -> list[TileRegion]:
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB)      # once: every stage of the finder reads it
    _, best = _best_mask(lab, params)
    if not best:
        # nothing tile-shaped: a tile no lighter than the table, read by its outline
        light = cv2.GaussianBlur(lab[:, :, 0], (params.blur, params.blur), 0)
        best = _tiles_in(_outlined(light), params)
    regions = [_region(t) for t in best]
    return [r for r in regions if not _cut_by_the_edge(r, image.shape, regions)]


def _cut_by_the_edge(region: TileRegion, shape, regions) -> bool:
    """A small outline lying against the photo's edge, where other tiles lie well inside, is
    something cut off by the frame (paper, a box), or a tile whose pips may be out of the picture."""
    height, width = shape[:2]
    x, y = region.corners[:, 0], region.corners[:, 1]
    against = x.min() <= 1 or y.min() <= 1 or x.max() >= width - 2 or y.max() >= height - 2
    inside = [r for r in regions if r is not region]
    return against and bool(inside) and region.long_side < 0.6 * float(np.median([r.long_side for r in inside]))


def _tile_area(contours) -> float:
    return sum(cv2.contourArea(c) for c in contours)


def _tiles_in(mask: np.ndarray, params: Params, lab: np.ndarray | None = None) -> list:
    """The tiles in a face mask; with the image (`lab`), touching tiles are also read by their bars."""
    area = mask.shape[0] * mask.shape[1]
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    tiles, ragged, tangled = [], [], []
    for contour in contours:
        a = cv2.contourArea(contour)
        if a < params.min_tile_fraction * area or a > params.max_tile_fraction * area:
            continue
        if _tile_shaped(contour, params):
            tiles.append(contour)
        elif _tile_shaped(contour, params, solidity=0.35):
            ragged.append(contour)
        else:
            tangled.append(contour)
    if len(tiles) == 1 and lab is not None:
        # with no other tile to compare its size with, a row of touching tiles can pass for one
        by_bars = tiles_from_bars(lab, tiles[0], None, [], params)
        if len(by_bars) >= 2 and abs(_tile_area(by_bars) / cv2.contourArea(tiles[0]) - 1) < 0.2:
            tiles = by_bars         # and they fill the outline between them
    tiles = _split_stacks(tiles, mask, params)
    bitten, tangled_too = _ragged_tiles(ragged, tiles)
    found = tiles + bitten
    for contour in tangled + tangled_too:
        pieces = _split(contour, mask, area, params)
        if lab is not None:
            pieces = [_refined_by_face_colour(lab, piece, params) for piece in pieces]
            by_bars = tiles_from_bars(lab, contour, _typical_short_side(tiles) if tiles else None,
                                      [cv2.minAreaRect(t)[2] for t in tiles], params)
            if len(by_bars) > len(pieces):
                pieces = by_bars
        found += pieces
    return found


def _typical_short_side(tiles) -> float:
    sides = sorted(min(cv2.minAreaRect(t)[1]) for t in tiles)
    return sides[len(sides) // 2]


def _split_stacks(tiles: list, mask: np.ndarray, params: Params) -> list:
    """Tiles touching end to end or side by side can make one tile-shaped outline (four stacked
    tiles are as long as two wide). An outline several times the usual tile's area is cut into
    a grid of tile-shaped pieces, along the lines where the face mask is thinnest."""
    if len(tiles) < 2:
        return tiles
    typical = sorted(cv2.contourArea(t) for t in tiles)[len(tiles) // 2]
    result = []
    for tile in tiles:
        k = round(cv2.contourArea(tile) / typical)
        pieces = _grid(tile, k, mask, params) if 2 <= k <= 12 else None
        result += pieces or [tile]
    return result


def _grid(contour, k: int, mask: np.ndarray, params: Params):
    (cx, cy), (w, h), angle = cv2.minAreaRect(contour)
    theta = np.deg2rad(angle)
    u, v = np.array([np.cos(theta), np.sin(theta)]), np.array([-np.sin(theta), np.cos(theta)])
    centre = np.array([cx, cy])
    best, best_gap = None, -1.0
    for cols in range(1, k + 1):
        if k % cols:
            continue
        rows = k // cols
        pw, ph = w / cols, h / rows
        if not params.aspect_low <= max(pw, ph) / max(min(pw, ph), 1) <= params.aspect_high:
            continue
        gap = _cut_emptiness(mask, centre, u, v, w, h, cols, rows)
        if gap > best_gap:
            best_gap, best = gap, (cols, rows)
    if best is None:
        return None
    cols, rows = best
    pieces = []
    for i in range(cols):
        for j in range(rows):
            middle = centre + ((i + 0.5) / cols - 0.5) * w * u + ((j + 0.5) / rows - 0.5) * h * v
            half_w, half_h = w / cols / 2 * u, h / rows / 2 * v
            corners = np.array([middle - half_w - half_h, middle + half_w - half_h,
                                middle + half_w + half_h, middle - half_w + half_h])
            pieces.append(corners.astype(np.int32).reshape(-1, 1, 2))
    return pieces


def _cut_emptiness(mask, centre, u, v, w, h, cols, rows) -> float:
    """How much of the cut lines falls on gaps in the mask (1: all of it)."""
    samples = []
    for i in range(1, cols):
        offset = (i / cols - 0.5) * w * u
        samples += [centre + offset + t * h * v for t in np.linspace(-0.45, 0.45, 25)]
    for j in range(1, rows):
        offset = (j / rows - 0.5) * h * v
        samples += [centre + offset + t * w * u for t in np.linspace(-0.45, 0.45, 25)]
    if not samples:
        return 0.0
    height, width = mask.shape
    empty = 0
    for x, y in samples:
        ix, iy = int(round(x)), int(round(y))
        if 0 <= ix < width and 0 <= iy < height:
            window = mask[max(iy - 2, 0):iy + 3, max(ix - 2, 0):ix + 3]
            empty += int((window == 0).any())
    return empty / len(samples)


def _ragged_tiles(ragged, tiles) -> tuple[list, list]:
    """A tile-shaped outline with bites out of it (dark pips at the rim, a shadow) is a tile when
    its outline is the size of the clean tiles around it; otherwise it may hold touching tiles
    (returned second, to be separated like any other tangle)."""
    sizes = sorted(_rect_area(t) for t in tiles)
    typical = sizes[len(sizes) // 2] if sizes else None
    found, tangled = [], []
    for contour in ragged:
        if typical and 0.7 * typical <= _rect_area(contour) <= 1.4 * typical:
            found.append(cv2.boxPoints(cv2.minAreaRect(contour)).astype(np.int32).reshape(-1, 1, 2))
        else:
            tangled.append(contour)
    return found, tangled


def _rect_area(contour) -> float:
    (_, _), (w, h), _ = cv2.minAreaRect(contour)
    return w * h


def _tile_shaped(contour, params: Params, solidity: float = 0.82) -> bool:
    (_, _), (w, h), _ = cv2.minAreaRect(contour)
    aspect = max(w, h) / max(min(w, h), 1)
    return params.aspect_low <= aspect <= params.aspect_high and \
        cv2.contourArea(contour) / max(w * h, 1) >= solidity


def _split(contour, mask, area, params) -> list:
    """Touching tiles: one core per tile (far from any edge), then grow the cores back (watershed)."""
    x, y, w, h = cv2.boundingRect(contour)
    blob = np.zeros((h + 2, w + 2), np.uint8)
    cv2.drawContours(blob, [contour - [x - 1, y - 1]], -1, 255, thickness=cv2.FILLED)
    distance = cv2.distanceTransform(blob, cv2.DIST_L2, 5)
    found = []
    for level in (0.7, 0.55, 0.4):
        cores = (distance > level * distance.max()).astype(np.uint8)
        count, markers = cv2.connectedComponents(cores)
        if count <= 2:
            continue
        markers = markers + 1
        markers[(blob > 0) & (cores == 0)] = 0
        painted = cv2.cvtColor(blob, cv2.COLOR_GRAY2BGR)
        cv2.watershed(painted, markers)
        pieces = []
        for label in range(2, count + 1):
            region = ((markers == label) & (blob > 0)).astype(np.uint8) * 255
            inner, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            if inner:
                pieces.append(max(inner, key=cv2.contourArea) + [x - 1, y - 1])
        good = [p for p in pieces if cv2.contourArea(p) >= params.min_tile_fraction * area
                and _tile_shaped(p, params, solidity=0.7)]
        if len(good) > len(found):
            found = good
    return found


def _refined_by_face_colour(lab: np.ndarray, piece, params: Params):
    """A piece cut from a tangle may hold some of what it touched (a patterned cloth, a plate):
    keep what has the colour of the face at its middle, when that is still tile-shaped."""
    x, y, w, h = cv2.boundingRect(piece)
    crop = lab[y:y + h, x:x + w].astype(np.float32)
    inside = np.zeros((h, w), np.uint8)
    cv2.drawContours(inside, [piece - [x, y]], -1, 255, thickness=cv2.FILLED)
    (cx, cy), (rw, rh), _ = cv2.minAreaRect(piece - [x, y])
    middle = np.zeros_like(inside)
    cv2.circle(middle, (int(cx), int(cy)), max(2, int(min(rw, rh) / 4)), 255, -1)
    face = np.median(crop[(middle > 0) & (inside > 0)], axis=0)
    alike = (colour.distance(crop, face) < params.face_colour_distance).astype(np.uint8) * 255
    alike = _fill_holes(cv2.morphologyEx(alike & inside, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8)))
    count, labels = cv2.connectedComponents(alike)
    label = labels[int(cy), int(cx)] if 0 <= int(cy) < h and 0 <= int(cx) < w else 0
    if label == 0:
        return piece
    points = np.column_stack(np.nonzero(labels == label))[:, ::-1].astype(np.int32)
    contour = cv2.convexHull(points).reshape(-1, 1, 2)
    if not _tile_shaped(contour, params) or cv2.contourArea(contour) < 0.4 * cv2.contourArea(piece):
        return piece
    return contour + [x, y]


def _region(contour) -> TileRegion:
    rect = cv2.minAreaRect(contour)
    return TileRegion(rect, cv2.boxPoints(rect))
