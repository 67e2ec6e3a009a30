"""How the pip counter holds up when the labelled photos are taken a little differently.

    .venv/bin/python -m benchmarks.vision_robustness ../shared/photos

Each photo is turned, tilted, shrunk, enlarged, darkened, brightened and
recompressed, and read again; printed per change: photos with every tile
right and tiles right. The labelled folder measures accuracy; this measures
how much of it rests on the exact framing of those photos, a guard against
tuning to them (the counter must also read photos it has never seen).
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

from vision.evaluate import parse_tiles, read_labels
from vision.pipeline import count_pips


def _turn(image, angle):
    h, w = image.shape[:2]
    matrix = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    cos, sin = abs(matrix[0, 0]), abs(matrix[0, 1])
    size = (int(h * sin + w * cos), int(h * cos + w * sin))
    matrix[0, 2] += size[0] / 2 - w / 2
    matrix[1, 2] += size[1] / 2 - h / 2
    return cv2.warpAffine(image, matrix, size, borderMode=cv2.BORDER_REPLICATE)


def _light(image, gain, gamma=1.0):
    scaled = np.clip(image.astype(np.float32) * gain, 0, 255) / 255.0
    return (255 * scaled ** gamma).astype(np.uint8)


CHANGES = {
    "as taken": lambda im: im,
    "turned 90°": lambda im: cv2.rotate(im, cv2.ROTATE_90_CLOCKWISE),
    "turned 180°": lambda im: cv2.rotate(im, cv2.ROTATE_180),
    "tilted 13°": lambda im: _turn(im, 13),
    "tilted -32°": lambda im: _turn(im, -32),
    "mirrored": lambda im: cv2.flip(im, 1),
    "shrunk to 60%": lambda im: cv2.resize(im, None, fx=0.6, fy=0.6, interpolation=cv2.INTER_AREA),
    "enlarged 150%": lambda im: cv2.resize(im, None, fx=1.5, fy=1.5, interpolation=cv2.INTER_CUBIC),
    "darker (x0.7)": lambda im: _light(im, 0.7),
    "brighter (x1.2)": lambda im: _light(im, 1.2),
    "flatter (gamma 0.8)": lambda im: _light(im, 1.0, 0.8),
}


def run(folder: Path, quality: int = 85, out=sys.stdout) -> dict:
    rows = read_labels(folder)
    figures = {}
    print(f"{'change':<22} {'photos right':>14} {'tiles right':>14}", file=out)
    for name, change in CHANGES.items():
        photos = tiles = total = 0
        for row in rows:
            image = cv2.imdecode(np.frombuffer((folder / row["file"]).read_bytes(), np.uint8), cv2.IMREAD_COLOR)
            ok, data = cv2.imencode(".jpg", change(image), [cv2.IMWRITE_JPEG_QUALITY, quality])
            got = Counter(count_pips(data.tobytes(), int(row["set"]) if row.get("set") else None).tiles)
            want = parse_tiles(row["tiles"])
            photos += got == want
            tiles += sum((want & got).values())
            total += sum(want.values())
        figures[name] = (photos, len(rows), tiles, total)
        print(f"{name:<22} {photos:>5}/{len(rows):<3} {photos / len(rows):4.0%} {tiles:>5}/{total:<3} "
              f"{tiles / total:4.0%}", file=out)
    return figures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.vision_robustness")
    parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    if not (args.folder / "labels.tsv").exists():
        print(f"vision_robustness: {args.folder}/labels.tsv not found", file=sys.stderr)
        return 2
    run(args.folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
