#!/usr/bin/env bash
# Installs what Flatbed needs on a Debian machine with Swift: the C libraries it wraps, the tools
# its tests check output with, the browser its end-to-end tests drive, and the Python packages the
# tests use to make fixtures. With --bench, also what the benchmarks compare against.
# Installs only what is missing; safe to run again.
set -euo pipefail

debian_packages=(
    pkg-config
    libturbojpeg0-dev libpng-dev libheif-dev libtiff-dev      # codecs
    libtesseract-dev tesseract-ocr-eng tesseract-ocr-osd      # OCR
    libmicrohttpd-dev libsqlite3-dev                         # flatbed serve
    qpdf poppler-utils libtiff-tools                         # output checks in the tests
    fonts-dejavu-core fonts-liberation2                      # fonts for generated pages
    chromium chromium-driver                                 # browser end-to-end tests
)
bench_debian_packages=(ocrmypdf img2pdf bc)
python_packages=(numpy pillow opencv-python-headless selenium pytest)
bench_python_packages=(shapely)

wanted=("${debian_packages[@]}")
[ "${1:-}" = "--bench" ] && wanted+=("${bench_debian_packages[@]}")
missing=()
for package in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}" >&2
    sudo_if_needed=""
    [ "$(id -u)" -eq 0 ] || sudo_if_needed="sudo"
    $sudo_if_needed apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_if_needed apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

wanted_python=("${python_packages[@]}")
[ "${1:-}" = "--bench" ] && wanted_python+=("${bench_python_packages[@]}")
missing_python=()
for package in "${wanted_python[@]}"; do
    python3 -m pip show -q "$package" >/dev/null 2>&1 || missing_python+=("$package")
done
if ((${#missing_python[@]})); then
    echo "setup: installing Python packages ${missing_python[*]}" >&2
    python3 -m pip install -q "${missing_python[@]}"
fi
