"""The debug overlay: what each stage saw, drawn on the photo."""
from __future__ import annotations

import cv2
import numpy as np

from .find_tiles import face_mask
from .load import working_copy
from .params import Params


def draw_overlay(image: np.ndarray, result, params: Params = Params()) -> np.ndarray:
    """The photo with the face mask tinted, each tile outlined and numbered, its values written."""
    work, scale = working_copy(image, params)
    canvas = work.copy()
    mask = face_mask(work, params)
    canvas[mask > 0] = (0.75 * canvas[mask > 0] + 0.25 * np.array([255, 200, 0])).astype(np.uint8)
    for number, tile in enumerate(result.tiles_detail, start=1):
        corners = (np.array(tile.corners) * scale).astype(np.int32)
        colour = (0, 200, 0) if tile.confidence >= 0.6 else (0, 165, 255)
        cv2.polylines(canvas, [corners], True, colour, 3)
        x, y = corners.mean(axis=0).astype(int)
        label = f"{number}: {tile.values[0]}|{tile.values[1]}"
        cv2.putText(canvas, label, (x - 40, y), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (0, 0, 0), 5)
        cv2.putText(canvas, label, (x - 40, y), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (255, 255, 255), 2)
    return canvas
