"""The debug overlay: what each stage saw, drawn on the photo."""
from __future__ import annotations

import cv2
import numpy as np

from .finder import finder_maps
from .params import PARAMS as P

OVERLAY_LONG_SIDE = 1000


def draw_overlay(image: np.ndarray, result) -> np.ndarray:
    """The photo with the finder's faces tinted and cores darker, each tile outlined (green when
    read surely, orange to check) and numbered with its values; unreadable tiles in red."""
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
    for number, tile in enumerate(result.tiles_detail, start=1):
        corners = (np.array(tile.corners) * scale).astype(np.int32)
        colour = (0, 200, 0) if tile.confidence >= P.confident else (0, 165, 255)
        cv2.polylines(canvas, [corners], True, colour, 2)
        x, y = corners.mean(axis=0).astype(int)
        label = f"{number}: {tile.values[0]}|{tile.values[1]}"
        cv2.putText(canvas, label, (x - 40, y), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (0, 0, 0), 4)
        cv2.putText(canvas, label, (x - 40, y), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (255, 255, 255), 2)
    for corners in result.unreadable:
        cv2.polylines(canvas, [(np.array(corners) * scale).astype(np.int32)], True, (0, 0, 255), 2)
    return canvas
