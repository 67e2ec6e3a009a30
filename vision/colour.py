"""Colour distances in Lab, the measure every stage uses to tell a face from what is on it."""
from __future__ import annotations

import cv2
import numpy as np

_SUM_OF_CHANNELS = np.ones((1, 3), np.float32)


def distance(lab: np.ndarray, colour) -> np.ndarray:
    """Each pixel's Euclidean distance from `colour` (float32 Lab in, one float32 channel out);
    the same as np.linalg.norm(lab - colour, axis=2), done by OpenCV at a quarter of the cost."""
    difference = lab.astype(np.float32, copy=False) - np.asarray(colour, np.float32)
    return cv2.sqrt(cv2.transform(difference * difference, _SUM_OF_CHANNELS))


def percentile(values: np.ndarray, q: float) -> float:
    """np.percentile(values, q) (linear interpolation) by a partial sort, which is all it needs."""
    flat = values.ravel()
    position = q / 100 * (flat.size - 1)
    low = int(position)
    high = min(low + 1, flat.size - 1)
    part = np.partition(flat, (low, high))
    return float(part[low] + (part[high] - part[low]) * (position - low))
