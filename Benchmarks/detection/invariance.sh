#!/usr/bin/env bash
# Robustness of detection: the SmartDoc sample again turned, mirrored, smaller, darker, lighter,
# flatter, blurred, noisier, more compressed, askew and too close (Benchmarks/detection/invariance.py),
# flatbed detect --json against the OpenCV baseline on every variant, both scored by
# ../shared/eval/score_quads.py. Prints mean JI per variant side by side (printed, not asserted).
#
# Usage: Benchmarks/detection/invariance.sh
# Environment:
#   FLATBED_SHARED   the shared folder (default: ../shared next to the repository)
#   SCRATCH          SwiftPM scratch path for the release build (default: /tmp/build-detection-bench)
#   FLATBED_BIN      a prebuilt release flatbed binary to measure instead of building one
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
shared="${FLATBED_SHARED:-$(cd "$repo/../shared" && pwd)}"
scratch="${SCRATCH:-/tmp/build-detection-bench}"
work="$(mktemp -d /tmp/flatbed-invariance-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT

source "$repo/Benchmarks/detection/common.sh"
flatbed="$(flatbed_binary)"

set_dir="$work/set"
echo "making the variants of the SmartDoc sample…" >&2
python3 "$repo/Benchmarks/detection/invariance.py" make "$shared/data/smartdoc-sample/truth.json" "$set_dir"
photo_list "$set_dir/truth.json" "$set_dir" > "$work/photos.list"
echo "flatbed detect on $(wc -l < "$work/photos.list") photos…" >&2
# Exit status 1 only means some file could not be read; those lines carry an error.
tr '\n' '\0' < "$work/photos.list" | xargs -0 "$flatbed" detect --json > "$work/flatbed.jsonl" || true
echo "OpenCV baseline…" >&2
OPENCV_FOR_THREADS_NUM=1 python3 "$shared/eval/opencv_baseline.py" --truth "$set_dir/truth.json" --root "$set_dir" \
    > "$work/opencv.jsonl"
for tool in flatbed opencv; do
    python3 "$shared/eval/score_quads.py" "$set_dir/truth.json" "$work/$tool.jsonl" --json --by-folder > "$work/$tool.score.json"
done
python3 "$repo/Benchmarks/detection/invariance.py" table "$work"
