"""Generated photos of the kinds real photos showed the finder missing: what the later finder
runs learn from beside the first scenes (`synth_scenes.scene`).

- sets: black and dark bodies with small white pips; pips as plugs in recessed holes, the
  empty holes showing as rings; faint or engraved dividers (`hard_style`);
- layouts: chains of 5 to 28 touching tiles laid as in play, with turns, doubles laid across
  and crosses at a double (`chain`); one tile filling 50 to 95% of the frame (close-ups); tiles
  5 to 10 pixels wide (10 to 20 long) at the finder's size; and the first scenes' layouts;
- tables: white tables, knotty pine, glossy tables that reflect the tiles and the lights, and
  the first scenes' tables; printed cards and labels lying among the tiles;
- photos in greyscale or strongly tinted.

`hard_scene` gives a training scene and its masks, as `synth_scenes.scene` does;
`hard_scene_with_answers` a photo of one kind (`KINDS`) with its tiles, for the held-out figures
of `vision.evaluate --kinds`.
"""
from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np

from . import synth_tiles as st
from .synth_scenes import (CORE, _clutter, _degrade, _lighting, _max_value, _noise, _text, answer_masks,
                           background, camera, layout, render, tile_box)

KINDS = ("black", "chain", "closeup", "small")    # the held-out kinds `vision.evaluate --kinds` reports


# ---------------------------------------------------------------- sets

def black_set(rng: np.random.Generator) -> int:
    """The highest value of a black set with light pips: double-6 most often, as families own them."""
    return int(rng.choice([6, 9, 12], p=[0.5, 0.3, 0.2]))


def hard_style(rng: np.random.Generator, max_value: int, black: bool | None = None) -> st.Style:
    """A set's look, about half of them black or dark with small light pips; some with the pips
    as plugs in holes whose empty ones show, some with a faint or engraved divider."""
    style = st.random_style(rng, max_value)
    if black if black is not None else rng.random() < 0.5:
        v = rng.uniform(8, 70)
        body = (v * rng.uniform(0.85, 1.15), v * rng.uniform(0.85, 1.1), v * rng.uniform(0.85, 1.25))
        pip = (rng.uniform(200, 255),) * 3 if rng.random() < 0.8 else (rng.uniform(150, 200), rng.uniform(210, 240),
                                                                       rng.uniform(230, 255))
        style = replace(style, body=body, pip_scheme="light", pip_colour=pip, engraved=False, raised=False,
                        pip_size=float(rng.uniform(0.035, 0.07)), pip_size_high=float(rng.uniform(0.03, 0.05)),
                        bar_colour=pip if rng.random() < 0.6 else tuple(c * 1.6 + 20 for c in body))
    if max_value <= 9 and rng.random() < 0.35:     # plugs in a 3 x 3 grid of holes
        dark = float(np.mean(style.body)) < 120
        ring = tuple(c * rng.uniform(0.2, 0.5) for c in style.body) if not dark or rng.random() < 0.5 \
            else tuple(min(255.0, c + rng.uniform(25, 70)) for c in style.body)
        style = replace(style, holes=ring, layout_family=0, raised=False)
    if rng.random() < 0.4:     # the divider faint: near the body's colour, thin, or cut into it
        mix = rng.uniform(0.5, 0.85)
        faint = tuple(b * mix + p * (1 - mix) for b, p in zip(style.body, style.bar_colour))
        style = replace(style, bar_colour=faint, bar_thickness=float(rng.uniform(0.008, 0.025)),
                        engraved_bar=bool(rng.random() < 0.5), pin=None if rng.random() < 0.5 else style.pin)
    return style


# ---------------------------------------------------------------- tables

def hard_table(rng: np.random.Generator, h: int, w: int) -> tuple[np.ndarray, bool]:
    """A table, and whether it is glossy (it reflects the tiles, `reflections`)."""
    kind = rng.choice(["white", "pine", "glossy", "first"], p=[0.25, 0.25, 0.2, 0.3])
    if kind == "white":
        v = rng.uniform(215, 252)
        base = np.float32([v - rng.uniform(0, 12), v - rng.uniform(0, 6), v])
        img = base[None, None, :] * (1 + 0.015 * _noise(rng, h, w, 20)[:, :, None]
                                     - rng.uniform(0, 0.12) * np.clip(_noise(rng, h, w, 200), 0, None)[:, :, None])
    elif kind == "pine":
        img = _pine(rng, h, w)
    elif kind == "glossy":
        base = np.float32(rng.choice([(25, 25, 28), (40, 30, 25), (20, 35, 60), (60, 90, 130), (230, 230, 235)]))
        img = base[None, None, :] * (1 + 0.05 * _noise(rng, h, w, 80)[:, :, None])
    else:
        img = background(rng, h, w)
    img = np.ascontiguousarray(img, dtype=np.float32)
    if rng.random() < 0.35:
        _cards(img, rng, int(rng.integers(1, 4)))
    return img, kind == "glossy"


def _pine(rng, h, w):
    """Knotty pine: pale yellow-brown boards, the grain bending round dark knots."""
    base = np.float32([rng.uniform(90, 150), rng.uniform(160, 200), rng.uniform(200, 240)])
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, math.pi)
    u = xx * math.cos(angle) + yy * math.sin(angle)
    v = -xx * math.sin(angle) + yy * math.cos(angle)
    bend = _noise(rng, h, w, rng.uniform(60, 160)) * rng.uniform(4, 15)
    knots = np.zeros((h, w), np.float32)
    for _ in range(int(rng.integers(1, 5))):
        kx, ky = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(0.02, 0.08) * max(h, w)
        d2 = ((xx - kx) ** 2 + (yy - ky) ** 2 * rng.uniform(1, 3)) / r ** 2
        bend += 3 * r * np.exp(-d2 / 4)
        knots = np.maximum(knots, np.exp(-d2))
    grain = np.sin((v + bend) * rng.uniform(0.15, 0.5)) * 0.5 + 0.5
    img = base[None, None, :] * (1 - rng.uniform(0.08, 0.2) * grain[:, :, None])
    img *= (1 - rng.uniform(0.5, 0.8) * knots)[:, :, None]
    if rng.random() < 0.7:   # boards
        period = rng.uniform(0.15, 0.5) * max(h, w)
        seams = (np.mod(u, period) < rng.uniform(1, 3)).astype(np.float32)
        img *= (1 - 0.45 * seams)[:, :, None]
    return img


def _cards(img, rng, n):
    """Printed cards and labels lying on the table: a light rectangle with lines of text and
    rules, now and then a printed grid (a score card)."""
    h, w = img.shape[:2]
    for _ in range(n):
        size = rng.uniform(0.12, 0.4) * max(h, w)
        centre = (rng.uniform(0, w), rng.uniform(0, h))
        box = cv2.boxPoints((centre, (size, size * rng.uniform(0.4, 1.5)), rng.uniform(0, 180)))
        card = np.zeros((h, w), np.uint8)
        cv2.fillConvexPoly(card, box.astype(np.int32), 255, lineType=cv2.LINE_AA)
        paper = np.float32(rng.uniform(200, 250, 3)) if rng.random() < 0.8 else np.float32(rng.uniform(60, 240, 3))
        a = (card.astype(np.float32) / 255)[:, :, None]
        img[:] = img * (1 - a) + paper[None, None, :] * a
        ink = tuple(float(c) for c in rng.uniform(0, 120, 3))
        x0, y0 = box.min(axis=0)
        x1, y1 = box.max(axis=0)
        inner = np.zeros_like(img)
        inner[:] = img
        for k in range(int(rng.integers(1, 6))):
            y = int(y0 + (k + 1) * (y1 - y0) / 7)
            if rng.random() < 0.5:
                _text(inner, rng, (int(x0 + 0.1 * (x1 - x0)), y), ink, scale=size / 300, thickness=1)
            else:
                cv2.line(inner, (int(x0), y), (int(x1), y), ink, 1, lineType=cv2.LINE_AA)
        if rng.random() < 0.3:
            for k in range(1, 4):
                x = int(x0 + k * (x1 - x0) / 4)
                cv2.line(inner, (x, int(y0)), (x, int(y1)), ink, 1, lineType=cv2.LINE_AA)
        inside = (cv2.erode(card, np.ones((5, 5), np.uint8)).astype(np.float32) / 255)[:, :, None]
        img[:] = img * (1 - inside) + inner * inside


def reflections(img: np.ndarray, before: np.ndarray, rng) -> np.ndarray:
    """A glossy table: the tiles mirrored faintly in it beside themselves, and the lights as
    bright streaks. `before` is the table before the tiles were drawn on it."""
    h, w = img.shape[:2]
    drawn = np.abs(img - before).sum(axis=2) > 1
    shift = rng.normal(0, 1, 2)
    shift = shift / (np.linalg.norm(shift) + 1e-6) * rng.uniform(0.02, 0.1) * max(h, w)
    moved = cv2.warpAffine(img, np.float32([[1, 0, shift[0]], [0, 1, shift[1]]]), (w, h), borderMode=cv2.BORDER_REFLECT)
    mask = cv2.warpAffine(drawn.astype(np.float32), np.float32([[1, 0, shift[0]], [0, 1, shift[1]]]), (w, h))
    mask = cv2.GaussianBlur(mask * (~drawn), (0, 0), rng.uniform(1, 4)) * rng.uniform(0.15, 0.4)
    out = img * (1 - mask[:, :, None]) + cv2.GaussianBlur(moved, (0, 0), rng.uniform(1, 3)) * mask[:, :, None]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    for _ in range(int(rng.integers(1, 4))):
        cx, cy, a = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0, math.pi)
        along = (xx - cx) * math.cos(a) + (yy - cy) * math.sin(a)
        across = -(xx - cx) * math.sin(a) + (yy - cy) * math.cos(a)
        streak = np.exp(-(along / (rng.uniform(0.1, 0.5) * max(h, w))) ** 2
                        - (across / (rng.uniform(0.005, 0.04) * max(h, w))) ** 2)
        out += (rng.uniform(60, 200) * streak * ~drawn)[:, :, None]
    return out


def tint(img: np.ndarray, rng) -> np.ndarray:
    """Greyscale, or a strong colour cast (a warm lamp, a blue evening, a coloured shade)."""
    if rng.random() < 0.5:
        grey = img.mean(axis=2, keepdims=True)
        return np.repeat(grey, 3, axis=2)
    cast = rng.choice([(0.55, 0.85, 1.35), (1.35, 1.0, 0.6), (0.7, 1.3, 0.8), (1.25, 0.7, 1.25), (0.6, 0.9, 1.1)])
    return img * (np.float32(cast) * rng.uniform(0.85, 1.15, 3).astype(np.float32))[None, None, :]


# ---------------------------------------------------------------- layouts

def chain(rng: np.random.Generator, count: int, size: float, crosses: bool = True) -> list[np.ndarray]:
    """A line of play of `count` touching tiles (in the table's plane, about the origin): end to
    end, turning a right angle now and then, doubles laid across, and (with `crosses`) at some
    doubles a cross (a tile laid off each side). Stops early where the next tile would lie on
    one laid."""
    angle = rng.choice([0, math.pi / 2]) + rng.normal(0, 0.05)
    group = [tile_box(0, 0, size, angle)]
    along = np.array([-math.sin(angle), math.cos(angle)])
    end = along * size
    tries = 0
    while len(group) < count and tries < 3 * count:
        tries += 1
        step = size * rng.uniform(0, 0.03)
        kind = rng.choice(["on", "double", "turn"], p=[0.65, 0.15, 0.2])
        new = []
        if kind == "on":
            centre, a, new_end = end + along * (step + size), angle, end + along * (step + 2 * size)
            new.append((centre, a))
        elif kind == "double":
            centre = end + along * (step + size / 2)
            new.append((centre, angle + math.pi / 2))
            new_end = end + along * (step + size)
            if crosses and rng.random() < 0.4:      # a cross: a tile off each side of the double
                side = np.array([-along[1], along[0]])
                for sign in (1, -1):
                    new.append((centre + sign * side * (2 * size + step), angle + math.pi / 2))
        else:
            angle += rng.choice([-1, 1]) * math.pi / 2
            side = np.array([-math.sin(angle), math.cos(angle)])
            centre = end + along * (step + size / 2) + side * (size / 2)
            new.append((centre, angle))
            new_end, along = centre + side * size, side
        boxes = [tile_box(c[0], c[1], size, a + rng.normal(0, 0.02)) for c, a in new]
        if any(cv2.intersectConvexConvex(b, g)[0] > 0.02 * size * size for b in boxes for g in group):
            if kind == "on":
                break
            continue
        group.extend(boxes)
        end = new_end
    return group[:count]


def _placed(boxes: list[np.ndarray], w: int, h: int, long_share: float, rng) -> tuple[list[np.ndarray], float]:
    """The boxes scaled and moved so that their extent spans about `long_share` of the frame's
    long side, centred a little off the middle; and the scale."""
    pts = np.concatenate(boxes)
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    scale = long_share * max(w, h) / max(float((hi - lo).max()), 1e-6)
    middle = (lo + hi) / 2
    target = np.array([w / 2, h / 2]) + rng.uniform(-0.15, 0.15, 2) * (w, h)
    return [np.float32((b - middle) * scale + target) for b in boxes], scale


def hard_layout(rng, w: int, h: int, kind: str, within: bool = False) -> list[np.ndarray]:
    """Tile boxes in the plane for one kind of scene: a chain of 5 to 28, a close-up of one tile
    (with parts of its neighbours), small tiles, or the first scenes' layouts. With `within`,
    chains and close-ups are kept a little inside the frame (a photo whose tiles are counted)."""
    if kind == "chain":
        span = rng.uniform(0.5, 0.85) if within else rng.uniform(0.6, 1.1)
        boxes, _ = _placed(chain(rng, int(rng.integers(5, 29)), 1.0), w, h, span, rng)
        return boxes
    if kind == "closeup":
        angle = rng.uniform(0, 2 * math.pi) if rng.random() < 0.5 else rng.choice([0, math.pi / 2]) + rng.normal(0, 0.1)
        length = rng.uniform(0.5, 0.95) * (min(w, h) if within else max(w, h))
        short = length / 2
        centre = np.array([w / 2, h / 2]) + rng.uniform(-0.1, 0.1, 2) * (w, h)
        boxes = [tile_box(centre[0], centre[1], short, angle)]
        c, s = math.cos(angle), math.sin(angle)
        for dx, dy in ((short * 1.02, 0), (-short * 1.02, 0), (0, 2.02 * short), (0, -2.02 * short)):
            if rng.random() < 0.3:
                boxes.append(tile_box(centre[0] + dx * c - dy * s, centre[1] + dx * s + dy * c, short, angle))
        return boxes
    if kind == "small":
        short = rng.uniform(5, 10) * max(max(w, h), 384) / 384      # 10 to 20 pixels long at the finder's 384
        if rng.random() < 0.5:
            boxes, _ = _placed(chain(rng, int(rng.integers(5, 29)), 1.0), w, h, 1.0, rng)
            width = min(np.linalg.norm(boxes[0][1] - boxes[0][0]), 1e9)
            scale = short / max(width, 1e-6)
            middle = np.array([w / 2, h / 2])
            return [np.float32((b - middle) * scale + middle) for b in boxes]
        return layout(rng, w, h, short, int(rng.integers(4, 28)), lines=True)
    short = float(np.exp(rng.uniform(np.log(9), np.log(100))))
    return layout(rng, w, h, short, int(rng.integers(1, 17)) if short < 60 else int(rng.integers(1, 6)), lines=True)


# ---------------------------------------------------------------- scenes

def _photo(rng, h: int, w: int, kind: str, black: bool | None, max_value: int, max_tilt: float, answers: bool):
    """The photo (uint8) of one kind of scene, and its tiles as `render` gives them."""
    style = hard_style(rng, max_value, black)
    table, glossy = hard_table(rng, h, w)
    boxes = hard_layout(rng, w, h, kind, within=answers)
    hmat = camera(rng, w, h, max_tilt=max_tilt if kind != "closeup" else 15)
    if answers:
        boxes = [b for b in boxes if in_frame(b, hmat, w, h)]
    return photograph(rng, table, glossy, boxes, hmat, style, max_value, answers,
                      face_down_share=0.1 if rng.random() < 0.2 else 0)


def in_frame(box: np.ndarray, hmat: np.ndarray, w: int, h: int) -> bool:
    """Whether a tile (in the plane) lies wholly inside the photo w x h, a few pixels from its edges."""
    quad = cv2.perspectiveTransform(box[None], hmat)[0]
    return bool((quad > 4).all() and (quad < (w - 5, h - 5)).all())


def photograph(rng, table: np.ndarray, glossy: bool, boxes: list, hmat: np.ndarray, style: st.Style,
               max_value: int, answers: bool, face_down_share: float, tinted: bool = True):
    """The photo (uint8) of the tiles `boxes` (in the plane) of one set seen through `hmat` on
    `table` (reflected in it where `glossy`), and its tiles as `render` gives them; lit, now and
    then (with `tinted`) greyscale or tinted, blurred, noisy, compressed. With `answers` (a photo
    whose tiles are counted), each tile of the set shows at most once, and no clutter is
    thrown among the tiles (cards on the table may lie there)."""
    h, w = table.shape[:2]
    before = table.copy() if glossy else None
    faces = (max_value + 1) * (max_value + 2) // 2
    img, tiles = render(rng, h, w, boxes[:faces] if answers else boxes, hmat, style, max_value,
                        face_down_share=face_down_share, one_set=answers, table=table)
    if glossy:
        img = reflections(img, before, rng)
    if not answers and rng.random() < 0.15:
        _clutter(img, rng, int(rng.integers(1, 5)))
    img = _lighting(img, rng)
    if tinted and rng.random() < 0.3:
        img = tint(img, rng)
    return _degrade(img, rng, text=not answers, grey=tinted), tiles


def hard_scene(rng: np.random.Generator, size: tuple[int, int] = (320, 320), core: float = CORE,
               black: bool | None = None):
    """A generated training photo (uint8 BGR, h x w) of the kinds real photos showed the finder
    missing, and its masks (face, core), as `synth_scenes.scene` gives them; with `black`, of a
    black set with white pips only (`hard_style`)."""
    h, w = size
    kind = str(rng.choice(["chain", "closeup", "small", "first"], p=[0.35, 0.15, 0.15, 0.35]))
    img, tiles = _photo(rng, h, w, kind, black, _max_value(rng), 35, answers=False)
    return img, answer_masks(tiles, h, w, 1, core)


def hard_scene_with_answers(rng: np.random.Generator, kind: str, size=(768, 1024)):
    """A photo of one held-out kind (`KINDS`): black sets with white pips in any layout, chains,
    close-ups, or small tiles; its face-up tiles' values and corners (those wholly inside the
    photo, each tile of a set once), and the set."""
    h, w = size
    max_value = black_set(rng) if kind == "black" else _max_value(rng)
    layout_kind = {"black": str(rng.choice(["chain", "closeup", "first"], p=[0.4, 0.2, 0.4])),
                   "chain": "chain", "closeup": "closeup", "small": "small"}[kind]
    while True:     # the few drawn with every tile past the frame's edge are drawn again
        img, tiles = _photo(rng, h, w, layout_kind, True if kind == "black" else None, max_value, 30, answers=True)
        if any(v is not None for _, v, _ in tiles):
            break
    return (img, *face_up(tiles), max_value)


def face_up(tiles) -> tuple[list, list]:
    """The face-up tiles' values (each pair in order) and their corners in the photo, from the
    tiles as `render` gives them."""
    shown = [(tuple(sorted(v)), quad) for quad, v, _ in tiles if v is not None]
    return [v for v, _ in shown], [q for _, q in shown]
