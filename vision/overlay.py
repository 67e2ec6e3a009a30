"""The debug overlay: what each stage saw, drawn on the photo."""
from __future__ import annotations

import cv2
import numpy as np

from .finder import finder_maps
from .params import PARAMS as P

OVERLAY_LONG_SIDE = 1000
# one colour per stage (BGR), in the order of the trace; a tile's thin outline is the colour of
# the stage that last cut it (found it, or cut it again)
STAGE_COLOURS = [(255, 255, 255), (255, 200, 0), (255, 0, 255), (0, 255, 255), (0, 128, 255), (128, 0, 255),
                 (0, 255, 128), (255, 128, 128), (128, 128, 128), (128, 255, 255), (200, 80, 0), (80, 200, 120)]


def draw_overlay(image: np.ndarray, result) -> np.ndarray:
    """The photo with the finder's faces tinted and cores darker, each tile outlined (green when
    read surely, orange to check) and numbered with its values; unreadable tiles in red. Inside
    each outline, a thin one in the colour of the stage that last cut the tile, and a legend of
    the stages as they ran (`result.trace`): tiles after each, how many it added or cut again,
    how many it dropped, and its time."""
    scale = min(1.0, OVERLAY_LONG_SIDE / max(image.shape[:2]))
    canvas = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else image.copy()
    maps, map_scale = finder_maps(image)
    h, w = canvas.shape[:2]
    face, core = (cv2.resize(m[:round(image.shape[0] * map_scale), :round(image.shape[1] * map_scale)], (w, h))
                  for m in maps)
    tint = np.zeros_like(canvas)
    tint[face > 0.5] = (255, 200, 0)
    tint[core > 0.5] = (255, 120, 0)
    canvas = cv2.addWeighted(canvas, 0.75, tint, 0.25, 0)
    cut_by = _last_cut(result.trace)
    for number, tile in enumerate(result.tiles_detail, start=1):
        corners = (np.array(tile.corners) * scale).astype(np.int32)
        colour = (0, 200, 0) if tile.confidence >= P.confident else (0, 165, 255)
        cv2.polylines(canvas, [corners], True, colour, 3)
        stage = cut_by.get(tuple(map(tuple, np.round(np.array(tile.corners), 1))))
        if stage is not None:
            centre = corners.mean(axis=0)
            inner = (centre + 0.85 * (corners - centre)).astype(np.int32)
            cv2.polylines(canvas, [inner], True, STAGE_COLOURS[stage % len(STAGE_COLOURS)], 1)
        x, y = corners.mean(axis=0).astype(int)
        label = f"{number}: {tile.values[0]}|{tile.values[1]}"
        cv2.putText(canvas, label, (x - 40, y), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 0, 0), 4)
        cv2.putText(canvas, label, (x - 40, y), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (255, 255, 255), 2)
    for corners in result.unreadable:
        cv2.polylines(canvas, [(np.array(corners) * scale).astype(np.int32)], True, (0, 0, 255), 2)
    return _legend(canvas, result.trace)


def _last_cut(trace) -> dict:
    """Each tile's corners (rounded to a tenth of a pixel) and the number of the stage that
    last cut it."""
    by = {}
    for k, stage in enumerate(trace):
        for region, _ in stage.tiles:
            key = tuple(map(tuple, np.round(np.asarray(region.corners, np.float64), 1)))
            if key not in by:
                by[key] = k
    return by


def _legend(canvas: np.ndarray, trace) -> np.ndarray:
    """The stages as they ran, one line each, on a dark strip below the photo."""
    if not trace:
        return canvas
    line = 22
    strip = np.full((line * len(trace) + 10, canvas.shape[1], 3), 30, np.uint8)
    for k, stage in enumerate(trace):
        read = [r for _, r in stage.tiles if r is not None]
        sure = sum(r.confidence >= P.confident for r in read)
        text = (f"{stage.name}: {len(stage.tiles)} cut, {len(read)} read, {sure} sure; +{stage.changed} new or "
                f"cut again, -{stage.dropped}{f', {stage.shown} shown unread' if stage.shown else ''}; {stage.ms:.0f} ms")
        y = line * (k + 1)
        cv2.rectangle(strip, (6, y - 12), (18, y), STAGE_COLOURS[k % len(STAGE_COLOURS)], -1)
        cv2.putText(strip, text, (26, y), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (235, 235, 235), 1, cv2.LINE_AA)
    return np.vstack([canvas, strip])
