"""Chickenyard's pip counter: photograph the tiles left in a hand, get the count.

OpenCV and NumPy are an optional extra (`pip install chickenyard[vision]`):
importing this package never needs them, so the score sheet runs without.
"""
from __future__ import annotations

import os

# The second guard against decompression bombs, independent of vision.load's header check:
# OpenCV refuses to decode more pixels than this. It reads the limit from the environment once,
# when cv2 is first imported, so it is set here, before anything in Chickenyard imports cv2
# (app.py imports this package first). Keep it at or above Params.max_pixels.
MAX_DECODE_PIXELS = 40_000_000


def _limit_opencv_decoding() -> None:
    current = os.environ.get("OPENCV_IO_MAX_IMAGE_PIXELS", "")
    if not (current.isascii() and current.isdigit()) or int(current) > MAX_DECODE_PIXELS:
        os.environ["OPENCV_IO_MAX_IMAGE_PIXELS"] = str(MAX_DECODE_PIXELS)


_limit_opencv_decoding()


def available() -> bool:
    """True when OpenCV and NumPy are installed."""
    try:
        import cv2  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def count_pips(image_bytes: bytes, set_size: int | None = None, closer: bool = False):
    """Tiles found in a photo and their pips (0|0 counts 0): see vision.pipeline.Result. With
    `closer`, the photo is also looked at twice as close (about three times as long)."""
    from .pipeline import count_pips as run
    return run(image_bytes, set_size, closer=closer)
