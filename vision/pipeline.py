"""The pip counter: photo bytes in, tiles and total out.

    decode -> working copy -> find tiles -> rectify each -> split halves -> count pips

`count_pips` is what the app and the command line call.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .find_tiles import TileRegion, find_tiles
from .halves import as_lab, rectify, shows_a_bar, split_halves
from .load import decode, working_copy
from .params import Params
from .pips import HalfCount, count_half, drop_specks as _drop_specks


@dataclass(frozen=True)
class TileFound:
    values: tuple[int, int]
    confidence: float
    corners: tuple[tuple[float, float], ...]     # original-image pixels (after EXIF rotation)
    halves: tuple[HalfCount, HalfCount] = field(compare=False, default=None)

    def as_dict(self) -> dict:
        return {"values": list(self.values), "confidence": round(self.confidence, 3),
                "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners]}


@dataclass(frozen=True)
class Result:
    tiles: tuple[tuple[int, int], ...]
    total: int                       # 0|0 counts 0 here: the score sheet applies the table's rule
    tiles_detail: tuple[TileFound, ...]
    width: int
    height: int
    # tile-shaped, with a bar, but a half reads more than the set holds: shown to check, not counted
    unreadable: tuple[tuple[tuple[float, float], ...], ...] = ()

    def to_json(self, unreadable: bool = False) -> dict:
        """The command line's document; the app also asks for the outlines that could not be read."""
        doc = {"tiles": [list(t) for t in self.tiles], "total": self.total,
               "tiles_detail": [t.as_dict() for t in self.tiles_detail],
               "width": self.width, "height": self.height}
        if unreadable:
            doc["unreadable"] = [[[round(x, 1), round(y, 1)] for x, y in c] for c in self.unreadable]
        return doc


def count_pips(image_bytes: bytes, set_size: int | None = None, params: Params = Params()) -> Result:
    image = decode(image_bytes, params)
    return analyse(image, set_size, params)


def analyse(image: np.ndarray, set_size: int | None = None, params: Params = Params()) -> Result:
    work, scale = working_copy(image, params)
    found, unreadable = [], []
    for region in find_tiles(work, params):
        tile = read_tile(work, region, set_size, params)
        corners = tuple((float(x / scale), float(y / scale)) for x, y in region.corners)
        if tile is UNREADABLE:
            unreadable.append(corners)
        elif tile is not None:
            found.append(TileFound(tile[0], tile[1], corners, tile[2]))
    tiles = tuple(t.values for t in found)
    return Result(tiles, sum(a + b for a, b in tiles), tuple(found), image.shape[1], image.shape[0],
                  tuple(unreadable))


UNREADABLE = "unreadable"


def read_tile(work: np.ndarray, region: TileRegion, set_size: int | None, params: Params):
    lab = as_lab(rectify(work, region.corners, params))
    if not shows_a_bar(lab, params):
        return None          # tile-shaped, but not a tile
    halves = split_halves(lab, params)
    first, second = _drop_specks(count_half(halves[0], params, bar_at_bottom=True),
                                 count_half(halves[1], params, bar_at_bottom=False), halves[0].shape[:2], params)
    limit = set_size if set_size is not None else 18
    if first.value > limit or second.value > limit:
        return UNREADABLE    # not a half of this set: a misread tile (or another set's), to check
    values = tuple(sorted((first.value, second.value)))
    return values, min(first.confidence, second.confidence), (first, second)
