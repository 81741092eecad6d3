#!/usr/bin/env bash
# Sets up a fresh Debian machine with Swift, builds Flatbed and scans the bundled sample photos
# into one PDF.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
flatbed="$(bash scripts/build-release.sh)"
mkdir -p out
"$flatbed" scan Samples/*.jpg -o out/samples.pdf
echo "Wrote $(pwd)/out/samples.pdf"
