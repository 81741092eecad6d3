#!/usr/bin/env bash
# Searchable PDFs: flatbed scan --ocr against ocrmypdf (Debian), same flat pages, same machine, same run.
# Prints wall time, output size and text CER (pdftotext of each output vs the printed text); not asserted.
#
#   Benchmarks/ocr/run.sh [PAGES] [PHOTOS]
#     PAGES   synthetic flat A4 pages at 300 dpi (default 10)
#     PHOTOS  photos for the memory run of `flatbed scan --ocr` (default 0 = skip; the issue asks for 200)
set -euo pipefail
cd "$(dirname "$0")/../.."
PAGES=${1:-10}
PHOTOS=${2:-0}
WORK=$(mktemp -d /tmp/flatbed-ocr-bench.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
FLATBED=${FLATBED_BINARY:-}
if [ -z "$FLATBED" ]; then
    swift build -c release --product flatbed >/dev/null
    FLATBED=$(swift build -c release --show-bin-path)/flatbed
fi

python3 Tools/synth/generate.py --seed 7 --out "$WORK/synth" --count "$PAGES" --save-flat >/dev/null
mapfile -t FLAT < <(ls "$WORK"/synth/flat/*.png | head -n "$PAGES")
# Tesseract threads itself with OpenMP; both tools run one page per core instead.
export OMP_THREAD_LIMIT=1
# The pages are already flat: a corners file saying "no document" keeps each whole.
for png in "${FLAT[@]}"; do printf '{"image": "%s", "corners": null}\n' "$png"; done > "$WORK/whole.jsonl"

cer() {  # cer PDF → character error rate of its text against the printed lines
    python3 - "$1" "${FLAT[@]}" <<'PY'
import subprocess, sys
pdf, pngs = sys.argv[1], sys.argv[2:]
def norm(s): return " ".join(s.split())
def dist(a, b):
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1]
pages = subprocess.run(["pdftotext", "-enc", "UTF-8", pdf, "-"], capture_output=True, text=True).stdout.split("\f")
errors = total = 0
for i, png in enumerate(pngs):
    truth = norm(open(png[:-4] + ".txt", encoding="utf-8").read())
    got = norm(pages[i] if i < len(pages) else "")
    errors += dist(truth, got); total += len(truth)
print("%.4f" % (errors / max(1, total)))
PY
}

# ocrmypdf wants one input document: the pages as one lossless PDF (img2pdf), at 300 dpi.
img2pdf -s 300dpi -o "$WORK/input.pdf" "${FLAT[@]}"
start=$(date +%s.%N)
ocrmypdf -q --jobs "$(nproc)" --output-type pdf -l eng "$WORK/input.pdf" "$WORK/ocrmypdf.pdf"
peer_time=$(echo "$(date +%s.%N) - $start" | bc)
peer_size=$(stat -c %s "$WORK/ocrmypdf.pdf"); peer_cer=$(cer "$WORK/ocrmypdf.pdf")
printf "%-22s %10s %12s %8s %12s %12s\n" tool "time (s)" "size (B)" CER "time ratio" "size ratio"
printf "%-22s %10.2f %12d %8s\n" ocrmypdf "$peer_time" "$peer_size" "$peer_cer"
for mode in auto bw gray color; do
    start=$(date +%s.%N)
    "$FLATBED" scan "${FLAT[@]}" --corners "$WORK/whole.jsonl" --page-size fit --dpi 300 --mode "$mode" \
        --ocr --lang eng -o "$WORK/flatbed-$mode.pdf" 2>/dev/null
    ours_time=$(echo "$(date +%s.%N) - $start" | bc)
    ours_size=$(stat -c %s "$WORK/flatbed-$mode.pdf"); ours_cer=$(cer "$WORK/flatbed-$mode.pdf")
    qpdf --check "$WORK/flatbed-$mode.pdf" >/dev/null || echo "qpdf --check failed for --mode $mode"
    printf "%-22s %10.2f %12d %8s %11.2fx %11.2fx\n" "flatbed --mode $mode" "$ours_time" "$ours_size" "$ours_cer" \
        "$(echo "$ours_time / $peer_time" | bc -l)" "$(echo "$ours_size / $peer_size" | bc -l)"
done
echo "targets: time <= 0.7x, size <= 0.6x, CER no worse than ocrmypdf"

# Bytes per A4 page at 300 dpi by colour mode (bw needs the enhancement stage's --mode bw).
for mode in color gray bw; do
    if "$FLATBED" scan "${FLAT[0]}" --corners "$WORK/whole.jsonl" --page-size fit --dpi 300 --mode "$mode" -o "$WORK/mode-$mode.pdf" 2>/dev/null; then
        echo "bytes per page, $mode: $(stat -c %s "$WORK/mode-$mode.pdf")"
    else
        echo "bytes per page, $mode: (mode not available)"
    fi
done

if [ "$PHOTOS" -gt 0 ]; then
    python3 Tools/synth/generate.py --seed 8 --out "$WORK/photos" --count "$PHOTOS" >/dev/null
    /usr/bin/time -f "flatbed scan --ocr, $PHOTOS photos: %e s, peak %M KB" \
        "$FLATBED" scan "$WORK"/photos/*/images/*.jpg --ocr -o "$WORK/photos.pdf" 2>&1 >/dev/null | tail -1
fi
