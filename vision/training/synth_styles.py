"""Generated photos drawn on purpose, one cell at a time, for the style table of
`python -m vision.evaluate --styles`: a set's look (`STYLES`) x how its tiles lie (`LAYOUTS`) x
how large they are (`SIZES`). Everything is drawn by the code the training scenes are drawn
with (`synth_tiles`' faces, `synth_scenes`' tables, camera, lighting and camera faults,
`synth_hard`'s tables, chains and photograph), only chosen instead of drawn at random.

- styles: black pips on ivory; white pips on black (`synth_hard.hard_style`'s black sets,
  plugs in holes and faint dividers among them); colour pips on white; colour pips on white or
  ivory tiles lying on a coloured cloth or felt (other styles lie on `synth_hard.hard_table`'s
  tables: white, knotty pine, glossy, and the first scenes' ones);
- layouts: scattered (single tiles apart); a touching row (tiles long side to long side); a
  chain with turns (end to end, at least one right-angle turn, doubles across, no cross); a
  cross (a double laid across, an arm of tiles end to end off each of its four sides);
- sizes: close-up (one tile of the layout 50 to 95% of the frame's short side long, and those
  of its neighbours lying wholly in the frame); normal (tiles 28 to 100 pixels long at the
  finder's first look); small (10 to 20 pixels long there).

As in `synth_hard.hard_scene_with_answers`, only the tiles lying wholly inside the photo are
drawn, and each tile of a set shows once; here no tile lies face down and no photo is tinted,
so that a cell holds what its name says.
"""
from __future__ import annotations

import math

import cv2
import numpy as np

from . import synth_tiles as st
from ..params import PARAMS
from .synth_hard import black_set, chain, face_up, hard_style, hard_table, in_frame, photograph
from .synth_scenes import background, camera, layout, side_by_side, tile_box

STYLES = ("black on ivory", "white on black", "colour on white", "colour on cloth")
LAYOUTS = ("scattered", "row", "chain", "cross")
SIZES = ("close-up", "normal", "small")
SHAPE = (768, 1024)            # the photo, h x w, as the other generated test photos
FINDER = PARAMS.fine           # the finder's first look: the sizes are tile lengths there
NORMAL = (28, 100)             # tile lengths at the finder's first look, pixels: normal ...
SMALL = (10, 20)               # ... and small
CLOSE_UP = (0.5, 0.95)         # a close-up's tile's length, share of the frame's short side
# Seeds: vision.training draws each kind of sample from SEED + an offset of train.SEED_OFFSETS
# (all under 1,000,000,000, each kind within 10,000,000 of its own); these scenes from SEED +
# OFFSET + cell * 1,000,000 + seed * 10,000 + i (`scene_seed`), which none of them reaches.
OFFSET = 1_000_000_000

# cloths of strong colours (BGR), as the teal cloth a colour set was misread on
CLOTHS = ((140, 130, 20), (150, 70, 20), (50, 120, 30), (40, 35, 165), (120, 40, 100), (30, 110, 215))

# tiles a scene lays (from, to inclusive) for each layout and size; a cross: each arm's length
COUNTS = {("scattered", "normal"): (3, 8), ("scattered", "small"): (8, 20),
          ("row", "close-up"): (3, 6), ("row", "normal"): (3, 8), ("row", "small"): (4, 14),
          ("chain", "close-up"): (3, 8), ("chain", "normal"): (5, 12), ("chain", "small"): (8, 28),
          ("cross", "close-up"): (1, 2), ("cross", "normal"): (1, 3), ("cross", "small"): (1, 5)}


def scene_seed(seed: int, style: str, layout_name: str, size: str, i: int) -> int:
    """The seed of a cell's `i`-th scene of test set `seed` (0 to 99), less train.SEED."""
    cell = (STYLES.index(style) * len(LAYOUTS) + LAYOUTS.index(layout_name)) * len(SIZES) + SIZES.index(size)
    return OFFSET + cell * 1_000_000 + seed * 10_000 + i


def set_style(rng: np.random.Generator, style: str) -> tuple[st.Style, int]:
    """A set of the look `style`, and its highest value."""
    if style in ("black on ivory", "white on black"):
        max_value = black_set(rng)
        if style == "white on black":
            return hard_style(rng, max_value, black=True), max_value
        return st.random_style(rng, max_value, body="ivory", scheme="black"), max_value
    max_value = int(rng.choice([9, 12, 15, 18], p=[0.2, 0.4, 0.3, 0.1]))
    body = "white" if style == "colour on white" else str(rng.choice(["white", "ivory"]))
    return st.random_style(rng, max_value, body=body, scheme="coloured"), max_value


def table(rng: np.random.Generator, style: str, h: int, w: int) -> tuple[np.ndarray, bool]:
    """The table a set of `style` lies on, and whether it is glossy."""
    if style == "colour on cloth":
        base = np.float32(CLOTHS[int(rng.integers(len(CLOTHS)))]) + rng.normal(0, 12, 3).astype(np.float32)
        return background(rng, h, w, kind=str(rng.choice(["cloth", "felt"])), base=base), False
    return hard_table(rng, h, w)


def cross(rng: np.random.Generator, arms: list[int], size: float) -> list[np.ndarray]:
    """A double laid across at the origin and an arm of tiles end to end off each of its four
    sides (`arms`: each arm's length), as a spinner is played; the double first, then the
    arms' tiles ring by ring outwards."""
    angle = rng.choice([0, math.pi / 2]) + rng.normal(0, 0.05)
    along = np.array([-math.sin(angle), math.cos(angle)])
    side = np.array([math.cos(angle), math.sin(angle)])
    # each arm: its direction, the tiles' angle, and how far the double reaches that way
    ways = [(along, angle, size / 2), (-along, angle, size / 2),
            (side, angle + math.pi / 2, size), (-side, angle + math.pi / 2, size)]
    reach = [start for _, _, start in ways]
    boxes = [tile_box(0.0, 0.0, size, angle + math.pi / 2)]
    for ring in range(max(arms)):
        for k, (direction, a, _) in enumerate(ways):
            if ring < arms[k]:
                reach[k] += size * rng.uniform(0, 0.03)
                centre = direction * (reach[k] + size)
                boxes.append(tile_box(centre[0], centre[1], size, a + rng.normal(0, 0.02)))
                reach[k] += 2 * size
    return boxes


def _turns(boxes: list[np.ndarray]) -> bool:
    """Whether a chain turns: a tile's centre lies off the line its first tile starts."""
    first = boxes[0]
    centre = first.mean(axis=0)
    axis = (first[3] - first[0]) / np.linalg.norm(first[3] - first[0])
    width = float(np.linalg.norm(first[1] - first[0]))
    return any(abs(float(np.dot((-axis[1], axis[0]), b.mean(axis=0) - centre))) > 0.4 * width for b in boxes[1:])


def gap(a: np.ndarray, b: np.ndarray) -> float:
    """How far apart two tiles lie: the least distance from one's corners to the other's
    outline (0 where they touch or overlap)."""
    def outside(p, q):
        return max(0.0, -max(cv2.pointPolygonTest(np.float32(q), (float(x), float(y)), True) for x, y in p))
    return min(outside(a, b), outside(b, a))


def _touching(boxes: list[np.ndarray]) -> bool:
    """Whether each tile touches one laid before it (`chain` leaves a gap after a turn it could
    not lay), within a tenth of a tile's width."""
    return all(min(gap(b, o) for o in boxes[:i]) <= 0.1 * float(np.linalg.norm(b[1] - b[0]))
               for i, b in enumerate(boxes) if i)


def arrangement(rng: np.random.Generator, layout_name: str, size: str) -> list[np.ndarray]:
    """The tiles of a row, a chain or a cross, one wide, about the origin; for a close-up, the
    tile it shows close first."""
    low, high = COUNTS[layout_name, size]
    count = int(rng.integers(low, high + 1))
    if layout_name == "row":
        boxes = side_by_side(rng, 0.0, 0.0, 1.0, rng.normal(0, 0.05), count, gap=rng.uniform(0, 0.04))
    elif layout_name == "chain":
        while True:
            boxes = chain(rng, count, 1.0, crosses=False)
            if len(boxes) >= min(low, 5) and _turns(boxes) and _touching(boxes):
                break
    else:
        boxes = cross(rng, [int(rng.integers(low, high + 1)) for _ in range(4)], 1.0)
    if size == "close-up":
        focus = 0 if layout_name == "cross" else int(rng.integers(len(boxes)))
        boxes = [boxes[focus]] + boxes[:focus] + boxes[focus + 1:]
    return boxes


def _fitted(rng, unit: list[np.ndarray], hmat, w: int, h: int, short: float, least: float, whole: int):
    """The boxes `unit` scaled to tiles `short` wide (down to `least` while the first `whole`
    of them would not lie wholly in the photo), their middle (a close-up's: its first tile's)
    a little off the photo's; None where they do not fit even at `least`."""
    anchor = unit[0].mean(axis=0) if whole == 1 else (np.concatenate(unit).min(axis=0)
                                                      + np.concatenate(unit).max(axis=0)) / 2
    for shift in (rng.uniform(-0.1, 0.1, 2) * (w, h), np.zeros(2)):
        wide = short
        while wide >= least:
            boxes = [np.float32((b - anchor) * wide + (w / 2, h / 2) + shift) for b in unit]
            if all(in_frame(b, hmat, w, h) for b in boxes[:whole]):
                return boxes
            wide *= 0.93
    return None


def _tiles(rng, layout_name: str, size: str, w: int, h: int):
    """The tiles' boxes in the plane and the camera, for one layout and size."""
    scale = max(w, h) / FINDER
    while True:
        hmat = camera(rng, w, h, max_tilt=15 if size == "close-up" else 30)
        if size == "close-up":
            length = rng.uniform(*CLOSE_UP) * min(w, h)
            least = CLOSE_UP[0] * min(w, h) / 2
        else:
            low, high = SMALL if size == "small" else NORMAL
            length = (rng.uniform(low, high) if size == "small" else math.exp(rng.uniform(*np.log(NORMAL)))) * scale
            least = low * scale / 2
        if layout_name == "scattered" and size != "close-up":
            count = int(rng.integers(COUNTS[layout_name, size][0], COUNTS[layout_name, size][1] + 1))
            boxes = layout(rng, w, h, length / 2, count, modes={"single": 1.0})
        else:
            unit = [tile_box(0.0, 0.0, 1.0, rng.uniform(0, 2 * math.pi))] if layout_name == "scattered" \
                else arrangement(rng, layout_name, size)
            boxes = _fitted(rng, unit, hmat, w, h, length / 2, least, 1 if size == "close-up" else len(unit))
        boxes = [b for b in boxes or [] if in_frame(b, hmat, w, h)]
        if boxes:
            return boxes, hmat


def style_scene(rng: np.random.Generator, style: str, layout_name: str, size: str, shape=SHAPE):
    """A photo of one cell: a set of `style` laid as `layout_name` at `size`; its face-up tiles'
    values and corners (as `synth_hard.hard_scene_with_answers` gives them), and the set."""
    look, max_value = set_style(rng, style)
    img, tiles = style_photograph(rng, style, layout_name, size, shape, drawn_set=(look, max_value))
    return (img, *face_up(tiles), max_value)


def style_photograph(rng: np.random.Generator, style: str, layout_name: str, size: str, shape=SHAPE,
                     drawn_set=None):
    """The photo of one cell (uint8 BGR) and its tiles as `render` gives them: what the style
    table reads, and what a finder run on the stream learns from (`stream.scene_of`).
    `drawn_set`: the set's look and highest value where `set_style` drew them already."""
    h, w = shape
    look, max_value = drawn_set or set_style(rng, style)
    cloth, glossy = table(rng, style, h, w)
    boxes, hmat = _tiles(rng, layout_name, size, w, h)
    return photograph(rng, cloth, glossy, boxes, hmat, look, max_value, answers=True, face_down_share=0,
                      tinted=False)


def tile_lengths(quads: list[np.ndarray], w: int = SHAPE[1], h: int = SHAPE[0]) -> list[float]:
    """Each tile's length (its longer side, averaged) at the finder's first look of a photo w x h."""
    sides = [[float(np.linalg.norm(q[(k + 1) % 4] - q[k])) for k in range(4)] for q in quads]
    return [max(s[0] + s[2], s[1] + s[3]) / 2 * FINDER / max(w, h) for s in sides]
