"""The finder's run on a lent GPU, `vision/training/lent.sh`: what it brings back, even when
the run is stopped. A stand-in for Python plays the stream run (no training runs in the tests)."""
from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

import pytest

LENT = Path(__file__).resolve().parents[2] / "vision" / "training" / "lent.sh"

# the stand-in: writes what `python -m vision.training stream` writes in --work, then waits
# for as many seconds as $STALL says (the stream that overruns its time)
STAND_IN = """#!/bin/sh
echo "$@" > "$ARGS"
while [ $# -gt 0 ]; do [ "$1" = --work ] && work=$2; shift; done
for f in committed-finder.pt committed-reader.pt stream-fresh-1770.pt stream-fresh-1770.onnx stream.json train.log; do
    echo x > "$work/$f"
done
sleep "${STALL:-0}"
echo x > "$work/stream-fresh-3540.pt"; echo x > "$work/stream-fresh-3540.onnx"
"""


def _run(tmp_path: Path, **env) -> tuple[subprocess.CompletedProcess, Path]:
    python = tmp_path / "python"
    python.write_text(STAND_IN)
    python.chmod(python.stat().st_mode | stat.S_IEXEC)
    out = tmp_path / "out"
    done = subprocess.run(["sh", str(LENT)], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHON": str(python), "WORK": str(tmp_path / "work"), "OUT": str(out),
                               "ARGS": str(tmp_path / "args"), **env})
    return done, out


def test_a_lent_run_brings_back_each_checkpoint_and_its_record_within_the_tools_eight_files(tmp_path):
    done, out = _run(tmp_path)
    assert done.returncode == 0, done.stderr
    back = sorted(p.name for p in out.iterdir())
    assert back == ["machine.txt", "stream-fresh-1770.onnx", "stream-fresh-1770.pt", "stream-fresh-3540.onnx",
                    "stream-fresh-3540.pt", "stream.json", "train.log"]
    assert len(back) <= 8           # the device tool brings back 8 files at most
    args = (tmp_path / "args").read_text().split()
    assert args[:3] == ["-m", "vision.training", "stream"]
    assert args[args.index("--runs") + 1] == "fresh" and args[args.index("--steps") + 1] == "3500"
    assert args[args.index("--device") + 1] == "cuda"


def test_a_lent_run_stopped_at_its_limit_still_brings_back_what_it_wrote(tmp_path):
    done, out = _run(tmp_path, STALL="30", LIMIT="3")     # the files are written at once, then it stalls
    assert done.returncode == 124                    # timeout's own status: the run was stopped
    back = {p.name for p in out.iterdir()}
    assert {"stream-fresh-1770.pt", "stream-fresh-1770.onnx", "train.log", "machine.txt"} <= back
    assert "stream-fresh-3540.pt" not in back


@pytest.mark.parametrize("name", ["STEPS", "DEVICE"])
def test_a_lent_run_takes_its_settings_from_the_environment(tmp_path, name):
    value = {"STEPS": "4", "DEVICE": "cpu"}[name]
    done, _ = _run(tmp_path, **{name: value})
    assert done.returncode == 0, done.stderr
    args = (tmp_path / "args").read_text().split()
    assert args[args.index(f"--{name.lower()}") + 1] == value
