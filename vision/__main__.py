"""`python -m vision PHOTO [--set N] [--json] [--overlay OUT.png]`."""
from __future__ import annotations

import argparse
import json
import sys

from .load import ImageTooLarge, UnreadableImage


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision", description="Count the pips of the tiles in a photo.")
    parser.add_argument("photo")
    parser.add_argument("--set", type=int, dest="set_size", help="the set the tiles belong to (6, 9, 12, 15, 18)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--overlay", help="write a picture of what was recognised to this PNG")
    args = parser.parse_args(argv)
    from .load import decode
    from .params import Params
    from .pipeline import analyse
    try:
        with open(args.photo, "rb") as f:
            data = f.read(Params().max_bytes + 1)
        image = decode(data)
    except (OSError, UnreadableImage, ImageTooLarge) as problem:
        print(f"vision: {args.photo}: {problem}", file=sys.stderr)
        return 2
    result = analyse(image, args.set_size)
    if args.overlay:
        import cv2

        from .overlay import draw_overlay
        cv2.imwrite(args.overlay, draw_overlay(image, result))
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        tiles = " ".join(f"{a}|{b}" for a, b in result.tiles) or "none"
        print(f"tiles: {tiles}\ntotal: {result.total} pips (0|0 counted as 0)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
