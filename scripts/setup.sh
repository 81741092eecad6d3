#!/usr/bin/env bash
# Installs what Flatbed needs on a Debian machine with Swift: the C libraries it wraps and the
# tools its tests check output with. With --bench, also the Python packages the benchmarks and
# the synthetic photo generator use. Installs only what is missing; safe to run again.
set -euo pipefail

debian_packages=(
    pkg-config
    libturbojpeg0-dev libpng-dev libheif-dev libtiff-dev      # codecs
    libtesseract-dev tesseract-ocr-eng tesseract-ocr-osd      # OCR
    libmicrohttpd-dev libsqlite3-dev                         # flatbed serve
    qpdf poppler-utils libtiff-tools                         # output checks in the tests
    fonts-dejavu-core fonts-liberation2                      # fonts for generated pages
)
bench_debian_packages=(ocrmypdf img2pdf bc)
python_packages=(numpy shapely opencv-python-headless pillow)

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

if [ "${1:-}" = "--bench" ]; then
    python3 -c "import numpy, shapely, cv2, PIL" 2>/dev/null || {
        echo "setup: installing Python packages ${python_packages[*]}" >&2
        python3 -m pip install -q "${python_packages[@]}"
    }
fi
