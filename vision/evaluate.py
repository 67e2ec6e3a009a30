"""`python -m vision.evaluate`: how well the pip counter reads photos, and how fast.

    python -m vision.evaluate FOLDER [FOLDER ...]     labelled photos (FOLDER/labels.tsv)
    python -m vision.evaluate --generated 200         generated scenes from a seed training never used
    python -m vision.evaluate FOLDER --variants       each photo turned, tilted, shrunk, darkened, greyed, blurred...
    python -m vision.evaluate --memory                a 12 MP photo: time and peak memory
    python -m vision.evaluate --generated 100 --seeds 30-39 --ablate   what each stage pays
    python -m vision.evaluate --kinds 50 --seeds 40-49  held-out kinds: black sets, chains, close-ups, small
    python -m vision.evaluate FOLDER --closer         each photo read as the review's "Look closer" reads it
    python -m vision.evaluate --styles                the style table: set x layout x size, seeds 40-49
    python -m vision.evaluate --styles --finder F.onnx   ... read with another finder (a candidate)
    python -m vision.evaluate --styles --set "white on black"   ... only that set's rows
    python -m vision.evaluate --styles --taps         ... and a tap on each tile not read, as the review reads it
    python -m vision.evaluate --styles --photo 3024x4032   ... each photo drawn at a phone's 12 MP

labels.tsv has the columns `file`, `tiles` ("a|b c|d ...") and `total_pips` (and may
have `set`). Printed per photo and overall: photos with every tile right, tiles right,
totals right, the share of tiles marked confident that are right, and the median
analysis time next to the median time OpenCV takes to decode the same files.
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

from .finder import holds
from .load import decode
from .model import have, network, use_network
from .pipeline import analyse
from .params import PARAMS as P


def read_labels(folder: Path) -> list[dict]:
    with open(folder / "labels.tsv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def parse_tiles(text: str) -> Counter:
    tiles = Counter()
    for piece in text.split():
        a, b = (int(v) for v in piece.split("|"))
        tiles[(min(a, b), max(a, b))] += 1
    return tiles


def folder_photos(folder: Path):
    """(name, bytes, tiles wanted, set) for each labelled photo of a folder."""
    for row in read_labels(folder):
        yield (row["file"], (folder / row["file"]).read_bytes(), parse_tiles(row["tiles"]),
               int(row["set"]) if row.get("set") else None)


def _photo(name: str, image: np.ndarray, answers: list, quads: list, max_value: int):
    """A generated photo as the scorer takes it: JPEG bytes, the tiles wanted, the set, the tiles'
    corners and each one's values (in the corners' order)."""
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    return name, data.tobytes(), Counter(answers), max_value, quads, answers


def generated_photos(count: int, seed: int):
    """Scenes drawn from seeds that training never draws from (vision.training's test offset)."""
    from .training.synth_scenes import scene_with_answers
    from .training.train import SEED, SEED_OFFSETS
    for i in range(count):
        rng = np.random.default_rng(SEED + SEED_OFFSETS["test"] + seed * 100_000 + i)
        image, answers, max_value = scene_with_answers(rng)
        ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])
        yield f"generated-{seed}-{i:04d}", data.tobytes(), Counter(answers), max_value


def kind_photos(kind: str, count: int, seed: int):
    """Photos of one held-out kind (`synth_hard.KINDS`: black sets with white pips, chains,
    close-ups, small tiles) from seeds no training draws from, with their tiles' corners."""
    from .training.synth_hard import KINDS, hard_scene_with_answers
    from .training.train import SEED, SEED_OFFSETS
    for i in range(count):
        rng = np.random.default_rng(SEED + SEED_OFFSETS["kinds"] + KINDS.index(kind) * 1_000_000 + seed * 10_000 + i)
        yield _photo(f"{kind}-{seed}-{i:04d}", *hard_scene_with_answers(rng, kind))


def style_photos(style: str, layout: str, size: str, count: int, seed: int, shape: tuple[int, int] | None = None):
    """Photos of one cell of the style table (`synth_styles`: a set's look, a layout, a size)
    from seeds no training draws from, with their tiles' corners; drawn `shape` (h, w) pixels
    (`synth_styles.SHAPE`, 768 x 1024, unless given). The tiles' sizes are kept at the finder's
    first look, so a larger photo shows the same layout with more pixels on each tile, as a
    phone's photo does."""
    from .training.synth_styles import SHAPE, scene_seed, style_scene
    from .training.train import SEED
    for i in range(count):
        rng = np.random.default_rng(SEED + scene_seed(seed, style, layout, size, i))
        yield _photo(f"{style}/{layout}/{size}-{seed}-{i:04d}", *style_scene(rng, style, layout, size, shape or SHAPE))


def style_table(count: int, test_seeds: list[int], out=None, closer: bool = False,
                styles=None, layouts=None, sizes=None, taps: bool = False, shape: tuple[int, int] | None = None) -> dict:
    """The style table: for each set's look x layout x size (all of `synth_styles`, or those
    named), `count` photos a seed read and counted (`score`): photos with every tile right,
    tiles found, tiles right, and the share of tiles marked sure that are right; each
    style's cells added up, and all of them; with `taps`, the taps on the tiles not read
    that read right and the photos whole after them. Printed a row at a time; returned by (style,
    layout, size), (style, "all", "") and ("all", "", ""). `shape`: the photos' size (`style_photos`)."""
    from .training import synth_styles as ss
    out = out or sys.stdout
    share = lambda a, b: f"{a:>3}/{b:<4}{f'{a / b:.0%}' if b else '-':>5}"    # noqa: E731
    columns = ("photos_every_tile_right", "photos"), ("tiles_found", "tiles_placed"), ("tiles_right", "tiles"), \
        ("confident_right", "confident")
    heads = ("photos whole", "tiles found", "tiles right", "sure right")
    if taps:
        columns, heads = columns + (("taps_right", "taps"), ("photos_whole_after_taps", "photos")), \
            heads + ("taps right", "whole, tapped")
    row = lambda label, f: f"{label:<37}" + "".join(f"{share(f[a], f[b]):>16}" for a, b in columns)  # noqa: E731
    print(f"{'style / layout / size':<37}" + "".join(f"{h:>16}" for h in heads), file=out, flush=True)
    results, every = {}, []
    for style in styles or ss.STYLES:
        cells = []
        for layout in layouts or ss.LAYOUTS:
            for size in sizes or ss.SIZES:
                photos = [p for s in test_seeds for p in style_photos(style, layout, size, count, s, shape)]
                results[style, layout, size] = figures = score(photos, 1, quiet=True, closer=closer, taps=taps)
                cells.append(figures)
                print(row(f"{style:<16} {layout:<9} {size}", figures), file=out, flush=True)
        results[style, "all", ""] = combined(cells)
        every.extend(cells)
        print(row(f"{style:<16} all", results[style, "all", ""]), file=out, flush=True)
    results["all", "", ""] = combined(every)
    print(row("all", results["all", "", ""]), file=out, flush=True)
    return results


HELD_OUT = list(range(40, 50))      # the generated seeds kept for final figures (30 to 39: for choices)


def _named(test_seeds: list[int]) -> str:
    if len(test_seeds) > 1 and test_seeds == list(range(test_seeds[0], test_seeds[-1] + 1)):
        return f"{test_seeds[0]}-{test_seeds[-1]}"
    return ",".join(map(str, test_seeds))


def _file(path: Path) -> str:
    """A network's file, named as it can be found again: its path and its SHA-256's start."""
    try:
        shown = path.resolve().relative_to(Path.cwd())
    except ValueError:
        shown = path
    return f"{shown} (SHA-256 {hashlib.sha256(path.read_bytes()).hexdigest()[:12]})"


def seeds(text: str) -> list[int]:
    """'30-39' or '7,8,18-21': the seeds named."""
    out = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        out.extend(range(int(first), int(last or first) + 1))
    return out


def photo_size(text: str) -> tuple[int, int]:
    """'3024x4032': a photo's height and width, each at least 64 pixels, and no more pixels than
    the pip counter reads (`Params.max_pixels`)."""
    height, _, width = text.lower().partition("x")
    try:
        size = int(height), int(width)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size HxW, such as 3024x4032") from None
    if min(size) < 64 or size[0] * size[1] > P.max_pixels:
        raise argparse.ArgumentTypeError(f"{text!r}: each side at least 64 pixels, at most "
                                         f"{P.max_pixels // 10**6} MP in all")
    return size


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


def _long_side(image, most: int):
    """The photo shrunk so that its long side is at most `most` pixels (a webcam's or a video
    call's frame: 1920 for 1080p, 1280 for 720p); a smaller photo as it is."""
    factor = most / max(image.shape[:2])
    return image if factor >= 1 else cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)


def _grey(image):
    """The photo without colour, as a phone's black-and-white filter takes it."""
    return cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)


def _blurred(image):
    """Out of focus: a Gaussian blur of a 1,500th of the long side (at least a pixel)."""
    return cv2.GaussianBlur(image, (0, 0), max(1.0, max(image.shape[:2]) / 1500))


def _noisy(image):
    """A dim room's grain: Gaussian noise of 12 grey levels, the same for every run."""
    noise = np.random.default_rng(0).normal(0, 12, image.shape)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


VARIANTS = {
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
    "grey": _grey,
    "tinted warm": lambda im: np.clip(im * np.float32((0.75, 0.95, 1.15)), 0, 255).astype(np.uint8),
    "a 1080p frame": lambda im: _long_side(im, 1920),
    "a 720p frame": lambda im: _long_side(im, 1280),
    "blurred": _blurred,
    "noisy": _noisy,
}


def variant_photos(photos, change):
    for name, data, want, set_size in photos:
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
        ok, encoded = cv2.imencode(".jpg", change(image), [cv2.IMWRITE_JPEG_QUALITY, 85])
        yield name, encoded.tobytes(), want, set_size


def outcome(result, want: Counter, where: list | None = None, image: np.ndarray | None = None,
            set_size: int | None = None, answers: list | None = None) -> dict:
    """One photo's counts, as `score` adds them up: the photo (whole or not), its tiles right,
    its total right, its tiles marked sure and those right; where its tiles' corners are given
    (`where`), the tiles found (a tile read, rightly or not, or shown to check, on its centre).
    With the photo (`image`) and each tile's values (`answers`, in `where`'s order), also the
    review's taps: a tap on the centre of each tile not read (not found, or outlined as not
    read), in turn, read as `vision.tap` reads it and added where the review adds it (its centre
    on no tile read yet); the taps, those read right, and whether the photo is whole once they
    are added."""
    got = Counter(result.tiles)
    left = Counter(want)
    confident = confident_right = 0
    for tile in sorted(result.tiles_detail, key=lambda t: -t.confidence):
        right = left[tile.values] > 0
        left[tile.values] -= right
        if tile.confidence >= P.confident:
            confident += 1
            confident_right += right
    want_total = sum(a + b for (a, b), k in want.items() for _ in range(k))
    counts = {"photos": 1, "photos_every_tile_right": int(got == want), "tiles_right": sum((want & got).values()),
              "tiles": sum(want.values()), "totals_right": int(result.total == want_total),
              "confident": confident, "confident_right": confident_right}
    if where is not None:
        outlines = [t.corners for t in result.tiles_detail] + list(result.unreadable)
        counts["tiles_placed"] = len(where)
        counts["tiles_found"] = sum(any(holds(c, q.mean(axis=0)) for c in outlines) for q in where)
        if image is not None:
            counts.update(_taps(result, want, where, image, set_size, answers))
    return counts


def _taps(result, want: Counter, where: list, image: np.ndarray, set_size, answers: list) -> dict:
    from .tap import tile_at
    read = [t.corners for t in result.tiles_detail]
    values = list(result.tiles)
    taps = right = 0
    for quad, answer in zip(where, answers):
        centre = quad.mean(axis=0)
        if any(holds(c, centre) for c in read):
            continue            # read already (an outline that could not be read is tapped, as a person would)
        taps += 1
        tile = tile_at(image, tuple(map(float, centre)), read, set_size)
        if tile is None or any(holds(c, np.mean(tile.corners, axis=0)) for c in read):
            continue            # the review says no tile could be read there
        read.append(tile.corners)
        values.append(tile.values)
        right += tile.values == tuple(sorted(answer))
    return {"taps": taps, "taps_right": right, "photos_whole_after_taps": int(Counter(values) == want)}


def _added(counts: list[dict], times: tuple) -> dict:
    figures = {key: sum(c.get(key, 0) for c in counts) for key in counts[0]} if counts else dict.fromkeys(COUNTS, 0)
    return _with_speed({**figures, "times": times})


def score(photos, repeat: int = 1, out=sys.stdout, quiet: bool = False, closer: bool = False,
          skip: tuple[str, ...] = (), taps: bool = False) -> dict:
    """Read each photo (with `closer`, as the review's "Look closer" reads it; without the
    stages named in `skip`); count what is right (`outcome`, with `taps` the review's taps on
    the tiles not read too); time the analysis against OpenCV's decode."""
    counts, analyse_times, decode_times = [], [], []
    for name, data, want, set_size, *where in photos:
        decode_times.append(_best_time(lambda: cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR),
                                       repeat))
        result = image = None

        def run():
            nonlocal result, image
            image = decode(data)
            result = analyse(image, set_size, closer, skip)
        analyse_times.append(_best_time(run, repeat))
        counts.append(outcome(result, want, where[0] if where else None,
                              image if taps and where else None, set_size, where[1] if where else None))
        if not quiet:
            got, n, every = Counter(result.tiles), counts[-1]["tiles"], counts[-1]["photos_every_tile_right"]
            want_total = sum(a + b for (a, b), k in want.items() for _ in range(k))
            wrong = ""
            if not every:
                wrong = (" missed " + " ".join(f"{a}|{b}" for (a, b) in (want - got).elements())
                         + " extra " + " ".join(f"{a}|{b}" for (a, b) in (got - want).elements()))
            print(f"{name:<22} {'ok  ' if every else 'MISS'} tiles {counts[-1]['tiles_right']:2d}/{n:<2d} total "
                  f"{result.total:4d} (want {want_total:>4}) {analyse_times[-1] * 1000:7.1f} ms{wrong}", file=out)
    return _added(counts, (analyse_times, decode_times))


COUNTS = ("photos", "photos_every_tile_right", "tiles_right", "tiles", "totals_right", "confident", "confident_right")
FOUND = ("tiles_placed", "tiles_found")     # counted where the tiles' corners are known
TAPS = ("taps", "taps_right", "photos_whole_after_taps")    # ... and the taps asked for


def _with_speed(figures: dict) -> dict:
    """The figures with the median analysis and decode times, and their ratio, from each photo's
    times (`times`: the analyses' and the decodes', in seconds)."""
    analyse_median, decode_median = (statistics.median(t) for t in figures["times"])
    return {**figures, "median_analysis_ms": round(analyse_median * 1000, 1),
            "median_decode_ms": round(decode_median * 1000, 1),
            "speed_ratio": round(analyse_median / decode_median, 2)}


def combined(parts: list[dict]) -> dict:
    """The figures of several folders taken together, from each photo's figures as measured
    there (each timed as often as `--repeat` asks), not from reading the photos again."""
    together = {key: sum(p[key] for p in parts) for key in COUNTS + FOUND + TAPS if all(key in p for p in parts)}
    together["times"] = tuple([t for p in parts for t in p["times"][k]] for k in range(2))
    return _with_speed(together)


def _best_time(fn, repeat):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def summary(label: str, f: dict) -> str:
    share = lambda a, b: f"{a}/{b} ({a / b:.0%})" if b else f"{a}/{b}"    # noqa: E731
    found = f"tiles found {share(f['tiles_found'], f['tiles_placed'])}; " if "tiles_found" in f else ""
    if "taps" in f:
        found += (f"taps on the tiles not read, read right {share(f['taps_right'], f['taps'])}, photos whole after "
                  f"them {share(f['photos_whole_after_taps'], f['photos'])}; ")
    return (f"{label}: photos with every tile right {share(f['photos_every_tile_right'], f['photos'])}; {found}"
            f"tiles right {share(f['tiles_right'], f['tiles'])}; totals right {share(f['totals_right'], f['photos'])}; "
            f"confident tiles right {share(f['confident_right'], f['confident'])}; median analysis "
            f"{f['median_analysis_ms']} ms, median decode {f['median_decode_ms']} ms, ratio {f['speed_ratio']}")


def evaluate(folder: Path, repeat: int = 3, out=sys.stdout, closer: bool = False) -> dict:
    """One labelled folder, photo by photo and overall."""
    figures = score(folder_photos(folder), repeat, out, closer=closer)
    print(summary(str(folder), figures), file=out)
    return figures


def twelve_megapixels(closer: bool = False) -> dict:
    """Time and peak memory of one analysis of a 12 MP photo: the photo is made in one process
    and read and analysed in a fresh one, whose peak is its own memory's high-water mark
    (`VmHWM`: Python, OpenCV, the networks, the decoded photo and the looks at it). Linux keeps
    `ru_maxrss` across a fork and exec, so that figure was the larger of the analysis's and
    the evaluating process's own (526 MB after reading the photos in `shared/`)."""
    look = f"count_pips(data, 18, closer={closer})"
    make = (
        "import sys, cv2, numpy as np\n"
        "from vision.training.synth_scenes import scene_with_answers\n"
        "image, answers, _ = scene_with_answers(np.random.default_rng(7), size=(750, 1000))\n"
        "big = cv2.resize(image, (4000, 3000), interpolation=cv2.INTER_CUBIC)\n"
        "open(sys.argv[1], 'wb').write(cv2.imencode('.jpg', big, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes())\n")
    measure = (
        "import resource, sys, time, cv2, numpy as np\n"
        "from vision.pipeline import count_pips\n"
        "data = open(sys.argv[1], 'rb').read()\n"
        "def high_water():\n"
        "    for line in open('/proc/self/status'):\n"
        "        if line.startswith('VmHWM:'):\n"
        "            return int(line.split()[1])\n"
        "    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "before = high_water()\n"
        f"{look}\n"
        "times = []\n"
        "for _ in range(3):\n"
        f"    t = time.perf_counter(); {look}; times.append(time.perf_counter() - t)\n"
        "d = []\n"
        "for _ in range(3):\n"
        "    t = time.perf_counter(); cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR); "
        "d.append(time.perf_counter() - t)\n"
        "peak = high_water()\n"
        "import json; print(json.dumps({'photo_mb': round(len(data) / 2**20, 1), 'analysis_ms': round(min(times) * 1000),"
        " 'decode_ms': round(min(d) * 1000), 'peak_rss_mb': round(peak / 1024), 'rss_before_mb': round(before / 1024)}))\n")
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as folder:
        photo = str(Path(folder) / "twelve-megapixels.jpg")
        subprocess.run([sys.executable, "-c", make, photo], cwd=root, check=True, capture_output=True)
        done = subprocess.run([sys.executable, "-c", measure, photo], capture_output=True, text=True, cwd=root,
                              check=True)
    return json.loads(done.stdout)


def ablate(photos: list, closer: bool = False, out=sys.stdout) -> dict:
    """What each stage pays: the photos read with every stage, then without each stage that
    can be left out (all but finding and reading), as `score`'s figures. A stage that changed
    nothing on a photo (its trace) leaves every later stage the same input, so only the photos
    it acted on are read again without it; the others keep their reading, and their time less
    the stage's."""
    from .pipeline import STAGES
    full = []
    for name, data, want, set_size, *where in photos:
        decode_time = _best_time(lambda: cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR), 1)
        started = time.perf_counter()
        result = analyse(decode(data), set_size, closer)
        full.append((result, time.perf_counter() - started, decode_time))
    decodes = [d for _, _, d in full]
    results = {"every stage": _added([outcome(r, p[2], p[4] if len(p) > 4 else None) for (r, _, _), p
                                      in zip(full, photos)], ([t for _, t, _ in full], decodes))}
    print(summary("every stage", results["every stage"]), file=out, flush=True)
    for stage in STAGES:
        if stage.name in ("find", "read") or stage.asked and not closer:
            continue
        counts, times, acted = [], [], 0
        for (result, took, _), (name, data, want, set_size, *where) in zip(full, photos):
            ran = next(t for t in result.trace if t.name == stage.name)
            if ran.changed or ran.dropped:
                acted += 1
                started = time.perf_counter()
                result = analyse(decode(data), set_size, closer, (stage.name,))
                took = time.perf_counter() - started
            else:
                took -= ran.ms / 1000
            counts.append(outcome(result, want, where[0] if where else None))
            times.append(took)
        label = f"without {stage.name} (it acted on {acted})"
        results[label] = _added(counts, (times, decodes))
        print(summary(label, results[label]), file=out, flush=True)
    return results


def _ablate_all(args, test_seeds: list[int]) -> int:
    """`--ablate`: the labelled folders together, the generated scenes, and each held-out kind
    asked for, each read with every stage and without each in turn."""
    sets = {}
    if args.folders:
        sets["photos in " + ", ".join(map(str, args.folders))] = [p for f in args.folders for p in folder_photos(f)]
    if args.generated:
        sets[f"generated, seeds {','.join(map(str, test_seeds))}"] = [
            p for s in test_seeds for p in generated_photos(args.generated, s)]
    if args.kinds:
        from .training.synth_hard import KINDS
        for kind in KINDS:
            sets[f"{kind}, seeds {','.join(map(str, test_seeds))}"] = [
                p for s in test_seeds for p in kind_photos(kind, args.kinds, s)]
    for label, photos in sets.items():
        print(f"== {label}", flush=True)
        ablate(photos, args.closer)
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.evaluate", description=__doc__.split("\n")[0])
    parser.add_argument("folders", type=Path, nargs="*")
    parser.add_argument("--repeat", type=int, default=3, help="time each photo this many times, keep the best")
    parser.add_argument("--generated", type=int, default=0, help="also this many generated scenes")
    parser.add_argument("--seed", type=int, default=1, help="which generated test set")
    parser.add_argument("--variants", action="store_true", help="also each folder's photos changed")
    parser.add_argument("--memory", action="store_true", help="time and peak memory on a 12 MP photo")
    parser.add_argument("--quiet", action="store_true", help="only the overall figures")
    parser.add_argument("--closer", action="store_true", help='read as the review\'s "Look closer" does')
    parser.add_argument("--seeds", type=seeds, help="generated test sets, e.g. 30-39 (instead of --seed)")
    parser.add_argument("--kinds", type=int, default=0, help="also this many photos a seed of each held-out kind "
                        "(black sets with white pips, chains, close-ups, small tiles), with tiles found")
    parser.add_argument("--ablate", action="store_true", help="read the photos and generated scenes asked for with "
                        "every stage, then without each stage in turn")
    parser.add_argument("--styles", type=int, nargs="?", const=1, default=0, metavar="N",
                        help="the style table (set x layout x size): N generated photos a cell a seed (1), of the "
                        "seeds --seeds names (40-49)")
    parser.add_argument("--set", dest="sets", action="append", metavar="SET",
                        help="only this set's rows of the style table (again for more): black on ivory, white on "
                        "black, colour on white, colour on cloth")
    parser.add_argument("--photo", type=photo_size, metavar="HxW", help="with --styles: draw each photo H x W pixels "
                        "(768x1024 unless given; a phone's 12 MP: 3024x4032), its tiles as large at the finder's first look")
    parser.add_argument("--taps", action="store_true", help="with --kinds and --styles: a tap on each tile not "
                        "found, read as the review reads a tap; the taps read right, the photos whole after them")
    parser.add_argument("--finder", type=Path, help="read with this finder network (.onnx) instead of the committed one")
    parser.add_argument("--dark-finder", type=Path, help="on photos of dark sets, look with this finder network "
                        "(.onnx) instead of the committed finder-dark.onnx")
    parser.add_argument("--dark-reader", type=Path, help="where the dark sets' finder looks, read with this reader "
                        "network (.onnx)")
    parser.add_argument("--reader", type=Path, help="read with this reader network (.onnx) instead of the committed one")
    args = parser.parse_args(argv)
    results = {}
    for folder in args.folders:
        if not (folder / "labels.tsv").exists():
            print(f"vision.evaluate: {folder}/labels.tsv not found", file=sys.stderr)
            return 2
    if args.sets:
        from .training.synth_styles import STYLES
        unknown = [name for name in args.sets if name not in STYLES]
        if unknown:
            print(f"vision.evaluate: no set {unknown[0]!r} in the style table (its sets: {', '.join(STYLES)})",
                  file=sys.stderr)
            return 2
    for name, path in (("finder", args.finder), ("reader", args.reader), ("finder-dark", args.dark_finder),
                       ("reader-dark", args.dark_reader)):
        if path and not path.is_file():
            print(f"vision.evaluate: {path} not found", file=sys.stderr)
            return 2
        if path:
            use_network(name, path)
    test_seeds = args.seeds or [args.seed]
    if args.ablate:
        return _ablate_all(args, test_seeds)
    everything = []
    for folder in args.folders:
        photos = list(folder_photos(folder))
        everything.extend(photos)
        results[str(folder)] = score(photos, args.repeat, quiet=args.quiet, closer=args.closer)
        print(summary(str(folder), results[str(folder)]))
    if len(args.folders) > 1:
        results["all folders"] = combined([results[str(folder)] for folder in args.folders])
        print(summary("all folders", results["all folders"]))
    if args.variants and everything:
        for name, change in VARIANTS.items():
            results[name] = score(variant_photos(everything, change), 1, quiet=True, closer=args.closer)
            print(summary(f"variant {name}", results[name]))
    generated = [p for s in test_seeds for p in generated_photos(args.generated, s)] if args.generated else []
    if generated:
        results["generated"] = score(generated, 1, quiet=args.quiet, closer=args.closer)
        print(summary(f"generated (seeds {','.join(map(str, test_seeds))})", results["generated"]))
    if args.kinds:
        from .training.synth_hard import KINDS
        for kind in KINDS:
            photos = [p for s in test_seeds for p in kind_photos(kind, args.kinds, s)]
            results[kind] = score(photos, 1, quiet=True, closer=args.closer, taps=args.taps)
            print(summary(f"{kind} (seeds {','.join(map(str, test_seeds))})", results[kind]), flush=True)
    if args.styles:
        style_seeds = args.seeds or HELD_OUT
        print(f"== style table: {args.styles} generated photo(s) a cell a seed, seeds {_named(style_seeds)}; "
              + (f"photos {args.photo[0]} x {args.photo[1]}; " if args.photo else "")
              + ", ".join(f"{name} {_file(network(name).path)}" for name in ("finder", "finder-dark", "reader")
                          if have(name)), flush=True)
        results["styles"] = style_table(args.styles, style_seeds, closer=args.closer, styles=args.sets,
                                        taps=args.taps, shape=args.photo)
    if args.memory:
        results["12 MP"] = twelve_megapixels(args.closer)
        print("12 MP photo:", json.dumps(results["12 MP"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
