"""The evaluation's figures over several folders."""
from __future__ import annotations

import pytest

pytest.importorskip("cv2")

from vision.evaluate import COUNTS, combined, summary  # noqa: E402

pytestmark = pytest.mark.vision


def figures(photos, right, analyses, decodes):
    counts = dict.fromkeys(COUNTS, 0)
    counts.update(photos=photos, photos_every_tile_right=right)
    return {**counts, "times": (analyses, decodes)}


def test_all_folders_take_each_photos_times_as_measured_in_its_folder():
    first = figures(3, 2, [0.010, 0.020, 0.030], [0.001, 0.002, 0.003])
    second = figures(2, 2, [0.040, 0.050], [0.004, 0.005])
    together = combined([first, second])
    assert (together["photos"], together["photos_every_tile_right"]) == (5, 4)
    assert together["median_analysis_ms"] == 30.0          # the middle of all five photos
    assert together["median_decode_ms"] == 3.0
    assert together["speed_ratio"] == 10.0
    assert "ratio 10.0" in summary("all folders", together)
