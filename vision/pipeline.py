"""The pip counter: photo bytes in, tiles and total out.

`analyse` runs the declared list of named stages, `STAGES`, in order, each taking what the
stages before it saw (`Seen`: the finder's looks, the tiles cut, their readings) and giving
it on, and keeps a trace of each (`StageTrace`: its time, the tiles after it, how many it
added or cut again, how many it dropped), which the debug overlay draws. The stages know the
table's set (`LARGEST`): a half read above it has no confidence, so the tile is read and cut
again as an unsure one is; so has the less sure of two first readings of one tile (`_twice_unsure`:
a set holds each tile once). Then halves still above the set are refused, a 0|0 is never marked
sure (`Params.blank_most`), and each tile is counted at most once. Every number is in
`vision.params.Params`.

`count_pips` is what the app and the command line call.
"""
from __future__ import annotations

import time
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Callable

import cv2
import numpy as np

from .finder import (FINDER, Sighting, TileRegion, coarse_only, fitted_alone, small_faces_at_finest, find_tiles, holds,
                     inside, core_outlines, short_side, tile_axes, tiles_at, tiles_near, uncovered_faces, unread_cores,
                     unread_faces, let_go, using_finder, zoomed_sighting)
from .load import decode
from .model import have, network
from .params import PARAMS as P
from .params import Params
from .reader import TileReading, peaks_inside, read_maps

DARK_FINDER = "finder-dark"     # the finder taught on dark sets (vision/models/finder-dark.onnx)
DARK_READER = "reader-dark"     # ... and the reader taught on them, read with where that finder looks
# the most pips a half of the table's set holds, while `analyse` reads a photo: a cut read with more
# in a half most often lies across two touching tiles; that half is read with no confidence
# (`_in_set`), so the stages read the tile again and cut it again as they do an unsure one
LARGEST: ContextVar[int] = ContextVar("largest", default=P.largest_set)


@contextmanager
def set_bound(set_size: int | None):
    """The tiles read within are read as of a set of `set_size` (`LARGEST`, `largest_half`), as
    `using_finder` sets the finder; gives that bound, the most pips a half holds."""
    bound = largest_half(set_size)
    token = LARGEST.set(bound)
    try:
        yield bound
    finally:
        LARGEST.reset(token)


READER_CORNERS = np.float32([[0, 0], [P.read_w, 0], [P.read_w, P.read_h], [0, P.read_h]])   # a cut, as the reader sees it


def plain_corners(corners) -> tuple[tuple[float, float], ...]:
    """An outline's corners as a result holds them: (x, y) in plain numbers, not NumPy's."""
    return tuple((float(x), float(y)) for x, y in corners)


@dataclass(frozen=True)
class TileFound:
    values: tuple[int, int]
    confidence: float
    corners: tuple[tuple[float, float], ...]     # original-image pixels (after EXIF rotation)
    reading: TileReading = field(compare=False, default=None)

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
    # tile-shaped, with a bar, but a half reads more than the set holds, or the same tile twice;
    # or seen, with a pip, but no divider made out (`shown_unread`); or read unsurely with two pips
    # at most, like no tile read (`few_pips`): shown to check, not counted
    unreadable: tuple[tuple[tuple[float, float], ...], ...] = ()
    trace: tuple = field(default=(), compare=False)    # each stage as it ran (`StageTrace`)

    def to_json(self, unreadable: bool = False) -> dict:
        """The command line's document; the app also asks for the outlines that could not be read."""
        doc = {"tiles": [list(t) for t in self.tiles], "total": self.total,
               "tiles_detail": [t.as_dict() for t in self.tiles_detail],
               "width": self.width, "height": self.height}
        if unreadable:
            doc["unreadable"] = [[[round(x, 1), round(y, 1)] for x, y in c] for c in self.unreadable]
        return doc


def count_pips(image_bytes: bytes, set_size: int | None = None, params: Params = Params(),
               closer: bool = False) -> Result:
    return analyse(decode(image_bytes, params), set_size, closer)


@dataclass(frozen=True)
class Seen:
    """What the stages have seen so far: the finder's looks, the tiles cut and their readings
    (None: the cut showed no divider)."""
    sighting: Sighting | None = None
    regions: tuple = ()
    readings: tuple = ()
    shown: tuple = ()       # outlines of tiles seen whose pips no reading made out: shown to check
    finder: str = "finder"  # the finder network the stages look with (a dark set's: `_find`, `_dark_set`)
    dark: bool = True       # a dark set may be looked at with its finder (not where "dark set" is left out)


@dataclass(frozen=True)
class Stage:
    """One named stage: what it does to what was seen (`run(image, seen) -> seen`); with
    `asked`, it runs only on request (the review's "Look closer")."""
    name: str
    run: Callable
    asked: bool = False


@dataclass(frozen=True)
class StageTrace:
    """One stage as it ran on a photo: its time, the tiles (region, reading) after it, how
    many of those it added or cut again, how many it dropped, and how many it outlined unread."""
    name: str
    ms: float
    tiles: tuple
    changed: int
    dropped: int
    shown: int = 0      # outlines it added to show to check, unread (`shown_unread`)


def _none_read(image: np.ndarray, seen: Seen) -> Seen:
    """Where the finder's first looks found tiles but none read as a tile with a pip (a card, or
    a whole cross of small tiles, taken for one large tile; pieces of a ruled card read as 0|0,
    a line and no pip), the whole photo is looked at closer, as where those looks see no tile
    at all (`finder.find_tiles`), and read there; where nothing reads there either, what the
    first looks saw stands. Where the photo was looked at closer already, or is small, nothing
    changes; nor where a tile with a pip did read, unless none read surely on a large photo
    (`Params.zoom_unsure_from`, a phone's photo of tiles far off: the first look saw a few
    clusters of them, and their pieces read unsurely), where the closer look's tiles stand if
    any of them reads surely with a pip. (Taking that look where tiles read but none surely on
    photos of every size lost development photos: changelog's rounds 15, 16 and 29.)"""
    if seen.sighting.zoomed or coarse_only(image.shape):
        return seen
    pips = any(_pips(r) for r in seen.readings)
    if pips and (max(image.shape[:2]) < P.zoom_unsure_from or any(map(_sure_pips, seen.readings))):
        return seen
    sighting = zoomed_sighting(image)
    regions, readings = read_best(image, sighting.regions)
    # a large photo read only unsurely: the closer look stands where it reads a tile surely
    read = any(map(_sure_pips, readings)) if pips else any(r is not None for r in readings)
    if not read:
        return seen
    return replace(seen, sighting=sighting, regions=tuple(regions), readings=tuple(readings))


def shown_unread(image: np.ndarray, seen: Seen) -> Seen:
    """On a photo of small tiles (the finder looked at it whole and closer: `Sighting.zoomed`),
    tiles the finder saw but no reading made out are outlined to check, not counted: the review
    asks the person to add each (tiles too small or blurred for their divider to show). They are
    the cuts left that read no divider, where the finder's core lies under their centre, and the
    outlines of the cores that no tile holds (`finder.core_outlines`: a core that ran over several
    touching tiles cut into each), none past the photo's edge, taken where the reader sees
    a pip on them, looked at both ways up (`_pip_seen`; on a dark set's photo where too few
    tiles were read to go by, or under a core its finder is all but sure of, whatever the
    reader sees: see below), and, where `Params.shown_width_least` tiles were read, about as
    wide as those (`Params.shown_width`): a patch of carpet or a printed flower the finder took
    for a tile is narrower or wider, most often. On other photos such
    faces were more often patterns than tiles (seeds 30 to 39's style table: 19 outlines on no
    tile against 6 on a tile missed; shared/'s photos: 5 on no tile, none on a tile).

    The dark sets' finder was taught on black tiles alone: on a dark set's photo (looked at with
    it) where fewer than `Params.shown_width_least` tiles were read, what it sees is most often a
    tile whose white pips blurred away, as small black tiles' do first, so the reader sees none on
    the very tiles it finds: there its outlines are shown without a pip, held to the width of the
    one tile read where one was (a dark mottled table's specks, a fifth of its width: changelog's
    round 36). Where tiles were read, an outline without a pip is shown where the dark sets'
    finder is all but sure of a tile's core at its middle (`Params.shown_dark_core`): small black
    tiles of a chain cut true, their pips blurred, which the reader reads no divider on; a
    table's speck or a shadow seldom holds so strong a core (shown with no such core, about as
    many outlines lay on no tile as on a tile missed: changelog's round 36; the bound, round 37)."""
    if seen.sighting is None or not seen.sighting.zoomed:
        return seen
    read = [r for r, reading in zip(seen.regions, seen.readings) if reading is not None]
    width = _width(read) if len(read) >= P.shown_width_least else None
    one = _width(read) if read and width is None else None  # the one tile read, where only one was
    held = [r.corners for r in read]
    shown = []

    def bare(outline: np.ndarray) -> bool:
        """Shown on a dark set's photo though the reader sees no pip on it."""
        if seen.finder != DARK_FINDER:
            return False
        if width is None:       # few tiles read: held to the one read, if one was
            return one is None or _about_as_wide(outline, one)
        return seen.sighting.core_at(outline.mean(axis=0)) >= P.shown_dark_core

    def show(outlines: list[np.ndarray]) -> None:
        outlines = [o for o in outlines if _in_photo(o.mean(axis=0), image.shape) and (
            width is None or _about_as_wide(o, width))]
        shows = [bare(o) for o in outlines]
        pips = iter(_pip_seen(image, [o for o, b in zip(outlines, shows) if not b]))   # the rest: a pip seen?
        shows = [b or next(pips) for b in shows]
        for outline, show_it in zip(outlines, shows):
            if show_it and not any(holds(h, outline.mean(axis=0)) for h in held):
                held.append(outline)
                shown.append(outline)

    show([r.corners for r, reading in zip(seen.regions, seen.readings)
          if reading is None and seen.sighting.core_at(r.corners.mean(axis=0)) > P.face_threshold])
    show(core_outlines(seen.sighting, held, width))
    return replace(seen, shown=seen.shown + tuple(shown))


def _about_as_wide(outline: np.ndarray, width: float) -> bool:
    """The outline is about as wide as tiles `width` wide (`Params.shown_width`)."""
    return P.shown_width[0] <= short_side(outline) / width <= P.shown_width[1]


def _in_photo(point, shape: tuple) -> bool:
    """The point (x, y) lies on the photo: the looks' maps run on past its edge, where each look's
    input was padded."""
    return 0 <= point[0] < shape[1] and 0 <= point[1] < shape[0]


def _pip_seen(image: np.ndarray, outlines: list[np.ndarray]) -> list[bool]:
    """For each outline, whether the reader marks a pip (a peak of at least `Params.peak`, inside
    the rim) on the tile cut there, its maps of the tile and of the tile turned half round averaged."""
    if not outlines:
        return []
    batch = np.stack([rectify(image, o) for o in outlines])
    pips = (_reader_maps(batch)[:, 0] + _turned_maps(batch)[:, 0]) / 2
    return [any(v >= P.peak for _, _, v in peaks_inside(m, P.weak)[0]) for m in pips]


def _pips(reading: TileReading | None) -> bool:
    """A tile read with a pip on it: a 0|0 bears no reading out, so it neither counts as a tile
    read here nor is ever marked sure (`analyse`, `Params.blank_most`)."""
    return reading is not None and (reading.top, reading.bottom) != (0, 0)


def _sure_pips(reading: TileReading | None) -> bool:
    """A tile read surely, with a pip on it."""
    return _pips(reading) and _sure(reading)


def _tiles(stage):
    """A stage on the tiles cut and read alone: `stage(image, regions, readings)`."""
    return lambda image, seen: replace(seen, **dict(zip(("regions", "readings"), map(
        tuple, stage(image, list(seen.regions), list(seen.readings))))))


def _with_sighting(stage):
    """A stage that also asks what the finder's looks saw: `stage(image, sighting, regions, readings)`."""
    return lambda image, seen: replace(seen, **dict(zip(("regions", "readings"), map(
        tuple, stage(image, seen.sighting, list(seen.regions), list(seen.readings))))))


def _find(image: np.ndarray, seen: Seen) -> Seen:
    """The finder's looks (`finder.find_tiles`), with the dark sets' finder from the first where
    the first look's faces are dark: the stages after look with it too."""
    sighting = find_tiles(image, DARK_FINDER if seen.dark and have(DARK_FINDER) else None)
    return replace(seen, sighting=sighting, regions=tuple(sighting.regions), finder=sighting.finder or seen.finder)


_read = _tiles(lambda image, regions, _: _twice_unsure(*read_best(image, regions)))


def _twice_unsure(regions: list[TileRegion], readings: list) -> tuple[list[TileRegion], list]:
    """A set holds each tile once: of two readings that give the same tile, the less sure is read with
    no confidence, so the stages after cut it again as they do an unsure one."""
    order = sorted((i for i, r in enumerate(readings) if r is not None), key=lambda i: -readings[i].confidence)
    seen, readings = set(), list(readings)
    for i in order:
        values = tuple(sorted((readings[i].top, readings[i].bottom)))
        if values in seen:
            readings[i] = replace(readings[i], top_confidence=0.0, bottom_confidence=0.0)
        seen.add(values)
    return regions, readings


def _dark_set(image: np.ndarray, seen: Seen) -> Seen:
    """Where the photo is of a dark set that the first look did not tell (the faces the closer
    look at 1536 saw are dark, `finder.dark_set`, or the tiles read with a pip are, `_dark_bodies`),
    the finder's looks again with the finder taught on dark sets, read as the first were
    (`_find`, `_read`, `_none_read`); the stages after look with it too.

    Where no tile read surely with a pip, the photo may be of a dark set too that the faces
    did not tell: small black tiles among light cards, which the committed finder takes for
    faces, so the faces are light. It is looked at with the dark sets' finder as well, and
    that look stands where it reads more tiles surely with a pip than the committed finder
    read with a pip at all, or, where that finder read none, `Params.dark_tiles` with a pip
    (on a photo of light tiles it seldom does; a dark wooden floor whose specks it reads
    beside one tile surely, shared/'s rakeduk-04, stays the committed finder's)."""
    if seen.finder == DARK_FINDER or not have(DARK_FINDER):
        return seen
    told = seen.sighting.dark or _dark_bodies(image, seen)
    if not told and any(map(_sure_pips, seen.readings)):
        return seen
    let_go("finder", image)
    with using_finder(DARK_FINDER):
        dark = replace(_none_read(image, _read(image, _find(image, Seen()))), finder=DARK_FINDER)
    read = sum(map(_pips, seen.readings))
    if told or sum(map(_sure_pips, dark.readings)) > read or not read and sum(map(_pips, dark.readings)) >= P.dark_tiles:
        return dark
    let_go(DARK_FINDER, image)
    return seen


def _dark_bodies(image: np.ndarray, seen: Seen) -> bool:
    """Whether the tiles read with a pip (`Params.dark_tiles` at least) are mostly of a dark
    body: the median grey of each one's middle under `Params.dark_below`."""
    read = [r for r, reading in zip(seen.regions, seen.readings) if _pips(reading)]
    if len(read) < P.dark_tiles:
        return False
    greys = []
    for region in read:
        cut = cv2.warpPerspective(image, cv2.getPerspectiveTransform(np.float32(region.corners),
                                                                     np.float32([[0, 0], [12, 0], [12, 24], [0, 24]])),
                                  (12, 24), flags=cv2.INTER_LINEAR)
        greys.append(np.median(cv2.cvtColor(cut[4:20, 2:10], cv2.COLOR_BGR2GRAY)))
    return float(np.median(greys)) < P.dark_below


def run_stages(image: np.ndarray, closer: bool = False, skip: tuple[str, ...] = ()) -> tuple[Seen, tuple]:
    """What the stages see on the photo, and each stage's trace. With `closer`, the stages run
    only on request run too; those named in `skip` do not run (`vision.evaluate --ablate`)."""
    seen, trace = Seen(dark="dark set" not in skip), []
    for stage in STAGES:
        if stage.name in skip or stage.asked and not closer:
            continue
        started = time.perf_counter()
        with using_finder(seen.finder):
            after = stage.run(image, seen)
        before = {id(r) for r in seen.regions}
        kept = {id(r) for r in after.regions}
        trace.append(StageTrace(stage.name, (time.perf_counter() - started) * 1000,
                                tuple(zip(after.regions, after.readings or (None,) * len(after.regions))),
                                sum(id(r) not in before for r in after.regions),
                                sum(id(r) not in kept for r in seen.regions) if stage.name != "find" else 0,
                                len(after.shown) - len(seen.shown)))
        seen = after
    if seen.finder != "finder":
        let_go(seen.finder, image)
    return seen, tuple(trace)


def analyse(image: np.ndarray, set_size: int | None = None, closer: bool = False,
            skip: tuple[str, ...] = ()) -> Result:
    """The tiles in the photo, from `STAGES`; with `closer`, also those only a closer look at the
    whole photo finds, which takes about three times as long: the review's "Look closer"."""
    with set_bound(set_size) as limit:
        seen, trace = run_stages(image, closer, skip)
    found, unreadable = [], []
    for region, reading in zip(seen.regions, seen.readings):
        corners = plain_corners(region.corners)
        if reading is None:
            continue                       # no divider: not a tile face
        if reading.top > limit or reading.bottom > limit:
            unreadable.append(corners)     # not a half of this set: a misread to check
            continue
        values = tuple(sorted((reading.top, reading.bottom)))
        confidence = reading.confidence if _pips(reading) else min(reading.confidence, P.blank_most)
        found.append(TileFound(values, confidence, corners, reading))
    found, twice = once_each(found)
    unreadable.extend(t.corners for t in twice)
    unreadable.extend(plain_corners(outline) for outline in seen.shown)
    tiles = tuple(t.values for t in found)
    return Result(tiles, sum(a + b for a, b in tiles), tuple(found), image.shape[1], image.shape[0],
                  tuple(unreadable), trace)


def largest_half(set_size: int | None) -> int:
    """The most pips a half of the table's set holds: the set's highest value, or
    `Params.largest_set` where the set is not given."""
    return set_size if set_size is not None else P.largest_set


def read_best(image: np.ndarray, regions: list[TileRegion]) -> tuple[list[TileRegion], list]:
    """Read each tile found. Of each run of touching tiles cut more than one way, keep the way
    whose pieces all read as tiles (a divider across each middle) and as different tiles (a set
    holds each tile once), and of those the one whose pieces best fit the finder's cores
    (centres on them, edges off them); where no way reads whole, the one with most pieces read.

    The ways are read in order of fit, and a run is settled by the first that reads whole with
    no tile twice, the rest never read; but for the ways that cut the run into more tiles
    nearly as wide as that way's (`Params.same_width`). The way settled may hold only the tiles whose cores
    stood apart (the others' cores ran together), and a cut of the whole run reads them all:
    of those ways, the one of most tiles that reads whole with no tile twice stands. A way
    that fits the cores far worse than the best one is not tried (`_fitting`)."""
    ways: dict = {}
    for region in regions:
        if region.group is not None:
            ways.setdefault(region.group, {}).setdefault(region.way, []).append(region)
    order = {group: _fitting(by_way) for group, by_way in ways.items()}
    readings: dict[int, TileReading | None] = {}
    chosen: dict = {}
    pending = [r for r in regions if r.group is None] + [r for g in ways for r in ways[g][order[g][0]]]
    tried = 0
    while pending:
        for region, reading in zip(pending, read_tiles(image, pending)):
            readings[id(region)] = reading
        pending = []
        for group, by_way in ways.items():
            if group in chosen:
                continue
            got = [readings[id(r)] for r in by_way[order[group][tried]]]
            if _reads_whole(got):
                chosen[group] = order[group][tried]
            elif tried + 1 < len(order[group]):
                pending.extend(by_way[order[group][tried + 1]])
            else:
                chosen[group] = max(order[group], key=lambda way: _merit([readings[id(r)] for r in by_way[way]],
                                                                         _fit(by_way[way])))
        tried += 1
    _more_tiles(image, ways, chosen, readings)
    kept = [r for r in regions if r.group is None or chosen[r.group] == r.way]
    return kept, [readings[id(r)] for r in kept]


def _fitting(by_way: dict) -> list:
    """A run's ways in order of fit, best first, but for those that fit the finder's cores
    under `Params.way_fit_share` of the best one's fit (where that is above 0). Tiles side by
    side cut the other way, across their middles, read whole, each cut's halves true halves
    of two tiles; where the way along the cores reads a piece unsurely, the stages after cut
    that piece again, and the way across is not taken instead. A chain's or cross's way along
    its arms, its fit lowered by `Params.arm_after` so that it is read after the others, is
    held to nothing: its outline, not its cores, placed its tiles."""
    fits = {way: _fit(pieces) for way, pieces in by_way.items()}
    order = sorted(fits, key=lambda way: -fits[way])
    best = fits[order[0]]
    if best <= 0:
        return order
    return [way for way in order if fits[way] >= P.way_fit_share * best or fits[way] <= 1 - P.arm_after]


def _more_tiles(image: np.ndarray, ways: dict, chosen: dict, readings: dict) -> None:
    """Where the way chosen for a run reads whole, the ways that cut it into more tiles, each at
    least `Params.same_width` as wide, are read, and of those that read whole with no tile twice the
    one of most tiles (then the best fit) is chosen."""
    more = {}
    for group, way in chosen.items():
        pieces = ways[group][way]
        if not _reads_whole([readings[id(r)] for r in pieces]):
            continue
        width = _width(pieces)
        more[group] = [w for w, cut in ways[group].items()
                       if len(cut) > len(pieces) and _width(cut) >= P.same_width * width]
    unread = [r for group, found in more.items() for w in found for r in ways[group][w] if id(r) not in readings]
    for region, reading in zip(unread, read_tiles(image, unread)):
        readings[id(region)] = reading
    for group, found in more.items():
        whole = [w for w in found if _reads_whole([readings[id(r)] for r in ways[group][w]])]
        if whole:
            chosen[group] = max(whole, key=lambda w: (len(ways[group][w]), _fit(ways[group][w])))


def _width(pieces: list[TileRegion]) -> float:
    """The tiles' median width, in the photo's pixels."""
    return float(np.median([short_side(r.corners) for r in pieces]))


def _sure(reading: TileReading | None) -> bool:
    """A tile read, and read surely enough not to be listed first to check."""
    return reading is not None and reading.confidence >= P.confident


def small_tiles_closer(image: np.ndarray, sighting: Sighting, regions: list[TileRegion], readings: list):
    """Where the fine look saw the core of a small tile that it did not read surely, a closer
    look at that face, and on each such face the look that read more different tiles surely,
    then more different tiles; the fine look where they read as many."""
    surely = [r for r, reading in zip(regions, readings) if _sure(reading)]
    doubtful = {face for face, centre in sighting.small_cores
                if not any(r.holds(centre) for r in surely)}
    closer, closer_readings = read_best(image, small_faces_at_finest(image, sighting, doubtful))
    if not closer:
        return regions, readings
    regions, readings = regions + closer, readings + closer_readings
    read: dict = {}       # face: look: the different tiles read there, surely and at all
    for r, reading in zip(regions, readings):
        if r.contest is not None and r.contest[0] in doubtful:
            read_surely, read_at_all = read.setdefault(r.contest[0], {}).setdefault(r.contest[1], (set(), set()))
            if reading is not None:
                tile = tuple(sorted((reading.top, reading.bottom)))
                read_at_all.add(tile)
                if reading.confidence >= P.confident:
                    read_surely.add(tile)
    # the looks in order of their size, so that on a tie the first, the fine look, stands
    best = {piece: max(sorted(by_look), key=lambda look: tuple(map(len, by_look[look])))
            for piece, by_look in read.items()}
    kept = [i for i, r in enumerate(regions) if r.contest is None or best.get(r.contest[0], r.contest[1]) == r.contest[1]]
    return [regions[i] for i in kept], [readings[i] for i in kept]


def rest_of_faces(image: np.ndarray, sighting: Sighting, regions: list[TileRegion], readings: list):
    """Where part of a face is covered by no tile read (the far tiles of a run whose faces
    ran together), that part is looked at again with the tiles at the size the finder knows
    best, as wide as the photo's tiles read, and the new tiles found there are read."""
    read = [r for r, reading in zip(regions, readings) if reading is not None]
    if not read:
        return regions, readings
    width = _width(read)
    seen = [r for window in uncovered_faces(sighting, read, width, image.shape)
            for r in tiles_near(image, window, width)]
    return _with_sure(image, regions, readings, seen)


def cores_unread(image: np.ndarray, sighting: Sighting, regions: list[TileRegion], readings: list):
    """A core the finder saw that no tile read holds may be a tile whose cut missed it: a tile of
    a chain cut across its neighbour, or a black tile whose blank half the finder did not see,
    cut half a tile long (`finder.unread_cores`). It is read as a tap there (`_read_as_taps`)."""
    return _read_as_taps(image, regions, readings, lambda read, width: unread_cores(sighting, read))


def faces_unread(image: np.ndarray, sighting: Sighting, regions: list[TileRegion], readings: list):
    """The rest of a face that no tile read covers, on a face where a tile was read, may hold
    tiles no cut and no core held (a run's far tiles, small tiles touching in a chain): it is
    read as taps along it, a tile's worth apart (`finder.unread_faces`, `_read_as_taps`)."""
    return _read_as_taps(image, regions, readings, lambda read, width: unread_faces(sighting, read, width))


def _read_as_taps(image: np.ndarray, regions: list[TileRegion], readings: list, points):
    """Each of the `points(tiles read, their width)` that no tile read holds is read as the review
    reads a tap on it (`tap.read_round`), and the tile stands where it reads with a pip at least
    `Params.cores_least` surely and no tile read holds its centre: listed to check, at most
    `Params.tap_most` sure, as a tile read at a tap is."""
    from .tap import read_round     # the tap reads with this module's `read_tiles`: imported once it runs
    read = [r for r, reading in zip(regions, readings) if reading is not None]
    if not read:
        return regions, readings
    width = _width(read)
    regions, readings = list(regions), list(readings)
    for point in points(list(read), width):
        if not _in_photo(point, image.shape):      # a point on the look's padding past the photo's edge
            continue
        found = None if any(r.holds(point) for r in read) else read_round(image, tuple(map(float, point)), width)
        if found is None:
            continue
        region, reading = found
        if _pips(reading) and reading.confidence >= P.cores_least and not any(
                r.holds(region.corners.mean(axis=0)) for r in read):
            read.append(region)
            regions.append(region)
            readings.append(_at_most(reading, P.tap_most))
    return regions, readings


def _at_most(reading: TileReading, most: float) -> TileReading:
    """The reading, at most `most` sure."""
    return replace(reading, top_confidence=min(reading.top_confidence, most),
                   bottom_confidence=min(reading.bottom_confidence, most))


def _to_check(reading: TileReading) -> TileReading:
    """A reading of a tile cut again to read surer, kept just under `confident`
    (`Params.nudge_below_sure`): the surest of several cuts looks surer than it is."""
    return _at_most(reading, P.confident - P.nudge_below_sure)


def _with_sure(image: np.ndarray, regions: list[TileRegion], readings: list, seen: list[TileRegion]):
    """The tiles read, and those a second look has `seen` where no tile was read (its centre on
    none) that read surely: a tile only that look sees may be a table's pattern that shows
    something like a tile."""
    read = [r for r, reading in zip(regions, readings) if reading is not None]
    found = [r for r in seen if not any(k.holds(r.corners.mean(axis=0)) for k in read)]
    if not found:
        return regions, readings
    more, more_readings = read_best(image, found)
    sure = [i for i, reading in enumerate(more_readings) if _sure(reading)]
    return regions + [more[i] for i in sure], readings + [more_readings[i] for i in sure]


def whole_photo_closer(image: np.ndarray, regions: list[TileRegion], readings: list):
    """The whole photo looked at again at `Params.finest`, twice as close as the fine look: tiles
    small in the photo, or faint on a pale table, that the fine look barely saw stand out
    there. A tile that look finds where no tile was read is kept where it reads surely; the
    tiles already read stay as they are."""
    return _with_sure(image, regions, readings, [r for r, _ in tiles_at(image, P.finest)[0]])


def fit_alone(image: np.ndarray, regions: list[TileRegion], readings: list):
    """A tile read unsurely, or a cut that showed no divider, may have been cut off its
    tile: it is looked at again on its own (`finder.fitted_alone`) and read again, and the
    surer reading stands (any reading, where the cut showed no divider)."""
    unsure = [i for i, reading in enumerate(readings) if reading is None or reading.confidence < P.confident]
    fitted = [(i, fitted_alone(image, regions[i])) for i in unsure]
    return _read_again(image, regions, readings, [(i, region) for i, region in fitted if region is not None],
                       lambda old, new: old is None or new.confidence > old.confidence)


def to_size(image: np.ndarray, regions: list[TileRegion], readings: list):
    """The tiles of one set are one size: where at least `Params.size_sure_least` tiles were read
    surely, a tile read unsurely whose cut is more than `Params.size_off` times wider or
    narrower than their median width was cut round more or less than its tile (a neighbour's
    pips at the rim, or its own cut off). It is cut again round its divider at their width, twice
    as long, and that reading stands where it is sure within `Params.size_less_sure` of the
    first; it stays listed to check, as a nudged tile does."""
    width = _sure_width(regions, readings, P.size_sure_least)
    if width is None:
        return regions, readings
    off = [i for i, (region, reading) in enumerate(zip(regions, readings))
           if reading is not None and not _sure(reading)
           and not 1 / P.size_off <= short_side(region.corners) / width <= P.size_off]
    cuts = [(i, round_divider(regions[i].corners, readings[i].bar, width)) for i in off]
    again = [(i, replace(regions[i], corners=c)) for i, c in cuts if c is not None and inside(c, image.shape)]
    regions, read_again = _read_again(image, regions, readings, again,
                                      lambda old, new: new.confidence >= old.confidence - P.size_less_sure)
    return regions, [_to_check(new) if new is not old else new
                     for new, old in zip(read_again, readings)]


def _sure_width(regions: list[TileRegion], readings: list, least: int) -> float | None:
    """The median width of the tiles read surely, where at least `least` were; else None."""
    sure = [r for r, reading in zip(regions, readings) if _sure(reading)]
    return _width(sure) if len(sure) >= least else None


def one_size(regions: list[TileRegion], readings: list):
    """The tiles of one set are one size, but for the camera's perspective: where a tile was
    read surely (`Params.stray_sure_least`), a tile read unsurely that is much narrower than
    the sure ones (under `Params.stray_width` of their median width) is a patch of the table
    read as a tile, and is left out."""
    width = _sure_width(regions, readings, P.stray_sure_least)
    if width is None:
        return regions, readings
    least = P.stray_width * width
    kept = [i for i, (r, reading) in enumerate(zip(regions, readings))
            if reading is None or _sure(reading) or short_side(r.corners) >= least]
    return [regions[i] for i in kept], [readings[i] for i in kept]


def few_pips(seen: Seen) -> Seen:
    """A tile read with two pips in all at most (0|0, 0|1, 0|2, 1|1) has little but its divider
    to bear the reading out, and a line on the table, the seam between two tiles or a card's
    rule reads as a divider. Where it is less sure than `Params.few_pips_sure` has it for its
    count of pips and no tile read with more pips is about as wide (`Params.shown_width`: small
    tiles read unsurely beside their like), it is not counted but outlined to check, as a tile
    seen but not made out is."""
    def few(reading) -> bool:
        return reading is not None and reading.top + reading.bottom < len(P.few_pips_sure)
    widths = [short_side(r.corners) for r, reading in zip(seen.regions, seen.readings)
              if reading is not None and not few(reading)]      # the tiles read with more pips
    doubtful = [few(reading) and reading.confidence < P.few_pips_sure[reading.top + reading.bottom]
                and not any(_about_as_wide(region.corners, width) for width in widths)
                for region, reading in zip(seen.regions, seen.readings)]
    if not any(doubtful):
        return seen
    kept = [i for i, doubt in enumerate(doubtful) if not doubt]
    return replace(seen, regions=tuple(seen.regions[i] for i in kept), readings=tuple(seen.readings[i] for i in kept),
                   shown=seen.shown + tuple(r.corners for r, doubt in zip(seen.regions, doubtful) if doubt))


def nudge(image: np.ndarray, regions: list[TileRegion], readings: list):
    """A tile still read unsurely may be cut a little off its tile in a way no stage before
    saw (across it, or a little too large or small), so that the cut shows a neighbour's pips
    at its rim. It is cut again a little way off each way (`Params.nudge_along`, `Params.nudge_across`,
    `Params.nudge_size`) and read once each way; the surest reading stands where it is surer by
    `Params.nudge_surer`. The tile stays below `Params.confident`, listed first to check: the surest of
    several readings looks surer than it is."""
    unsure = [i for i, reading in enumerate(readings) if reading is not None and reading.confidence < P.confident]
    again = [(i, replace(regions[i], corners=corners)) for i in unsure for corners in _nudged(regions[i].corners)]
    if not again:
        return regions, readings
    regions, readings = list(regions), list(readings)
    best: dict[int, tuple[TileRegion, TileReading]] = {}
    for (i, region), reading in zip(again, read_tiles(image, [region for _, region in again], twice=False)):
        if reading is not None and reading.confidence >= max(readings[i].confidence + P.nudge_surer,
                                                             best[i][1].confidence if i in best else 0.0):
            best[i] = (region, reading)
    for i, (region, reading) in best.items():
        regions[i], readings[i] = region, _to_check(reading)
    return regions, readings


def _nudged(corners: np.ndarray) -> list[np.ndarray]:
    """The cut moved a little way along the tile and across it, each way, and made a little
    larger and smaller about its centre."""
    corners = np.asarray(corners, np.float32)
    centre = corners.mean(axis=0)
    across, along = tile_axes(corners)
    steps = [along * share for share in P.nudge_along] + [across * share for share in P.nudge_across]
    return ([corners + sign * step for step in steps for sign in (1, -1)]
            + [centre + (corners - centre) * size for size in P.nudge_size])


def square_up(image: np.ndarray, regions: list[TileRegion], readings: list):
    """A domino is twice as long as it is wide and its divider crosses its middle, square to
    its sides. Where the reader found the divider away from the middle of the cut, the
    finder's corners slid along the tile (into a neighbour, or short of the tile's end): the
    tile is cut again round its divider, twice as long as it is wide, and that reading
    stands. Where the divider only slants across the cut, the cut is turned off the tile: it
    is cut again the same way, and the reading at least as sure stands."""
    moved = [i for i, reading in enumerate(readings)
             if reading is not None and (_slid(reading) or abs(reading.bar[0]) > P.off_square)]
    cuts = [(i, round_divider(regions[i].corners, readings[i].bar)) for i in moved]
    # a cut reaching past the photo's edge is of a tile the edge cuts off: as the finder, leave it
    again = [(i, replace(regions[i], corners=c)) for i, c in cuts if c is not None and inside(c, image.shape)]
    return _read_again(image, regions, readings, again,
                       lambda old, new: _slid(old) or new.confidence >= old.confidence)


def _slid(reading: TileReading) -> bool:
    """The divider crosses the cut more than `Params.off_middle` off its middle."""
    slope, level = reading.bar
    return abs(slope * P.read_w / 2 + level - P.read_h / 2) > P.off_middle


def _read_again(image: np.ndarray, regions: list[TileRegion], readings: list, again: list, better):
    """Each tile cut again (`again`: index and new cut) is read, and the new cut and its
    reading stand where it reads and `better(old reading, new reading)` holds."""
    if not again:
        return regions, readings
    regions, readings = list(regions), list(readings)
    for (i, region), reading in zip(again, read_tiles(image, [region for _, region in again])):
        if reading is not None and better(readings[i], reading):
            regions[i], readings[i] = region, reading
    return regions, readings


def round_divider(corners: np.ndarray, bar: tuple[float, float], width: float | None = None) -> np.ndarray | None:
    """The tile's corners in the photo, centred on its divider (`bar`, a line in the cut's
    reader pixels), its long sides square to it, as wide as the cut (or `width`) and twice as
    long; None for a cut with no width. The new cut is a rectangle in the photo: under a steep
    camera a tile's far half is shorter, and the cut reaches a little past it there."""
    corners = np.asarray(corners, np.float32)
    cut_width = float(np.linalg.norm(corners[1] - corners[0]) + np.linalg.norm(corners[2] - corners[3])) / 2
    width = cut_width if width is None else width
    if cut_width < 1 or cv2.contourArea(corners) < 1:
        return None
    back = cv2.getPerspectiveTransform(READER_CORNERS, corners)
    slope, level = bar
    x = P.read_w / 2
    y = slope * x + level
    centre, along, down = cv2.perspectiveTransform(
        np.float32([[[x, y], [x + 1, y + slope], [x - slope, y + 1]]]), back)[0]
    along = (along - centre) / np.linalg.norm(along - centre)
    down = down - centre
    down = down - along * float(down @ along)
    down = down / np.linalg.norm(down)
    half_w, half_l = along * width / 2, down * width
    return np.float32([centre - half_w - half_l, centre + half_w - half_l,
                       centre + half_w + half_l, centre - half_w + half_l])


def _fit(pieces: list[TileRegion]) -> float:
    return float(np.mean([p.fit for p in pieces]))


def _reads_whole(got: list) -> bool:
    """Every piece of a way read as a tile, and no tile twice."""
    return _merit(got, 0.0)[:2] == (True, True)


def _merit(got: list, fit: float) -> tuple:
    read = [r for r in got if r is not None]
    whole = len(read) == len(got)
    distinct = len({tuple(sorted((r.top, r.bottom))) for r in read}) == len(read)
    return (whole, distinct, fit) if whole else (whole, distinct, len(read), fit)


def once_each(found: list[TileFound]) -> tuple[list[TileFound], list[TileFound]]:
    """A set holds each tile once: where two readings give the same tile, the surer one stands
    and the other is shown to check."""
    best: dict[tuple[int, int], TileFound] = {}
    for tile in found:
        if tile.values not in best or tile.confidence > best[tile.values].confidence:
            best[tile.values] = tile
    kept = [t for t in found if best[t.values] is t]
    return kept, [t for t in found if best[t.values] is not t]


def rectify(image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The tile upright at the reader's size; a large tile is first shrunk by area averaging,
    so that its pips are not aliased."""
    corners = np.asarray(corners, np.float32)
    short = float(np.linalg.norm(corners[0] - corners[1]))
    x0, y0 = np.floor(corners.min(axis=0)).astype(int)
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 1
    h, w = image.shape[:2]
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    crop = image[y0:y1, x0:x1]
    local = corners - (x0, y0)
    factor = P.read_sharpest * P.read_w / max(short, 1.0)
    if factor < 1 and crop.size:
        crop = cv2.resize(crop, (max(1, round(crop.shape[1] * factor)), max(1, round(crop.shape[0] * factor))),
                          interpolation=cv2.INTER_AREA)
        local = local * factor
    matrix = cv2.getPerspectiveTransform(local.astype(np.float32), READER_CORNERS)
    return cv2.warpPerspective(crop, matrix, (P.read_w, P.read_h), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def read_tiles(image: np.ndarray, regions: list[TileRegion], twice: bool = True) -> list[TileReading | None]:
    """Each tile's reading (None where its cut shows no divider); with `twice`, a tile read
    unsurely is read again turned half round."""
    if not regions:
        return []
    batch = np.stack([rectify(image, r.corners) for r in regions])
    maps = _reader_maps(batch)
    readings = [_in_set(read_maps(m, tile)) for m, tile in zip(maps, batch)]
    if not twice:
        return readings
    # a tile read unsurely is read again turned half round, and the two readings' maps are
    # averaged: the network's misses on one side of a pip seldom fall the same way twice. Where
    # the average shows no bar, the second look did not bear out an unsure first one, and the
    # cut is taken for no tile (keeping the first reading there read more tiles that are not).
    doubtful = [i for i, r in enumerate(readings) if r is None or r.confidence < P.confident]
    if doubtful:
        for i, t in zip(doubtful, _turned_maps(batch[doubtful])):
            readings[i] = _in_set(read_maps((maps[i] + t) / 2, batch[i]))
    return readings


def _in_set(reading: TileReading | None) -> TileReading | None:
    """The reading; where a half holds more pips than the table's set (`LARGEST`), that half read
    with no confidence: the tile is cut again as an unsure one is."""
    if reading is None or max(reading.top, reading.bottom) <= LARGEST.get():
        return reading
    return replace(reading, top_confidence=0.0 if reading.top > LARGEST.get() else reading.top_confidence,
                   bottom_confidence=0.0 if reading.bottom > LARGEST.get() else reading.bottom_confidence)


def _turned_maps(batch: np.ndarray) -> np.ndarray:
    """The reader's maps of a batch of rectified tiles turned half round, turned back to lie
    on the tiles as they are."""
    return _reader_maps(np.ascontiguousarray(batch[:, ::-1, ::-1]))[:, :, ::-1, ::-1]


def _reader_maps(batch: np.ndarray) -> np.ndarray:
    """The reader's maps of a batch of rectified tiles, run `Params.read_batch` at a time: the
    same maps, to the bit, as one run of the whole batch, sooner where it is large."""
    reader = network(DARK_READER if FINDER.get() == DARK_FINDER and have(DARK_READER) else "reader")
    return np.concatenate([reader.run(batch[i:i + P.read_batch]) for i in range(0, len(batch), P.read_batch)])


# The stages `analyse` runs, in order (see the module's docstring)
STAGES = (
    Stage("find", _find),                                       # the finder's looks (finder.find_tiles)
    Stage("read", _read),                                       # each run's best way
    Stage("none read", _none_read),                             # nothing read (a large photo: surely): at 1536
    Stage("dark set", _dark_set),                               # a dark set's (or nothing sure): its finder
    Stage("small tiles closer", _with_sighting(small_tiles_closer)),   # small faces again at 768
    Stage("square up", _tiles(square_up)),                      # cut again round the divider
    Stage("fit alone", _tiles(fit_alone)),                      # an unsure tile looked at on its own
    Stage("to size", _tiles(to_size)),                          # an unsure tile far off the sure ones' width
    Stage("nudge", _tiles(nudge)),                              # an unsure tile cut a little way off
    Stage("rest of faces", _with_sighting(rest_of_faces)),      # faces no tile covers
    Stage("cores unread", _with_sighting(cores_unread)),        # cores no tile read holds: read as a tap there
    Stage("faces unread", _with_sighting(faces_unread)),        # the rest of faces no tile covers: taps along it
    Stage("whole photo closer", _tiles(whole_photo_closer), asked=True),   # on request: the photo at 768
    Stage("one size", _tiles(lambda _, *a: one_size(*a))),      # unsure tiles far narrower than the rest
    Stage("shown unread", shown_unread),                        # tiles seen, no reading made out: to check
    Stage("few pips", lambda _, seen: few_pips(seen)),          # a line and two specks at most, unsure: to check
)
