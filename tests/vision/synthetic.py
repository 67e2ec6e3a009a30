"""Synthetic photos of tiles, drawn with a fixed seed, for exact tests of the pip counter."""
from __future__ import annotations

import math
import random

import cv2
import numpy as np

from chickenyard.printing import pip_positions

# double-12 and double-15 sets colour each number (BGR)
COLOURS = {1: (235, 180, 60), 2: (60, 160, 40), 3: (40, 40, 210), 4: (40, 70, 120), 5: (160, 60, 20),
           6: (0, 200, 230), 7: (160, 40, 200), 8: (130, 130, 0), 9: (140, 40, 100), 10: (0, 110, 255),
           11: (40, 20, 120), 12: (120, 120, 120), 13: (30, 90, 30), 14: (90, 30, 30), 15: (20, 20, 20)}


def draw_tile(canvas, centre, width, angle_deg, values, coloured=False, face=(235, 240, 245), pin=False,
              outline=True):
    """A tile `width` pixels wide (twice as long), rotated, with its pips drawn."""
    w, h = width, 2 * width
    tile = np.zeros((h + 8, w + 8, 3), np.uint8)
    mask = np.zeros((h + 8, w + 8), np.uint8)
    cv2.rectangle(mask, (4, 4), (w + 3, h + 3), 255, -1)
    tile[mask > 0] = face
    if outline:
        cv2.rectangle(tile, (4, 4), (w + 3, h + 3), (90, 90, 90), 2)
    bar_y = 4 + h // 2
    cv2.rectangle(tile, (4 + w // 8, bar_y - max(1, w // 40)), (4 + w - w // 8, bar_y + max(1, w // 40)), (20, 20, 20), -1)
    if pin:
        cv2.circle(tile, (4 + w // 2, bar_y), max(2, w // 16), (40, 150, 200), -1)
    for half, value in enumerate(values):
        radius = max(2, int(w * (0.075 if value <= 9 else 0.05)))
        colour = COLOURS.get(value, (20, 20, 20)) if coloured else (20, 20, 20)
        for x, y in pip_positions(value):
            cx = 4 + int((0.12 + 0.76 * x) * w)
            cy = 4 + half * w + int((0.12 + 0.76 * y) * w)
            cv2.circle(tile, (cx, cy), radius, colour, -1, lineType=cv2.LINE_AA)
    rotation = cv2.getRotationMatrix2D(((w + 8) / 2, (h + 8) / 2), angle_deg, 1.0)
    size = int(math.hypot(w + 8, h + 8)) + 2
    rotation[0, 2] += size / 2 - (w + 8) / 2
    rotation[1, 2] += size / 2 - (h + 8) / 2
    tile = cv2.warpAffine(tile, rotation, (size, size))
    mask = cv2.warpAffine(mask, rotation, (size, size))
    x0, y0 = int(centre[0] - size / 2), int(centre[1] - size / 2)
    region = canvas[y0:y0 + size, x0:x0 + size]
    region[mask > 0] = tile[mask > 0]


def table(width=1000, height=750, seed=0, colour=(40, 45, 55)):
    rng = np.random.default_rng(seed)
    canvas = np.full((height, width, 3), colour, np.uint8)
    noise = rng.normal(0, 6, canvas.shape)
    return np.clip(canvas + noise, 0, 255).astype(np.uint8)


def photo_of(tiles, seed=0, width=1000, height=750, tile_width=80, coloured=False, pin=False, outline=True):
    """tiles: list of ((a, b), (cx, cy), angle); `outline=False` draws no edge, so that touching
    faces run into each other with no line between them."""
    canvas = table(width, height, seed)
    for values, centre, angle in tiles:
        draw_tile(canvas, centre, tile_width, angle, values, coloured=coloured, pin=pin, outline=outline)
    canvas = cv2.GaussianBlur(canvas, (3, 3), 0)
    ok, data = cv2.imencode(".jpg", canvas, [cv2.IMWRITE_JPEG_QUALITY, 92])
    return data.tobytes()


def scattered(values_list, seed, tile_width=80, width=1000, height=750):
    """Tiles apart at random rotations, on a grid so that they do not overlap."""
    rng = random.Random(seed)
    cols = max(1, width // (tile_width * 3))
    placed = []
    for i, values in enumerate(values_list):
        r, c = divmod(i, cols)
        centre = (tile_width * 1.5 + c * tile_width * 3, tile_width * 1.5 + r * tile_width * 3)
        placed.append((values, centre, rng.uniform(0, 180)))
    return placed
