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


def test_the_variants_take_a_photo_as_a_webcam_a_grey_filter_a_dim_room_or_a_missed_focus_would():
    """`--variants` sends each labelled photo again as the held-out photos came (the issue's greyscale
    photo, its 1080p webcam frame): each change does what its name says, and no other."""
    import numpy as np

    from vision.evaluate import VARIANTS
    rng = np.random.default_rng(3)
    photo = rng.integers(0, 256, (1500, 2400, 3), dtype=np.uint8)
    grey = VARIANTS["grey"](photo)
    assert grey.shape == photo.shape and (grey[..., 0] == grey[..., 1]).all() and (grey[..., 1] == grey[..., 2]).all()
    warm = VARIANTS["tinted warm"](photo).astype(int)
    assert warm[..., 2].mean() > photo[..., 2].mean() and warm[..., 0].mean() < photo[..., 0].mean()
    assert VARIANTS["a 1080p frame"](photo).shape == (1200, 1920, 3)
    assert VARIANTS["a 720p frame"](photo).shape == (800, 1280, 3)
    small = photo[:600, :800]
    assert VARIANTS["a 720p frame"](small) is small        # never enlarged
    blurred = VARIANTS["blurred"](photo)
    assert blurred.shape == photo.shape and blurred.std() < photo.std() / 2
    noisy = VARIANTS["noisy"](photo)
    assert 5 < np.abs(noisy.astype(int) - photo).mean() < 15 and (noisy == VARIANTS["noisy"](photo)).all()
