"""The limits a photo must keep before the pip counter decodes it."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Params:
    max_bytes: int = 15 * 1024 * 1024          # a 12 MP phone photo is well under this
    max_pixels: int = 40_000_000               # refuse decompression bombs before decoding
