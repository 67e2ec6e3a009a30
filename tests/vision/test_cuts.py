"""Cutting a run of touching faces into tiles: where the cuts go, and which cuts are tried."""
from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
cv2 = pytest.importorskip("cv2")

from vision import finder  # noqa: E402
from vision.params import PARAMS as P  # noqa: E402

pytestmark = pytest.mark.vision


def test_each_cut_moves_to_where_the_core_is_lowest_near_it():
    # three tiles of about 30, 26 and 22 pixels (a row going away from the camera): the core
    # dips between them at pixels 30 and 56 (their middles at 30.5 and 56.5), not at the even
    # cuts 26 and 52
    profile = np.ones(78)
    profile[[29, 30, 31, 55, 56, 57]] = 0.1
    cuts = finder._meeting_lines(profile, 3)
    assert cuts[0] == 0 and cuts[-1] == 1
    assert [c * 78 for c in cuts[1:-1]] == pytest.approx([30.5, 56.5])


def test_a_flat_core_leaves_the_cuts_even():
    assert finder._meeting_lines(np.full(60, 0.5), 4) == pytest.approx([0, 0.25, 0.5, 0.75, 1], abs=1.5 / 60)


def block(rows, cols, width=10):
    """A face of rows x cols upright tiles `width` pixels wide, 10 pixels in from the corner of
    its map: the piece (its mask over its own box) and the map's shape."""
    mask = np.ones((rows * 2 * width, cols * width), bool)
    return finder.Piece(mask, (10, 10)), (rows * 2 * width + 20, cols * width + 20)


def cuts(piece, shape, cores=()):
    return finder._row_cuts(piece, finder._shape(piece), np.zeros(shape, np.float32), list(cores))


def test_a_block_is_cut_every_way_its_cells_come_out_tile_shaped():
    piece, shape = block(2, 4)               # 40 x 40: two rows of four upright tiles
    ways = cuts(piece, shape)
    sizes = sorted(len(w) for w in ways)
    assert 8 in sizes                        # the rows and columns it is
    for way in ways:
        for cell in way:
            sides = sorted((np.linalg.norm(cell[0] - cell[1]), np.linalg.norm(cell[1] - cell[2])))
            assert abs(sides[1] / sides[0] / 2 - 1) <= P.row_fit + 1e-6


def test_a_piece_on_its_own_box_is_cut_where_it_lies_on_the_map():
    piece, shape = block(2, 4)
    whole = np.zeros(shape, bool)
    whole[10:50, 10:50] = True
    on_map = cuts(finder.Piece(whole, (0, 0)), shape)
    assert finder._shape(piece) == finder._shape(finder.Piece(whole, (0, 0)))
    assert len(on_map) == len(cuts(piece, shape)) > 0
    for mine, theirs in zip(cuts(piece, shape), on_map):
        assert np.array_equal(np.array(mine), np.array(theirs))
    assert np.array(on_map[0]).min() == pytest.approx(10, abs=0.6)     # not at the box's corner


def test_cuts_narrower_than_the_cores_tell_are_not_tried():
    piece, shape = block(1, 1, width=30)     # one tile's face, 30 x 60, with the core of one tile
    core = ((25.0, 40.0), (30.0, 60.0), 0.0)
    assert cuts(piece, shape, [core]) == []
    # without a core to tell the size, four tiles side by side would fit it too
    assert cuts(piece, shape)


def test_cuts_are_weighed_as_if_drawn_on_the_whole_map():
    # each cut is drawn on its own part of the map only; what it weighs must not change
    rng = np.random.default_rng(3)
    faces = (rng.random((60, 80)) > 0.4).astype(np.uint8)
    core = rng.random((60, 80)).astype(np.float32)
    polygons = [np.float32([[10.3, 5.2], [30.1, 8.7], [26.4, 40.2], [6.8, 36.9]]),
                np.float32([[-3.4, 45.0], [12.2, 45.0], [12.2, 65.5], [-3.4, 65.5]]),     # past two edges
                np.float32([[60.0, 2.0], [79.6, 2.0], [79.6, 12.0], [60.0, 12.0]])]
    supports, fits = finder._weighed(faces, core, polygons, [True, True, False])
    for polygon, support, fit, asked in zip(polygons, supports, fits, [True, True, False]):
        drawn = np.zeros(faces.shape, np.uint8)
        cv2.fillConvexPoly(drawn, np.round(polygon).astype(np.int32), 1)
        assert support == pytest.approx(faces[drawn > 0].mean())
        whole, inner = np.zeros(core.shape, np.uint8), np.zeros(core.shape, np.uint8)
        centre = polygon.mean(axis=0)
        cv2.fillConvexPoly(whole, np.round(polygon * 16).astype(np.int32), 1, shift=4)
        cv2.fillConvexPoly(inner, np.round((centre + P.core * (polygon - centre)) * 16).astype(np.int32), 1,
                           shift=4)
        ring = (whole > 0) & (inner == 0)
        assert fit == pytest.approx(core[inner > 0].mean() - core[ring].mean() if asked else 0.0, abs=1e-6)


def test_a_face_whose_one_core_tells_its_own_size_is_one_tile():
    # as the finder saw them on a generated scene: a lone tile, its core's tile a little wide
    lone = (((36.1, 39.3), (16.8, 35.2), -60.3), 523)
    assert finder._one_tile(lone, [((36.5, 39.3), (20.7, 34.3), -56.3)])
    # three tiles side by side, their cores run together into one too large for the face
    block = (((82.8, 119.2), (40.9, 25.0), -29.1), 890)
    assert not finder._one_tile(block, [((82.2, 118.9), (63.5, 38.1), -19.7)])
    # ... or one tile's core, half the face's width: the face may be a run of tiles
    assert not finder._one_tile(block, [((70.0, 119.0), (12.5, 25.0), -29.1)])
    assert not finder._one_tile(lone, [])
    assert not finder._one_tile(lone, [((36.5, 30.0), (8.0, 16.0), -60.3), ((36.5, 48.0), (8.0, 16.0), -60.3)])


def test_a_piece_reads_a_map_at_its_own_pixels():
    labels = np.zeros((6, 8), np.int32)
    labels[1:4, 2:5] = 3
    labels[2, 3] = 0                                   # a hole in the face
    _, _, stats, _ = cv2.connectedComponentsWithStats((labels == 3).astype(np.uint8), connectivity=8)
    values = np.arange(48, dtype=np.float32).reshape(6, 8)
    piece = finder._piece((labels == 3).astype(np.int32), stats, 1)
    assert piece.origin == (2, 1)
    assert np.array_equal(piece.on(values), values[labels == 3])


def cross(width=10):
    """A face of touching upright-and-flat tiles `width` pixels wide laid as a cross: a line of
    five flat tiles end to end, the middle one crossed by two upright tiles above it and two
    below (the finder's face ran together, its cores broke up). The piece, 20 pixels in from
    its map's corner, and each tile's centre on the map (a pixel's centre is where it lies)."""
    tile = 2 * width
    mask = np.zeros((2 * 2 * tile + width, 5 * tile), bool)
    arm_top = 2 * tile
    mask[arm_top:arm_top + width, :] = True                                   # the line
    middle = 5 * tile // 2
    mask[:, middle - width // 2:middle + width // 2] = True                   # the upright arms
    origin = np.array([20, 20]) - 0.5
    centres = [(k * tile + width, arm_top + width / 2) for k in range(5)]
    centres += [(middle, y + width) for y in (0, tile, arm_top + width, arm_top + width + tile)]
    return finder.Piece(mask, (20, 20)), [np.array(c) + origin for c in centres]


def test_a_cross_whose_cores_broke_up_is_cut_along_its_arms():
    piece, centres = cross()
    middle = centres[2]
    core_tile = cv2.boxPoints(((float(middle[0]), float(middle[1])), (20.0, 10.0), 0.0))
    ways = finder._arm_cuts(piece, finder._shape(piece), np.zeros((200, 200), np.float32), [core_tile])
    assert len(ways) == 1 and len(ways[0]) == len(centres)
    for centre in centres:          # each tile cut once, within a fifth of its width
        assert sum(np.linalg.norm(q.mean(axis=0) - centre) < 2 for q in ways[0]) == 1
    for q in ways[0]:
        sides = sorted((np.linalg.norm(q[0] - q[1]), np.linalg.norm(q[1] - q[2])))
        assert sides == pytest.approx([10, 20], abs=2)


def test_a_lone_tile_or_a_straight_run_is_no_chain():
    for rows in (1, 2):
        piece, _ = block(rows, 1)
        assert finder._arm_cuts(piece, finder._shape(piece), np.zeros((200, 200), np.float32), []) == []


def test_an_arm_whose_length_is_a_whole_number_of_tiles_but_for_rounding_is_cut_without_fault():
    # a tile 15 long in floating point (14.999999999999998) on an arm 21 long: from 6, NumPy's
    # arange steps onto 21, one past the arm's profile (a turned development photo stopped on it)
    core = np.zeros((40, 40), np.float32)
    phase = finder._lowest_phase(core, np.float32([0, 0]), np.float32([21, 0]), np.float32([0, 7.5]), 15 - 2e-15)
    assert 0 <= phase < 15


def test_an_arm_with_no_free_end_is_cut_where_its_cores_are_lowest():
    # a line of tiles 10 wide meeting at x = 27, 47, 67, 87 (their cores, the middle 45% of
    # each, high); the arm looked at runs from x = 20 to 100, the face going on past both ends
    mask = np.ones((10, 120), bool)
    core = np.zeros((10, 120), np.float32)
    for x in range(7, 120, 20):
        core[3:7, x + 6:x + 15] = 0.9
    piece = finder.Piece(mask, (0, 0))
    cells = finder._arm_tiles(piece, core, np.array([20.0, 0.0]), np.array([100.0, 0.0]), np.array([0.0, 10.0]))
    assert [float(q.mean(axis=0)[0]) for q in cells] == pytest.approx([37, 57, 77], abs=1)
    # the same arm where the face stops at its start: the tiles are laid from there
    free = finder.Piece(mask[:, 20:], (20, 0))
    cells = finder._arm_tiles(free, core, np.array([20.0, 0.0]), np.array([100.0, 0.0]), np.array([0.0, 10.0]))
    assert [float(q.mean(axis=0)[0]) for q in cells] == pytest.approx([30, 50, 70, 90], abs=0.01)


def _seen(width, group=None):
    """A tile the fine look saw, `width` input pixels wide (on a face cut many ways: `group`)."""
    corners = np.array([[0, 0], [width / 2, 0], [width / 2, width], [0, width]], np.float32)
    return finder.TileRegion(corners, 0.8, group), float(width)


def test_tiles_standing_alone_too_wide_for_the_zoomed_look_keep_the_fine_one():
    # five large tiles standing alone, and a run of touching tiles cut in many small ways: the
    # median of all is small, but at 1536 (four times 384) the tiles alone would be 160 pixels
    # wide, past what the finder sees (jschmidtengler-01 turned 13 degrees read no tile so)
    large = [_seen(40) for _ in range(5)] + [_seen(w, group=(384, 0, 0, 3)) for w in [9, 10, 12, 14] * 5]
    assert np.median([w for _, w in large]) < P.zoom_below
    assert finder._too_wide_zoomed(large, (1049, 1349, 3))
    # small tiles standing alone are as wide as the finder knows them at 1536
    small = [_seen(16) for _ in range(5)] + [_seen(w, group=(384, 0, 0, 3)) for w in [9, 10, 12, 14] * 5]
    assert not finder._too_wide_zoomed(small, (1049, 1349, 3))
    # a run alone (no tile standing alone) is looked at closer, as before
    assert not finder._too_wide_zoomed(large[5:], (1049, 1349, 3))
