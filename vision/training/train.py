"""`python -m vision.training`: generate the scenes, train the tile finder and the pip reader,
export both to ONNX for the app (vision/models/), on the CPU.

    python -m vision.training all --work train-runs      # everything, about 125 minutes on 2 cores

Steps, each resumable (a cut-off run picks up from its last checkpoint):

    data    generated scenes and tiles, written once to WORK/data-*.npz (seeded)
    finder  trains the tile finder: a first run on cores as wide as `FIRST_CORE`, then
            gentler runs on the narrower cores the app reads (`Params.core`), its batch norms
            kept, the last two on new scenes too (`FINDER_LATER_RUNS`); checkpoints
            WORK/finder-1.pt ... finder-4.pt, finder.pt every few minutes; then on from it the
            finder of dark sets (`DARK_RUN`), WORK/finder-dark.pt
    reader  trains the pip reader: a first run, a gentler second, and a third on the tiles of
            a wider range of sets too; checkpoints WORK/reader.pt, reader-2.pt, reader-3.pt
    export  writes vision/models/finder.onnx, finder-dark.onnx and reader.onnx (or into --models)
            and prints their SHA-256
    hard    a run on from the committed finder on the scenes of the kinds real photos showed it
            missing (`HARD_RUN`, `synth_hard`) beside the first scenes: draws the data it needs,
            adopts the committed finder, trains WORK/finder-hard.pt and exports it with the
            committed reader into --models (vision/models unless given)
    adopt   the committed networks back as checkpoints (WORK/committed-finder.pt and
            committed-reader.pt), for a run that starts from them (--init committed-reader)
            where the checkpoints they were exported from are not at hand

PyTorch is needed here only (`pip install -e '.[train]'`); the app reads the ONNX files
with OpenCV. The real photos in shared/ are never read by training.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import logging
import multiprocessing as mp
import time
from pathlib import Path

import cv2
import numpy as np

MODELS = Path(__file__).resolve().parents[1] / "models"
SCENE_SIZE = (320, 320)
CROP = 256                  # the finder trains on crops of the scenes
# The finder learns first with the wide cores all finders before learnt (`FIRST_CORE`), then
# four times more, each run as gentle or gentler, with the narrower cores it is read with
# (`Params.core`), whose touching tiles' cores stay apart: twice on the training scenes, then
# twice adding `MORE_SCENES` new ones to the scenes it learns from (a finder that has seen the
# same scenes many times learns them, not tiles). Each run: steps, highest rate, and the scenes
FIRST_CORE = 0.6
FINDER_LATER_RUNS = ((3000, 1e-3, ("scenes-train",)), (3000, 5e-4, ("scenes-train",)),
                     (3000, 5e-4, ("scenes-train", "scenes-more")),
                     (4000, 5e-4, ("scenes-train", "scenes-more", "scenes-more2")))
# A run on from the committed finder (`hard`) on the kinds of photo real ones showed it missing
# (`synth_hard`: black sets, chains of play, close-ups, small tiles, white, pine and glossy tables,
# cards) beside the first scenes, three first scenes drawn for two of these, half the crops
# enlarged or shrunk by up to 1.5 times, and held to the maps of the finder it starts from on the
# first scenes: steps, highest rate, scenes, their shares, zoom. Kept only where it reads the
# generated seeds of choice better without losing real photos (the changelog's rounds 11 and 12).
HARD_SCENES = 4000
# The finder taught on dark sets (`finder-dark`, looked with on a photo of a dark set: `pipeline._dark_set`): a run
# on from the finder on scenes of black sets with white pips only (`synth_hard.hard_scene(black=True)`) beside the
# first scenes: steps, highest rate, scenes, their shares, zoom (the changelog's round 31)
BLACK_SCENES = 4000
DARK_RUN = (3000, 5e-4, ("scenes-black", "scenes-train"), (3, 1), 2.0)
HARD_RUN = (500, 3e-4, ("scenes-train", "scenes-hard"), (3, 2), 1.5)
MORE_SCENES = 5000
READER_SECOND_RUN = (2500, 1e-3)    # steps and highest rate of the reader's second run
# ... and of its third, on the tiles of a wider range of sets too, its batch norms kept as they are
READER_THIRD_RUN = (5000, 5e-4)
BROAD_TILES = 15000        # tiles of the wider range of sets (--broad)
HIGH_TILES = 15000         # tiles of double-12, 15 and 18 sets only (--high; synth_scenes.tile_sample(high=True))
LOOSE_TILES = 15000        # tiles cut loose, their neighbours' pips inside (--loose; synth_scenes.tile_sample(loose=True))
DARK_TILES = 15000         # tiles of black sets with light pips (--dark; synth_scenes.tile_sample(dark=True))
VALIDATE = 120             # samples of the validation set read at each check
SEED = 20261124

# Each kind of sample is generated from its own seeds: training, a validation set the
# training watches, a test set (vision.evaluate --generated) that training never sees, the
# scenes with more lines of play (--lines), the scenes drawn large and shrunk (--shrunk), and
# the tiles of a wider range of sets (--broad).
# The scenes with wide cores ("first") are the training scenes again, only their cores drawn wider.
SEED_OFFSETS = {"train": 0, "first": 0, "valid": 10_000_000, "test": 20_000_000, "lines": 30_000_000,
                "shrunk": 40_000_000, "broad": 50_000_000, "more": 60_000_000, "more2": 70_000_000,
                "hard": 80_000_000, "kinds": 90_000_000, "stream": 100_000_000, "stream-valid": 110_000_000,
                "high": 120_000_000, "loose": 130_000_000, "black": 140_000_000, "dark": 150_000_000}
LINE_SCENES = 2000         # scenes with more lines of play, for a finder run with --lines (not kept yet)
log = logging.getLogger("vision.training")


# ---------------------------------------------------------------- data

def _scene_chunk(args):
    from ..params import PARAMS
    CORE = PARAMS.core
    from .synth_hard import hard_scene
    from .synth_scenes import scene
    start, count, split = args
    imgs, masks = [], []
    for i in range(start, start + count):
        if split in ("hard", "black"):
            img, mask = hard_scene(np.random.default_rng(SEED + SEED_OFFSETS[split] + i), SCENE_SIZE, core=CORE,
                                   black=True if split == "black" else None)
        else:
            img, mask = scene(np.random.default_rng(SEED + SEED_OFFSETS[split] + i), SCENE_SIZE,
                              lines=split == "lines", shrink=2 if split == "shrunk" else 1,
                              core=FIRST_CORE if split == "first" else CORE)
        imgs.append(img)
        masks.append(mask)
    return np.stack(imgs), np.stack(masks)


def _tile_chunk(args):
    from .synth_scenes import tile_sample
    start, count, split = args
    tiles, maps, valid = [], [], []
    for i in range(start, start + count):
        t, m, halves = tile_sample(np.random.default_rng(SEED + SEED_OFFSETS[split] + 5_000_000 + i),
                                   broad=split == "broad", high=split == "high", loose=split == "loose",
                                   dark=split == "dark")
        tiles.append(t)
        maps.append((m * 255).astype(np.uint8))
        valid.append(halves if halves is not None else (-1, -1))
    return np.stack(tiles), np.stack(maps), np.array(valid, np.int16)


def make_data(work: Path, scenes: int, tiles: int, workers: int, lines: bool = False, shrunk: bool = False,
              broad: int = 0, only: tuple[str, ...] = (), high: int = 0, loose: int = 0, dark: int = 0) -> None:
    """Each data file the runs learn from (all of them, or those named in `only`), drawn once."""
    work.mkdir(parents=True, exist_ok=True)
    chunk = 250
    with mp.Pool(workers) as pool:
        for name, fn, total, split in (("scenes-valid", _scene_chunk, 300, "valid"),
                                       ("tiles-valid", _tile_chunk, 2000, "valid"),
                                       ("scenes-train", _scene_chunk, scenes, "train"),
                                       ("scenes-first", _scene_chunk, scenes, "first"),
                                       ("scenes-more", _scene_chunk, MORE_SCENES, "more"),
                                       ("scenes-more2", _scene_chunk, MORE_SCENES, "more2"),
                                       ("scenes-hard", _scene_chunk, HARD_SCENES, "hard"),
                                       ("scenes-black", _scene_chunk, BLACK_SCENES, "black"),
                                       ("tiles-train", _tile_chunk, tiles, "train"),
                                       ("scenes-lines", _scene_chunk, LINE_SCENES if lines else 0, "lines"),
                                       ("scenes-shrunk", _scene_chunk, scenes if shrunk else 0, "shrunk"),
                                       ("tiles-broad", _tile_chunk, broad, "broad"),
                                       ("tiles-high", _tile_chunk, high, "high"),
                                       ("tiles-loose", _tile_chunk, loose, "loose"),
                                       ("tiles-dark", _tile_chunk, dark, "dark")):
            path = work / f"data-{name}.npz"
            if not total or only and name not in only:
                continue
            if path.exists():
                log.info("%s: already there", path)
                continue
            started = time.time()
            jobs = [(s, min(chunk, total - s), split) for s in range(0, total, chunk)]
            parts = pool.map(fn, jobs)
            arrays = [np.concatenate([p[k] for p in parts]) for k in range(len(parts[0]))]
            np.savez(path.with_suffix(".tmp.npz"), *arrays)
            path.with_suffix(".tmp.npz").rename(path)
            log.info("%s: %d samples in %.0f s", path, total, time.time() - started)


def _load(work: Path, name: str):
    with np.load(work / f"data-{name}.npz") as data:
        return [data[f"arr_{i}"] for i in range(len(data.files))]


class Joined:
    """Several data files' samples as one sequence, one file after the other, without copying
    them into one array (three files of scenes are 7.7 GB)."""

    def __init__(self, parts: list[np.ndarray]):
        self.parts = parts
        self.starts = np.cumsum([0] + [len(p) for p in parts])

    def __len__(self) -> int:
        return int(self.starts[-1])

    def __getitem__(self, i):
        k = int(np.searchsorted(self.starts, i, side="right")) - 1
        return self.parts[k][i - self.starts[k]]


def _joined(work: Path, names: tuple[str, ...]):
    """The samples and their answers of one or more data files, one file after the other."""
    loaded = [_load(work, name)[:2] for name in names]
    if len(loaded) == 1:
        return loaded[0][0], loaded[0][1]
    return Joined([x for x, _ in loaded]), Joined([y for _, y in loaded])


# ---------------------------------------------------------------- training

def _augment_scene(rng, img, mask, zoom: float = 1.0):
    """Cheap changes on top of the stored scenes: a random crop, quarter turns, flips; the
    answers at the finder's output size (half the input). With `zoom` above 1, half the crops
    are also enlarged or shrunk by up to that factor (evenly in its logarithm), so that the
    finder sees tiles from the size of a close-up down to 10 pixels long; a crop shrunk past
    the scene's edge is filled out with the scene mirrored, its answers with it."""
    side = CROP
    if zoom > 1 and rng.random() < 0.5:
        side = int(round(CROP / np.exp(rng.uniform(-np.log(zoom), np.log(zoom)))))
    mask = mask.transpose(1, 2, 0)
    if side > min(img.shape[:2]):
        pads = [(0, max(0, side - d)) for d in img.shape[:2]]
        img = cv2.copyMakeBorder(img, *pads[0], *pads[1], cv2.BORDER_REFLECT_101)
        mask = cv2.copyMakeBorder(np.ascontiguousarray(mask), *pads[0], *pads[1], cv2.BORDER_REFLECT_101)
    y0, x0 = (int(rng.integers(0, d - side + 1)) for d in img.shape[:2])
    img, mask = img[y0:y0 + side, x0:x0 + side], mask[y0:y0 + side, x0:x0 + side]
    if side != CROP:
        img = cv2.resize(img, (CROP, CROP), interpolation=cv2.INTER_AREA if side > CROP else cv2.INTER_LINEAR)
    k = int(rng.integers(4))
    img, mask = np.rot90(img, k), np.rot90(mask, k)
    if rng.random() < 0.5:
        img, mask = img[:, ::-1], mask[:, ::-1]
    half = cv2.resize(np.ascontiguousarray(mask).astype(np.float32), (CROP // 2, CROP // 2),
                      interpolation=cv2.INTER_AREA if side >= CROP // 2 else cv2.INTER_LINEAR)
    return np.ascontiguousarray(img), np.clip(half, 0, 1).transpose(2, 0, 1)


def _drawn(rng, parts, shares, batch: int) -> np.ndarray:
    """`batch` sample numbers of data files joined one after the other (their lengths `parts`),
    each file drawn from in its share of `shares` (None: every sample alike)."""
    if shares is None:
        return rng.integers(0, sum(parts), batch)
    files = rng.choice(len(parts), batch, p=np.asarray(shares, float) / sum(shares))
    starts = np.cumsum([0] + list(parts))
    return np.array([starts[f] + rng.integers(0, parts[f]) for f in files])


def _augment_tile(rng, tile, maps):
    if rng.random() < 0.5:
        tile, maps = tile[::-1, ::-1], maps[:, ::-1, ::-1]
    if rng.random() < 0.5:
        tile, maps = tile[:, ::-1], maps[:, :, ::-1]
    tile = tile.astype(np.float32) * rng.uniform(0.8, 1.2) + rng.uniform(-20, 20)
    return np.clip(tile, 0, 255), np.ascontiguousarray(maps)


def _loss(pred, target, pip_weight=None):
    from torch.nn import functional as F
    eps = 1e-6
    pred = pred.clamp(eps, 1 - eps)
    if pip_weight is not None:
        weight = 1 + pip_weight * target
        bce = F.binary_cross_entropy(pred, target, weight=weight)
    else:
        bce = F.binary_cross_entropy(pred, target)
    inter = (pred * target).sum(dim=(2, 3))
    dice = 1 - (2 * inter + 1) / (pred.sum(dim=(2, 3)) + target.sum(dim=(2, 3)) + 1)
    return bce + 0.5 * dice.mean() if pip_weight is None else bce + 0.2 * dice.mean()


def fit(work: Path, which: str, steps: int, batch: int, threads: int, checkpoint_minutes: float = 4.0,
        name: str | None = None, max_lr: float = 3e-3, init: str | None = None, shape=None,
        scenes: tuple[str, ...] = ("scenes-train",), teach: str | None = None,
        tiles: tuple[str, ...] = ("tiles-train",), keep_norms: bool = False, shares=None, zoom: float = 1.0,
        hold: str | None = None, keep_every: int = 0) -> None:
    """Train one network; with `keep_norms`, its batch norms stay as the checkpoint it starts
    from has them (as they must where `adopt` folded them). With `teach`, the names of trained
    checkpoints (comma-separated), the network (of the `shape` asked for, narrower or not)
    starts from the first one's strongest channels (`nets.slimmed`) and learns from their maps,
    averaged, as much as from the answers: a cheaper network that does what the first does, or
    one network that does what several do together.

    A finder run may also draw from its data files in `shares` (one a file: 2,1 draws two of
    the first file's scenes for one of the second's), enlarge or shrink its crops (`zoom`,
    `_augment_scene`), and be held to the maps of the checkpoint `hold` on the first file's
    scenes (its answers there are halfway between theirs and that network's), so that a run
    on new kinds of scene keeps what it read well before. With `keep_every`, the checkpoint
    is also kept every that many steps (WORK/NAME-at-STEP.pt), to choose among afterwards."""
    import torch

    from . import nets
    torch.set_num_threads(threads)
    torch.manual_seed(SEED)
    rng = np.random.default_rng(SEED + (1 if which == "reader" else 0))
    if which == "finder":
        x_train, y_train = _joined(work, scenes)
        x_valid, y_valid = _load(work, "scenes-valid")
        model = nets.finder(shape[0]) if shape else nets.finder()
    else:
        x_train, y_train = _joined(work, tiles)
        x_valid, y_valid, halves_valid = _load(work, "tiles-valid")
        model = nets.reader(*shape) if shape else nets.reader()
    teachers = [_network(which, torch.load(work / f"{t}.pt", weights_only=False)).eval()
                for t in teach.split(",")] if teach else []
    held = _network(which, torch.load(work / f"{hold}.pt", weights_only=False)).eval() if hold else None
    parts = [len(p) for p in x_train.parts] if isinstance(x_train, Joined) else [len(x_train)]
    if teachers:
        if (model.stem_stride, model.fine) != (teachers[0].stem_stride, teachers[0].fine):
            raise SystemExit(f"--teach: {teach.split(',')[0]} has another stem or fine channels than the network asked for")
        model = nets.slimmed(teachers[0], model.widths)
    optimiser = torch.optim.AdamW(model.parameters(), lr=max_lr, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=max_lr, total_steps=steps, pct_start=0.1)
    ckpt = work / f"{name or which}.pt"
    step = 0
    # batch norms kept as they are where asked, or where the checkpoint says so (`adopt`)
    if ckpt.exists():
        state = torch.load(ckpt, weights_only=False)
        keep_norms = keep_norms or state.get("keep_norms", False)
        model.load_state_dict(state["model"])
        optimiser.load_state_dict(state["optimiser"])
        schedule.load_state_dict(state["schedule"])
        step = state["step"]
        rng = np.random.default_rng(SEED + 7919 * step)   # resume: a fresh stream, still seeded
        torch.manual_seed(SEED + step)
        log.info("%s: resuming at step %d", which, step)
    elif init:      # a longer run on top of a finished one: its weights, a fresh schedule
        state = torch.load(work / f"{init}.pt", weights_only=False)
        keep_norms = keep_norms or state.get("keep_norms", False)
        model.load_state_dict(state["model"])
        log.info("%s: starting from the weights of %s%s", which, init, " (batch norms kept)" if keep_norms else "")

    def save():
        tmp = ckpt.with_suffix(".tmp")
        torch.save({"model": model.state_dict(), "optimiser": optimiser.state_dict(),
                    "schedule": schedule.state_dict(), "step": step,
                    "widths": tuple(model.widths), "stem": model.stem_stride, "fine": model.fine,
                    "keep_norms": keep_norms}, tmp)
        tmp.replace(ckpt)

    last_save = time.time()
    started = time.time()
    running = []
    _train_mode(model, keep_norms)
    while step < steps:
        idx = _drawn(rng, parts, shares, batch)
        if which == "finder":
            pairs = [_augment_scene(rng, x_train[i], y_train[i], zoom) for i in idx]
            x = torch.from_numpy(np.stack([p[0] for p in pairs]).astype(np.float32)).permute(0, 3, 1, 2)
            y = _taught(teachers, x, torch.from_numpy(np.stack([p[1] for p in pairs]).astype(np.float32)))
            first = torch.from_numpy(idx < parts[0])
            if held is not None and bool(first.any()):
                y[first] = _taught([held], x[first], y[first])
            loss = _loss(model(x), y)
        else:
            pairs = [_augment_tile(rng, x_train[i], y_train[i]) for i in idx]
            x = torch.from_numpy(np.stack([p[0] for p in pairs]).astype(np.float32)).permute(0, 3, 1, 2)
            y = _taught(teachers, x, torch.from_numpy(np.stack([p[1] for p in pairs]).astype(np.float32) / 255))
            pred = model(x)
            loss = _loss(pred[:, :1], y[:, :1], pip_weight=30.0) + 0.5 * _loss(pred[:, 1:], y[:, 1:])
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        schedule.step()
        step += 1
        running.append(float(loss.detach()))
        if step % 50 == 0:
            log.info("%s step %d/%d loss %.4f lr %.5f %.2f s/step", which, step, steps, np.mean(running[-50:]),
                     schedule.get_last_lr()[0], (time.time() - started) / 50)
            started = time.time()
        if time.time() - last_save > checkpoint_minutes * 60 or step == steps:
            save()
            last_save = time.time()
        if keep_every and step % keep_every == 0:
            torch.save({"model": model.state_dict(), "widths": tuple(model.widths), "stem": model.stem_stride,
                        "fine": model.fine, "keep_norms": keep_norms}, work / f"{name or which}-at{step}.pt")
        if step % 500 == 0 or step == steps:
            model.eval()
            with torch.no_grad():
                report = _validate(which, model, x_valid[:VALIDATE], y_valid[:VALIDATE],
                                   halves_valid[:VALIDATE] if which == "reader" else None)
            log.info("%s step %d validation %s", which, step, json.dumps(report))
            _train_mode(model, keep_norms)


def _train_mode(model, keep_norms: bool) -> None:
    """The network set to learn; with `keep_norms`, its batch norms stay as they are: each scales
    by the statistics it holds (a folded one passes its input through), and only its bias
    learns, beside the convolutions."""
    import torch
    model.train()
    if keep_norms:
        for module in model.modules():
            if isinstance(module, torch.nn.BatchNorm2d):
                module.eval()
                module.weight.requires_grad_(False)


def _taught(teachers, x, answers):
    """What a taught network learns: halfway between the answers and its teachers' maps."""
    if not teachers:
        return answers
    import torch
    with torch.no_grad():
        return (answers + sum(t(x) for t in teachers) / len(teachers)) / 2


def _network(which: str, state: dict):
    """The network a checkpoint holds, in the shape it records (checkpoints from before the
    shapes were recorded hold the first shapes)."""
    from . import nets
    if which == "reader":
        model = nets.reader(state.get("widths") or (12, 24, 32, 48), state.get("stem") or 1, state.get("fine") or 0)
    else:
        model = nets.finder(state.get("widths") or (12, 24, 32, 48, 64))
    model.load_state_dict(state["model"])
    return model


def _validate(which, model, x_valid, y_valid, halves_valid):
    import torch
    preds = []
    for s in range(0, len(x_valid), 64):
        x = torch.from_numpy(x_valid[s:s + 64].astype(np.float32)).permute(0, 3, 1, 2)
        preds.append(model(x).numpy())
    pred = np.concatenate(preds)
    if which == "finder":
        y = y_valid[:, :, ::2, ::2].astype(np.float32)
        out = {}
        for c, name in enumerate(("face", "core")):
            p = pred[:, c] > 0.5
            t = y[:, c] > 0.5
            out[f"{name}_iou"] = round(float((p & t).sum() / max(1, (p | t).sum())), 4)
        return out
    from ..reader import read_maps
    right = total = halves_right = 0
    for maps, truth in zip(pred, halves_valid):
        got = read_maps(maps)
        if truth[0] < 0:
            continue
        total += 1
        values = (got.top, got.bottom) if got else None
        right += values == tuple(int(v) for v in truth)
        if values:
            halves_right += int(values[0] == truth[0]) + int(values[1] == truth[1])
    return {"tiles_right": round(right / max(1, total), 4), "halves_right": round(halves_right / max(1, 2 * total), 4)}


# ---------------------------------------------------------------- export

def export_checkpoint(checkpoint: Path, which: str, path: Path) -> str:
    """The network (finder or reader) of `checkpoint` written to `path` as the app reads it,
    its batch norms folded into the convolutions; returns the file's sha256."""
    import torch

    model = _network(which, torch.load(checkpoint, weights_only=False, map_location="cpu"))
    model.eval()
    shape = (1, 3, 384, 512) if which == "finder" else (1, 3, 160, 80)
    torch.onnx.export(model, torch.zeros(shape), str(path), opset_version=17, dynamo=False,
                      input_names=["image"], output_names=["maps"],
                      dynamic_axes={"image": {0: "batch", 2: "height", 3: "width"},
                                    "maps": {0: "batch", 2: "height", 3: "width"}})
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    log.info("%s: %d bytes, sha256 %s", path, path.stat().st_size, digest)
    return digest


def export(work: Path, models: Path = MODELS, reader_name: str = "reader", finder_name: str = "finder",
           dark_name: str | None = "finder-dark") -> dict:
    """The networks of the checkpoints named written as the app reads them (`export_checkpoint`): the
    finder, the reader, and the dark sets' finder where its checkpoint is there."""
    models.mkdir(exist_ok=True)
    written = {f"{which}.onnx": export_checkpoint(work / f"{name}.pt", which, models / f"{which}.onnx")
               for which, name in (("finder", finder_name), ("reader", reader_name))}
    if dark_name and (work / f"{dark_name}.pt").exists():
        written["finder-dark.onnx"] = export_checkpoint(work / f"{dark_name}.pt", "finder", models / "finder-dark.onnx")
    return written


def adopt(work: Path, models: Path = MODELS) -> list[Path]:
    """The committed ONNX networks as checkpoints a run can start from (`--init committed-finder`,
    `--init committed-reader`, `--init committed-finder-dark`). The export folded each batch norm
    into its convolution, so the checkpoint's batch norms pass their input through, adding the
    folded bias: `keep_norms` in the checkpoint tells `fit` to keep them so (they no longer know
    the statistics they learnt)."""
    import onnx
    import torch
    from onnx import numpy_helper

    from . import nets
    written = []
    for which, build in (("finder", nets.finder), ("finder-dark", nets.finder), ("reader", nets.reader)):
        if which == "finder-dark" and not (models / f"{which}.onnx").exists():
            continue
        graph = onnx.load(str(models / f"{which}.onnx")).graph
        weights = {w.name: torch.from_numpy(numpy_helper.to_array(w).copy()) for w in graph.initializer}
        model = build()
        modules = dict(model.named_modules())
        state = model.state_dict()
        convs = [n for n in graph.node if n.op_type == "Conv"]
        if len(convs) != sum(isinstance(m, torch.nn.Conv2d) for m in modules.values()):
            raise SystemExit(f"{which}.onnx does not have the shape of nets.{build.__name__}()")
        for node in convs:
            conv = node.name.split("/")[-2]               # '/down.0/down.0.3/Conv' -> 'down.0.3'
            state[f"{conv}.weight"] = weights[node.input[1]]
            if conv == "head":
                state["head.bias"] = weights[node.input[2]]
                continue
            path, index = conv.rsplit(".", 1)
            norm = f"{path}.{int(index) + 1}"
            eps = modules[norm].eps
            state[f"{norm}.weight"] = torch.ones_like(state[f"{norm}.weight"])
            state[f"{norm}.bias"] = weights[node.input[2]]
            state[f"{norm}.running_mean"] = torch.zeros_like(state[f"{norm}.running_mean"])
            state[f"{norm}.running_var"] = torch.full_like(state[f"{norm}.running_var"], 1 - eps)
        model.load_state_dict(state)
        path = work / f"committed-{which}.pt"
        torch.save({"model": model.state_dict(), "widths": tuple(model.widths), "stem": model.stem_stride,
                    "fine": model.fine, "keep_norms": True}, path)
        log.info("%s: from %s.onnx", path, which)
        written.append(path)
    return written


def _widths(text: str) -> tuple[int, ...]:
    return tuple(int(w) for w in text.split(","))


def _steps(text: str) -> int | None:
    """--steps: a number of steps, or None for 'auto'."""
    if text == "auto":
        return None
    if not text.isdigit():
        raise argparse.ArgumentTypeError("a number of steps, or auto")
    return int(text)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.training", description=__doc__.split("\n")[0])
    parser.add_argument("step", choices=["data", "finder", "reader", "export", "adopt", "hard", "stream", "all"])
    parser.add_argument("--work", type=Path, default=Path("train-runs"))
    parser.add_argument("--scenes", type=int, default=5000)
    parser.add_argument("--tiles", type=int, default=30000)
    parser.add_argument("--finder-steps", type=int, default=4000)
    parser.add_argument("--reader-steps", type=int, default=3000)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--name", help="checkpoint name, to train a variant beside the current one")
    parser.add_argument("--init", help="checkpoint whose weights a new variant starts from")
    parser.add_argument("--finder-widths", help="the finder's channels per level, e.g. 8,16,32,48,64")
    parser.add_argument("--reader-widths", help="the reader's channels per level, e.g. 16,24,32,48")
    parser.add_argument("--reader-stem", type=int, default=1, help="2: the reader works at half the tile's size")
    parser.add_argument("--reader-fine", type=int, default=0, help="channels at the tile's size after a strided stem")
    parser.add_argument("--lines", action="store_true", help="make the scenes with more lines of play, and train the finder on them too")
    parser.add_argument("--shrunk", action="store_true", help="make scenes drawn twice as large and shrunk, as the "
                        "finder's looks shrink a photo, and train the finder on them instead")
    parser.add_argument("--broad", type=int, help=f"data: make this many tiles of a wider range of sets (large "
                        f"pips, raised glossy pips; {BROAD_TILES} unless given); a named reader trains on them "
                        f"too where given (the committed reader's third run always does)")
    parser.add_argument("--high", action="store_true", help=f"data: also make {HIGH_TILES} tiles of double-12, 15 "
                        f"and 18 sets only; a named reader trains on them too (tried in round 27, not kept)")
    parser.add_argument("--loose", action="store_true", help=f"data: also make {LOOSE_TILES} tiles cut larger than "
                        f"the tile, its neighbours' pips inside; a named reader trains on them too")
    parser.add_argument("--dark", action="store_true", help=f"data: also make {DARK_TILES} tiles of black sets "
                        f"with small light pips (as the dark sets' finder learnt on); a named reader trains on them too")
    parser.add_argument("--finder-scenes", help="the scenes a named finder run learns from (comma-separated, "
                        "e.g. scenes-train,scenes-more); scenes-train unless given")
    parser.add_argument("--finder-mix", help="with --finder-scenes: each file's share of the scenes drawn, e.g. 2,1")
    parser.add_argument("--zoom", type=float, default=1.0, help="a named finder run: half its crops enlarged or "
                        "shrunk by up to this factor (e.g. 1.6)")
    parser.add_argument("--hold", help="a named finder run: the checkpoint whose maps it is held to on the first "
                        "file's scenes (e.g. committed-finder)")
    parser.add_argument("--keep-every", type=int, default=0, help="a named run: also keep the checkpoint every this "
                                                                     "many steps (WORK/NAME-atSTEP.pt)")
    parser.add_argument("--models", type=Path, default=MODELS, help="export: the folder the ONNX files go to")
    parser.add_argument("--only", help="data: only these data files (comma-separated, e.g. scenes-train,scenes-hard)")
    parser.add_argument("--finder-name", default="finder", help="export: the finder's checkpoint")
    parser.add_argument("--dark-name", default="finder-dark", help="export: the dark sets' finder's checkpoint "
                        "(finder-dark.onnx, where it is there)")
    parser.add_argument("--teach", help="trained checkpoints (comma-separated) that a network, narrower "
                        "(--finder-widths or --reader-widths) or not, starts from (the first) and learns from")
    parser.add_argument("--max-lr", type=float, default=3e-3, help="the one-cycle schedule's highest rate")
    parser.add_argument("--device", default="cpu", help="stream: where the finders learn (cuda on a lent GPU)")
    parser.add_argument("--steps", type=_steps, help="stream: steps of the one-cycle schedule, or 'auto': as many as fit in --seconds")
    parser.add_argument("--seconds", type=float, default=360.0, help="stream, --steps auto: the time the run may take")
    parser.add_argument("--workers", type=int, default=15, help="stream: processes drawing the scenes")
    parser.add_argument("--runs", help="stream: the finders trained together (comma-separated; all of stream.RUNS)")
    parser.add_argument("--stop", type=int, help="stream: stop after this many steps in all, the schedule unfinished")
    args = parser.parse_args(argv)
    if args.teach and (args.init or not args.name):
        parser.error("--teach trains a variant beside the taught network: give it a --name, and no --init")
    if args.reader_fine and args.reader_stem == 1:
        parser.error("--reader-fine needs --reader-stem 2: the channels at the tile's size follow a strided stem")
    args.work.mkdir(parents=True, exist_ok=True)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s",
                        handlers=[logging.FileHandler(args.work / "train.log"), logging.StreamHandler()])
    if args.step == "adopt":
        adopt(args.work)
        return 0
    if args.step == "stream":
        from . import stream
        runs = tuple(args.runs.split(",")) if args.runs else tuple(stream.RUNS)
        if set(runs) - set(stream.RUNS):
            parser.error(f"--runs: each of {', '.join(stream.RUNS)}")
        if not (args.work / "committed-finder.pt").exists():
            adopt(args.work)
        figures = stream.run(args.work, args.device, args.steps, args.seconds, args.workers, runs, args.stop)
        print(json.dumps(figures, indent=1))
        return 0
    if args.step == "hard":
        make_data(args.work, args.scenes, 0, workers=args.threads, only=("scenes-valid", "scenes-train", "scenes-hard"))
        if not (args.work / "committed-finder.pt").exists():
            adopt(args.work)
        steps, max_lr, scenes, shares, zoom = HARD_RUN
        fit(args.work, "finder", steps, batch=12, threads=args.threads, name="finder-hard", max_lr=max_lr,
            init="committed-finder", scenes=scenes, shares=shares, zoom=zoom, hold="committed-finder")
        print(json.dumps(export(args.work, args.models, reader_name="committed-reader", finder_name="finder-hard",
                                dark_name=None),
                         indent=2))
        return 0
    if args.step in ("data", "all"):
        make_data(args.work, args.scenes, args.tiles, workers=args.threads, lines=args.lines, shrunk=args.shrunk,
                  broad=BROAD_TILES if args.broad is None else args.broad,
                  only=tuple(args.only.split(",")) if args.only else (), high=HIGH_TILES if args.high else 0,
                  loose=LOOSE_TILES if args.loose else 0, dark=DARK_TILES if args.dark else 0)
    if args.step in ("finder", "all"):
        shape = (_widths(args.finder_widths),) if args.finder_widths else None
        scenes = (("scenes-shrunk",) if args.shrunk
                  else ("scenes-train", "scenes-lines") if args.lines else ("scenes-train",))
        if args.name:           # a variant: one run
            if args.finder_scenes:
                scenes = tuple(args.finder_scenes.split(","))
            fit(args.work, "finder", args.finder_steps, batch=12, threads=args.threads, name=args.name,
                max_lr=args.max_lr, init=args.init, shape=shape, teach=args.teach, scenes=scenes,
                shares=[float(v) for v in args.finder_mix.split(",")] if args.finder_mix else None,
                zoom=args.zoom, hold=args.hold, keep_every=args.keep_every)
        else:                   # the committed finder: wide cores first, then narrow ones (FINDER_LATER_RUNS)
            fit(args.work, "finder", args.finder_steps, batch=12, threads=args.threads, name="finder-1",
                max_lr=args.max_lr, init=args.init, shape=shape, teach=args.teach, scenes=("scenes-first",))
            for k, (steps, max_lr, later_scenes) in enumerate(FINDER_LATER_RUNS, start=2):
                last = k == len(FINDER_LATER_RUNS) + 1
                fit(args.work, "finder", steps, batch=12, threads=args.threads,
                    name="finder" if last else f"finder-{k}", max_lr=max_lr, init=f"finder-{k - 1}", shape=shape,
                    scenes=scenes if scenes != ("scenes-train",) else later_scenes, keep_norms=True)
            steps, max_lr, dark_scenes, shares, zoom = DARK_RUN     # ... and on from it, the dark sets' finder
            fit(args.work, "finder", steps, batch=12, threads=args.threads, name="finder-dark", max_lr=max_lr,
                init="finder", shape=shape, scenes=dark_scenes, shares=shares, zoom=zoom)
    if args.step in ("reader", "all"):
        shape = None
        if args.reader_widths or args.reader_stem != 1:
            from . import nets
            shape = (_widths(args.reader_widths) if args.reader_widths else nets.READER_WIDTHS, args.reader_stem,
                     args.reader_fine)
        tiles = ("tiles-train", "tiles-broad") if args.broad else ("tiles-train",)
        tiles += ("tiles-high",) if args.high and args.name else ()
        tiles += ("tiles-loose",) if args.loose and args.name else ()
        tiles += ("tiles-dark",) if args.dark and args.name else ()
        fit(args.work, "reader", args.reader_steps, batch=48, threads=args.threads, name=args.name,
            max_lr=args.max_lr, init=args.init, shape=shape, teach=args.teach, tiles=tiles,
            keep_every=args.keep_every if args.name else 0)
        if not args.name:       # the committed reader: a gentler second run on the first, then a third
            steps, max_lr = READER_SECOND_RUN
            fit(args.work, "reader", steps, batch=48, threads=args.threads, name="reader-2", max_lr=max_lr,
                init="reader", shape=shape)
            steps, max_lr = READER_THIRD_RUN
            fit(args.work, "reader", steps, batch=48, threads=args.threads, name="reader-3", max_lr=max_lr,
                init="reader-2", shape=shape, tiles=("tiles-train", "tiles-broad"), keep_norms=True)
    if args.step in ("export", "all"):
        print(json.dumps(export(args.work, args.models, reader_name=args.name or "reader-3",
                                finder_name=args.finder_name, dark_name=args.dark_name),
                         indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
