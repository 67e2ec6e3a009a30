"""The trained networks: the committed files are the ones their card describes, and the
stages around them (rectifying, reading the maps, one reading per tile) do what they say."""
from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from vision import pipeline, reader  # noqa: E402
from vision.model import MODELS  # noqa: E402
from vision.params import PARAMS as P  # noqa: E402

pytestmark = pytest.mark.vision


def test_the_committed_models_match_their_card():
    card = (MODELS / "MODEL_CARD.md").read_text(encoding="utf-8")
    listed = dict(re.findall(r"`([\w-]+\.onnx)`[^`\n]*`([0-9a-f]{64})`", card))
    assert set(listed) == {"finder.onnx", "finder-dark.onnx", "reader.onnx"}
    for name, digest in listed.items():
        data = (MODELS / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == digest, name
    assert sum((MODELS / n).stat().st_size for n in listed) < 10 * 2**20


def _scene(values_list, seed, coloured=False, short=70):
    """Generated tiles of one set lying apart on a plain table, seen from above."""
    from vision.training import synth_scenes as ss
    from vision.training import synth_tiles as st
    rng = np.random.default_rng(seed)
    style = st.random_style(rng, 15)
    style = style.__class__(**{**style.__dict__, "body": (225.0, 235.0, 240.0), "pin": None,
                               "pip_scheme": "coloured" if coloured else "black",
                               "pip_colour": (25.0, 25.0, 25.0), "bar_colour": (30.0, 30.0, 30.0)})
    h, w = 600, 800
    img = np.empty((h, w, 3), np.float32)
    img[:] = (60, 75, 90)
    cols = 5
    for i, values in enumerate(values_list):
        r, c = divmod(i, cols)
        box = ss.tile_box(90 + c * 150, 110 + r * 190, short, rng.uniform(-0.4, 0.4))
        face, alpha, _ = st.draw_face(values, style, rng)
        ss._paste(img, face, alpha, box)
    return cv2.imencode(".jpg", np.clip(img, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()


@pytest.mark.parametrize("coloured", [False, True])
def test_generated_tiles_of_every_value_0_to_15_are_read_exactly(coloured):
    values = [(v, (v * 7 + 3) % 16) for v in range(16)]
    read = Counter()
    for part in (values[:10], values[10:]):
        got = Counter(pipeline.count_pips(_scene(part, seed=len(part) + coloured, coloured=coloured), 15).tiles)
        assert got == Counter(tuple(sorted(v)) for v in part), (part, got)
        read += got
    # both photos together: the 16 tiles drawn, each read once, and their pips as drawn
    assert read == Counter(tuple(sorted(v)) for v in values)
    assert sum(a + b for a, b in read.elements()) == sum(a + b for a, b in values)


def _drawn(placed, seed, short, body, pip_scheme, pip_colour, bar_colour, table, noise=0.0, size=(600, 800),
           set_size=9):
    """Generated tiles of one set at their places ((values, (x, y), angle) each), on a plain
    table of one colour; and their corners."""
    from vision.training import synth_scenes as ss
    from vision.training import synth_tiles as st
    rng = np.random.default_rng(seed)
    style = st.random_style(rng, set_size)
    style = style.__class__(**{**style.__dict__, "body": body, "pin": None, "pip_scheme": pip_scheme,
                               "pip_colour": pip_colour, "bar_colour": bar_colour})
    img = np.empty((*size, 3), np.float32)
    img[:] = table
    if noise:
        img += rng.normal(0, noise, img.shape)
    boxes = []
    for values, (x, y), angle in placed:
        boxes.append(ss.tile_box(x, y, short, angle))
        face, alpha, _ = st.draw_face(values, style, rng)
        ss._paste(img, face, alpha, boxes[-1])
    return np.clip(img, 0, 255).astype(np.uint8), boxes


def _generated(placed, seed, short, body, pip_scheme, pip_colour, bar_colour, table, noise=0.0):
    """The same, as a JPEG photo of a double-9 set."""
    image, _ = _drawn(placed, seed, short, body, pip_scheme, pip_colour, bar_colour, table, noise)
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()


def _row_of_touching_tiles(values_list, seed, short):
    """Ivory tiles side by side with no gap: five of them make one face two and a half times as
    long as it is wide, the shape of a tile lying crosswise."""
    placed = [(v, (250 + i * short, 300), 0.0) for i, v in enumerate(values_list)]
    return _generated(placed, seed, short, (225.0, 235.0, 240.0), "black", (25.0, 25.0, 25.0), (30.0, 30.0, 30.0),
                      (60, 75, 90))


@pytest.mark.parametrize("short, seed", [(30, 1), (30, 2), (55, 1)])
def test_touching_tiles_that_look_like_one_tile_are_cut_apart(short, seed):
    # the finder sees one face of a tile's shape with one core or none: it is read as one tile
    # first, and where that does not read, cut into the tiles it may be (the narrow rows came
    # out as no tile at all before; the wider one, whose cores stand apart, keeps reading)
    values = [(1, 2), (3, 4), (5, 6), (0, 3), (2, 2)]
    got = Counter(pipeline.count_pips(_row_of_touching_tiles(values, seed, short), 9).tiles)
    assert got == Counter(tuple(sorted(v)) for v in values)


def _black_tiles(values_list, seed, short=60):
    """Black tiles with white pips on a dark table: a blank half is nearly table."""
    placed = [(v, (180 + i * 200, 300 + (i % 2) * 60), angle) for i, (v, angle) in enumerate(values_list)]
    return _generated(placed, seed, short, (30.0, 30.0, 32.0), "light", (235.0, 235.0, 235.0), (200.0, 200.0, 200.0),
                      (40, 40, 40), noise=3)


@pytest.mark.parametrize("seed", [1, 4])
def test_a_black_tile_whose_blank_half_looks_like_table_is_found(seed):
    # the finder may see only the 5 of a 0|5: a square face as wide as the other tiles, which
    # is tried as the half of a tile reaching to each of its sides. The finder trained on more
    # scenes cuts no tile round the 1|5 of seed 1 (its one pip leaves that half nearly table
    # too); its core is read as a tap there (the "cores unread" stage, round 20)
    values = [((3, 4), 0.3), ((0, 5), 1.0), ((2, 6), -0.4), ((1, 5), 0.1)]
    want = Counter(tuple(sorted(v)) for v, _ in values)
    assert Counter(pipeline.count_pips(_black_tiles(values, seed), 9).tiles) == want


def _maps(peaks, bar=True, height=0.9):
    maps = np.zeros((2, P.read_h, P.read_w), np.float32)
    for x, y in peaks:
        maps[0, y, x] = height
    if bar:
        maps[1, P.read_h // 2 - 1:P.read_h // 2 + 1, 6:-6] = 1
    return maps


def test_reading_the_maps_counts_peaks_per_half_and_needs_a_bar():
    peaks = [(12, 20), (36, 20), (24, 70)]
    got = reader.read_maps(_maps(peaks))
    assert (got.top, got.bottom) == (2, 1) and got.confidence > 0.8
    assert reader.read_maps(_maps(peaks, bar=False)) is None
    doubtful = _maps(peaks)
    doubtful[0, 80, 10] = 0.35                  # something half like a pip
    assert reader.read_maps(doubtful).bottom_confidence < P.confident


def test_a_clear_pip_on_the_cuts_rim_is_not_counted_and_leaves_its_half_in_doubt():
    # a cut slid off its tile shows pips of the tile, or of its neighbour, cut by its rim: not
    # counted, and the half they lie in is not read surely (so the tile is looked at again)
    peaks = [(12, 20), (36, 20), (24, 70)]
    on_rim = _maps(peaks)
    on_rim[0, 75, 1] = 0.9                      # on the left side, in the bottom half
    got = reader.read_maps(on_rim)
    assert (got.top, got.bottom) == (2, 1)
    assert got.top_confidence > P.confident > got.bottom_confidence
    faint = _maps(peaks)
    faint[0, 75, 1] = 0.4                       # a faint mark there is the table's or a shadow
    assert reader.read_maps(faint).confidence > P.confident


def _strip_tile(x, **fields):
    """A tile 10 x 20 pixels at `x` along the top of a photo, as the finder gives one."""
    return pipeline.TileRegion(np.float32([[x, 0], [x + 10, 0], [x + 10, 20], [x, 20]]), 1.0, **fields)


def test_pips_count_to_the_side_of_the_divider_they_lie_on():
    # a cut slid along its tile shows the divider above its middle: a pip just under the
    # divider is the bottom half's, though it lies above the cut's middle
    maps = _maps([(12, 20), (36, 20), (24, 44)], bar=False)
    maps[1, 39:41, 6:-6] = 1
    got = reader.read_maps(maps)
    assert (got.top, got.bottom) == (2, 1)
    assert got.bar[1] == pytest.approx(39.5, abs=0.6) and abs(got.bar[0]) < 0.01


def _chain(values_list, short=60, seed=3, side_by_side=False, gap=0):
    """Generated tiles laid end to end (or side by side), touching (or `gap` pixels apart),
    on a plain table; and their corners."""
    along = (short if side_by_side else 2 * short) + gap
    placed = [(values, (150, 100 + along / 2 + along * k), np.pi / 2 if side_by_side else 0.0)
              for k, values in enumerate(values_list)]
    return _drawn(placed, seed, short, (225.0, 235.0, 240.0), "black", (25.0, 25.0, 25.0), (30.0, 30.0, 30.0),
                  (60, 75, 90), size=(200 + along * len(values_list), 300), set_size=12)


def test_a_cut_slid_along_its_tile_is_cut_again_round_its_divider():
    # the finder's corners for a tile in a chain came out a tenth of a tile too far along it,
    # into its neighbour: its divider lies off the cut's middle, and the tile is cut again
    image, boxes = _chain([(2, 5), (6, 6)])
    slid = boxes[0] + np.float32([0, 0.1 * 120])
    region = pipeline.TileRegion(slid, 1.0)
    first = pipeline.read_tiles(image, [region])[0]
    assert first is not None
    assert abs(first.bar[1] - P.read_h / 2) > P.off_middle
    regions, readings = pipeline.square_up(image, [region], [first])
    assert sorted((readings[0].top, readings[0].bottom)) == [2, 5]
    assert np.abs(regions[0].corners - boxes[0]).max() < 6


def test_a_cut_again_past_the_photos_edge_is_left_as_it_was():
    # the photo's edge cuts a tile off: the visible part reads with its divider off the middle,
    # and cut again round the divider the tile would reach past the edge, which the finder
    # never reads
    image, boxes = _chain([(2, 5), (6, 6)])
    image = image[60:200]
    visible = pipeline.TileRegion(np.float32([[120, 40], [180, 40], [180, 140], [120, 140]]), 1.0)
    first = pipeline.read_tiles(image, [visible])[0]
    assert first is not None and abs(first.bar[1] - P.read_h / 2) > P.off_middle
    regions, readings = pipeline.square_up(image, [visible], [first])
    assert regions[0] is visible and readings[0] is first
    assert pipeline.round_divider(np.float32([[5, 5]] * 4), first.bar) is None


def test_a_cut_turned_off_its_tile_is_cut_again_square_to_its_divider():
    # the cut came out turned 12 degrees about the tile's centre: the divider slants across it,
    # and the tile is misread
    image, boxes = _chain([(3, 4), (1, 6)])
    centre = boxes[0].mean(axis=0)
    turn = np.deg2rad(12)
    rotation = np.float32([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    region = pipeline.TileRegion((boxes[0] - centre) @ rotation.T + centre, 1.0)
    first = pipeline.read_tiles(image, [region])[0]
    assert first is not None and abs(first.bar[0]) > P.off_square
    regions, readings = pipeline.square_up(image, [region], [first])
    assert sorted((readings[0].top, readings[0].bottom)) == [3, 4]
    assert np.abs(regions[0].corners - boxes[0]).max() < 5


def test_a_tile_cut_off_its_edges_is_fitted_again_on_its_own():
    # a tile alone, and the middle one of three side by side, cut a sixth of their width off
    # them: looked at again on its own, each tile's corners come back near the tile, and it
    # reads. (The middle tile's face runs into a sliver of its neighbour at the look's edge; its
    # core, grown back 1 / CORE times with its soft edge, gives corners up to 8 pixels out at
    # the tile's ends: nearer than the cut was, and the tile reads.)
    from vision import finder
    for tiles, middle, shift, near in (([(2, 5)], 0, (10, 5), 4), ([(1, 3), (4, 6), (2, 5)], 1, (0, 10), 8)):
        image, boxes = _chain(tiles, side_by_side=len(tiles) > 1, gap=6)
        off = boxes[middle] + np.float32(shift)
        fitted = finder.fitted_alone(image, pipeline.TileRegion(finder.order_corners(off), 1.0))
        assert fitted is not None
        error = min(np.abs(fitted.corners - np.roll(boxes[middle], k, axis=0)).max() for k in range(4))
        assert error < near, (tiles, fitted.corners)
        reading = pipeline.read_tiles(image, [fitted])[0]
        assert reading is not None and sorted((reading.top, reading.bottom)) == sorted(tiles[middle])


def test_an_unsure_tile_is_fitted_again_and_the_surer_reading_stands(monkeypatch):
    from vision.reader import TileReading
    regions = [_strip_tile(x) for x in (0, 20, 40)]
    readings = [TileReading(1, 2, 0.95, 0.95, ()), TileReading(3, 4, 0.5, 0.9, ()), TileReading(5, 6, 0.6, 0.6, ())]
    asked = []

    def fit(image, region):
        asked.append(int(region.corners[0, 0]))
        return pipeline.replace(region, support=0.5)
    again = {20: TileReading(3, 5, 0.9, 0.9, ()), 40: TileReading(5, 5, 0.55, 0.55, ())}
    monkeypatch.setattr(pipeline, "fitted_alone", fit)
    monkeypatch.setattr(pipeline, "read_tiles", lambda image, rs: [again[int(r.corners[0, 0])] for r in rs])
    kept, read = pipeline.fit_alone(None, regions, readings)
    assert asked == [20, 40]                        # the sure tile is left as it is
    assert [(r.top, r.bottom) for r in read] == [(1, 2), (3, 5), (5, 6)]
    assert [r.support for r in kept] == [1.0, 0.5, 1.0]


def test_an_unsure_tile_cut_across_into_its_neighbour_is_nudged_back_and_kept_to_check():
    # the middle one of three tiles side by side, cut a sixth of its width across into its
    # neighbour: the cut shows the neighbour's pips at its rim and misreads unsurely; cut again
    # a little way off, it reads its own tile, still listed first to check
    image, boxes = _chain([(1, 3), (4, 6), (2, 5)], side_by_side=True)
    region = pipeline.TileRegion(boxes[1] + np.float32([0, 0.15 * 60]), 1.0)
    first = pipeline.read_tiles(image, [region])[0]
    assert first is not None and sorted((first.top, first.bottom)) != [4, 6]
    assert first.confidence < P.confident
    regions, readings = pipeline.nudge(image, [region], [first])
    assert sorted((readings[0].top, readings[0].bottom)) == [4, 6]
    assert np.abs(regions[0].corners - boxes[1]).max() < 4
    assert first.confidence + P.nudge_surer <= readings[0].confidence < P.confident


def test_an_unsure_tile_cut_short_of_its_ends_is_cut_again_at_the_sure_tiles_width():
    # the second tile of a chain cut at 0.8 of its size about its centre: its end pips fall
    # outside the cut and it reads 2|4 unsurely; the other tiles, read surely, tell the width
    # a tile of this set has, and cut round its divider at that width it reads 4|6, listed to check
    image, boxes = _chain([(1, 3), (4, 6), (2, 5), (3, 3)])
    regions = [pipeline.TileRegion(b, 1.0) for b in boxes]
    centre = boxes[1].mean(axis=0)
    regions[1] = pipeline.TileRegion(centre + (boxes[1] - centre) * np.float32(0.8), 1.0)
    readings = pipeline.read_tiles(image, regions)
    assert all(r.confidence >= P.confident for k, r in enumerate(readings) if k != 1)
    assert sorted((readings[1].top, readings[1].bottom)) != [4, 6] and readings[1].confidence < P.confident
    kept, read_again = pipeline.to_size(image, regions, readings)
    assert sorted((read_again[1].top, read_again[1].bottom)) == [4, 6]
    assert min(np.abs(kept[1].corners - np.roll(boxes[1], k, axis=0)).max() for k in range(4)) < 3
    assert read_again[1].confidence < P.confident
    assert all(kept[k] is regions[k] and read_again[k] is readings[k] for k in (0, 2, 3))


def test_only_an_unsure_tile_off_the_sure_tiles_width_is_cut_again_and_only_where_three_read_surely(monkeypatch):
    from vision.reader import TileReading
    sure = TileReading(1, 2, 0.95, 0.95, ())
    widths = (10, 10, 10, 10.5, 12, 8)         # the last three unsure: within 10%, wider, narrower
    regions = [pipeline.TileRegion(np.float32([[x, 20], [x + w, 20], [x + w, 20 + 2 * w], [x, 20 + 2 * w]]), 1.0)
               for x, w in zip(range(0, 120, 20), widths)]
    readings = [sure, sure, sure] + [TileReading(3, 4, 0.5, 0.5, (0.0, P.read_h / 2))] * 3
    asked = []

    def read(image, rs, twice=True):
        asked.extend(round(pipeline.short_side(r.corners), 1) for r in rs)
        return [TileReading(3, 5, 0.42, 0.42, ())] * len(rs)     # less sure, but within size_less_sure
    monkeypatch.setattr(pipeline, "read_tiles", read)
    image = np.zeros((100, 200, 3), np.uint8)
    kept, read_again = pipeline.to_size(image, regions, readings)
    assert asked == [10.0, 10.0]                   # the wider and the narrower, each cut 10 wide
    assert [(r.top, r.bottom) for r in read_again] == [(1, 2)] * 3 + [(3, 4), (3, 5), (3, 5)]
    asked.clear()
    assert pipeline.to_size(image, regions[1:], readings[1:]) == (regions[1:], readings[1:]) and not asked


def test_only_unsure_tiles_are_nudged_and_only_a_surer_reading_moves_them(monkeypatch):
    from vision.reader import TileReading
    regions = [_strip_tile(x) for x in (0, 20, 40)]
    readings = [TileReading(1, 2, 0.95, 0.95, ()), TileReading(3, 4, 0.5, 0.9, ()), None]
    asked = []

    def read(image, rs, twice=True):
        asked.extend(float(r.corners.mean(axis=0)[0]) for r in rs)
        # the nudged cuts of the unsure tile read 3|5, barely surer but for one, that reads 3|6
        return [TileReading(3, 6, 0.7, 0.7, ()) if k == 3 else TileReading(3, 5, 0.52, 0.52, ())
                for k in range(len(rs))]
    monkeypatch.setattr(pipeline, "read_tiles", read)
    kept, read_again = pipeline.nudge(None, regions, readings)
    # only the unsure tile, nudged (a cut showing no divider is no tile)
    assert all(abs(x - 25) < 2 for x in asked)
    assert len(asked) == 2 * (len(P.nudge_along) + len(P.nudge_across)) + len(P.nudge_size)
    assert kept[0] is regions[0] and read_again[0] is readings[0] and read_again[2] is None
    assert (read_again[1].top, read_again[1].bottom) == (3, 6) and kept[1] is not regions[1]
    assert read_again[1].confidence == pytest.approx(0.7)


def test_a_nudged_reading_however_sure_stays_listed_to_check(monkeypatch):
    from vision.reader import TileReading
    regions, readings = [_strip_tile(0)], [TileReading(3, 4, 0.5, 0.9, ())]
    sure = TileReading(3, 6, 0.97, 0.99, ())
    monkeypatch.setattr(pipeline, "read_tiles", lambda image, rs, twice=True: [sure] * len(rs))
    _, read_again = pipeline.nudge(None, regions, readings)
    assert (read_again[0].top, read_again[0].bottom) == (3, 6)
    assert read_again[0].confidence < P.confident


def test_a_bar_seen_aslant_is_a_bar_and_a_short_stroke_is_not():
    # a tile whose corners came out a little askew shows its bar across several rows
    peaks = [(12, 20), (36, 20), (24, 70)]
    aslant = _maps(peaks, bar=False)
    for x in range(6, P.read_w - 6):
        y = P.read_h // 2 - 5 + x * 10 // P.read_w
        aslant[1, y, x] = 1
    assert max((aslant[1, y] > P.bar).mean() for y in range(P.read_h)) < P.bar_across
    assert reader.read_maps(aslant) is not None
    stroke = _maps(peaks, bar=False)
    stroke[1, P.read_h // 2 - 6:P.read_h // 2 + 6, 20:26] = 1      # a stroke, not across
    assert reader.read_maps(stroke) is None
    apart = _maps(peaks, bar=False)              # two marks across, at different heights
    apart[1, P.read_h // 2 - 8, 2:14] = 1
    apart[1, P.read_h // 2 + 8, 32:44] = 1
    assert reader.read_maps(apart) is None
    pinned = _maps(peaks, bar=False)             # a bar broken by a spinner pin is a bar
    pinned[1, P.read_h // 2, 6:20] = 1
    pinned[1, P.read_h // 2, 28:42] = 1
    assert reader.read_maps(pinned) is not None


def test_an_unsure_tile_is_read_again_turned_half_round(monkeypatch):
    # a stand-in reader: upright, the first tile's lower half shows a pip only faintly and the
    # second tile reads surely; turned half round, the faint pip shows clearly
    h, w = P.read_h, P.read_w
    runs = []

    class Reader:
        def run(self, batch):
            runs.append(len(batch))
            out = np.stack([_maps([(12, 20), (36, 20), (24, 70)]) for _ in batch])
            for k, tile in enumerate(batch):
                faint = tile[0, 0, 0] == 1                  # the first tile, upright
                turned = tile[h - 1, w - 1, 0] == 1         # the first tile, turned
                if faint:
                    out[k, 0, 80, 10] = 0.35
                if turned:
                    out[k] = out[k, :, ::-1, ::-1]
                    out[k, 0, h - 1 - 80, w - 1 - 10] = 0.95
            return out

    tiles = [np.full((h, w, 3), 200, np.uint8), np.full((h, w, 3), 200, np.uint8)]
    for tile in tiles:                              # dark pips on a light body, where the maps mark them
        for x, y in ((12, 20), (36, 20), (24, 70), (10, 80)):
            tile[y - 1:y + 2, x - 1:x + 2] = 30
    tiles[0][0, 0] = 1
    monkeypatch.setattr(pipeline, "network", lambda name: Reader())
    monkeypatch.setattr(pipeline, "rectify", lambda image, corners: tiles[int(corners)])
    regions = [pipeline.TileRegion(0, 1.0), pipeline.TileRegion(1, 1.0)]
    first, second = pipeline.read_tiles(np.zeros((4, 4, 3), np.uint8), regions)
    assert runs == [2, 1]                          # only the unsure tile is read again
    assert (first.top, first.bottom) == (2, 2)
    assert (second.top, second.bottom) == (2, 1)


def test_the_look_that_reads_more_different_tiles_stands(monkeypatch):
    # on one face of small tiles, the fine look read one tile twice (1|2 upright and turned),
    # the closer look two different tiles: a tile read both ways up is one tile, not two
    from vision import finder
    from vision.reader import TileReading

    def region(x, look):
        return _strip_tile(x, contest=(1, look))

    def reading(top, bottom):
        return TileReading(top, bottom, 0.6, 0.6, ())
    fine = [region(0, P.fine), region(40, P.fine)]
    closer = [region(0, P.finest), region(40, P.finest)]
    closer_readings = [reading(1, 2), reading(3, 4)]
    sighting = finder.Sighting(fine, np.ones((4, 4), np.int32), 1.0, [(1, np.array([500.0, 500.0]))])
    monkeypatch.setattr(pipeline, "small_faces_at_finest", lambda image, seen, pieces: closer)
    monkeypatch.setattr(pipeline, "read_best", lambda image, regions: (closer, closer_readings))
    regions, readings = pipeline.small_tiles_closer(np.zeros((50, 50, 3), np.uint8), sighting, fine,
                                             [reading(1, 2), reading(2, 1)])
    assert [r.contest[1] for r in regions] == [P.finest] * 2
    assert [(t.top, t.bottom) for t in readings] == [(1, 2), (3, 4)]


def test_the_look_that_reads_more_tiles_surely_stands(monkeypatch):
    # on one face of small tiles both looks read two different tiles, but the fine look read
    # one of them unsurely (a cut across two tiles reads something): the closer look's stand
    from vision import finder
    from vision.reader import TileReading

    def reading(top, bottom, confidence):
        return TileReading(top, bottom, confidence, confidence, ())
    fine = [_strip_tile(0, contest=(1, P.fine)), _strip_tile(40, contest=(1, P.fine))]
    closer = [_strip_tile(0, contest=(1, P.finest)), _strip_tile(40, contest=(1, P.finest))]
    closer_readings = [reading(1, 2, 0.9), reading(0, 3, 0.9)]
    sighting = finder.Sighting(fine, np.ones((4, 4), np.int32), 1.0, [(1, np.array([500.0, 500.0]))])
    monkeypatch.setattr(pipeline, "small_faces_at_finest", lambda image, seen, pieces: closer)
    monkeypatch.setattr(pipeline, "read_best", lambda image, regions: (closer, closer_readings))
    regions, readings = pipeline.small_tiles_closer(np.zeros((50, 50, 3), np.uint8), sighting, fine,
                                             [reading(1, 1, 0.6), reading(0, 2, 0.9)])
    assert [r.contest[1] for r in regions] == [P.finest] * 2
    assert [(t.top, t.bottom) for t in readings] == [(1, 2), (0, 3)]


def test_a_run_cut_into_more_tiles_as_wide_beats_the_cores_of_some_of_them(monkeypatch):
    # the cores of three of a run's five tiles stood apart (the others' ran together), grown
    # back to tiles a little wider than they are: cut at them the run reads whole, as three
    # tiles; cut into five it reads as five, and that way stands. A cut into tiles half as
    # wide (a lone tile cut in four) is not even read
    from vision.reader import TileReading
    group = ("run",)

    def tile(x, width, way, fit):
        corners = np.float32([[x, 0], [x + width, 0], [x + width, 2 * width], [x, 2 * width]])
        return pipeline.TileRegion(corners, 1.0, group, way, fit)
    cores = [tile(x, 13, 0, 0.7) for x in (9, 19, 39)]
    five = [tile(x, 10, 1, 0.6) for x in (0, 10, 20, 30, 40)]
    halves = [tile(x, 5, 2, 0.5) for x in range(0, 50, 5)]
    values = {(0, 9): (3, 4), (0, 19): (5, 6), (0, 39): (2, 3),
              (1, 0): (1, 2), (1, 10): (3, 4), (1, 20): (5, 6), (1, 30): (0, 3), (1, 40): (2, 2)}
    read = []

    def read_tiles(image, regions):
        read.extend(r.way for r in regions)
        got = [values.get((r.way, int(r.corners[0, 0]))) for r in regions]
        return [TileReading(*v, 0.9, 0.9, ()) if v else None for v in got]
    monkeypatch.setattr(pipeline, "read_tiles", read_tiles)

    def best(regions):
        read.clear()
        kept, readings = pipeline.read_best(np.zeros((4, 4, 3), np.uint8), regions)
        return [r.way for r in kept], sorted((t.top, t.bottom) for t in readings)
    assert best(cores + five + halves) == ([1] * 5, [(0, 3), (1, 2), (2, 2), (3, 4), (5, 6)])
    assert read == [0] * 3 + [1] * 5               # the better fit first; the halves never
    # where the cut into five does not read whole, the cores' way stands
    values[(1, 30)] = None
    assert best(cores + five + halves)[0] == [0] * 3


def test_a_thin_photo_after_a_big_one_is_read_without_crashing():
    # OpenCV's DNN module, having run the finder on a larger input, crashed the whole process
    # (the table's server with it) on one under 64 pixels on a side: a panorama's short side
    script = ("import numpy as np; from vision.pipeline import analyse; "
              "analyse(np.full((200, 385, 3), 120, np.uint8)); analyse(np.full((3000, 200, 3), 120, np.uint8)); "
              "analyse(np.full((150, 4000, 3), 90, np.uint8)); print('read')")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0 and done.stdout.strip() == "read", done.stderr[-500:]


def test_a_tile_is_counted_once_the_surer_reading_stands():
    sure = pipeline.TileFound((3, 4), 0.95, ((0, 0),) * 4)
    unsure = pipeline.TileFound((3, 4), 0.6, ((9, 9),) * 4)
    other = pipeline.TileFound((1, 2), 0.7, ((5, 5),) * 4)
    kept, twice = pipeline.once_each([unsure, other, sure])
    assert kept == [other, sure] and twice == [unsure]


def test_rectify_stands_the_tile_upright_at_the_readers_size():
    image = np.zeros((400, 400, 3), np.uint8)
    corners = np.float32([[100, 100], [160, 100], [160, 220], [100, 220]])
    cv2.fillConvexPoly(image, corners.astype(np.int32), (255, 255, 255))
    cv2.circle(image, (130, 130), 8, (0, 0, 255), -1)        # a red spot in the upper half
    tile = pipeline.rectify(image, corners)
    assert tile.shape == (P.read_h, P.read_w, 3)
    red = np.argwhere((tile[:, :, 2] > 200) & (tile[:, :, 1] < 80))
    assert len(red) and red[:, 0].mean() < P.read_h / 2


def test_a_generated_test_scene_shows_each_tile_once_as_one_real_set_does():
    # the counter rightly refuses a tile seen twice (a set holds each once), so a test scene
    # showing one twice could never be read right: seed 1's scene 47 drew 1|4 twice
    from vision.training.synth_scenes import scene_with_answers
    from vision.training.train import SEED, SEED_OFFSETS
    for i in (47, 79, 80):
        _, answers, _ = scene_with_answers(np.random.default_rng(SEED + SEED_OFFSETS["test"] + 100_000 + i))
        assert len(answers) == len(set(answers)) > 1, (i, answers)


def test_the_uncovered_part_of_a_face_with_a_tile_read_is_looked_at_again():
    # a face three tiles long (a run whose faces ran together) with one tile read at its left
    # end, and a large face with no tile read (a patterned cloth): only the run's rest is
    # looked at again
    from vision import finder
    face = np.zeros((60, 100), np.float32)
    face[10:20, 10:70] = 1              # the run: 60 x 10 map pixels, three tiles of 20 x 10
    face[30:55, 20:90] = 1              # the cloth
    sighting = finder.Sighting([], to_map=0.5, face=face)
    read = pipeline.TileRegion(np.float32([[20, 20], [60, 20], [60, 40], [20, 40]]), 1.0)   # photo pixels
    windows = finder.uncovered_faces(sighting, [read], width=20.0, shape=(120, 200))
    assert len(windows) == 1
    x0, y0, x1, y1 = windows[0]
    assert x0 <= 60 + 2 and x1 >= 140 and y0 <= 20 and y1 >= 40 and y1 < 60
    assert finder.uncovered_faces(sighting, [], width=20.0, shape=(120, 200)) == []
    # a face far larger than a run of tiles, touching a tile read, is no run: not looked at
    face[10:20, 70:100] = 1
    face[20:60, 70:100] = 1
    assert finder.uncovered_faces(finder.Sighting([], to_map=0.5, face=face), [read], width=6.0, shape=(120, 200)) == []


def test_a_tile_only_the_second_look_sees_is_kept_where_it_reads_surely(monkeypatch):
    from vision import finder
    from vision.reader import TileReading
    monkeypatch.setattr(pipeline, "uncovered_faces", lambda sighting, tiles, width, shape: [(0, 0, 100, 40)])
    monkeypatch.setattr(pipeline, "tiles_near", lambda image, window, width: [_strip_tile(x) for x in (20, 40, 0)])
    sure, unsure = TileReading(2, 3, 0.9, 0.9, ()), TileReading(0, 1, 0.5, 0.9, ())
    monkeypatch.setattr(pipeline, "read_best", lambda image, found: (found, [sure, unsure]))
    regions, readings = pipeline.rest_of_faces(np.zeros((40, 100, 3), np.uint8), finder.Sighting([]), [_strip_tile(0)],
                                               [TileReading(4, 4, 0.95, 0.95, ())])
    # the tile at 0 was read already; of the two new ones, the surely read one is kept
    assert [int(r.corners[0, 0]) for r in regions] == [0, 20]
    assert [(r.top, r.bottom) for r in readings] == [(4, 4), (2, 3)]


def test_a_test_scene_asking_for_more_tiles_than_the_set_holds_is_refused():
    from vision.training import synth_scenes as ss
    from vision.training import synth_tiles as st
    rng = np.random.default_rng(5)
    boxes = [ss.tile_box(20 + 30 * (k % 10), 30 + 60 * (k // 10), 12, 0.0) for k in range(29)]
    with pytest.raises(ValueError, match="double-6"):
        ss.render(rng, 200, 320, boxes, np.eye(3, dtype=np.float32), st.random_style(rng, 6), 6, 0.0, one_set=True)


def _square_tile(x, width):
    """A tile `width` pixels wide, twice as long, at `x` along the top of a photo."""
    return pipeline.TileRegion(np.float32([[x, 0], [x + width, 0], [x + width, 2 * width], [x, 2 * width]]), 1.0)


def test_a_tile_read_unsurely_much_narrower_than_the_sure_ones_is_left_out():
    # the tiles of one set are one size: a patch of carpet read unsurely as a tile half as
    # wide as the tiles read surely is none (mikeygbg-01's 2|6), a tile a little narrower stays
    sure, unsure = reader.TileReading(1, 2, 0.9, 0.9, ()), reader.TileReading(2, 6, 0.5, 0.5, ())
    regions = [_square_tile(0, 50), _square_tile(100, 52), _square_tile(200, 22), _square_tile(300, 40),
               _square_tile(400, 20), _square_tile(500, 10)]
    readings = [sure, sure, unsure, unsure, sure, None]
    kept, read = pipeline.one_size(regions, readings)
    assert [int(r.corners[0, 0]) for r in kept] == [0, 100, 300, 400, 500]   # a sure tile, or none read, stays
    assert read == [sure, sure, unsure, sure, None]
    # one tile read surely gives the size (a 2|2 read at 0.52 half as wide as the one sure
    # tile, seed 176's photo 6); with none there is no size to go by
    assert pipeline.one_size(regions[1:3], readings[1:3]) == (regions[1:2], readings[1:2])
    assert pipeline.one_size(regions[2:4], readings[2:4]) == (regions[2:4], readings[2:4])


def test_a_tile_of_two_pips_or_fewer_read_unsurely_and_like_no_tile_read_is_outlined_to_check():
    # a line on the table read as a divider, with a speck or two or none: outlined to check, not
    # counted; beside a tile of more pips about as wide (small tiles read unsurely) it stays
    def seen(*tiles):
        return pipeline.Seen(regions=tuple(_square_tile(100 * k, w) for k, (w, _) in enumerate(tiles)),
                             readings=tuple(r for _, r in tiles))
    blank, speck = reader.TileReading(0, 0, 0.55, 0.55, ()), reader.TileReading(0, 1, 0.6, 0.6, ())
    sure_speck, two = reader.TileReading(0, 1, 0.7, 0.9, ()), reader.TileReading(1, 1, 0.5, 0.5, ())
    alone = pipeline.few_pips(seen((40, blank)))
    assert alone.regions == alone.readings == () and len(alone.shown) == 1
    assert alone.shown[0].tolist() == _square_tile(0, 40).corners.tolist()
    tiny = pipeline.few_pips(seen((40, reader.TileReading(3, 4, 0.9, 0.9, ())), (8, speck), (36, blank)))
    assert [(r.top, r.bottom) for r in tiny.readings] == [(3, 4), (0, 0)]       # the 0|0 as wide as the 3|4
    assert [int(o[0, 0]) for o in tiny.shown] == [100]                            # the 0|1 a fifth as wide
    # two specks are held to a lower bar than one or none (a black 0|2 read right at 0.62)
    specks = pipeline.few_pips(seen((40, two), (40, reader.TileReading(0, 2, 0.6, 0.62, ()))))
    assert [(r.top, r.bottom) for r in specks.readings] == [(0, 2)] and [int(o[0, 0]) for o in specks.shown] == [0]
    three = reader.TileReading(1, 2, 0.5, 0.5, ())
    kept = seen((40, sure_speck), (40, three), (40, None))     # surer, three pips, or no divider: as they were
    assert pipeline.few_pips(kept) == kept


def test_an_opencv_without_the_classic_engine_still_reads_the_networks(monkeypatch):
    """OpenCV 5.1 dropped the classic DNN engine that `vision.model` asks for (the `vision`
    extra pins 5.0); an OpenCV installed otherwise reads the networks with its own engine, to
    the same maps, instead of failing on every photo."""
    from vision.model import Network
    tile = np.random.default_rng(5).integers(0, 256, (2, P.read_h, P.read_w, 3)).astype(np.uint8)
    classic = Network(MODELS / "reader.onnx").run(tile)
    monkeypatch.delattr(cv2.dnn, "ENGINE_CLASSIC")
    other = Network(MODELS / "reader.onnx").run(tile)
    assert other.shape == classic.shape == (2, 2, P.read_h, P.read_w)
    assert np.abs(other - classic).max() < 1e-3


def test_a_run_is_not_cut_a_way_that_fits_the_cores_far_worse_than_the_best():
    def way(fit):
        return [pipeline.TileRegion(np.zeros((4, 2), np.float32), 1.0, group=(0,), fit=fit)]
    share = pipeline.P.way_fit_share
    arms = way(0.9 - pipeline.P.arm_after)           # a chain's way along its arms, read last
    ways = {0: way(0.2), 1: way(0.5), 2: way(0.5 * share + 0.01), 3: way(0.5 * share - 0.01), 4: arms}
    assert pipeline._fitting(ways) == [1, 2, 4]       # best first; 3 fits under the share of 0.5
    # where no way fits the cores at all, every way is tried, best first
    assert pipeline._fitting({0: way(-0.1), 1: way(0.0)}) == [1, 0]
