"""Generated photos of tiles on tables, with the answers: what the pip counter trains on.

Two kinds of sample come out of here, from a seed:

- `scene(rng, size)`: a whole table photographed from above or at an angle (up to
  about 35 degrees), tiles scattered, in touching rows and chains, crosses, beside
  face-down tiles and things that are not tiles, on wood, cloth, felt, counters,
  pale and pink tables, patterned cloths and busy scenes; lighting, white balance,
  glare, blur, noise, text, watermarks and JPEG. The answers: each face-up tile's
  face outline and its core (the face shrunk about its centre), as masks.
- `tile_sample(rng)`: one tile cut out of such a photo the way the pipeline cuts it
  (four corners a little off, either end up, mirrored or not), rectified, with the
  pip centres and the divider bar as maps; or a cut of something that is not a tile.
"""
from __future__ import annotations

import math

import cv2
import numpy as np

from . import synth_tiles as st
from ..finder import tile_axes
from ..params import PARAMS

CORE = PARAMS.core                        # the core: the face shrunk to this share about its centre
READ_H, READ_W = PARAMS.read_h, PARAMS.read_w     # the reader's rectified tile

PIP_SIGMA = 1.2        # pixels of the reader's pip map


# ---------------------------------------------------------------- backgrounds

def _noise(rng, h, w, scale, octaves=3):
    out = np.zeros((h, w), np.float32)
    amp = 1.0
    for o in range(octaves):
        gh, gw = max(2, int(h / scale * 2 ** o)), max(2, int(w / scale * 2 ** o))
        out += amp * cv2.resize(rng.normal(0, 1, (gh, gw)).astype(np.float32), (w, h),
                                interpolation=cv2.INTER_CUBIC)
        amp *= 0.5
    return out


def _colour(rng, kind):
    palettes = {
        "wood": [(40, 80, 140), (30, 60, 100), (60, 110, 170), (20, 40, 70), (90, 140, 190)],
        "felt": [(40, 110, 30), (50, 90, 20), (90, 50, 20), (30, 30, 120), (60, 60, 60), (110, 40, 90)],
        "pale": [(200, 200, 205), (215, 215, 235), (200, 210, 225), (190, 185, 180), (225, 225, 225),
                 (205, 195, 240), (180, 170, 230), (235, 235, 240)],
        "dark": [(20, 20, 20), (30, 30, 35), (45, 40, 35), (60, 55, 50), (25, 30, 45)],
    }
    base = palettes[kind][int(rng.integers(len(palettes[kind])))]
    return np.array(base, np.float32) + rng.normal(0, 12, 3).astype(np.float32)


def background(rng: np.random.Generator, h: int, w: int, kind: str | None = None, base=None) -> np.ndarray:
    """A table h x w (float BGR): of a kind drawn at random, or of `kind`; a cloth or felt of
    colour `base` (BGR) where given, for scenes drawn on purpose (`synth_styles`)."""
    if kind is None:
        kind = rng.choice(["plain", "wood", "cloth", "felt", "counter", "pattern", "leather", "busy", "paper"],
                          p=[0.14, 0.17, 0.12, 0.1, 0.12, 0.1, 0.07, 0.1, 0.08])
    if kind == "wood":
        base = _colour(rng, "wood")
        angle = rng.uniform(0, math.pi)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        u = xx * math.cos(angle) + yy * math.sin(angle)
        warp = _noise(rng, h, w, rng.uniform(40, 160)) * rng.uniform(5, 30)
        freq = rng.uniform(0.05, 0.4)
        grain = np.sin((u + warp) * freq) * 0.5 + 0.3 * _noise(rng, h, w, 6, 2)
        img = base[None, None, :] * (1 + rng.uniform(0.1, 0.35) * grain[:, :, None])
        if rng.random() < 0.5:   # planks
            period = rng.uniform(40, 200)
            seams = (np.mod(u, period) < rng.uniform(1, 3)).astype(np.float32)
            img *= (1 - 0.5 * seams)[:, :, None]
    elif kind == "cloth":
        base = _colour(rng, rng.choice(["felt", "dark", "pale"])) if base is None else np.float32(base)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        period = rng.uniform(2, 6)
        weave = np.sin(xx * 2 * math.pi / period) * np.sin(yy * 2 * math.pi / period)
        img = base[None, None, :] * (1 + 0.08 * weave[:, :, None] + 0.06 * _noise(rng, h, w, 30)[:, :, None])
    elif kind == "felt":
        base = _colour(rng, "felt") if base is None else np.float32(base)
        img = base[None, None, :] * (1 + 0.07 * _noise(rng, h, w, 3, 2)[:, :, None]
                                     + 0.1 * _noise(rng, h, w, 100)[:, :, None])
    elif kind == "counter":
        base = _colour(rng, rng.choice(["pale", "dark"]))
        img = np.repeat(base[None, None, :], h * w, 0).reshape(h, w, 3)
        n = int(h * w * rng.uniform(0.002, 0.03))
        ys, xs = rng.integers(0, h, n), rng.integers(0, w, n)
        speck = rng.uniform(-90, 90, (n, 1)).astype(np.float32)
        img[ys, xs] += speck
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.4, 1.2))
        if rng.random() < 0.5:   # veins
            vein = np.abs(_noise(rng, h, w, rng.uniform(60, 200), 4))
            img *= (1 - 0.25 * np.exp(-vein * 8))[:, :, None]
    elif kind == "pattern":
        base = _colour(rng, rng.choice(["pale", "felt"]))
        other = rng.uniform(0, 255, 3).astype(np.float32)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        period = rng.uniform(12, 70)
        style = rng.integers(4)
        if style == 0:     # gingham
            m = ((np.mod(xx, period) < period / 2).astype(np.float32) + (np.mod(yy, period) < period / 2)) / 2
        elif style == 1:   # stripes
            m = (np.mod(xx + yy * rng.uniform(-1, 1), period) < period / 2).astype(np.float32)
        elif style == 2:   # dots
            m = ((np.mod(xx, period) - period / 2) ** 2 + (np.mod(yy, period) - period / 2) ** 2
                 < (period / 4) ** 2).astype(np.float32)
        else:              # flowers: blobs
            m = (_noise(rng, h, w, period) > 0.6).astype(np.float32)
        m = cv2.GaussianBlur(m, (0, 0), 0.8)[:, :, None]
        img = base[None, None, :] * (1 - m) + other[None, None, :] * m
    elif kind == "leather":
        base = _colour(rng, "dark")
        img = base[None, None, :] * (1 + 0.25 * _noise(rng, h, w, 4, 2)[:, :, None])
        img += (60 * np.clip(_noise(rng, h, w, 150), 0, None))[:, :, None]
    elif kind == "paper":
        base = _colour(rng, "pale") + rng.uniform(0, 25)
        img = base[None, None, :] * (1 + 0.02 * _noise(rng, h, w, 10)[:, :, None])
    else:
        base = _colour(rng, rng.choice(["pale", "dark", "wood", "felt"]))
        img = np.repeat(base[None, None, :], h * w, 0).reshape(h, w, 3) * (1 + 0.04 * _noise(rng, h, w, 50)[:, :, None])
    img = np.ascontiguousarray(img, dtype=np.float32)
    if kind == "busy" or rng.random() < 0.15:
        _clutter(img, rng, int(rng.integers(2, 12)))
    return img


def _clutter(img, rng, n):
    """Things on a table that are not tiles: discs, cards, cables, text."""
    h, w = img.shape[:2]
    for _ in range(n):
        colour = tuple(float(c) for c in rng.uniform(0, 255, 3))
        what = rng.integers(6)
        x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
        size = int(rng.uniform(0.03, 0.25) * max(h, w))
        if what == 0:
            cv2.circle(img, (x, y), size // 2, colour, -1, lineType=cv2.LINE_AA)
            cv2.circle(img, (x, y), size // 3, tuple(c * 0.8 for c in colour), 2, lineType=cv2.LINE_AA)
        elif what == 1:
            box = cv2.boxPoints(((x, y), (size, size * rng.uniform(1.2, 1.6)), rng.uniform(0, 180)))
            cv2.fillPoly(img, [box.astype(np.int32)], colour, lineType=cv2.LINE_AA)
        elif what == 2:
            pts = np.cumsum(rng.normal(0, size / 4, (8, 2)), 0) + (x, y)
            cv2.polylines(img, [pts.astype(np.int32)], False, colour, int(rng.integers(2, 12)), lineType=cv2.LINE_AA)
        elif what == 3:
            _text(img, rng, (x, y), colour)
        elif what == 4:
            pts = (rng.normal(0, size / 2, (6, 2)) + (x, y)).astype(np.int32)
            cv2.fillConvexPoly(img, cv2.convexHull(pts), colour, lineType=cv2.LINE_AA)
        else:   # a small ring or coin
            cv2.circle(img, (x, y), max(3, size // 5), colour, max(2, size // 15), lineType=cv2.LINE_AA)


_WORDS = ["DOMINO", "Chicken", "Score", "table", "12", "Ann 45", "Bo 30", "(c) photo", "SALE", "Mexican Train",
          "www", "sample", "88", "HOME", "Game night", "9 : 12", "stock"]


def _text(img, rng, origin, colour, scale=None, thickness=None):
    h, w = img.shape[:2]
    font = int(rng.choice([cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
                           cv2.FONT_HERSHEY_TRIPLEX, cv2.FONT_HERSHEY_SCRIPT_SIMPLEX]))
    scale = scale or rng.uniform(0.3, 2.0) * max(h, w) / 500
    thickness = thickness or max(1, int(scale * rng.uniform(1, 3)))
    mask = np.zeros((h, w), np.uint8)      # OpenCV writes text on 8-bit pictures only
    cv2.putText(mask, str(rng.choice(_WORDS)), origin, font, scale, 255, thickness, cv2.LINE_AA)
    a = (mask.astype(np.float32) / 255)[:, :, None]
    img[:] = img * (1 - a) + np.float32(colour)[None, None, :] * a


# ---------------------------------------------------------------- geometry

def camera(rng: np.random.Generator, w: int, h: int, max_tilt: float = 35.0) -> np.ndarray:
    """A homography from the table's plane to the photo: the camera tilted and turned."""
    tilt = math.radians(rng.uniform(0, max_tilt) if rng.random() < 0.75 else rng.uniform(0, 8))
    turn = rng.uniform(0, 2 * math.pi)
    c, s = math.cos(turn), math.sin(turn)
    rz = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])
    ct, stt = math.cos(tilt), math.sin(tilt)
    rx = np.array([[1, 0, 0], [0, ct, -stt], [0, stt, ct]])
    r = rx @ rz
    f = max(w, h) * rng.uniform(0.8, 1.5)
    # plane point (x, y) -> camera: r @ (x - cx, y - cy, 0) + (0, 0, f)
    to_centre = np.array([[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1]])
    m = np.array([[r[0, 0], r[0, 1], 0], [r[1, 0], r[1, 1], 0], [r[2, 0], r[2, 1], f]])
    project = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
    hmat = project @ m @ to_centre
    # keep the picture's middle at the picture's middle and its scale near 1
    centre = cv2.perspectiveTransform(np.float32([[[w / 2, h / 2]]]), hmat)[0, 0]
    shift = np.array([[1, 0, w / 2 - centre[0]], [0, 1, h / 2 - centre[1]], [0, 0, 1]])
    return shift @ hmat


def tile_box(cx, cy, short, angle):
    """Corners of a tile in the table's plane, in the drawn face's order: top-left, top-right,
    bottom-right, bottom-left of the upright face."""
    c, s = math.cos(angle), math.sin(angle)
    half_w, half_h = short / 2, short
    pts = []
    for dx, dy in ((-half_w, -half_h), (half_w, -half_h), (half_w, half_h), (-half_w, half_h)):
        pts.append((cx + dx * c - dy * s, cy + dx * s + dy * c))
    return np.float32(pts)


# the groups `layout` lays, and the share of each: the first scenes', and with lines of play
MODES = {"single": 0.4, "row": 0.25, "chain": 0.15, "foot": 0.1, "grid": 0.1}
LINE_MODES = {"single": 0.2, "row": 0.15, "chain": 0.1, "foot": 0.1, "grid": 0.1, "line": 0.35}


def layout(rng: np.random.Generator, w: int, h: int, short: float, n: int, lines: bool = False,
           modes: dict | None = None):
    """Tile boxes in the plane: scattered, touching rows, chains, crosses (and, with `lines`,
    lines of play that turn and hold doubles laid across); with a flag each for face up. Tiles
    never overlap (a small gap or exact touch). `modes` (as `MODES`) chooses other shares of
    the groups, e.g. only single tiles."""
    modes = modes or (LINE_MODES if lines else MODES)
    occupied = np.zeros((h, w), np.uint8)
    boxes = []
    tries = 0
    while len(boxes) < n and tries < n * 6:
        tries += 1
        mode = rng.choice(list(modes), p=list(modes.values()))
        size = short * rng.uniform(0.9, 1.1)
        cx, cy = rng.uniform(-0.05, 1.05) * w, rng.uniform(-0.05, 1.05) * h
        angle = rng.uniform(0, 2 * math.pi) if rng.random() < 0.6 else rng.choice([0, math.pi / 2]) + rng.normal(0, 0.03)
        group = []
        gap = size * (rng.uniform(0, 0.04) if rng.random() < 0.7 else rng.uniform(0.05, 0.5))
        if mode == "single":
            group = [tile_box(cx, cy, size, angle)]
        elif mode in ("row", "grid"):
            cols = int(rng.integers(2, 7))
            rows = 1 if mode == "row" else int(rng.integers(2, 4))
            row_gap = gap if mode == "row" else size * rng.uniform(0.05, 0.6)
            group = side_by_side(rng, cx, cy, size, angle, cols, rows, gap, row_gap)
        elif mode == "chain":
            length = int(rng.integers(2, 6))
            a = angle
            x, y = cx, cy
            for k in range(length):
                group.append(tile_box(x, y, size, a))
                x += -math.sin(a) * (2 * size + gap)
                y += math.cos(a) * (2 * size + gap)
        elif mode == "line":
            group = _line_of_play(rng, cx, cy, size, angle, gap)
        else:   # a double across with three tiles beside one another off it (a chicken foot)
            group.append(tile_box(cx, cy, size, angle + math.pi / 2))
            c, s = math.cos(angle), math.sin(angle)
            for k in (-1, 0, 1):
                dx, dy = k * (size + gap), 1.5 * size + gap
                group.append(tile_box(cx + dx * c - dy * s, cy + dx * s + dy * c, size, angle))
        mask = np.zeros_like(occupied)
        for box in group:
            cv2.fillConvexPoly(mask, box.astype(np.int32), 1)
        if (mask & occupied).any():
            continue
        occupied |= cv2.dilate(mask, np.ones((3, 3), np.uint8))
        # a group may run a few tiles past n; a much longer one is cut to what is still wanted
        boxes.extend(group if len(boxes) + len(group) <= n + 4 else group[:max(0, n - len(boxes))])
    return boxes


def side_by_side(rng: np.random.Generator, cx: float, cy: float, size: float, angle: float, cols: int,
                 rows: int = 1, gap: float = 0.0, row_gap: float = 0.0) -> list[np.ndarray]:
    """Rows of `cols` tiles laid long side to long side, `gap` apart, the rows `row_gap` apart
    end to end; the first tile at (cx, cy), each turned a little off `angle`."""
    c, s = math.cos(angle), math.sin(angle)
    group = []
    for r in range(rows):
        for k in range(cols):
            dx, dy = k * (size + gap), r * (2 * size + row_gap)
            group.append(tile_box(cx + dx * c - dy * s, cy + dx * s + dy * c, size, angle + rng.normal(0, 0.02)))
    return group


def _line_of_play(rng, x, y, size, angle, gap):
    """A line of play as a table lays it: tiles end to end, now and then a double laid across,
    and turning a right angle where the table runs out (the next tile laid square beside the
    last one's end half: an L). Stops before a tile would lie on one already laid."""
    group = [tile_box(x, y, size, angle)]
    along = np.array([-math.sin(angle), math.cos(angle)])
    end = np.array([x, y]) + along * size        # the middle of the line's open end
    for _ in range(int(rng.integers(2, 9))):
        step = gap if rng.random() < 0.5 else size * rng.uniform(0, 0.04)
        kind = rng.choice(["on", "double", "turn"], p=[0.6, 0.15, 0.25])
        if kind == "on":
            centre, a = end + along * (step + size), angle
            new_end = end + along * (step + 2 * size)
        elif kind == "double":
            centre, a = end + along * (step + size / 2), angle + math.pi / 2
            new_end = end + along * (step + size)
        else:
            angle += rng.choice([-1, 1]) * math.pi / 2
            side = np.array([-math.sin(angle), math.cos(angle)])
            centre, a = end + along * (step + size / 2) + side * (size / 2), angle
            new_end, along = centre + side * size, side
        box = tile_box(centre[0], centre[1], size, a + rng.normal(0, 0.02))
        if any(cv2.intersectConvexConvex(box, b)[0] > 0.02 * size * size for b in group):
            break
        group.append(box)
        end = new_end
    return group


# ---------------------------------------------------------------- drawing

def _paste(canvas, texture, alpha, quad):
    """Draw `texture` (upright face) onto `canvas` where its corners land on `quad`."""
    h, w = texture.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 2
    ch, cw = canvas.shape[:2]
    x0c, y0c, x1c, y1c = max(x0, 0), max(y0, 0), min(x1, cw), min(y1, ch)
    if x1c <= x0c or y1c <= y0c:
        return
    m = cv2.getPerspectiveTransform(src, np.float32(quad - (x0c, y0c)))
    size = (x1c - x0c, y1c - y0c)
    # draw from a copy near the target size: no aliasing of the pips when small
    scale = max(size) / max(h, w)
    if scale < 0.5:
        factor = max(scale * 1.5, 1 / 16)
        small = cv2.resize(texture, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
        small_alpha = cv2.resize(alpha, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
        m = m @ np.diag([1 / factor, 1 / factor, 1])
        texture, alpha = small, small_alpha
    warped = cv2.warpPerspective(texture, m, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    a = cv2.warpPerspective(alpha.astype(np.float32) / 255, m, size, flags=cv2.INTER_LINEAR)[:, :, None]
    region = canvas[y0c:y1c, x0c:x1c]
    region[:] = region * (1 - a) + warped * a


def _side_and_shadow(canvas, quad, lift, shadow, body, rng):
    """The tile's side showing at an angle, and its shadow on the table."""
    if shadow is not None:
        hull = cv2.convexHull(np.vstack([quad, quad + shadow]).astype(np.float32))
        m = np.zeros(canvas.shape[:2], np.float32)
        cv2.fillConvexPoly(m, hull.astype(np.int32), 1.0, lineType=cv2.LINE_AA)
        m = cv2.GaussianBlur(m, (0, 0), max(1.0, float(np.linalg.norm(shadow)) * 0.7 + 0.5))
        canvas *= (1 - rng.uniform(0.25, 0.6) * m)[:, :, None]
    if np.linalg.norm(lift) >= 0.5:
        hull = cv2.convexHull(np.vstack([quad, quad + lift]).astype(np.float32))
        side = tuple(float(c) * rng.uniform(0.55, 0.85) for c in body)
        cv2.fillConvexPoly(canvas, (hull * 16).astype(np.int32), side, lineType=cv2.LINE_AA, shift=4)


def _lighting(img, rng):
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    grad = ((xx - w / 2) * math.cos(a) + (yy - h / 2) * math.sin(a)) / max(h, w)
    light = 1 + rng.uniform(0, 0.8) * grad
    if rng.random() < 0.5:   # vignette
        r2 = ((xx - w / 2) ** 2 + (yy - h / 2) ** 2) / (max(h, w) / 2) ** 2
        light *= 1 - rng.uniform(0, 0.45) * r2
    img *= np.clip(light, 0.2, 2)[:, :, None]
    for _ in range(int(rng.poisson(0.6))):   # glare
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        sx, sy = rng.uniform(0.01, 0.15) * w, rng.uniform(0.01, 0.15) * h
        g = np.exp(-(((xx - cx) / sx) ** 2 + ((yy - cy) / sy) ** 2))
        img += (rng.uniform(40, 200) * g)[:, :, None]
    img *= rng.uniform(0.8, 1.2, 3).astype(np.float32)[None, None, :]       # white balance
    exposure = rng.uniform(0.45, 1.25)
    img *= exposure
    return img


def _degrade(img, rng, text=True, grey=True):
    """Camera and file: blur, noise, watermarks (with `text`), greyscale (with `grey`), resampling, JPEG."""
    h, w = img.shape[:2]
    if text and rng.random() < 0.12:    # a watermark or caption across the photo
        overlay = img.copy()
        colour = (255, 255, 255) if rng.random() < 0.6 else (0, 0, 0)
        for _ in range(int(rng.integers(1, 4))):
            _text(overlay, rng, (int(rng.uniform(0, 0.6) * w), int(rng.uniform(0.1, 1) * h)), colour,
                  scale=rng.uniform(0.8, 2.5) * max(h, w) / 500)
        k = rng.uniform(0.2, 0.7)
        img = img * (1 - k) + overlay * k
    if rng.random() < 0.6:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 1.6))
    if rng.random() < 0.1:   # a shaken hand
        k = int(rng.integers(3, 8))
        kernel = np.zeros((k, k), np.float32)
        kernel[k // 2, :] = 1 / k
        rot = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1)
        img = cv2.filter2D(img, -1, cv2.warpAffine(kernel, rot, (k, k)))
    if rng.random() < 0.3:
        f = rng.uniform(0.35, 0.8)
        small = cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        img = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    img = img + rng.normal(0, rng.uniform(0, 9), img.shape).astype(np.float32)
    if grey and rng.random() < 0.08:
        mono = cv2.cvtColor(np.clip(img, 0, 255).astype(np.uint8), cv2.COLOR_BGR2GRAY)
        img = cv2.cvtColor(mono, cv2.COLOR_GRAY2BGR).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.75:
        ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(30, 96))])
        out = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return out


def _values(rng, max_value):
    return int(rng.integers(0, max_value + 1)), int(rng.integers(0, max_value + 1))


HIGH_SETS = ((12, 15, 18), (0.45, 0.4, 0.15))     # the sets of `tile_sample(high=True)`, and their shares


def _max_value(rng):
    return int(rng.choice([6, 9, 12, 15, 18], p=[0.25, 0.25, 0.25, 0.18, 0.07]))


def render(rng, h, w, boxes_plane, hmat, style, max_value, face_down_share, one_set=False, table=None):
    """Draw the tiles given in the plane through the camera onto a table (`table`, float BGR h x w,
    or one drawn by `background`). Returns the photo (float), the tiles' quads in the photo with
    their values, and which are face up. With `one_set`, no tile shows face up twice, as in a
    photo of one real set."""
    img = background(rng, h, w) if table is None else table
    lift_dir = rng.normal(0, 1, 2)
    lift_dir /= np.linalg.norm(lift_dir) + 1e-6
    tilt_amount = rng.uniform(0, 0.25)
    shadow_dir = rng.normal(0, 1, 2)
    shadow_dir /= np.linalg.norm(shadow_dir) + 1e-6
    shadow_len = rng.uniform(0, 0.25) if rng.random() < 0.7 else None
    tiles = []
    shown = set()
    for box in boxes_plane:
        quad = cv2.perspectiveTransform(box[None], hmat)[0]
        short = float(np.linalg.norm(quad[0] - quad[1]))
        face_up = rng.random() >= face_down_share
        values = _values(rng, max_value)
        if one_set and face_up and len(shown) == (max_value + 1) * (max_value + 2) // 2:
            raise ValueError(f"more tiles face up than a double-{max_value} set holds")
        while one_set and face_up and tuple(sorted(values)) in shown:
            values = _values(rng, max_value)
        if face_up:
            shown.add(tuple(sorted(values)))
        lift = lift_dir * short * tilt_amount
        shadow = shadow_dir * short * shadow_len if shadow_len is not None else None
        _side_and_shadow(img, quad, lift, shadow, style.body, rng)
        if face_up:
            face, alpha, centres = st.draw_face(values, style, rng)
        else:
            face, alpha = st.draw_back(style, rng)
            centres = [[], []]
        _paste(img, face, alpha, quad)
        tiles.append((quad, values if face_up else None, centres))
    return img, tiles


def scene(rng: np.random.Generator, size: tuple[int, int] = (384, 384), lines: bool = False, shrink: int = 1,
          core: float = CORE):
    """A generated photo (uint8 BGR, h x w) and its masks (uint8 0/1): face, core (the face
    shrunk to `core` about its centre); with `lines`, more of its tiles laid in lines of play
    (`layout`). With `shrink`, the photo is taken that many times larger and shrunk by area
    averaging, as the finder's looks shrink a real photo: its blur, noise and JPEG are those of
    the larger photo, averaged away."""
    h, w = size
    big_h, big_w = h * shrink, w * shrink
    max_value = _max_value(rng)
    style = st.random_style(rng, max_value)
    short = float(np.exp(rng.uniform(np.log(9), np.log(120))))
    n = int(rng.integers(1, 17)) if short < 60 else int(rng.integers(1, 6))
    hmat = camera(rng, big_w, big_h)
    boxes = layout(rng, big_w, big_h, short * shrink, n, lines)
    img, tiles = render(rng, big_h, big_w, boxes, hmat, style, max_value,
                        face_down_share=0.12 if rng.random() < 0.3 else 0)
    img = _lighting(img, rng)
    out = _degrade(img, rng)
    if shrink > 1:
        out = cv2.resize(out, (w, h), interpolation=cv2.INTER_AREA)
    return out, answer_masks(tiles, h, w, shrink, core)


def answer_masks(tiles, h: int, w: int, shrink: int = 1, core: float = CORE) -> np.ndarray:
    """The finder's answers for a photo h x w: each face-up tile's face, and its core (the face
    shrunk to `core` about its centre), as two uint8 0/1 masks; the tiles as `render` gives
    them, drawn `shrink` times larger."""
    face = np.zeros((h, w), np.uint8)
    cores = np.zeros((h, w), np.uint8)
    for quad, values, _ in tiles:
        if values is None:
            continue
        quad = quad / shrink
        cv2.fillConvexPoly(face, np.round(quad * 16).astype(np.int32), 1, lineType=cv2.LINE_8, shift=4)
        centre = quad.mean(axis=0)
        small = centre + core * (quad - centre)
        cv2.fillConvexPoly(cores, np.round(small * 16).astype(np.int32), 1, lineType=cv2.LINE_8, shift=4)
    return np.stack([face, cores])


def scene_with_answers(rng: np.random.Generator, size=(768, 1024), max_value=None):
    """A generated photo for evaluating the whole counter: the photo and its tiles' values
    (face-up tiles wholly inside the photo)."""
    h, w = size
    max_value = max_value or _max_value(rng)
    style = st.random_style(rng, max_value)
    short = float(np.exp(rng.uniform(np.log(32), np.log(150))))
    n = int(rng.integers(1, 13))
    hmat = camera(rng, w, h, max_tilt=30)
    boxes = [b for b in layout(rng, w, h, short, n)
             if (cv2.perspectiveTransform(b[None], hmat)[0] > 4).all()
             and (cv2.perspectiveTransform(b[None], hmat)[0] < (w - 5, h - 5)).all()]
    img, tiles = render(rng, h, w, boxes, hmat, style, max_value, face_down_share=0.1 if rng.random() < 0.3 else 0,
                        one_set=True)
    out = _degrade(_lighting(img, rng), rng, text=False)
    answers = [tuple(sorted(v)) for _, v, _ in tiles if v is not None]
    return out, answers, max_value


# ---------------------------------------------------------------- one tile, as the reader sees it

def rectifying(quad: np.ndarray) -> np.ndarray:
    """The homography from a tile's four corners (in the face's order) to the reader's tile."""
    dst = np.float32([[0, 0], [READ_W, 0], [READ_W, READ_H], [0, READ_H]])
    return cv2.getPerspectiveTransform(np.float32(quad), dst)


def tile_sample(rng: np.random.Generator, broad: bool = False, high: bool = False, loose: bool = False,
                dark: bool = False):
    """A rectified tile (READ_H x READ_W x 3 uint8) and its maps (2 x READ_H x READ_W float32:
    pip centres, divider bar), and the values of its top and bottom halves (None: no tile).
    With `broad`, of the wider range of sets (`synth_tiles.random_style`); with `high`, of the
    double-12, 15 and 18 sets only, whose halves of 10 pips and more, packed close, the reader
    reads worst (`HIGH_SETS`); with `loose`, cut as the pip counter cuts a tile of a chain or row of
    touching tiles: up to `LOOSE_CUT` larger than the tile and a little along it, so that its
    neighbours' pips lie inside the cut, unmarked (`_loosened`); with `dark`, of the black and dark sets
    with small light pips the dark sets' finder learnt on (`synth_hard.hard_style(black=True)`, double-6
    to 12 as the style table's white on black)."""
    short = float(np.exp(rng.uniform(np.log(12), np.log(140))))     # the tile's width in the photo
    pad = int(short * 2.2)
    w = h = int(2 * short + 2 * pad)
    if dark:
        from .synth_hard import black_set, hard_style
        max_value = black_set(rng)
        style = hard_style(rng, max_value, black=True)
    else:
        max_value = int(rng.choice(HIGH_SETS[0], p=HIGH_SETS[1])) if high else _max_value(rng)
        style = st.random_style(rng, max_value, broad)
    hmat = camera(rng, w, h, max_tilt=35)
    angle = rng.uniform(0, 2 * math.pi)
    centre = (w / 2, h / 2)
    boxes = [tile_box(*centre, short, angle)]
    gap = short * (rng.uniform(0, 0.04) if rng.random() < 0.7 else rng.uniform(0.05, 0.3))
    c, s = math.cos(angle), math.sin(angle)
    for _ in range(int(rng.integers(0, 4))):     # neighbours touching, as in rows and chains
        k = rng.integers(4)
        if k == 0:
            dx, dy = short + gap, 0
        elif k == 1:
            dx, dy = -(short + gap), 0
        elif k == 2:
            dx, dy = rng.uniform(-0.5, 0.5) * short, 2 * short + gap
        else:
            dx, dy = rng.uniform(-0.5, 0.5) * short, -(2 * short + gap)
        box = tile_box(centre[0] + dx * c - dy * s, centre[1] + dx * s + dy * c, short, angle)
        if all(not _overlaps(box, b) for b in boxes):
            boxes.append(box)
    negative = rng.random() < 0.12
    img, tiles = render(rng, h, w, boxes, hmat, style, max_value, face_down_share=0.3)
    if negative and rng.random() < 0.5:
        img = background(rng, h, w)     # a bare patch of table cut where a tile was thought to be
    img = _lighting(img, rng)
    photo = _degrade(img, rng, text=rng.random() < 0.5)
    quad, values, centres = tiles[0]
    if negative and values is not None and rng.random() < 0.5:
        negative = False    # the tile is there after all: read it
    # the finder's corners are a little off, and either end may come first; mirrored or not
    jitter = rng.normal(0, 0.035 * short, (4, 2)).astype(np.float32)
    if rng.random() < 0.15:
        jitter += rng.normal(0, 0.04 * short, (1, 2)).astype(np.float32)    # a shifted box
    order = np.roll(np.arange(4), 2 * int(rng.integers(2)))
    if rng.random() < 0.5:
        order = order[[1, 0, 3, 2]]
    src = quad[order] + jitter
    if loose:
        src = _loosened(rng, src)
    m = rectifying(src)
    tile = cv2.warpPerspective(photo, m, (READ_W, READ_H), flags=cv2.INTER_AREA if short > READ_W else cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
    maps = np.zeros((2, READ_H, READ_W), np.float32)
    if negative or values is None:
        return tile, maps, None
    # the pip centres and the bar, carried from the drawn face through the photo to the tile
    face_to_photo = cv2.getPerspectiveTransform(np.float32([[0, 0], [st.FACE, 0], [st.FACE, 2 * st.FACE],
                                                            [0, 2 * st.FACE]]), quad)
    to_tile = m @ face_to_photo
    yy, xx = np.mgrid[0:READ_H, 0:READ_W].astype(np.float32)
    halves = [0, 0]
    for half in centres:
        if not half:
            continue
        pts = cv2.perspectiveTransform(np.float32(half)[None], to_tile)[0]
        for x, y in pts:
            maps[0] = np.maximum(maps[0], np.exp(-((xx - x) ** 2 + (yy - y) ** 2) / (2 * PIP_SIGMA ** 2)))
            halves[0 if y < READ_H / 2 else 1] += 1
    bar_ends = cv2.perspectiveTransform(np.float32([[[st.FACE * 0.2, st.FACE], [st.FACE * 0.8, st.FACE]]]), to_tile)[0]
    bar = np.zeros((READ_H, READ_W), np.uint8)
    cv2.line(bar, tuple(np.round(bar_ends[0]).astype(int)), tuple(np.round(bar_ends[1]).astype(int)), 1, 2)
    maps[1] = bar
    return tile, maps, tuple(halves)


# a loose cut's width and length, times the tile's, and its slide along the tile (sd, a share of its
# length); round 30 also tried ((1.0, 1.35), (1.0, 1.4), 0.04): development photos lost (changelog)
LOOSE_CUT = ((1.0, 1.2), (1.0, 1.2), 0.02)


def _loosened(rng: np.random.Generator, corners: np.ndarray) -> np.ndarray:
    """The tile's corners (in the cut's order: across, then along the tile) made a cut larger than
    the tile, as the pip counter's cuts of touching tiles come out (style table, 12 MP, white on black:
    the tiles misread were cut 0.76 to 1.37 times the tile's width), and slid a little along it; every
    pip of the tile stays inside."""
    (wide_least, wide_most), (long_least, long_most), slide = LOOSE_CUT
    centre = corners.mean(axis=0)
    basis = np.stack(tile_axes(corners), axis=1) / 2                     # half the width, half the length
    local = np.linalg.solve(basis, (corners - centre).T)                  # about (+-1, +-1)
    local *= np.array([[rng.uniform(wide_least, wide_most)], [rng.uniform(long_least, long_most)]])
    local[1] += float(np.clip(rng.normal(0, 2 * slide), -4 * slide, 4 * slide))
    return (basis @ local).T.astype(np.float32) + centre


def _overlaps(a, b):
    offset = np.minimum(a.min(0), b.min(0)) - 2
    extent = np.maximum(a.max(0), b.max(0)) - offset + 3
    ma = np.zeros((int(extent[1]), int(extent[0])), np.uint8)
    cv2.fillConvexPoly(ma, np.int32(a - offset), 1)
    mb = np.zeros_like(ma)
    cv2.fillConvexPoly(mb, np.int32(b - offset), 1)
    return bool((ma & cv2.erode(mb, np.ones((3, 3), np.uint8))).any())
