"""Cutting a run of touching faces into tiles: where the cuts go, and which cuts are tried."""
from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
cv2 = pytest.importorskip("cv2")

from vision import finder  # noqa: E402

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
    piece = np.zeros((rows * 2 * width + 20, cols * width + 20), bool)
    piece[10:10 + rows * 2 * width, 10:10 + cols * width] = True
    return piece


def test_a_block_is_cut_every_way_its_cells_come_out_tile_shaped():
    piece = block(2, 4)                      # 40 x 40: two rows of four upright tiles
    ways = finder._row_cuts(piece, finder._shape(piece), np.zeros(piece.shape, np.float32))
    sizes = sorted(len(w) for w in ways)
    assert 8 in sizes                        # the rows and columns it is
    for way in ways:
        for cell in way:
            sides = sorted((np.linalg.norm(cell[0] - cell[1]), np.linalg.norm(cell[1] - cell[2])))
            assert abs(sides[1] / sides[0] / 2 - 1) <= finder.ROW_FIT + 1e-6


def test_cuts_narrower_than_the_cores_tell_are_not_tried():
    piece = block(1, 1, width=30)            # one tile's face, 30 x 60, with the core of one tile
    core = ((25.0, 40.0), (30.0, 60.0), 0.0)
    assert finder._row_cuts(piece, finder._shape(piece), np.zeros(piece.shape, np.float32), [core]) == []
    # without a core to tell the size, four tiles side by side would fit it too
    assert finder._row_cuts(piece, finder._shape(piece), np.zeros(piece.shape, np.float32))
