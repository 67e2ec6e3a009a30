"""A tile read where a person tapped the photo: the review's answer to a tile the reading missed.

    tile_at(image, point, tiles, set_size) -> TileFound | None

The finder looks at a small window round the tap, at a few sizes about the width of the tiles
already read (a tile the first reading missed was often missed at the size it looked at, and
reads at another); each cut that covers the tap is read. Where the tap lies on a face the finder
sees and tiles were read before, the tile is also cut round the tap itself (`_cuts_round`): as
wide as the tiles read, turned as the face and the core under the tap run, centred on the tap
and on the core nearest it, so that a tile whose face ran into its neighbours' in a chain,
which no cut of the finder's parts, is read too. The surest reading stands (a little less
sure the farther its centre lies from the tap, `_merit`), with its confidence,
though never above `Params.tap_most`: the surest of several readings looks surer than it is,
so a tile read at a tap is always listed to check. Where no tile was read yet, the sizes are
guessed from the photo's size; so they are too where the looks at the tiles' width read
nothing (the tiles read were a few strays far narrower than the tiles). All of that is done
with the committed finder and again with the dark sets' finder (`finder-dark.onnx`, where it
is at hand), and the surer reading stands: a black tile missed is most often one the committed
finder cannot see (round 32).
"""
from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from .finder import TileRegion, long_axis, short_side, tiles_at, using_finder
from .model import have
from .params import PARAMS as P
from .pipeline import DARK_FINDER, TileFound, largest_half, plain_corners, read_tiles, square_up


def tile_at(image: np.ndarray, point: tuple[float, float], tiles: Sequence = (),
            set_size: int | None = None) -> TileFound | None:
    """The tile under `point` (x, y in the photo's pixels, after EXIF rotation), read as surely
    as any look round it reads it; `tiles` are the corners of the tiles read before, whose
    width sets the looks' sizes. None where no look finds a tile there, or where its halves
    are more than the set holds (`set_size`; `Params.largest_set` where it is not given)."""
    width = _width(tiles)
    best = None
    for finder in ["finder"] + ([DARK_FINDER] if have(DARK_FINDER) else []):
        with using_finder(finder):
            found = _surest_round(image, point, width)
            if found is None and width:     # the tiles read may be no guide (a few strays far narrower than the tiles)
                found = _surest_round(image, point, None)
        if found is not None and (best is None or found[0] > best[0]):
            best = found
    if best is None or max(best[2].top, best[2].bottom) > largest_half(set_size):
        return None
    _, region, reading = best
    return TileFound(tuple(sorted((reading.top, reading.bottom))), min(reading.confidence, P.tap_most),
                     plain_corners(region.corners), reading)


def read_round(image: np.ndarray, point: tuple[float, float], width: float | None):
    """The surest (cut, reading) of the looks round the point at about tiles `width` wide (None:
    at the sizes guessed from the photo's), and of the cuts round it; None where none reads."""
    best = _surest_round(image, point, width)
    return best and best[1:]


def _surest_round(image: np.ndarray, point: tuple[float, float], width: float | None):
    """`read_round`'s (cut, reading) with its merit first (`_merit`)."""
    best = None         # (merit, cut, reading)
    looks = _widths(image.shape, width)
    at_width = min(looks, key=lambda size: abs(size - width)) if width else None     # the look at their width
    for look in looks:
        window = _window(image.shape, point, look)
        found, maps = tiles_at(image, P.fit_width / look * max(image.shape[:2]), window)
        regions = [r for r, _ in found if r.holds(point)]
        if look == at_width:
            regions += _cuts_round(point, width, maps, P.fit_width / look / 2, window)
        regions, readings = square_up(image, regions, read_tiles(image, regions))
        for region, reading in zip(regions, readings):
            merit = None if reading is None else _merit(region, reading, point)
            if merit is not None and (best is None or merit > best[0]):
                best = (merit, region, reading)
    return best


def _merit(region: TileRegion, reading, point: tuple[float, float]) -> float:
    """How surely a cut reads, less `Params.tap_centred` for each tile width its centre lies off
    the tap: a person taps a tile about its middle, and a cut reaching the tap only with its end
    is more often of the neighbour."""
    off = math.dist(region.corners.mean(axis=0), point) / max(short_side(region.corners), 1.0)
    return reading.confidence - P.tap_centred * off


def _width(tiles: Sequence) -> float | None:
    """The median width of the tiles read before, in the photo's pixels (None where none were)."""
    return float(np.median([short_side(np.asarray(t, np.float32)) for t in tiles])) if len(tiles) else None


def _widths(shape: tuple, width: float | None) -> list[float]:
    if width:
        return [width * size for size in P.tap_sizes]
    return [max(shape[:2]) / share for share in P.tap_guessed]


def _window(shape: tuple, point: tuple[float, float], width: float) -> tuple[int, int, int, int]:
    x, y = point
    reach = P.tap_reach * width
    return (max(int(x - reach), 0), max(int(y - reach), 0),
            min(int(np.ceil(x + reach)), shape[1]), min(int(np.ceil(y + reach)), shape[0]))


def _cuts_round(point: tuple[float, float], width: float, maps: np.ndarray, scale: float,
                window: tuple) -> list[TileRegion]:
    """Tiles `width` wide cut round the tap, turned as the tile under the tap runs (`_turns`),
    centred on the tap and on the core nearest it; none where the finder's face map (`maps`, of the
    `window`'s look, `scale` photo pixels to map pixels) is not face under the tap."""
    face, core = maps
    x, y = (point[0] - window[0]) * scale, (point[1] - window[1]) * scale
    if not (0 <= int(y) < face.shape[0] and 0 <= int(x) < face.shape[1]) or face[int(y), int(x)] <= P.face_threshold:
        return []
    turns, core_centre = _turns(face, core, (x, y), width * scale)
    centres = [np.float32(point)] + ([] if core_centre is None else [np.float32(core_centre) / scale + window[:2]])
    return [TileRegion(_tile(centre, np.float32([math.cos(turn), math.sin(turn)]), width), 1.0)
            for turn in turns for centre in centres]


def _turns(face: np.ndarray, core: np.ndarray, at: tuple[float, float], width: float) -> tuple[list[float], tuple | None]:
    """The ways (radians) a tile under the point `at` of the maps may run, and the centre of the
    core nearest it (None where no core lies within `Params.tap_core_near` widths): the long
    axis of that core, and that of the face within a width of the point, each also turned a
    quarter round (a tile lies along a chain's arm or across it); every `Params.tap_every`
    degrees where neither shows."""
    found, centre = [], None
    count, labels, stats, centres = cv2.connectedComponentsWithStats((core > P.face_threshold).astype(np.uint8),
                                                                     connectivity=8)
    near = [(math.dist(centres[i], at), i) for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] >= P.min_core_area]
    near = [n for n in near if n[0] < P.tap_core_near * width]
    if near:
        label = min(near)[1]
        ys, xs = np.nonzero(labels == label)
        centre = tuple(centres[label])
        found.append(_long_axis(np.column_stack([xs, ys])))
    yy, xx = np.nonzero(face > P.face_threshold)
    close = (xx - at[0]) ** 2 + (yy - at[1]) ** 2 <= width ** 2
    if close.sum() >= P.min_core_area:
        found.append(_long_axis(np.column_stack([xx[close], yy[close]])))
    turns = []
    for turn in found + [t + math.pi / 2 for t in found]:
        turn %= math.pi
        if all(min(abs(turn - t), math.pi - abs(turn - t)) > math.radians(P.tap_same_turn) for t in turns):
            turns.append(turn)
    return turns or [math.radians(d) for d in range(0, 180, P.tap_every)], centre


def _long_axis(points: np.ndarray) -> float:
    """The direction (radians) in which points spread most."""
    x, y = long_axis(points)
    return math.atan2(y, x)


def _tile(centre: np.ndarray, along: np.ndarray, width: float) -> np.ndarray:
    """A tile's corners, a short side first: `width` wide, twice that long along `along`."""
    across = np.float32([-along[1], along[0]])
    return np.float32([centre - along * width + across * width / 2, centre - along * width - across * width / 2,
                       centre + along * width - across * width / 2, centre + along * width + across * width / 2])
