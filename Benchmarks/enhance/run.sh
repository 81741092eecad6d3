#!/usr/bin/env bash
# Enhancement benchmark: Tesseract CER per mode on shadowed synthetic pages, orientation accuracy
# on pages turned at random, and time per A4 page at 300 dpi for every mode.
# Usage: bash Benchmarks/enhance/run.sh [WORK_DIR] [PAGES] [ORIENTATION_PAGES]
# Needs tesseract (tesseract-ocr, tesseract-ocr-eng; tesseract-ocr-osd for the OSD comparison),
# python3 with numpy, opencv-python-headless and pillow, and the DejaVu/Liberation fonts.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=${1:-${TMPDIR:-/tmp}/flatbed-bench-enhance}
pages=${2:-8}
orientation_pages=${3:-100}
mkdir -p "$work"

# The benchmark binary: the `enhance-benchmark` target when Package.swift declares it, otherwise a
# private package in $work that builds the same sources (Benchmarks/enhance + ScanEnhance + ScanCore).
# SCRATCH_PATH=/tmp/build-x builds outside the shared .build.
scratch=()
[ -n "${SCRATCH_PATH:-}" ] && scratch=(--scratch-path "$SCRATCH_PATH")
if grep -q '"enhance-benchmark"' Package.swift; then
    swift build -c release "${scratch[@]}" --product enhance-benchmark >&2
    tool=$(swift build -c release "${scratch[@]}" --show-bin-path)/enhance-benchmark
else
    pkg="$work/package"
    mkdir -p "$pkg/Sources"
    ln -sfn "$PWD/Sources/ScanCore" "$pkg/Sources/ScanCore"
    ln -sfn "$PWD/Sources/ScanEnhance" "$pkg/Sources/ScanEnhance"
    ln -sfn "$PWD/Benchmarks/enhance" "$pkg/Sources/enhance-benchmark"
    cat > "$pkg/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(name: "EnhanceBenchmark", targets: [
    .target(name: "ScanCore"),
    .target(name: "ScanEnhance", dependencies: ["ScanCore"]),
    .executableTarget(name: "enhance-benchmark", dependencies: ["ScanCore", "ScanEnhance"], exclude: ["run.sh", "bench.py"]),
])
for target in package.targets { target.swiftSettings = [.swiftLanguageMode(.v6)] }
SWIFT
    swift build -c release --package-path "$pkg" >&2
    tool="$pkg/.build/release/enhance-benchmark"
fi

echo "== OCR character error rate (Tesseract 'eng', --psm 6) =="
python3 Benchmarks/enhance/bench.py cer "$work/cer" "$tool" --pages "$pages"
echo
echo "== Orientation on $orientation_pages pages turned at random (0/90/180/270) and tilted ±4° =="
osd=()
tesseract --list-langs 2>/dev/null | grep -qx osd && osd=(--osd)
python3 Benchmarks/enhance/bench.py orientation "$work/orientation" "$tool" --pages "$orientation_pages" "${osd[@]}"
echo
echo "== Time per A4 page at 300 dpi =="
"$tool" time "$work/cer/p0-crop.ppm" 5
