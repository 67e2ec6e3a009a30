"""Stage 1: where the face-up tiles lie, from the tile finder's maps.

The finder network marks two things: the tile faces, and each face's core (the face
shrunk to `Params.core` about its centre). Cores of touching tiles stay apart, so each core is
one tile: its rotated rectangle, grown back by 1 / `Params.core`, gives the tile's four corners.
Where the finder saw a run of touching tiles as one rectangular face, the run is also
cut into rows and columns (`_row_cuts`); where it saw a chain or a cross of them as one face,
along its straight arms (`_arm_cuts`); and the pipeline keeps the way that reads.
It learnt tiles from 9 to 130 pixels wide, so it looks at the photo at `Params.fine` pixels on
the long side, and again at `Params.coarse` where a tile fills much of the photo, and at
`Params.finest` where tiles are so small that their faces run round at the fine look. A photo
whose tiles are all small (`Params.zoom_below`), or in which the fine look saw no tile at all, is
looked at whole at `Params.zoomed` instead.
"""
from __future__ import annotations

import math
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace

import cv2
import numpy as np

from .model import network
from .params import PARAMS as P

# The finder network the looks are taken with: the committed finder, or on a photo of a dark set
# the finder taught on dark sets (`dark_set`, `using_finder`); one a thread, as the server's.
FINDER: ContextVar[str] = ContextVar("finder", default="finder")


@contextmanager
def using_finder(name: str):
    """The looks taken within are taken with the finder network `name`."""
    token = FINDER.set(name)
    try:
        yield
    finally:
        FINDER.reset(token)


@dataclass(frozen=True)
class TileRegion:
    corners: np.ndarray      # 4 x 2, pixels of the photo, a short side first
    support: float           # share of the rectangle the finder called face
    # a row of touching tiles the finder saw as one face: one way to cut it (`group`, `way`);
    # the pipeline keeps the way whose tiles all read as tiles
    group: tuple | None = None
    way: int = 0
    # how well the tile's centre lies on the finder's core and its edges off it: a cut that
    # parts tiles where they meet fits better than one across their middles
    fit: float = 0.0
    # where the fine look saw small tiles, the closer look's tiles are found too: the face
    # piece both looks' tiles lie on and the look; the pipeline keeps the look that reads more
    contest: tuple | None = None

    def holds(self, point) -> bool:
        """The point (x, y in the photo's pixels) lies on the tile or its edge."""
        return holds(self.corners, point)


def holds(outline, point) -> bool:
    """The point (x, y) lies inside the outline (its corners in turn) or on its edge."""
    return cv2.pointPolygonTest(np.float32(outline), tuple(map(float, point)), False) >= 0


def finder_input(image: np.ndarray, long_side: int = P.fine, scale: float | None = None) -> tuple[np.ndarray, float]:
    """The photo scaled to `long_side` pixels on its long side (or by `scale`, where given) and
    padded to the finder's stride, and to `Params.smallest_input` on each side; and the scale."""
    h, w = image.shape[:2]
    scale = scale if scale is not None else long_side / max(h, w)
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    interp = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    small = cv2.resize(image, size, interpolation=interp)
    # OpenCV's DNN module crashes the process when the finder, having run on a larger photo,
    # is given one under 64 pixels on a side (its five poolings leave nothing): pad it
    pad_h, pad_w = (max(P.smallest_input - n, -n % P.stride) for n in (size[1], size[0]))
    if not pad_h and not pad_w:
        return small, scale
    fill = [float(v) for v in np.median(small[::4, ::4].reshape(-1, 3), axis=0)]   # the table's colour, about
    padded = cv2.copyMakeBorder(small, 0, pad_h, 0, pad_w, cv2.BORDER_CONSTANT, value=fill)
    return padded, scale


def finder_maps(image: np.ndarray, long_side: int = P.fine, scale: float | None = None) -> tuple[np.ndarray, float]:
    """The finder's face and core maps (2 x h x w) and the scale from the photo's pixels to
    the maps' (the maps are half the finder's input)."""
    padded, scale = finder_input(image, long_side, scale)
    # OpenCV keeps every layer's output of a look: the whole photo at 1536 alone took the
    # analysis's peak memory to 441 MB. On a large photo, a large look is taken in strips.
    if image.shape[0] * image.shape[1] > P.strips_from and padded.shape[0] * padded.shape[1] > _look_most():
        return _maps_in_strips(padded), scale / 2
    return network(FINDER.get()).run(padded[None])[0], scale / 2


def _look_most() -> int:
    """The most input pixels one look takes (`Params.look_most`; the dark sets' finder, the second
    network in memory on such a photo, `Params.dark_look_most`)."""
    return P.look_most if FINDER.get() == "finder" else P.dark_look_most


def _maps_in_strips(padded: np.ndarray) -> np.ndarray:
    """The finder's maps of its input (more than `Params.look_most` pixels), looked at in as
    few strips as keep each look, with `Params.strip_overlap` rows above and below its own, about
    within `Params.look_most` pixels (the strips' bounds fall on the stride); each strip gives
    the maps of its own rows."""
    height, width = padded.shape[:2]
    own = max(P.stride, (_look_most() // width - 2 * P.strip_overlap) // P.stride * P.stride)
    count = -(-height // own)
    cuts = [min(height, round(height * i / count / P.stride) * P.stride) for i in range(count + 1)]
    maps = []
    for start, end in zip(cuts, cuts[1:]):
        low, high = max(0, start - P.strip_overlap), min(height, end + P.strip_overlap)
        look = network(FINDER.get()).run(np.ascontiguousarray(padded[None, low:high]))[0]
        maps.append(look[:, (start - low) // 2:(end - low) // 2])
    return np.concatenate(maps, axis=1)


@dataclass
class Sighting:
    """What the finder's looks saw: the tiles, and the faces of the fine look that hold the
    cores of tiles too small for it (numbered from 1, 0 elsewhere; None where there are none),
    on which a closer look may be taken (`small_faces_at_finest`)."""
    regions: list[TileRegion]
    small: np.ndarray | None = None
    to_map: float = 1.0            # photo pixels to the fine look's map
    small_cores: list = ()         # (face, centre in the photo's pixels) of each small tile's core
    face: np.ndarray | None = None     # the fine look's face map
    core: np.ndarray | None = None     # ... and its core map
    zoomed: bool = False           # the whole photo was looked at at `Params.zoomed` (`zoomed_sighting`)
    dark: bool = False             # the faces a look saw are of a dark set (`dark_set`)
    finder: str | None = None      # the finder network the looks switched to (`find_tiles`)

    def core_at(self, point) -> float:
        """The look's core map at the point (x, y in the photo's pixels); 0 where it has none."""
        if self.core is None:
            return 0.0
        x, y = (np.asarray(point) * self.to_map).astype(int)
        return float(self.core[min(max(y, 0), self.core.shape[0] - 1), min(max(x, 0), self.core.shape[1] - 1)])

    def piece(self, region: TileRegion) -> int:
        """The small face the region's centre lies on, or 0."""
        if self.small is None:
            return 0
        x, y = (region.corners.mean(axis=0) * self.to_map).astype(int)
        return int(self.small[min(max(y, 0), self.small.shape[0] - 1), min(max(x, 0), self.small.shape[1] - 1)])


def find_tiles(image: np.ndarray, dark_finder: str | None = None) -> Sighting:
    """Each face-up tile's corners in the photo, from the finder's looks. A small photo
    gets only the coarse look, and the coarse look is taken only where the fine one saw a face
    too wide for it. The fine look's tiles on faces of small tiles are marked, as the fine
    look's side of a contest with a closer look (`small_faces_at_finest`). Where the fine look's tiles
    are about all small (their median width under `Params.zoom_below`, unless its tiles standing alone
    would be too wide at the closer look: `_too_wide_zoomed`), or where it saw none and no
    face too wide for it (a close-up, which the coarse look sees), the whole photo is looked at at
    `Params.zoomed` instead (`zoomed_side`): there small tiles are as wide as the finder knows
    them best, and touching tiles part, where at the fine look their cores run together or their
    faces fade into the table. Where the fine look's faces are of a dark set (`dark_set`) and a
    `dark_finder` is given, every look is taken with that network instead, from the first."""
    if coarse_only(image.shape):
        return Sighting([r for r, _ in tiles_at(image, P.coarse)[0]])
    fine, maps = tiles_at(image, P.fine)
    to_map = P.fine / max(image.shape[:2]) / 2
    dark = dark_set(image, maps[0], to_map)
    if dark and dark_finder and FINDER.get() != dark_finder:
        let_go(FINDER.get(), image)
        with using_finder(dark_finder):
            return replace(find_tiles(image), finder=dark_finder)
    wide = _has_wide_face(maps[0])
    all_small = (bool(fine) and np.median([w for _, w in fine]) < P.zoom_below
                 and not _too_wide_zoomed(fine, image.shape))
    if all_small or not fine and not wide:
        zoomed = zoomed_sighting(image)
        return replace(zoomed, dark=dark or zoomed.dark)
    found = [r for r, w in fine if w <= P.fine_widest]
    small, small_cores = _small_faces(maps)
    sighting = Sighting(found, small, to_map, [(face, (centre + 0.5) / to_map) for face, centre in small_cores],
                        maps[0], maps[1], dark=dark)
    if sighting.small is not None:
        on = _run_pieces(sighting, found)
        found[:] = [replace(r, contest=(on(r), P.fine)) if on(r) else r for r in found]
    if not wide:
        return sighting
    for region, width in tiles_at(image, P.coarse)[0]:
        if width < P.coarse_narrowest:
            continue
        centre = region.corners.mean(axis=0)
        twin = next((i for i, r in enumerate(found) if r.holds(centre)), None)
        if twin is None:
            found.append(region)
        elif width * P.fine / P.coarse > P.wide_face * P.fine_widest:
            found[twin] = region        # a wide tile: the coarse look sees it whole
    return sighting


def let_go(name: str, image: np.ndarray) -> None:
    """On a large photo (over `Params.strips_from` pixels: its large look is taken in strips),
    the finder network `name` lets go of the memory its looks took, so that two finders' looks
    at a 12 MP photo never add up (`Network.release`)."""
    if image.shape[0] * image.shape[1] > P.strips_from:
        network(name).release()


def dark_set(image: np.ndarray, face: np.ndarray, to_map: float) -> bool:
    """Whether the faces a look saw (its face map, `to_map` photo pixels to the map's) are of a
    dark set: at least `Params.dark_least` map pixels of face, the photo's median grey under them
    under `Params.dark_below` (white pips are a small share of a black tile's face)."""
    h, w = image.shape[:2]
    ys, xs = np.nonzero(face[:max(1, round(h * to_map)), :max(1, round(w * to_map))] > P.face_threshold)
    if len(ys) < P.dark_least:
        return False
    # the photo's pixel at each face pixel's middle (a sample: shrinking the photo costs more)
    at = image[np.minimum(((ys + 0.5) / to_map).astype(int), h - 1), np.minimum(((xs + 0.5) / to_map).astype(int), w - 1)]
    grey = at.astype(np.float32) @ np.float32([0.114, 0.587, 0.299])     # BGR, as cv2.COLOR_BGR2GRAY weighs them
    return float(np.median(grey)) < P.dark_below


def _too_wide_zoomed(fine: list[tuple[TileRegion, float]], shape: tuple) -> bool:
    """The tiles the fine look saw standing alone would be wider than the finder sees
    (`Params.fine_widest`) at the zoomed look: that look would lose them. (The many ways of
    cutting a run of touching tiles, all in `fine`, can make the tiles' median width small
    where the tiles are not.)"""
    alone = [width for region, width in fine if region.group is None]
    return bool(alone) and float(np.median(alone)) * zoomed_side(shape) / P.fine > P.fine_widest


def coarse_only(shape: tuple) -> bool:
    """A photo this small gets only the coarse look (`Params.coarse_only`), never a closer one."""
    return max(shape[:2]) <= P.coarse_only * P.coarse


def zoomed_sighting(image: np.ndarray) -> Sighting:
    """What the whole photo's closer look, at `zoomed_side`, sees."""
    long_side = zoomed_side(image.shape)
    zoomed, maps = tiles_at(image, long_side)
    to_map = long_side / max(image.shape[:2]) / 2
    return Sighting([r for r, _ in zoomed], to_map=to_map, face=maps[0], core=maps[1], zoomed=True,
                    dark=dark_set(image, maps[0], to_map))


def zoomed_side(shape: tuple) -> int:
    """The long side of the whole photo's closer look: `Params.zoomed`, or twice the photo's own
    where that is less (a small photo's tiles are enlarged, no further), a multiple of the stride."""
    return max(P.stride, min(P.zoomed, 2 * max(shape[:2])) // P.stride * P.stride)


def small_faces_at_finest(image: np.ndarray, sighting: Sighting, pieces: set[int]) -> list[TileRegion]:
    """The tiles a closer look, at `Params.finest`, finds on the given small faces of the fine look,
    taken over the parts of the photo round them, each marked as the closer look's side of
    the contest on its face. A run of touching tiles is in it whole (every way of cutting it),
    on the face its first tile lies on."""
    if sighting.small is None or not pieces:
        return []
    chosen = np.isin(sighting.small, sorted(pieces))
    closer = [r for window in _windows(chosen, sighting.to_map, image.shape)
              for r, _ in tiles_at(image, P.finest, window)[0]]
    on = _run_pieces(sighting, closer)
    return [replace(r, contest=(on(r), P.finest)) for r in closer if on(r) in pieces]


def fitted_alone(image: np.ndarray, region: TileRegion) -> TileRegion | None:
    """The tile looked at again on its own, at the size the finder knows best (`Params.fit_width`
    input pixels wide), over the part of the photo round it. Of the tiles that look finds
    near the tile's centre (within `Params.fit_reach` of its width) and of about its width, a tile
    standing alone comes before one cut from a run, a cut that fits the cores better before
    one that fits them worse, and then the nearest. None where that look finds none."""
    corners = region.corners
    centre = corners.mean(axis=0)
    width = short_side(corners)
    if width < 1:
        return None
    x0, y0 = np.floor(corners.min(axis=0) - P.fit_margin * width).astype(int)
    x1, y1 = np.ceil(corners.max(axis=0) + P.fit_margin * width).astype(int)
    window = (max(x0, 0), max(y0, 0), min(x1, image.shape[1]), min(y1, image.shape[0]))
    if window[2] - window[0] < 2 or window[3] - window[1] < 2:
        return None
    found = [r for r in tiles_near(image, window, width)
             if np.hypot(*(r.corners.mean(axis=0) - centre)) < P.fit_reach * width
             and 1 / P.fit_size <= short_side(r.corners) / width <= P.fit_size]
    if not found:
        return None
    best = min(found, key=lambda r: (r.group is not None, -r.fit, np.hypot(*(r.corners.mean(axis=0) - centre))))
    return replace(region, corners=best.corners, support=best.support)


def tiles_near(image: np.ndarray, window: tuple, width: float) -> list[TileRegion]:
    """The tiles a look over part of the photo (x0, y0, x1, y1 in its pixels) finds, taken at
    the size the finder knows best for tiles `width` photo pixels wide (`Params.fit_width`)."""
    return [r for r, _ in tiles_at(image, P.fit_width / width * max(image.shape[:2]), window)[0]]


def uncovered_faces(sighting: Sighting, tiles: list[TileRegion], width: float, shape: tuple) -> list[tuple[int, int, int, int]]:
    """The parts of a photo of this `shape` (x0, y0, x1, y1 in its pixels, those that overlap
    taken together) round the parts of the fine look's faces that no tile read covers, on faces where some
    tile was read (the far tiles of a run whose faces ran together), where at least half a
    tile of `width` pixels is left and at most a run's worth (`Params.grid_most` tiles): a larger
    part is no run of tiles, and looking at it with tiles of that size would cost too much."""
    if sighting.face is None:
        return []
    _, _, stats, _ = cv2.connectedComponentsWithStats(_rest_of_faces(sighting, tiles), connectivity=4)
    tile_area = 2 * (width * sighting.to_map) ** 2
    margin = P.fit_margin * width * sighting.to_map
    boxes = [[x - margin, y - margin, x + bw + margin, y + bh + margin]
             for x, y, bw, bh, area in stats[1:] if P.rest_least * tile_area <= area <= P.grid_most * tile_area]
    return _photo_windows(boxes, sighting.to_map, shape)


def _rest_of_faces(sighting: Sighting, tiles: list[TileRegion]) -> np.ndarray:
    """The look's map of the parts of its faces that no tile read covers (1, else 0), on faces
    where some tile was read, without the specks a 3 x 3 opening takes away."""
    faces = (sighting.face > P.face_threshold).astype(np.uint8)
    _, labels = cv2.connectedComponents(faces, connectivity=4)
    covered = np.zeros_like(faces)
    for tile in tiles:
        cv2.fillConvexPoly(covered, np.round(tile.corners * sighting.to_map).astype(np.int32), 1)
    with_tiles = np.unique(labels[(covered > 0) & (faces > 0)])
    rest = (np.isin(labels, with_tiles[with_tiles > 0]) & (covered == 0)).astype(np.uint8)
    return cv2.morphologyEx(rest, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


def unread_faces(sighting: Sighting, tiles: list[TileRegion], width: float) -> list[np.ndarray]:
    """Points (in the photo's pixels) on the parts of the look's faces that no tile read covers,
    on faces where some tile was read: the rest of a run whose tiles no cut or core held. A part
    of at least `Params.rest_least` of a tile `width` pixels wide gets a point for each tile's worth
    of it, spread evenly along its long axis; the largest parts first, at most `Params.cores_most`."""
    if sighting.face is None:
        return []
    count, labels, stats, centres = cv2.connectedComponentsWithStats(_rest_of_faces(sighting, tiles), connectivity=4)
    tile_area = 2 * (width * sighting.to_map) ** 2
    points = []
    for part in sorted(range(1, count), key=lambda i: -stats[i, cv2.CC_STAT_AREA]):
        area = stats[part, cv2.CC_STAT_AREA]
        if area < P.rest_least * tile_area:
            continue
        many = max(1, round(area / tile_area))
        if many == 1:
            points.append(centres[part])
            continue
        ys, xs = np.nonzero(labels == part)
        spread = np.column_stack([xs, ys]).astype(np.float64)
        middle = spread.mean(axis=0)
        along = long_axis(spread - middle)
        reach = (spread - middle) @ along
        points.extend(middle + along * np.quantile(reach, share) for share in np.linspace(0, 1, many + 2)[1:-1])
    return [(np.float32(p) + 0.5) / sighting.to_map for p in points[:P.cores_most]]


def long_axis(points: np.ndarray) -> np.ndarray:
    """The unit vector (x, y) along which the points (one x, y a row) spread most."""
    return np.linalg.eigh(np.cov(np.asarray(points).T.astype(np.float64)))[1][:, 1]


def unread_cores(sighting: Sighting, tiles: list[TileRegion]) -> list[np.ndarray]:
    """The centres (in the photo's pixels) of the look's cores that no tile read holds, the
    largest first, at most `Params.cores_most`: each may be a tile whose cut missed it (a chain's
    tile cut across its neighbour, a black tile's blank half unseen, so cut half a tile long)."""
    _, _, cores = _cores(sighting)
    return [c for _, c in cores if not any(t.holds(c) for t in tiles)][:P.cores_most]


def _cores(sighting: Sighting) -> tuple[np.ndarray | None, np.ndarray | None, list]:
    """The look's cores of at least `Params.min_core_area` map pixels, the largest first: its
    map of the cores' labels, their stats (`cv2.connectedComponentsWithStats`), and each core's
    label and centre in the photo's pixels."""
    if sighting.core is None:
        return None, None, []
    count, labels, stats, centres = cv2.connectedComponentsWithStats(
        (sighting.core > P.face_threshold).astype(np.uint8), connectivity=8)
    cores = sorted((i for i in range(1, count) if stats[i, cv2.CC_STAT_AREA] >= P.min_core_area),
                   key=lambda i: -stats[i, cv2.CC_STAT_AREA])
    return labels, stats, [(i, (centres[i] + 0.5) / sighting.to_map) for i in cores]


def core_outlines(sighting: Sighting, held: list[np.ndarray], width: float | None = None) -> list[np.ndarray]:
    """The outlines (corners in the photo's pixels) of the tiles the look's cores stand for, where
    no outline in `held` holds the tile's centre, the largest cores first, at most `Params.outlines_most`:
    each core's smallest rectangle, grown from the core (`Params.core` of the face) to the face.
    Where the tiles read are `width` pixels wide, a rectangle as long as several tiles (the cores
    of touching tiles ran together) is cut into that many along it (`_parted`), each part's centre
    its tile's; else the tile's centre is the core's."""
    labels, stats, cores = _cores(sighting)
    outlines = []
    for i, centre in cores:
        x, y, w, h = stats[i, :4]
        ys, xs = np.nonzero(labels[y:y + h, x:x + w] == i)
        (cx, cy), size, turn = cv2.minAreaRect(np.column_stack([xs + x, ys + y]).astype(np.float32))
        box = order_corners(cv2.boxPoints(((cx + 0.5, cy + 0.5), (size[0] / P.core, size[1] / P.core), turn))
                            / sighting.to_map)
        parts = _parted(box, width)
        for part in parts:
            middle = part.mean(axis=0) if len(parts) > 1 else centre
            if not any(holds(h, middle) for h in held):
                outlines.append(part)
        if len(outlines) >= P.outlines_most:
            break
    return outlines[:P.outlines_most]


def _parted(box: np.ndarray, width: float | None) -> list[np.ndarray]:
    """The tiles `width` wide a core's rectangle grown to the face (`box`) holds where the cores of
    touching tiles ran together: as many as the core itself (`Params.core` of the box's length) is
    long in tile widths, centred evenly along the core, each as wide as the box and, along it, a
    tile's length where the box is narrower than `Params.part_across` tile widths (the tiles lie
    end to end), else a tile's width (they lie side by side). Where that is fewer than two, or no
    width is known, the box whole. (Seeds 30 to 39, photos looked at closer: cut by the box's length
    instead, 1.5 to 2 times as many outlines on no tile for about as many tiles found: changelog's round 26.)"""
    if width is None:
        return [box]
    across, along = sorted((box[1] - box[0], box[3] - box[0]), key=lambda v: float(np.linalg.norm(v)))
    core = float(np.linalg.norm(along)) * P.core
    count = round(core / width)
    if count < 2:
        return [box]
    unit = along / np.linalg.norm(along)
    half_tile = unit * width * (1 if np.linalg.norm(across) < P.part_across * width else 0.5)
    middle, half_across = box.mean(axis=0), across / 2
    parts = []
    for k in range(count):
        centre = middle + unit * ((k + 0.5) / count - 0.5) * core
        parts.append(order_corners(np.float32([centre - half_tile - half_across, centre + half_tile - half_across,
                                                centre + half_tile + half_across, centre - half_tile + half_across])))
    return parts


def _run_pieces(sighting: Sighting, regions: list[TileRegion]):
    """The small face each region's run lies on, as its first region tells."""
    runs: dict = {}
    for r in regions:
        runs.setdefault(r.group or id(r), sighting.piece(r))
    return lambda r: runs[r.group or id(r)]


def _small_faces(maps: np.ndarray) -> tuple[np.ndarray | None, list]:
    """The faces of the fine look's map that hold the core of a tile too narrow for that look,
    numbered from 1 (0 elsewhere; None where there are none), and those cores: their face and
    centre on the map."""
    face, core = maps
    count, labels = cv2.connectedComponents((face > P.face_threshold).astype(np.uint8), connectivity=4)
    narrowest_map = P.fine_narrowest / 2                 # the maps are half the input's size
    small = np.zeros(count, np.int32)
    cores, core_labels, stats, centres = cv2.connectedComponentsWithStats((core > P.core_levels[0]).astype(np.uint8), connectivity=8)
    small_cores = []
    for k in range(1, cores):
        # a tile's core, small, and sure at its peak (a faint one is a speck of the table)
        if not P.small_core_least <= stats[k, cv2.CC_STAT_AREA] < 2 * (P.core * narrowest_map) ** 2:
            continue
        piece = _piece(core_labels, stats, k)
        if piece.on(core).max() > P.core_levels[-1]:
            label = np.bincount(piece.on(labels), minlength=count).argmax()
            if label:
                small[label] = label
                small_cores.append((int(label), centres[k]))
    return (small[labels] if small.any() else None), small_cores


def _windows(small: np.ndarray, to_map: float, shape: tuple) -> list[tuple[int, int, int, int]]:
    """The parts of the photo round the small faces (x0, y0, x1, y1 in its pixels), as far
    again beyond them as the widest small tile is wide, those that overlap taken together."""
    margin = P.fine_narrowest / 2
    _, _, stats, _ = cv2.connectedComponentsWithStats((small > 0).astype(np.uint8), connectivity=8)
    return _photo_windows([[x - margin, y - margin, x + w + margin, y + h + margin] for x, y, w, h, _ in stats[1:]],
                          to_map, shape)


def _photo_windows(boxes: list[list[float]], to_map: float, shape: tuple) -> list[tuple[int, int, int, int]]:
    """Boxes on the fine look's map (x0, y0, x1, y1), those that overlap taken together, as
    parts of a photo of this `shape` (in its pixels, within it)."""
    return [(int(max(0, x0 / to_map)), int(max(0, y0 / to_map)),
             int(min(shape[1], x1 / to_map)), int(min(shape[0], y1 / to_map))) for x0, y0, x1, y1 in _merged(boxes)]


def _merged(boxes: list[list[float]]) -> list[list[float]]:
    """Boxes (x0, y0, x1, y1), those that overlap taken together into one."""
    boxes = [list(b) for b in boxes]
    i = 0
    while i < len(boxes):
        a = boxes[i]
        j = next((j for j, b in enumerate(boxes) if j != i and a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), None)
        if j is None:
            i += 1
            continue
        b = boxes[j]
        boxes[i] = [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]
        del boxes[j]
        i = 0                   # the grown box may now overlap one already passed
    return boxes


def _has_wide_face(face: np.ndarray) -> bool:
    """Some face in the fine look's map is as big as a tile too wide for that look."""
    count, _, stats, _ = cv2.connectedComponentsWithStats((face > P.face_threshold).astype(np.uint8), connectivity=4)
    widest_map = P.fine_widest / 2                       # the maps are half the input's size
    return bool(count > 1 and stats[1:, cv2.CC_STAT_AREA].max() > P.wide_face * 2 * widest_map ** 2)


def tiles_at(image: np.ndarray, long_side: int, window: tuple | None = None) -> tuple[list[tuple[TileRegion, float]], np.ndarray]:
    """The tiles one look finds, each with its width in the finder's input pixels, and the maps;
    with a `window` (x0, y0, x1, y1 in the photo's pixels) the look takes only that part.

    A face standing alone (one core in it, or none, and the shape of a tile) gives its corners
    itself, which is the closer fit; faces that touch are told apart by their cores."""
    x0, y0, x1, y1 = window or (0, 0, image.shape[1], image.shape[0])
    part = image[y0:y1, x0:x1]
    maps, scale = finder_maps(part, long_side, long_side / max(image.shape[:2]))   # photo pixels to map pixels
    face, core = maps
    bounds = (part.shape[1] * scale, part.shape[0] * scale)
    faces = (face > P.face_threshold).astype(np.uint8)
    face_count, face_labels, face_stats, _ = cv2.connectedComponentsWithStats(faces, connectivity=4)
    from_cores = {}
    for rect in _core_rects(core):
        label = face_labels[int(min(rect[0][1], face.shape[0] - 1)), int(min(rect[0][0], face.shape[1] - 1))]
        from_cores.setdefault(label, []).append(rect)
    ways_of = {}      # face: the ways to part it, each a list of tiles' corners
    pieces = {}       # face: its rectangle and area (`_shape`)
    widths = []       # of the faces that are one tile's shape
    after = set()     # (face, way) of a chain's or cross's tiles along its arms: read after its other ways
    for label in range(1, face_count):
        cores = from_cores.pop(label, [])
        piece = _piece(face_labels, face_stats, label)
        pieces[label] = shape = _shape(piece)
        alone = [cv2.boxPoints(shape[0])] if _fills(shape, P.alone_fill) and _tile_shaped(shape[0][1]) else []
        widths.extend(short_side(q) for q in alone)
        # a face of one tile's shape whose one core tells a tile of about its size is that tile:
        # it is not cut (the cores of a run whose faces ran together tell a larger tile, or none)
        cuts = [] if alone and _one_tile(shape, cores) else _row_cuts(piece, shape, core, cores)
        from_core = [cv2.boxPoints(r) for r in cores]
        if len(cores) <= 1 and alone:
            # one tile, or a run of tiles whose faces ran together into one tile's shape
            # ... or a tile whose face ran into a sliver of its neighbour: its core tells it narrower
            narrower = [q for q in from_core if short_side(q) < P.alone_core_fit * short_side(alone[0])]
            ways_of[label] = [alone] + ([narrower] if narrower else []) + cuts
        elif not cuts:
            ways_of[label] = [from_core] if from_core else []
        else:
            # the cores are one way to part a run of faces, cutting it into a grid the others,
            # and a run of the shape of one tile may be one tile
            ways_of[label] = [w for w in (from_core, alone) if w] + cuts
        for arms in _arm_cuts(piece, shape, core, from_core):
            after.add((label, len(ways_of[label])))
            ways_of[label].append(arms)
    halves = set()    # (face, way) of the tiles a face may be half of
    if widths:
        for label, shape in pieces.items():
            for tile in _half_seen(shape, float(np.median(widths))):
                halves.add((label, len(ways_of[label])))
                ways_of[label].append([tile])
    quads = []        # (corners, group, way)
    for label, ways in ways_of.items():
        group = (long_side, x0, y0, label) if len(ways) > 1 else None
        for way, cut in enumerate(ways):
            quads.extend((q, group, way) for q in cut)
    for cores in from_cores.values():          # cores outside any face: the finder was unsure
        quads.extend((cv2.boxPoints(r), None, 0) for r in cores)
    # a cut by the photo's edge is not a whole tile; the others are weighed, each face's together
    quads = [q for q in quads if inside(q[0], (bounds[1], bounds[0]))]
    together: dict = {}
    for i, (_, group, _) in enumerate(quads):
        together.setdefault(group or -i - 1, []).append(i)
    weights = {}
    for members in together.values():
        supports, fits = _weighed(faces, core, [quads[i][0] for i in members],
                                  [quads[i][1] is not None for i in members])
        weights.update(zip(members, zip(supports.tolist(), fits.tolist())))
    regions = []
    for i, (corners, group, way) in enumerate(quads):
        support, fit = weights[i]
        if group and (group[-1], way) in after:
            fit -= P.arm_after
        if support >= (P.half_support if group and (group[-1], way) in halves else P.face_support):
            regions.append((TileRegion(order_corners(corners / scale + (x0, y0)), support, group, way, fit),
                            2 * short_side(corners)))
    return regions, maps


def inside(corners: np.ndarray, shape: tuple) -> bool:
    """The tile lies in a picture of this shape (height, width, ...), but for at most `Params.outside`
    of its width past an edge: a tile cut off more by the edge is not read."""
    reach = P.outside * short_side(corners)
    return bool((corners >= -reach).all() and (corners[:, 0] <= shape[1] + reach).all()
                and (corners[:, 1] <= shape[0] + reach).all())


def short_side(corners: np.ndarray) -> float:
    return float(min(np.linalg.norm(corners[0] - corners[1]), np.linalg.norm(corners[1] - corners[2])))


def tile_axes(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A tile's width and length as vectors (a short side first in its corners): each the mean of
    the tile's two sides that way."""
    return (corners[1] - corners[0] + corners[2] - corners[3]) / 2, (corners[3] - corners[0] + corners[2] - corners[1]) / 2


@dataclass(frozen=True, eq=False)
class Piece:
    """One connected face of a map: its mask over its bounding box, and where that box lies."""
    mask: np.ndarray
    origin: tuple[int, int]     # x, y of the box's first pixel on the map

    def on(self, values: np.ndarray) -> np.ndarray:
        """A map's values at the piece's pixels, in the order of its rows."""
        x, y = self.origin
        h, w = self.mask.shape
        return values[y:y + h, x:x + w][self.mask]


def _piece(labels: np.ndarray, stats: np.ndarray, label: int) -> Piece:
    """The face `label` of a map's connected faces (`cv2.connectedComponentsWithStats`): only
    its bounding box is looked at, not the whole map, as a map holds many specks of faces."""
    x, y, w, h = (int(v) for v in stats[label, :4])
    return Piece(labels[y:y + h, x:x + w] == label, (x, y))


def _shape(piece: Piece) -> tuple | None:
    """A face piece's rotated rectangle (as `_rects` gives it) and its area in pixels, found
    once for every test of its shape; None for a speck. The piece is one connected face."""
    ys, xs = np.nonzero(piece.mask)
    if len(xs) < P.min_core_area:
        return None
    x0, y0 = piece.origin
    (cx, cy), (a, b), angle = cv2.minAreaRect(np.column_stack([xs + x0, ys + y0]).astype(np.float32))
    return ((cx, cy), (a + 1, b + 1), angle), len(xs)     # the pixel back, as in `_rects`


def _fills(shape: tuple | None, fill: float) -> bool:
    """The piece covers at least this share of its rectangle."""
    if shape is None:
        return False
    (_, (a, b), _), area = shape
    return not area < fill * a * b


def _tile_shaped(size: tuple) -> bool:
    """Sides (of a rotated rectangle) about twice as long as each other, as a tile's are."""
    short, long_ = sorted(size)
    return P.aspect_low <= long_ / short <= P.aspect_high


def _half_seen(shape: tuple | None, width: float) -> list[np.ndarray]:
    """A square face as wide as the photo's other tiles is one half of a tile whose other half
    the finder took for table (a blank half of a black tile, on a dark table): the tile it
    may be, reaching from the square to each of its four sides in turn."""
    if not _fills(shape, P.half_fill):
        return []
    (cx, cy), (a, b), angle = shape[0]
    if max(a, b) / min(a, b) > P.half_square or abs(min(a, b) / width - 1) > P.half_width_fit:
        return []
    side = (a + b) / 2
    theta = np.deg2rad(angle)
    tiles = []
    # cv2's rectangle: its first side along (cos, sin) of its angle, its second across
    for (ux, uy), size in (((np.cos(theta), np.sin(theta)), (2 * side, side)),
                           ((-np.sin(theta), np.cos(theta)), (side, 2 * side))):
        for sign in (1, -1):
            centre = (cx + sign * ux * side / 2, cy + sign * uy * side / 2)
            tiles.append(cv2.boxPoints((centre, size, angle)))
    return tiles


def _one_tile(shape: tuple, cores: list) -> bool:
    """The face (its rectangle and area, `_shape`) holds one core, and the tile that core tells
    is as long and as wide as the face, within `Params.one_tile_fit`."""
    if len(cores) != 1:
        return False
    ratios = [c / f for c, f in zip(sorted(cores[0][1]), sorted(shape[0][1]))]
    return all(1 / P.one_tile_fit <= r <= P.one_tile_fit for r in ratios)


def _tile_width(cores: list, run_width: float) -> float | None:
    """How wide the tiles of a run are at least, as their cores tell: cores that ran together
    tell wider tiles, never narrower; a core wider than the run itself, or a speck far narrower
    than the widest core, tells nothing. None where no core tells."""
    widths = [min(size) for _, size, _ in cores]
    widths = [w for w in widths if P.speck * max(widths) <= w <= P.run_fit * run_width]
    return float(min(widths)) if widths else None


def _row_cuts(piece: Piece, shape: tuple | None, core: np.ndarray, cores: list = ()) -> list[list[np.ndarray]]:
    """A rectangular face too long or too square for one tile is a run of touching tiles the
    finder did not part: the ways to cut it into a grid of `rows` x `cols` tiles (a row side by
    side, rows end to end, or a line end to end), where the cells come out tile-shaped.

    The cuts follow the run's four corners rather than its bounding rectangle, so that a long
    row photographed at an angle, its far tiles smaller, is cut in perspective; and each cut
    moves to where the finder's core is lowest near it, which is where two tiles meet."""
    if not _fills(shape, P.alone_fill):
        return []
    rect = shape[0]
    quad = _outline(piece, cv2.boxPoints(rect))
    width = _tile_width(cores, min(rect[1]))
    side_a = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
    side_b = (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    profile_a, profile_b = _core_profiles(core, quad, side_a, side_b)
    ways = []
    for cols in range(1, P.grid_most + 1):
        for rows in range(1, P.grid_most + 1):
            if not 2 <= rows * cols <= P.grid_most:
                continue
            cell_a, cell_b = side_a / cols, side_b / rows
            if abs(max(cell_a, cell_b) / min(cell_a, cell_b) / 2 - 1) > P.row_fit:
                continue
            if min(cell_a, cell_b) < P.narrowest or width and min(cell_a, cell_b) * P.width_fit < width:
                continue      # narrower than any tile the finder learnt, or than the cores tell
            us, vs = _meeting_lines(profile_a, cols), _meeting_lines(profile_b, rows)
            ways.append([_cell(quad, (us[c], vs[r]), (us[c + 1], vs[r + 1]))
                         for r in range(rows) for c in range(cols)])
    return ways


def _arm_cuts(piece: Piece, shape: tuple | None, core: np.ndarray, from_core: list) -> list[list[np.ndarray]]:
    """A face of touching tiles laid in a chain or a cross (no rectangle) is cut along its
    straight arms: two long sides of its outline facing each other a tile's width apart
    bound an arm, and the arm's tiles are laid along it (`_arm_tiles`). One way: all the arms'
    tiles, and the tiles of the cores (`from_core`) off them, at the turns and crossings,
    where that way covers at least `Params.arm_cover` of the face. It is one more way to part
    the face, read after its other ways (`tiles_at`, `Params.arm_after`): the outline's straight
    sides place a tile less surely than its core."""
    if shape is None or _fills(shape, P.alone_fill) or shape[1] < P.arm_least * P.narrowest ** 2:
        return []
    contours, _ = cv2.findContours(piece.mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    contour = max(contours, key=cv2.contourArea)
    width = 2 * shape[1] / max(cv2.arcLength(contour, True), 1)      # a long band's area over half its rim
    if width < P.narrowest:
        return []
    outline = cv2.approxPolyDP(contour, P.arm_wobble * width, True).reshape(-1, 2).astype(np.float64) + piece.origin
    edges = [(a, b) for a, b in zip(outline, np.roll(outline, -1, axis=0)) if np.linalg.norm(b - a) >= P.arm_side * width]
    cells = []
    for i, (a, b) in enumerate(edges):
        along = (b - a) / np.linalg.norm(b - a)
        across = np.array([-along[1], along[0]])
        for c, d in edges[i + 1:]:
            if np.dot((d - c) / np.linalg.norm(d - c), along) > -P.arm_parallel:
                continue                              # the sides of an arm run opposite ways round it
            apart = abs(np.dot((c + d) / 2 - a, across))
            if not 1 / P.arm_width_fit <= apart / width <= P.arm_width_fit:
                continue
            lo = max(0.0, min(np.dot(c - a, along), np.dot(d - a, along)))
            hi = min(np.linalg.norm(b - a), max(np.dot(c - a, along), np.dot(d - a, along)))
            if hi - lo < P.arm_shortest * apart:
                continue
            # the outline runs through its pixels' centres: half a pixel back on every side
            out = np.sign(np.dot((c + d) / 2 - a, across)) * across
            start, end = a + along * (lo - 0.5) - out / 2, a + along * (hi + 0.5) - out / 2
            if _piece_holds(piece, (start + end) / 2 + out * (apart + 1) / 2):
                cells.extend(_arm_tiles(piece, core, start, end, out * (apart + 1)))
    if len(cells) < 2:
        return []             # a chain or cross holds two tiles at least: one is a lone tile's face
    way = cells + [q for q in from_core if not any(holds(c, q.mean(axis=0)) for c in cells)]
    return [way] if _covers(piece, shape, way) >= P.arm_cover else []


def _covers(piece: Piece, shape: tuple, tiles: list) -> float:
    """The share of the face piece (its `shape`, `_shape`) the tiles cover."""
    drawn = np.zeros_like(piece.mask, np.uint8)
    for q in tiles:
        cv2.fillConvexPoly(drawn, np.round(q - piece.origin).astype(np.int32), 1)
    return float((drawn.astype(bool) & piece.mask).sum() / shape[1])


def _piece_holds(piece: Piece, point: np.ndarray) -> bool:
    """The point (map pixels) lies on the face piece."""
    x, y = (int(round(v)) for v in point - piece.origin)
    return 0 <= y < piece.mask.shape[0] and 0 <= x < piece.mask.shape[1] and bool(piece.mask[y, x])


def _arm_tiles(piece: Piece, core: np.ndarray, start: np.ndarray, end: np.ndarray, side: np.ndarray) -> list[np.ndarray]:
    """The tiles of one arm, between its side's `start` and `end` and `side` across to its
    other side, as long as twice it is wide: laid from its free end (where the face stops);
    where neither end is free, or both and it is no whole number of tiles long, laid where
    the finder's core along it is lowest at their ends (a tile's core is its middle, so it
    is lowest where two tiles meet). A tile cut off by the arm's end by more than
    `Params.row_fit` of its length is not one."""
    length = float(np.linalg.norm(end - start))
    along = (end - start) / length
    tile = 2 * float(np.linalg.norm(side))
    if length < (1 - P.row_fit) * tile:
        return []
    beyond = P.arm_beyond * tile
    middle = side / 2
    free = [not _piece_holds(piece, start + middle - along * beyond), not _piece_holds(piece, end + middle + along * beyond)]
    whole = abs(length / tile - round(length / tile)) <= P.row_fit
    if free[0] and (whole or not free[1]):
        phase = 0.0
    elif free[1]:
        phase = length % tile
    else:
        phase = _lowest_phase(core, start, end, side, tile)
    first = phase - np.ceil(phase / tile) * tile          # where the first tile that may lie on the arm begins
    cells = []
    for k in range(int(np.ceil((length - first) / tile))):
        lo, hi = first + k * tile, first + (k + 1) * tile
        if lo < -P.row_fit * tile or hi > length + P.row_fit * tile:
            continue
        p, q = start + along * lo, start + along * hi
        cells.append(np.float32([p, q, q + side, p + side]))
    return cells


def _lowest_phase(core: np.ndarray, start: np.ndarray, end: np.ndarray, side: np.ndarray, tile: float) -> float:
    """How far along the arm (from `start`) tiles `tile` long meet where the finder's core along
    the arm, averaged over half a tile, is lowest, taken over all the places they meet."""
    quad = np.float32([start, end, end + side, start + side])
    profile, _ = _core_profiles(core, quad, float(np.linalg.norm(end - start)), float(np.linalg.norm(side)))
    length = len(profile)
    reach = max(1, round(tile / 4))             # the core is low for about half a tile round where tiles meet
    profile = np.convolve(np.pad(profile, reach, mode="edge"), np.ones(2 * reach + 1) / (2 * reach + 1), mode="valid")
    phases = np.arange(0, min(tile, length), 1.0)
    scores = [profile[_meetings(ph, length, tile)].mean() for ph in phases]
    return float(phases[int(np.argmin(scores))])


def _meetings(phase: float, length: int, tile: float) -> np.ndarray:
    """The profile's indices from `phase` a `tile` apart, all within its `length`: NumPy's
    floating `arange` may step onto `length` itself (from 6 by 14.999999999999998 to 21)."""
    at = np.arange(phase, length, tile).astype(int)
    return at[at < length]


def _core_profiles(core: np.ndarray, quad: np.ndarray, side_a: float, side_b: float):
    """The finder's core across the run, seen square on: its mean along each of the two sides."""
    size = (max(2, round(side_a)), max(2, round(side_b)))
    target = np.float32([[0, 0], [size[0], 0], [size[0], size[1]], [0, size[1]]])
    flat = cv2.warpPerspective(core, cv2.getPerspectiveTransform(quad.astype(np.float32), target), size,
                               flags=cv2.INTER_LINEAR)
    return flat.mean(axis=0), flat.mean(axis=1)


def _meeting_lines(profile: np.ndarray, count: int) -> list[float]:
    """Where to cut a run into `count` tiles along one side, as fractions of the side: near the
    even cuts, each where the core is lowest within a fifth of a tile."""
    length = len(profile)
    smooth = np.convolve(profile, np.ones(3) / 3, mode="same")
    cuts = [0.0]
    for i in range(1, count):
        even = i * length / count
        reach = P.meet_reach * length / count
        lo, hi = max(1, int(even - reach)), min(length - 1, int(np.ceil(even + reach)) + 1)
        if hi <= lo:
            cuts.append(i / count)
            continue
        # the lowest core, and of cores about as low, the nearest the even cut
        places = np.arange(lo, hi)
        lowest = places[np.argmin(smooth[lo:hi] + P.flat * np.abs(places + 0.5 - even) / reach)]
        cuts.append((lowest + 0.5) / length)
    return cuts + [1.0]


def _outline(piece: Piece, box: np.ndarray) -> np.ndarray:
    """The four corners of a face piece that is a perspective view of a rectangle, in turn
    round it; its bounding rectangle's corners where the outline is no clean quadrilateral."""
    contours, _ = cv2.findContours(piece.mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    hull = cv2.convexHull(max(contours, key=cv2.contourArea) + np.int32(piece.origin)).astype(np.float32)
    quad = None
    perimeter = cv2.arcLength(hull, True)
    for share in (0.02, 0.03, 0.045, 0.06, 0.08):
        approx = cv2.approxPolyDP(hull, share * perimeter, True)
        if len(approx) <= 4:
            quad = approx.reshape(-1, 2) if len(approx) == 4 else None
            break
    if quad is None or cv2.contourArea(quad) < 0.9 * cv2.contourArea(hull):
        quad = box
    # corners of the pixels' outline: half a pixel out from their centres, as `_rects` adds
    centre = quad.mean(axis=0)
    quad = quad + 0.5 * np.sign(quad - centre)
    quad = quad[np.argsort(np.arctan2(quad[:, 1] - centre[1], quad[:, 0] - centre[0]))]
    return quad.astype(np.float32)


def _cell(quad: np.ndarray, low: tuple, high: tuple) -> np.ndarray:
    """The corners of the part of `quad` between the fractions `low` and `high` of its two
    sides (the first side from corner 0 to 1), taken in perspective."""
    unit = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
    matrix = cv2.getPerspectiveTransform(unit, quad.astype(np.float32))
    (u0, v0), (u1, v1) = low, high
    cell = np.float32([[[u0, v0], [u1, v0], [u1, v1], [u0, v1]]])
    return cv2.perspectiveTransform(cell, matrix)[0]


def _core_rects(core: np.ndarray) -> list:
    """One rectangle per core. Where the cores of touching tiles run together, the piece is no
    tile's shape: it is looked at again at a higher threshold, where they come apart."""
    rects = []
    pending = [(np.ones(core.shape, bool), 0)]
    while pending:
        within, level = pending.pop()
        mask = (core > P.core_levels[level]) & within
        shaped, rest = _rects(mask, grow=1 / P.core)
        rects.extend(shaped)
        if level + 1 < len(P.core_levels):
            pending.extend((piece, level + 1) for piece in rest)
    return rects


def _rects(mask: np.ndarray, grow: float) -> tuple[list, list]:
    """Rotated rectangles of the tile-shaped pieces of a mask, grown about their centres; and
    the masks of the pieces big enough to be tiles that are not tile-shaped."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    rects, rest = [], []
    for label in range(1, count):
        area = stats[label, cv2.CC_STAT_AREA]
        if area < P.min_core_area:
            continue
        ys, xs = np.nonzero(labels[stats[label, 1]:stats[label, 1] + stats[label, 3],
                                   stats[label, 0]:stats[label, 0] + stats[label, 2]] == label)
        points = np.column_stack([xs + stats[label, 0], ys + stats[label, 1]]).astype(np.float32)
        (cx, cy), (a, b), angle = cv2.minAreaRect(points)
        # a piece n pixels across spans n - 1 between pixel centres: add the pixel back
        a, b = a + 1, b + 1
        if not _tile_shaped((a, b)):
            if area >= 2 * P.min_core_area:
                rest.append(labels == label)
            continue
        rects.append(((cx, cy), (a * grow, b * grow), angle))
    return rects, rest


def _drawn(shape: tuple, polygons: np.ndarray, shift: int = 0, window: tuple | None = None):
    """Polygons (n x 4 x 2, in a map's pixels) each drawn (1) on its own mask over one part of
    a map of this `shape`: the part round them all, or the `window` given (slices). The
    masks (n x h x w) and the part. A run's many ways of cutting it are weighed together on
    its own part of the map, rather than each cut drawn on a mask of the whole map: about a
    twentieth of a photo's analysis less."""
    if window is None:
        x0, y0 = (max(int(v), 0) for v in np.floor(polygons.min(axis=(0, 1))))
        x1, y1 = (int(v) + 2 for v in np.ceil(polygons.max(axis=(0, 1))))
        window = (slice(y0, min(y1, shape[0])), slice(x0, min(x1, shape[1])))
    y, x = window
    unit = 1 << shift
    points = np.round(polygons * unit).astype(np.int32) - np.int32([x.start * unit, y.start * unit])
    masks = np.zeros((len(polygons), max(y.stop - y.start, 0), max(x.stop - x.start, 0)), np.uint8)
    if masks[0].size:
        for mask, p in zip(masks, points):
            cv2.fillConvexPoly(mask, p, 1, shift=shift)
    return masks, window


def _weighed(faces: np.ndarray, core: np.ndarray, polygons: list[np.ndarray], fits: list[bool]):
    """Each cut's support (the share of it the finder calls face; `faces` is the map's faces
    as 0 and 1) and, where asked, its fit: the finder's core inside the tile's core less the
    core in the rest of the tile (0 where either is empty)."""
    polygons = np.stack(polygons).astype(np.float32)
    masks, part = _drawn(faces.shape, polygons)
    area = masks.sum(axis=(1, 2), dtype=np.int64)
    on = (masks & faces[part]).sum(axis=(1, 2), dtype=np.int64)
    supports = np.where(area > 0, on / np.maximum(area, 1), 0.0)
    result = np.zeros(len(polygons))
    asked = np.flatnonzero(fits)
    if len(asked):
        chosen = polygons[asked]
        centres = chosen.mean(axis=1, keepdims=True)
        whole, _ = _drawn(core.shape, chosen, shift=4, window=part)
        inner, _ = _drawn(core.shape, centres + P.core * (chosen - centres), shift=4, window=part)
        ring = whole & (1 - inner)
        window = core[part].astype(np.float64)
        n_in, n_ring = inner.sum(axis=(1, 2)), ring.sum(axis=(1, 2))
        mean_in = np.einsum("kyx,yx->k", inner.astype(np.float64), window) / np.maximum(n_in, 1)
        mean_ring = np.einsum("kyx,yx->k", ring.astype(np.float64), window) / np.maximum(n_ring, 1)
        result[asked] = np.where((n_in > 0) & (n_ring > 0), mean_in - mean_ring, 0.0)
    return supports, result


def order_corners(corners: np.ndarray) -> np.ndarray:
    """Corners in turn round the tile, starting so that the first edge is a short side."""
    pts = np.asarray(corners, np.float32)
    points = pts.tolist()          # four points cost less as plain numbers
    mx, my = sum(x for x, _ in points) / 4, sum(y for _, y in points) / 4
    turn = sorted(range(4), key=lambda i: math.atan2(points[i][1] - my, points[i][0] - mx))
    (ax, ay), (bx, by), (cx, cy) = (points[i] for i in turn[:3])
    if math.hypot(ax - bx, ay - by) > math.hypot(bx - cx, by - cy):
        turn = turn[1:] + turn[:1]
    return pts[turn]
