"""The two trained networks, read from vision/models/*.onnx by OpenCV's DNN module.

Each network is read once per process and shared; OpenCV's nets are not safe for two
threads at once, so each has its own lock (the table's server answers with threads).
The files' SHA-256 are in vision/models/MODEL_CARD.md, which a test compares.
"""
from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

MODELS = Path(__file__).resolve().parent / "models"


class Network:
    def __init__(self, path: Path):
        self.path = path
        # the classic engine: about twice as fast as the new one on these networks (see nets._doubled).
        # OpenCV 5.1 has only the new one; pyproject.toml asks for 5.0, and an OpenCV installed
        # otherwise still reads the networks, more slowly.
        self._net = _read(path)
        self._lock = threading.Lock()

    def release(self) -> None:
        """Let go of the memory the network keeps for its last input's layers (on a 12 MP photo's
        large look about 100 MB): the network is read again from its file."""
        with self._lock:
            self._net = _read(self.path)

    def run(self, batch: np.ndarray) -> np.ndarray:
        """batch: N x H x W x 3 (BGR, 0 to 255); returns N x C x H x W maps (0 to 1)."""
        blob = np.ascontiguousarray(batch.transpose(0, 3, 1, 2), dtype=np.float32)
        with self._lock:
            self._net.setInput(blob)
            return self._net.forward()


def _read(path: Path):
    return cv2.dnn.readNetFromONNX(str(path), getattr(cv2.dnn, "ENGINE_CLASSIC", cv2.dnn.ENGINE_AUTO))


_CHOSEN: dict[str, Path] = {}      # networks read from elsewhere (`use_network`)


@lru_cache(maxsize=None)
def network(name: str) -> Network:
    return Network(_CHOSEN.get(name, MODELS / f"{name}.onnx"))


def have(name: str) -> bool:
    """Whether network `name` is at hand (committed in vision/models, or chosen elsewhere)."""
    return name in _CHOSEN or (MODELS / f"{name}.onnx").exists()


def use_network(name: str, path: Path) -> None:
    """From now on, read network `name` from `path` instead of vision/models (a candidate
    network measured by `vision.evaluate --finder`)."""
    _CHOSEN[name] = Path(path)
    network.cache_clear()
