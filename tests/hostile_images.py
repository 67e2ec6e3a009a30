"""Hostile picture files, built byte by byte in the test: small on disk, huge or broken inside."""
from __future__ import annotations

import struct
import zlib


def chunk(kind: bytes, body: bytes, crc: int | None = None) -> bytes:
    crc = zlib.crc32(kind + body) if crc is None else crc
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc & 0xFFFFFFFF)


def png(width: int, height: int, extra: bytes = b"", rows: int | None = None) -> bytes:
    """A black-and-white PNG of this size (1 bit a pixel), all black. `extra` chunks go before the
    pixels; `rows` cuts the pixels short."""
    row = b"\x00" + bytes((width + 7) // 8)
    packer = zlib.compressobj(9)
    pixels = b"".join(packer.compress(row) for _ in range(height if rows is None else rows)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def bomb_hiding_its_size(width: int = 30000, height: int = 30000) -> bytes:
    """900 megapixels in about 100 KB, with a text chunk whose checksum is wrong: Pillow's header
    reader gives up on it, while OpenCV (libpng) skips the chunk and decodes every pixel."""
    return png(width, height, extra=chunk(b"tEXt", b"Comment\x00hello", crc=0))


def jpeg_claiming(width: int, height: int) -> bytes:
    """A small JPEG whose frame header claims another size."""
    import cv2
    import numpy as np
    ok, encoded = cv2.imencode(".jpg", np.full((16, 16, 3), 200, np.uint8))
    data = bytearray(encoded.tobytes())
    sof = data.index(b"\xff\xc0")
    data[sof + 5:sof + 9] = struct.pack(">HH", height, width)
    return bytes(data)
