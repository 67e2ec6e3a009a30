"""The labelled real photos in shared/photos as a benchmark with a floor.

The figures printed by `python -m vision.evaluate ../shared/photos` are the
measure; this test keeps the counter from sliding below what it reaches now.
"""
from __future__ import annotations

import io
from pathlib import Path

import pytest

pytest.importorskip("cv2")
pytestmark = pytest.mark.vision

PHOTOS = Path(__file__).resolve().parents[3] / "shared" / "photos"


@pytest.mark.skipif(not (PHOTOS / "labels.tsv").exists(), reason="shared/photos is not beside this checkout")
def test_accuracy_on_the_labelled_photos_does_not_slide():
    from vision.evaluate import evaluate
    figures = evaluate(PHOTOS, repeat=1, out=io.StringIO())
    assert figures["photos"] == 38 and figures["tiles"] == 159
    assert figures["photos_every_tile_right"] >= 37
    assert figures["tiles_right"] >= 158


@pytest.mark.skipif(not (PHOTOS / "labels.tsv").exists(), reason="shared/photos is not beside this checkout")
def test_exif_rotated_photos_are_read_upright():
    import cv2
    import numpy as np

    from vision.load import decode
    # domibot-08 carries EXIF orientation 3: the stored pixels are upside down
    data = (PHOTOS / "domibot-08.jpg").read_bytes()
    stored = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION)
    upright = decode(data)
    assert not np.array_equal(upright, stored)
    assert np.array_equal(upright, cv2.rotate(stored, cv2.ROTATE_180))
