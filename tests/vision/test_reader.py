"""Counting a tile's pips on the reader's maps: which peaks are pips."""
from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
cv2 = pytest.importorskip("cv2")

from vision import reader  # noqa: E402
from vision.params import PARAMS as P  # noqa: E402

pytestmark = pytest.mark.vision

IVORY = (225, 235, 240)      # BGR


def tile_with(discs):
    """An ivory tile at the reader's size (48 x 96) with discs of radius 3 at (x, y, BGR colour)."""
    tile = np.zeros((P.read_h, P.read_w, 3), np.uint8)
    tile[:] = IVORY
    for x, y, colour in discs:
        cv2.circle(tile, (x, y), 3, colour, -1)
    return tile


def test_a_peak_of_the_body_colour_is_no_pip_and_a_pale_half_keeps_its_pips():
    # the top half: two black pips and two peaks where the tile is its body colour (an empty
    # hole's floor, a speck); the bottom half: three pale yellow pips, far paler than the top's
    # black ones but as dark as each other (a set's half is of one colour)
    pips_top = [(12, 14, (20, 20, 20)), (36, 34, (20, 20, 20))]
    empty_top = [(24, 24), (12, 34)]
    pale_bottom = [(12, 60, (150, 215, 235)), (24, 72, (150, 215, 235)), (36, 84, (150, 215, 235))]
    tile = tile_with(pips_top + pale_bottom)
    found = [(x, y, 0.9) for x, y, _ in pips_top + pale_bottom] + [(x, y, 0.9) for x, y in empty_top]
    like = reader.body_coloured(tile, found, (0.0, P.read_h / 2))
    assert like == {(x, y, 0.9) for x, y in empty_top}


def test_a_half_of_empty_holes_reads_nought_and_is_listed_to_check():
    # the maps of a tile whose top half has 3 plugs and 6 empty holes of a 3 x 3 grid, all
    # drawn as peaks by the network, and whose bottom half has none: the holes are not
    # counted, and the half with holes is not marked sure
    grid = [(x, y) for y in (14, 24, 34) for x in (12, 24, 36)]
    plugs = grid[::4]
    tile = tile_with([(x, y, (30, 30, 30)) for x, y in plugs])
    maps = np.zeros((2, P.read_h, P.read_w), np.float32)
    for x, y in grid:
        maps[0, y, x] = 0.95
    maps[1, P.read_h // 2, 4:-4] = 1.0       # the divider bar
    without = reader.read_maps(maps)
    assert (without.top, without.bottom) == (9, 0)
    reading = reader.read_maps(maps, tile)
    assert (reading.top, reading.bottom) == (len(plugs), 0)
    assert reading.top_confidence < P.confident <= reading.bottom_confidence


def _kind(kind, seed, index):
    from vision.evaluate import kind_photos
    return list(kind_photos(kind, index + 1, seed))[index]


def _cell(style, layout, size, seed):
    from vision.evaluate import style_photos
    return next(style_photos(style, layout, size, 1, seed))


@pytest.mark.parametrize("photo", [lambda: _cell("white on black", "row", "close-up", 31), lambda: _kind("black", 30, 1)],
                         ids=["white-on-black-row-close-up-31", "black-set-30-1"])
def test_sets_of_plugs_in_holes_read_their_plugs_not_their_empty_holes(photo, monkeypatch):
    # generated photos of seeds of choice whose sets have plugs in a 3 x 3 grid of holes, the
    # empty holes showing as rings: two white-on-black tiles close up (1|2, 1|5), read as one 9|9;
    # four black tiles (0|0, 0|4, 1|5, 6|7), read 6|9, 6|7, 7|9 and 9|9, the 9|9 marked sure
    from vision.evaluate import outcome
    from vision.load import decode
    from vision.pipeline import analyse
    _, data, want, set_size, where, _ = photo()
    image = decode(data)
    counts = outcome(analyse(image, set_size), want, where)
    assert counts["tiles_right"] == counts["tiles"]
    monkeypatch.setattr(reader, "body_coloured", lambda *args: set())
    before = outcome(analyse(image, set_size), want, where)
    assert before["tiles_right"] <= counts["tiles"] - 2


def _maps_at(points) -> np.ndarray:
    """The reader's maps with a peak at each point and the divider bar across the middle."""
    maps = np.zeros((2, P.read_h, P.read_w), np.float32)
    for x, y in points:
        maps[0, y, x] = 0.95
    maps[1, P.read_h // 2, 4:-4] = 1.0
    return maps


GRID = [(x, y) for y in (14, 24, 34) for x in (12, 24, 36)]      # a half's 3 x 3 grid of holes


def test_a_half_of_empty_holes_tinted_by_their_recess_reads_nought():
    # a white tile whose top half is nine empty holes: dark rings round a floor tinted green, too
    # far from the body colour for `body_like`, a half with nothing darker to compare with; the
    # bottom half nine black plugs. Round 33's photo (seed 30's close-up) read 9|9 surely
    white = (245, 252, 250)
    tile = np.full((P.read_h, P.read_w, 3), white, np.uint8)
    for x, y in GRID:
        cv2.circle(tile, (x, y), 3, (60, 70, 60), 1)          # the hole's rim
        cv2.circle(tile, (x, y), 2, (195, 225, 200), -1)      # its floor, in the recess's shade
        cv2.circle(tile, (x, y + 48), 3, (30, 30, 30), -1)   # a plug
    peaks = GRID + [(x, y + 48) for x, y in GRID]
    reading = reader.read_maps(_maps_at(peaks), tile)
    assert (reading.top, reading.bottom) == (0, 9)
    assert reading.top_confidence < P.confident
    every_peak = reader.read_maps(_maps_at(peaks))      # without the tile, every peak counts
    assert (every_peak.top, every_peak.bottom) == (9, 9)


def test_shaded_pale_pips_and_dished_pips_are_pips():
    # pips lighter in the middle than at their rim, in halves of nine (a grid the rule looks at),
    # are still pips where they are not far paler than the tile's other pips: a 9|9 of pink pips
    # shaded to a darker rim beside yellow ones (a coloured double-12 set, evandrowcg-01), and one
    # of black pips dished to a grey middle (ljparrish's)
    ivory = (222, 230, 239)
    yellow, pink = GRID, [(x, y + 48) for x, y in GRID]
    tile = np.full((P.read_h, P.read_w, 3), ivory, np.uint8)
    for x, y in pink:
        cv2.circle(tile, (x, y), 4, (150, 110, 220), -1)      # the rim's deeper pink
        cv2.circle(tile, (x, y), 2, (190, 160, 235), -1)      # a paler middle
    for x, y in yellow:
        cv2.circle(tile, (x, y), 4, (20, 170, 240), -1)
    reading = reader.read_maps(_maps_at(yellow + pink), tile)
    assert (reading.top, reading.bottom) == (9, 9)
    dished = np.full((P.read_h, P.read_w, 3), ivory, np.uint8)
    for x, y in yellow + pink:
        cv2.circle(dished, (x, y), 4, (25, 25, 25), -1)
        cv2.circle(dished, (x, y), 1, (110, 110, 110), -1)    # the dish's grey middle
    reading = reader.read_maps(_maps_at(yellow + pink), dished)
    assert (reading.top, reading.bottom) == (9, 9)


def test_a_close_up_of_a_set_with_empty_holes_is_not_read_surely_as_nine(monkeypatch):
    # the held-out kinds' close-up of seed 30 (a seed of choice), photo 1: a 0|9 of a set whose
    # pips are plugs in a 3 x 3 grid of holes, the empty holes' floors tinted by the light
    from vision.evaluate import outcome
    from vision.load import decode
    from vision.pipeline import analyse
    _, data, want, set_size, where, _ = _kind("closeup", 30, 1)
    image = decode(data)
    result = analyse(image, set_size)
    assert result.tiles == ((0, 9),)
    assert outcome(result, want, where)["photos_every_tile_right"] == 1
    monkeypatch.setattr(reader, "_ring_apart", lambda tile, xs, ys, body: np.zeros(len(xs)))    # no ring told
    before = analyse(image, set_size)
    assert before.tiles == ((9, 9),) and before.tiles_detail[0].confidence >= P.confident


LAYOUTS = {      # a half's pips at a 3 x 3 grid's places (column, row), as every maker lays 2 to 9
    2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, r) for r in range(3)] + [(2, r) for r in range(3)],
    7: [(0, r) for r in range(3)] + [(2, r) for r in range(3)] + [(1, 1)],
    8: [(c, r) for c in range(3) for r in range(3) if (c, r) != (1, 1)], 9: [(c, r) for c in range(3) for r in range(3)],
}


def _half(value, top, shift=(0, 0)):
    """A half's pips at the reader's size, the grid's places 12 pixels apart about the half's middle."""
    x0, y0 = 12 + shift[0], (12 if top else 60) + shift[1]
    return [(x0 + 12 * c, y0 + 12 * r) for c, r in LAYOUTS[value]]


@pytest.mark.parametrize("value", range(2, 10))
def test_every_layout_of_two_to_nine_pips_is_point_symmetric_though_the_cut_is_off_its_tile(value):
    # a cut a little off its tile moves both halves' pips alike: their layout stays symmetric
    for shift in ((0, 0), (-4, 3), (5, -5)):
        top, bottom = _half(value, True, shift), _half(11 - value, False, shift)
        assert not reader.lopsided(top) and not reader.lopsided(bottom)
        got = reader.read_maps(_maps_at(top + bottom))
        assert (got.top, got.bottom) == (value, 11 - value) and got.confidence > P.confident


def test_a_half_that_takes_part_of_two_tiles_halves_is_lopsided_and_read_unsurely():
    # a cut slid along a chain, across where two tiles meet: its top half shows the last row of
    # one tile's 6 and the first two rows of the next tile's 5, five pips in no maker's layout
    top = [(12, 10), (36, 10), (12, 26), (36, 26), (24, 36)]
    bottom = _half(3, False)
    assert reader.lopsided(top) and not reader.lopsided(bottom)
    got = reader.read_maps(_maps_at(top + bottom))
    assert (got.top, got.bottom) == (5, 3)
    assert got.top_confidence <= P.lopsided_most < P.confident < got.bottom_confidence
    assert not reader.lopsided([(30, 20)]) and not reader.lopsided([])      # one pip, or none, is symmetric
    ten = [(12, 10), (24, 10), (36, 10), (12, 20), (36, 20), (12, 30), (24, 30), (36, 30), (20, 40), (30, 40)]
    assert not reader.lopsided(ten)      # makers lay 10 and more as they please: not asked
