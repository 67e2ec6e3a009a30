"""vision.tap: the tile under a tap is read, on drawn photos with a fixed seed."""
from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from tests.vision.synthetic import photo_of  # noqa: E402
from vision.load import decode  # noqa: E402
from vision.params import PARAMS  # noqa: E402
from vision.tap import tile_at  # noqa: E402

pytestmark = pytest.mark.vision

TILES = [((2, 5), (250, 250), 30), ((4, 4), (600, 300), 95), ((1, 6), (450, 560), 150)]


@pytest.fixture(scope="module")
def photo():
    return decode(photo_of(TILES, seed=12))


def _corners(centre, angle, width=80):
    """A drawn tile's corners, as the first reading would give them."""
    return cv2.boxPoints(((float(centre[0]), float(centre[1])), (width, 2 * width), -angle))


@pytest.mark.parametrize("known", [2, 0], ids=["beside tiles read", "no tile read yet"])
def test_a_tap_on_a_tile_reads_it_and_its_outline(photo, known):
    values, centre, angle = TILES[-1]
    tap = (centre[0] + 20, centre[1] - 30)                # on the tile, off its middle
    tile = tile_at(photo, tap, [_corners(c, a) for _, c, a in TILES[:known]], set_size=6)
    assert tile is not None and tile.values == values
    assert 0 < tile.confidence < PARAMS.confident          # listed to check, however sure the looks
    assert cv2.pointPolygonTest(np.float32(tile.corners), tap, False) > 0
    assert np.hypot(*(np.mean(tile.corners, axis=0) - centre)) < 10
    assert 70 < min(np.linalg.norm(np.subtract(tile.corners[i], tile.corners[i - 1])) for i in range(4)) < 90


def test_a_tap_on_the_table_reads_nothing(photo):
    assert tile_at(photo, (900, 650), [_corners(c, a) for _, c, a in TILES], set_size=6) is None


def test_a_tile_of_a_larger_set_than_the_table_plays_is_not_read(photo):
    values, centre, _ = TILES[-1]
    assert tile_at(photo, centre, (), set_size=5) is None       # its 6 is not in a double-5 set
