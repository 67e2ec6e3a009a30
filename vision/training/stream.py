"""A finder run on scenes drawn while it learns, for a machine with a GPU and many cores
(`python -m vision.training stream`).

The CPU runs (`train.fit`) learn from a few thousand stored scenes, twelve crops a step; on a
lent GPU the network is no longer what limits a run, the drawing of scenes is. Here worker
processes draw every batch afresh (no scene is seen twice), from three sources in turn
(`SOURCES`): the first scenes (`synth_scenes.scene`), the scenes of the kinds real photos
showed the finder missing (`synth_hard.hard_scene`: black sets, chains of play, close-ups,
small tiles, white, pine and glossy tables, cards), and photos of one set laid as in the
style table (`synth_styles.style_scene`, each cell drawn at random, seeds apart from the
table's), drawn at 576 x 768 and shrunk by area averaging to the finder's first look, as a
real photo is. Each scene gives `CROPS` crops (`train._augment_scene`, zoomed by up to
`ZOOM`), a share of them with light and dark swapped (`INVERT`).

Several finders learn from the same batches (`RUNS`), each its own rate and start, so one
run gives candidates to choose among on the generated seeds of choice (30 to 39). Each batch
is seeded by its number alone, so a run is the same whatever the number of workers.

    python -m vision.training stream --work W --device cuda --runs fresh --steps 3500
    sh vision/training/lent.sh       # the same in one call of a lent machine, its files to $OUT

Checkpoints WORK/stream-NAME-STEP.pt (weights) and .onnx (the finder as the app reads it) at
half way and at the end; the committed networks are adopted first (WORK/committed-*.pt).
It runs on a CPU too (`--device cpu --workers 1`), at about 2.4 s a step on two cores: too slow
for a new network (the changelog's round 17), so without a GPU `make train`'s runs stay the way.
"""
from __future__ import annotations

import json
import logging
import math
import multiprocessing as mp
import time
from pathlib import Path

import cv2
import numpy as np

from .train import SEED, SEED_OFFSETS, _augment_scene, _loss, _network, _train_mode, export_checkpoint

log = logging.getLogger("vision.training")

# the scenes drawn, in shares of the batches' scenes: first scenes, the missed kinds, style cells
SOURCES = (("first", 0.4), ("hard", 0.35), ("style", 0.25))
SCENES = 16          # scenes a batch is drawn from ...
CROPS = 4            # ... and crops from each (a batch of 64)
ZOOM = 1.6           # half the crops enlarged or shrunk by up to this factor
INVERT = 0.12        # the share of first and hard crops with light and dark swapped (white on black)
STYLE_SHAPE = (576, 768)    # a style scene is drawn at this size and shrunk to half (288 x 384)
# name: start ("committed": the committed finder, adopted; None: a new network), highest rate
RUNS = {"tuned": ("committed", 5e-4), "gentle": ("committed", 2e-4), "fresh": (None, 3e-3)}
PROBE = 40           # steps at the lowest rate before the schedule (with --steps auto, they time the stream)
PREFETCH = 4         # batches each worker draws ahead
VALID_SCENES = 96    # validation scenes of each source


def source_of(index: int, valid: bool = False) -> tuple[np.random.Generator, str]:
    """Scene `index`'s random stream, and the source it is drawn from (its first draw)."""
    rng = np.random.default_rng(SEED + SEED_OFFSETS["stream-valid" if valid else "stream"] + index)
    names, shares = zip(*SOURCES)
    return rng, str(rng.choice(names, p=shares))


def scene_of(index: int, valid: bool = False):
    """Scene `index` of the stream (or of its validation set): its source, the photo (uint8
    BGR) and its masks (face, core) at the photo's size."""
    from ..params import PARAMS
    from .synth_hard import hard_scene
    from .synth_scenes import answer_masks, scene
    from .synth_styles import LAYOUTS, SIZES, STYLES, style_photograph
    rng, source = source_of(index, valid)
    if source == "first":
        img, mask = scene(rng, (320, 320), core=PARAMS.core)
    elif source == "hard":
        img, mask = hard_scene(rng, (320, 320), core=PARAMS.core)
    else:
        cell = (str(rng.choice(STYLES)), str(rng.choice(LAYOUTS)), str(rng.choice(SIZES)))
        img, tiles = style_photograph(rng, *cell, shape=STYLE_SHAPE)
        h, w = STYLE_SHAPE[0] // 2, STYLE_SHAPE[1] // 2
        img = cv2.resize(img, (w, h), interpolation=cv2.INTER_AREA)
        mask = answer_masks(tiles, h, w, 2, PARAMS.core)
    return source, img, mask


def batch_of(number: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Batch `number`: SCENES x CROPS crops (uint8, n x 256 x 256 x 3), their answers at half
    size (float16, n x 2 x 128 x 128) and each crop's source (its index in SOURCES)."""
    rng = np.random.default_rng(SEED + SEED_OFFSETS["stream"] + 7_000_000 + number)
    names = [n for n, _ in SOURCES]
    xs, ys, sources = [], [], []
    for k in range(SCENES):
        source, img, mask = scene_of(number * SCENES + k)
        for _ in range(CROPS):
            x, y = _augment_scene(rng, img, mask, ZOOM)
            if source != "style" and rng.random() < INVERT:
                x = 255 - x
            xs.append(x)
            ys.append(y.astype(np.float16))
            sources.append(names.index(source))
    return np.stack(xs), np.stack(ys), np.array(sources, np.int8)


def _valid_scene(index: int):
    from .train import CROP
    source, img, mask = scene_of(index, valid=True)
    return source, img[:CROP, :CROP], mask[:, :CROP:2, :CROP:2]


def _batches(start: int, workers: int, pin: bool = False):
    """Batches from `start` on, drawn by `workers` processes, in order."""
    import torch

    class Stream(torch.utils.data.IterableDataset):
        def __iter__(self):
            info = torch.utils.data.get_worker_info()
            cv2.setNumThreads(1)
            torch.set_num_threads(1)
            number = start + (info.id if info else 0)
            while True:
                yield batch_of(number)
                number += info.num_workers if info else 1

    return iter(torch.utils.data.DataLoader(Stream(), batch_size=None, num_workers=workers,
                                            prefetch_factor=PREFETCH if workers else None,
                                            persistent_workers=bool(workers), pin_memory=pin))


def _iou(model, valid, device) -> dict:
    """Each source's face and core IoU on the validation scenes."""
    import torch
    out = {}
    model.eval()
    with torch.no_grad():
        for name, _ in SOURCES:
            scenes = [(img, mask) for s, img, mask in valid if s == name]
            x = torch.from_numpy(np.stack([i for i, _ in scenes]).astype(np.float32)).permute(0, 3, 1, 2)
            pred = model(x.to(device)).cpu().numpy()
            truth = np.stack([m for _, m in scenes]) > 0
            for c, what in enumerate(("face", "core")):
                p, t = pred[:, c] > 0.5, truth[:, c]
                out[f"{name}_{what}"] = round(float((p & t).sum() / max(1, (p | t).sum())), 4)
    return out


def run(work: Path, device: str = "cuda", steps: int | None = None, seconds: float = 360.0,
        workers: int = 15, runs: tuple[str, ...] = tuple(RUNS), stop: int | None = None) -> dict:
    """Train the finders of `runs` together on the stream: PROBE steps at the lowest rate, then
    a one-cycle schedule of `steps` (None: as many as fit in `seconds`, timed once the batches
    the workers drew ahead are used up), stopped early after `stop` steps in all where given,
    or where the stream runs past 1.3 times `seconds`. Returns the steps run and each
    checkpoint's validation."""
    import torch

    from . import nets
    torch.manual_seed(SEED)
    torch.backends.cudnn.benchmark = True
    torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = True
    started = time.time()
    with mp.get_context("fork").Pool(max(1, workers)) as pool:
        valid = pool.map(_valid_scene, range(VALID_SCENES * len(SOURCES) * 2))
    # twice the scenes needed are drawn, so that each source has its VALID_SCENES
    valid = [v for name, _ in SOURCES for v in [v for v in valid if v[0] == name][:VALID_SCENES]]
    log.info("stream: %d validation scenes in %.0f s", len(valid), time.time() - started)
    batches = _batches(0, workers, pin=device.startswith("cuda"))     # the workers start drawing
    models, optimisers, norms = {}, {}, {}
    for name in runs:
        start, rate = RUNS[name]
        if start:
            state = torch.load(work / f"{start}-finder.pt", weights_only=False)
            models[name], norms[name] = _network("finder", state), state.get("keep_norms", False)
        else:
            models[name], norms[name] = nets.finder(), False
        models[name].to(device)
        optimisers[name] = torch.optim.AdamW(models[name].parameters(), lr=rate / 25, weight_decay=1e-4)
    figures = {"before": {n: _iou(m, valid, device) for n, m in models.items() if RUNS[n][0]}}
    log.info("stream: before %s", json.dumps(figures["before"]))
    step, schedules, total = 0, {}, steps
    # with --steps auto the probe runs on till the batches drawn ahead are used, and is timed after
    probe = PROBE if steps else PROBE + workers * PREFETCH
    probe_started = None

    def learn(x, y):
        for name, model in models.items():
            _train_mode(model, norms[name])
            loss = _loss(model(x), y)
            optimisers[name].zero_grad(set_to_none=True)
            loss.backward()
            optimisers[name].step()
            if name in schedules:
                schedules[name].step()
        return float(loss.detach())

    def save(at: int) -> None:
        for name, model in models.items():
            checkpoint = work / f"stream-{name}-{at}.pt"
            torch.save({"model": {k: v.cpu() for k, v in model.state_dict().items()}, "widths": tuple(model.widths),
                        "stem": model.stem_stride, "fine": model.fine, "keep_norms": norms[name], "step": at},
                       checkpoint)
            try:        # the ONNX too, to be tried at once where the run was; the checkpoint is what counts
                export_checkpoint(checkpoint, "finder", checkpoint.with_suffix(".onnx"))
            except Exception:
                log.exception("%s: no ONNX written; `export --work %s --finder-name %s --name committed-reader "
                              "--models DIR` writes it (without --models, over the committed networks)",
                              checkpoint, work, checkpoint.stem)
            figures[f"{name}-{at}"] = _iou(model, valid, device)
        log.info("stream step %d validation %s", at, json.dumps({k: v for k, v in figures.items() if k.endswith(f"-{at}")}))

    losses = []
    while True:
        x, y, _ = next(batches)
        x = torch.as_tensor(x).to(device, non_blocking=True).permute(0, 3, 1, 2).float()
        y = torch.as_tensor(y).to(device, non_blocking=True).float()
        losses.append(learn(x, y))
        step += 1
        if step == probe - PROBE + 5:
            probe_started = time.time()
        if step == probe:
            rate = (PROBE - 5) / (time.time() - probe_started)
            if total is None:
                total = max(100, int(rate * (seconds - (time.time() - started))))
            log.info("stream: %.1f steps a second; %d steps after the %d at the lowest rate", rate, total, probe)
            for name in models:
                schedules[name] = torch.optim.lr_scheduler.OneCycleLR(
                    optimisers[name], max_lr=RUNS[name][1], total_steps=total, pct_start=0.1)
        if step % 100 == 0:
            log.info("stream step %d/%s loss %.4f (last run) %.0f s", step, (total or 0) + probe,
                     np.mean(losses[-100:]), time.time() - started)
        if total and step - probe == total // 2:
            save(step)
        if total and step - probe == total or step == stop:
            break
        if time.time() - started > 1.3 * seconds:     # the stream slowed: stop, keep what was learnt
            log.info("stream: out of time at step %d of %s", step, total + probe if total else "?")
            break
    save(step)
    figures["steps"] = {"probe": probe, "one_cycle": total, "run": step, "seconds": round(time.time() - started)}
    (work / "stream.json").write_text(json.dumps(figures, indent=1))
    return figures
