#!/usr/bin/env bash
# Detection benchmark: flatbed detect --json against the OpenCV baseline on the SmartDoc sample,
# on the same photos enlarged to a phone camera's 12 megapixels (phone_size.py: the cost of
# reading that many pixels), on the fixed synthetic benchmark set and on a fresh synthetic set
# from another seed, all scored by ../shared/eval/score_quads.py. The benchmark set has guided
# the detector's design for many rounds; the fresh set (seed 10 unless FRESH_SEED says otherwise)
# never has, so the gap between the two shows how much of the figure is fitted to the set.
# Prints one side-by-side table (printed, not asserted).
#
# Usage: Benchmarks/detection/run.sh
# Environment:
#   FLATBED_SHARED   the shared folder (default: ../shared next to the repository)
#   FLATBED_CACHE    where the synthetic and 12-megapixel sets are made once (default: ~/.cache/flatbed)
#   FRESH_SEED       the fresh synthetic set's seed (default 10: 300 photos with a page, 100 without)
#   SCRATCH          SwiftPM scratch path for the release build (default: /tmp/build-detection-bench)
#   FLATBED_BIN      a prebuilt release flatbed binary to measure instead of building one
#   FLATBED_PORTABLE 1 to build flatbed for any processor of the architecture rather than this one
#                    (scripts/build-release.sh)
#   REPEAT           detections per photo for both tools, detect_ms being their median (default 5:
#                    a single run per photo swings the speed ratio by ±15 % on a busy machine)
#
# Both tools are timed on one thread, as the target is stated: flatbed's detector is
# single-threaded, and OpenCV runs with OPENCV_FOR_THREADS_NUM=1. OpenCV is timed a second time
# with its default thread pool (all cores), printed for reference beside the single-thread ratio.
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
shared="${FLATBED_SHARED:-$(cd "$repo/../shared" && pwd)}"
cache="${FLATBED_CACHE:-$HOME/.cache/flatbed}"
scratch="${SCRATCH:-/tmp/build-detection-bench}"
repeat="${REPEAT:-5}"
synth="$cache/synth-benchmark"
fresh_seed="${FRESH_SEED:-10}"
fresh="$cache/synth-seed$fresh_seed"
work="$(mktemp -d /tmp/flatbed-detection-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT

source "$repo/Benchmarks/detection/common.sh"
flatbed="$(flatbed_binary)"

if [ ! -f "$synth/truth.json" ]; then
    echo "generating the synthetic benchmark set into $synth (once; takes several minutes)…" >&2
    python3 "$repo/Tools/synth/generate.py" --preset benchmark --out "$synth" --quiet >&2
fi
if [ ! -f "$fresh/truth.json" ]; then
    echo "generating the fresh synthetic set (seed $fresh_seed) into $fresh (once; takes a few minutes)…" >&2
    python3 "$repo/Tools/synth/generate.py" --seed "$fresh_seed" --count 300 --negatives 100 --out "$fresh" --quiet >&2
fi

run_set() {  # name truth root
    local name="$1" truth="$2" root="$3"
    photo_list "$truth" "$root" > "$work/$name.list"
    echo "$name: flatbed detect on $(wc -l < "$work/$name.list") photos…" >&2
    # Exit status 1 only means some file could not be read; those lines carry an error.
    tr '\n' '\0' < "$work/$name.list" | xargs -0 "$flatbed" detect --json --repeat "$repeat" > "$work/$name.flatbed.jsonl" || true
    echo "$name: OpenCV baseline…" >&2
    OPENCV_FOR_THREADS_NUM=1 python3 "$shared/eval/opencv_baseline.py" --truth "$truth" --root "$root" \
        --repeat "$repeat" > "$work/$name.opencv.jsonl"
    echo "$name: OpenCV baseline again on all cores (timing only)…" >&2
    python3 "$shared/eval/opencv_baseline.py" --truth "$truth" --root "$root" --repeat "$repeat" \
        > "$work/$name.opencv-all-cores.jsonl"
    for tool in flatbed opencv; do
        python3 "$shared/eval/score_quads.py" "$truth" "$work/$name.$tool.jsonl" --json --by-folder > "$work/$name.$tool.score.json"
    done
}

run_set smartdoc "$shared/data/smartdoc-sample/truth.json" "$shared/data/smartdoc-sample"
phone="$cache/smartdoc-12mp"
python3 "$repo/Benchmarks/detection/phone_size.py" "$shared/data/smartdoc-sample/truth.json" "$phone"
run_set phone "$phone/truth.json" "$phone"
run_set synthetic "$synth/truth.json" "$synth"
run_set fresh "$fresh/truth.json" "$fresh"

describe_run
python3 "$repo/Benchmarks/detection/table.py" "$work"
