"""`python -m vision.evaluate FOLDER`: accuracy and speed on a labelled folder of photos.

FOLDER/labels.tsv has the columns `file`, `tiles` ("a|b c|d ...") and
`total_pips` (and may have `set`). Printed per photo and overall: photos with
every tile right, tiles right, totals right, and the median analysis time
next to the median time OpenCV takes to decode the same files.
"""
from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

from .pipeline import count_pips


def read_labels(folder: Path) -> list[dict]:
    with open(folder / "labels.tsv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def parse_tiles(text: str) -> Counter:
    tiles = Counter()
    for piece in text.split():
        a, b = (int(v) for v in piece.split("|"))
        tiles[(min(a, b), max(a, b))] += 1
    return tiles


def evaluate(folder: Path, repeat: int = 3, out=sys.stdout) -> dict:
    rows = read_labels(folder)
    photos_right = tiles_right = tiles_total = totals_right = 0
    analyse_times, decode_times = [], []
    for row in rows:
        data = (folder / row["file"]).read_bytes()
        set_size = int(row["set"]) if row.get("set") else None
        decodes = []
        for _ in range(repeat):
            start = time.perf_counter()
            cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
            decodes.append(time.perf_counter() - start)
        decode_times.append(min(decodes))      # the same measure as the analysis: the best of the repeats
        timings = []
        for _ in range(repeat):
            start = time.perf_counter()
            result = count_pips(data, set_size)
            timings.append(time.perf_counter() - start)
        analyse_times.append(min(timings))
        want = parse_tiles(row["tiles"])
        got = Counter(result.tiles)
        matched = sum((want & got).values())
        n = sum(want.values())
        every = got == want
        photos_right += every
        tiles_right += matched
        tiles_total += n
        totals_right += result.total == int(row["total_pips"])
        print(f"{row['file']:<20} {'ok ' if every else 'MISS'} tiles {matched:2d}/{n:<2d} "
              f"total {result.total:4d} (want {row['total_pips']:>4}) found {len(result.tiles):2d} "
              f"{min(timings) * 1000:7.1f} ms", file=out)
    decode_median = statistics.median(decode_times)
    analyse_median = statistics.median(analyse_times)
    figures = {"photos": len(rows), "photos_every_tile_right": photos_right, "tiles_right": tiles_right,
               "tiles": tiles_total, "totals_right": totals_right,
               "median_analysis_ms": analyse_median * 1000, "median_decode_ms": decode_median * 1000,
               "speed_ratio": analyse_median / decode_median}
    print(f"\nphotos with every tile right: {photos_right}/{len(rows)} ({photos_right / len(rows):.0%})\n"
          f"tiles right: {tiles_right}/{tiles_total} ({tiles_right / tiles_total:.0%})\n"
          f"totals right: {totals_right}/{len(rows)} ({totals_right / len(rows):.0%})\n"
          f"median analysis {analyse_median * 1000:.1f} ms, median cv2.imdecode {decode_median * 1000:.1f} ms: "
          f"ratio {figures['speed_ratio']:.1f}", file=out)
    return figures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.evaluate")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    if not (args.folder / "labels.tsv").exists():
        print(f"vision.evaluate: {args.folder}/labels.tsv not found", file=sys.stderr)
        return 2
    evaluate(args.folder, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
