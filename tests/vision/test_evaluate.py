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


def test_a_stage_left_out_is_judged_by_reading_again_only_the_photos_it_acted_on():
    import io
    from collections import Counter

    from vision.evaluate import ablate, score

    from .synthetic import photo_of, scattered
    photos = [("apart", photo_of(scattered([(1, 2), (3, 5), (0, 6)], seed=3)), Counter([(1, 2), (3, 5), (0, 6)]), 6),
              ("rows", photo_of([((2, 2), (300, 300), 90), ((1, 4), (300, 380), 90), ((5, 6), (300, 460), 90)],
                                outline=False), Counter([(2, 2), (1, 4), (5, 6)]), 6)]
    out = io.StringIO()
    results = ablate(photos, out=out)
    assert next(iter(results)) == "every stage"
    for label, figures in results.items():
        if label == "every stage":
            continue
        stage = label.removeprefix("without ").split(" (")[0]
        direct = score(photos, quiet=True, skip=(stage,))
        assert {k: figures[k] for k in COUNTS} == {k: direct[k] for k in COUNTS}, stage
    assert "without square up (it acted on" in out.getvalue()


def test_the_12_mp_figure_is_the_analysis_own_memory_not_the_evaluating_process():
    # Linux keeps a process's peak (ru_maxrss) across fork and exec: a measurement started by
    # a process that had already read many photos reported that process's 526 MB as the
    # analysis's. Here the evaluating process holds 600 MB when it measures.
    import numpy as np
    from vision.evaluate import twelve_megapixels
    held = np.ones(600 * 2**20, np.uint8)
    figures = twelve_megapixels()
    assert held.sum() == 600 * 2**20
    assert figures["photo_mb"] > 0.5
    assert figures["rss_before_mb"] <= figures["peak_rss_mb"] < 400, figures
