"""Where the cores of touching tiles ran together, each tile is outlined to check on its own
(`finder.core_outlines`, the "shown unread" stage), and nothing is outlined or read past the photo's edge."""
from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("cv2")

from vision import finder, pipeline  # noqa: E402
from vision.finder import Sighting, TileRegion  # noqa: E402
from vision.reader import TileReading  # noqa: E402

pytestmark = pytest.mark.vision

WIDTH = 20.0      # the tiles' width in the photo's pixels; each is twice as long


def _sighting(core_boxes, shape=(200, 200)) -> Sighting:
    """A look at half the photo's size whose core map holds these boxes (x0, y0, x1, y1, map pixels)."""
    core = np.zeros((shape[0] // 2, shape[1] // 2), np.float32)
    for x0, y0, x1, y1 in core_boxes:
        core[y0:y1, x0:x1] = 1.0
    return Sighting([], to_map=0.5, face=core.copy(), core=core, zoomed=True)


def _holding(outlines, point) -> list:
    return [o for o in outlines if finder.holds(o, point)]


# two tiles end to end along x, their middles at x = 80 and 120 (y = 100): the core that ran
# together over them is about two tile widths long and under half a tile's width across
TWO_TILES = (40, 48, 60, 53)


def test_a_core_two_tiles_long_is_outlined_as_each_tile_where_the_tiles_width_is_known():
    sighting = _sighting([TWO_TILES])
    assert len(finder.core_outlines(sighting, [])) == 1                # no width known: the core whole
    parts = finder.core_outlines(sighting, [], WIDTH)
    assert len(parts) == 2
    assert all(len(_holding(parts, (x, 100.0))) == 1 for x in (80.0, 120.0))
    assert [finder.short_side(o) for o in parts] == pytest.approx([WIDTH] * 2, rel=0.2)


def test_of_a_core_run_together_the_tile_a_tile_read_holds_is_left_out():
    sighting = _sighting([TWO_TILES])
    read = np.float32([[60, 90], [60, 110], [100, 110], [100, 90]])       # the tile at x = 80, read
    parts = finder.core_outlines(sighting, [read], WIDTH)
    assert len(parts) == 1 and _holding(parts, (120.0, 100.0))


def test_no_outline_or_tap_reaches_past_the_photos_edge():
    """The look's maps run on past the photo's edge, where its input was padded: a core run
    together up to the map's edge is cut into parts, the last reaching past the photo, and a
    core may lie on the padding itself, its outline wholly past the photo. The stages neither
    outline nor read a tile off the photo (an outline wholly past the edge made the reader cut
    an empty piece of the photo, and fail)."""
    image = np.full((160, 180, 3), 40, np.uint8)
    sighting = _sighting([(60, 40, 100, 45), (94, 60, 99, 70)])       # map x 90 on is past the photo
    reading = TileReading(2, 3, 0.9, 0.9, ())
    read = tuple(TileRegion(np.float32([[x, 20], [x, 60], [x + WIDTH, 60], [x + WIDTH, 20]]), 1.0) for x in (20, 60))
    outlines = finder.core_outlines(sighting, [r.corners for r in read], WIDTH)
    assert any(max(o[:, 0]) > image.shape[1] for o in outlines[:-1])     # the run's last part reaches past
    assert min(outlines[-1][:, 0]) >= image.shape[1]                     # the core on the padding
    assert any(c[0] >= image.shape[1] for c in finder.unread_cores(sighting, list(read)))
    shown = pipeline.shown_unread(image, pipeline.Seen(sighting, read, (reading, reading))).shown
    regions, _ = pipeline.cores_unread(image, sighting, list(read), [reading, reading])
    for corners in [*shown, *(r.corners for r in regions)]:
        x, y = np.mean(corners, axis=0)
        assert 0 <= x < image.shape[1] and 0 <= y < image.shape[0]
