#!/bin/sh
# The finder's stream run on a lent GPU machine, in one call of the library's `device` tool:
#
#     run  command: sh vision/training/lent.sh     timeout_s: 600
#
# A new finder (the `fresh` run of stream.RUNS: the only start that kept the development
# photos, changelog round 17) learns for STEPS one-cycle steps, about 3,500 in the time a
# lend leaves; the stream stops itself at 1.3 x SECONDS_LEFT and keeps what it learnt, and
# `timeout` stops it at LIMIT whatever happens, so that the copy below always runs. Each
# checkpoint (half way, the end) comes back to $OUT as weights (.pt) and as the ONNX finder
# the app reads, with the log, the validation figures and the machine: 7 files for one run,
# within the 8 the tool brings back. Choose here, on the generated seeds of choice (30 to 39):
#
#     .venv/bin/python -m vision.evaluate --generated 20 --seeds 30-39 --kinds 5 --quiet --finder F.onnx
#     .venv/bin/python -m vision.evaluate --styles --seeds 30-39 --finder F.onnx
#
# Tried here on two cores, with the stream's probe and a few steps:
#     OUT=/tmp/lent DEVICE=cpu STEPS=4 WORKERS=1 sh vision/training/lent.sh
set -u
work=${WORK:-/tmp/chickenyard-stream}
out=${OUT:-train-runs/lent}
mkdir -p "$work" "$out"
export PYTHONUNBUFFERED=1
{ date -u; git rev-parse HEAD 2>/dev/null; nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null
  nproc; } > "$work/machine.txt"
timeout "${LIMIT:-570}" "${PYTHON:-python3}" -m vision.training stream --work "$work" --device "${DEVICE:-cuda}" \
    --runs "${RUNS:-fresh}" --steps "${STEPS:-3500}" --seconds "${SECONDS_LEFT:-400}" --workers "${WORKERS:-15}"
status=$?
for f in "$work"/stream-*.pt "$work"/stream-*.onnx "$work"/stream.json "$work"/train.log "$work"/machine.txt; do
    [ -e "$f" ] && cp "$f" "$out"/
done
ls -l "$out"
exit $status
