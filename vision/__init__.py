"""Chickenyard's pip counter: photograph the tiles left in a hand, get the count.

OpenCV and NumPy are an optional extra (`pip install chickenyard[vision]`):
importing this package never needs them, so the score sheet runs without.
"""
from __future__ import annotations


def available() -> bool:
    """True when OpenCV and NumPy are installed."""
    try:
        import cv2  # noqa: F401
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def count_pips(image_bytes: bytes, set_size: int | None = None):
    """Tiles found in a photo and their pips (0|0 counts 0): see vision.pipeline.Result."""
    from .pipeline import count_pips as run
    return run(image_bytes, set_size)
