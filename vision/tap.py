"""A tile read where a person tapped the photo: the review's answer to a tile the reading missed.

    tile_at(image, point, tiles, set_size) -> TileFound | None

The finder looks at a small window round the tap, at a few sizes about the width of the tiles
already read (a tile the first reading missed was often missed at the size it looked at, and
reads at another); each cut that covers the tap is read, and the surest reading stands, with
its confidence, though never above `Params.tap_most`: the surest of several readings looks surer
than it is, so a tile read at a tap is always listed to check. Where no tile was read yet, the
sizes are guessed from the photo's size.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .finder import short_side, tiles_near
from .params import PARAMS as P
from .pipeline import TileFound, read_tiles, square_up


def tile_at(image: np.ndarray, point: tuple[float, float], tiles: Sequence = (),
            set_size: int | None = None) -> TileFound | None:
    """The tile under `point` (x, y in the photo's pixels, after EXIF rotation), read as surely
    as any look round it reads it; `tiles` are the corners of the tiles read before, whose
    width sets the looks' sizes. None where no look finds a tile there, or where its halves
    are more than the set holds (`set_size`; 18 where it is not given)."""
    best = None
    for width in _widths(image.shape, tiles):
        regions = [r for r in tiles_near(image, _window(image.shape, point, width), width) if r.holds(point)]
        regions, readings = square_up(image, regions, read_tiles(image, regions))
        for region, reading in zip(regions, readings):
            if reading is not None and (best is None or reading.confidence > best[1].confidence):
                best = (region, reading)
    if best is None or max(best[1].top, best[1].bottom) > (18 if set_size is None else set_size):
        return None
    region, reading = best
    return TileFound(tuple(sorted((reading.top, reading.bottom))), min(reading.confidence, P.tap_most),
                     tuple((float(x), float(y)) for x, y in region.corners), reading)


def _widths(shape: tuple, tiles: Sequence) -> list[float]:
    if len(tiles):
        width = float(np.median([short_side(np.asarray(t, np.float32)) for t in tiles]))
        return [width * size for size in P.tap_sizes]
    return [max(shape[:2]) / share for share in P.tap_guessed]


def _window(shape: tuple, point: tuple[float, float], width: float) -> tuple[int, int, int, int]:
    x, y = point
    reach = P.tap_reach * width
    return (max(int(x - reach), 0), max(int(y - reach), 0),
            min(int(np.ceil(x + reach)), shape[1]), min(int(np.ceil(y + reach)), shape[0]))
