#!/usr/bin/env bash
# Whole-job benchmark: `flatbed scan` on 20 twelve-megapixel photos into one PDF, timed with
# /usr/bin/time (wall clock, peak resident memory), next to img2pdf wrapping the same photos
# unprocessed into a PDF (the floor any scanner's output step costs).
# Usage: bash Benchmarks/scan/run.sh [CACHE_DIR]   (FLATBED_BINARY=path skips the release build)
set -euo pipefail
cd "$(dirname "$0")/../.."
cache=${1:-${TMPDIR:-/tmp}/flatbed-bench-scan}
bash scripts/setup.sh --bench
command -v img2pdf >/dev/null || { apt-get install -y -qq img2pdf >/dev/null 2>&1 || true; }

if [ ! -f "$cache/truth.json" ]; then
    echo "generating 20 photos of 4000 px (12 MP) into $cache …" >&2
    python3 Tools/synth/generate.py --seed 12 --count 20 --families wood,fabric,tiles,clutter --long-side 4000 --out "$cache" --quiet
fi
mapfile -t photos < <(python3 -c "import json,sys; [print('$cache/' + e['image']) for e in json.load(open('$cache/truth.json'))]")
flatbed=${FLATBED_BINARY:-}
if [ -z "$flatbed" ]; then
    swift build -c release --product flatbed >/dev/null
    flatbed=.build/release/flatbed
fi
megapixels=$(python3 -c "from PIL import Image; import sys; print(round(sum(Image.open(p).size[0]*Image.open(p).size[1] for p in sys.argv[1:])/len(sys.argv[1:])/1e6,1))" "${photos[@]}")

measure() {  # label, command...
    local label=$1; shift
    /usr/bin/time -f "%e %M" -o "$cache/time.txt" "$@" >/dev/null 2>"$cache/stderr.txt" || { cat "$cache/stderr.txt" >&2; return 1; }
    read -r seconds kilobytes < "$cache/time.txt"
    printf "%-34s %8.2f s %8.1f MB\n" "$label" "$seconds" "$(echo "$kilobytes / 1024" | bc -l)"
}

echo "${#photos[@]} photos, ${megapixels} MP each on average, $(nproc) cores"
printf "%-34s %10s %11s\n" "command" "wall" "peak RSS"
measure "flatbed scan (all cores)" "$flatbed" scan "${photos[@]}" -o "$cache/flatbed.pdf"
measure "flatbed scan --threads 1" "$flatbed" scan "${photos[@]}" --threads 1 -o "$cache/flatbed-1.pdf"
if command -v img2pdf >/dev/null; then
    measure "img2pdf (no detection, no warp)" img2pdf "${photos[@]}" -o "$cache/img2pdf.pdf"
fi
ls -l "$cache"/*.pdf | awk '{printf "%-60s %6.1f MB\n", $9, $5/1048576}'
