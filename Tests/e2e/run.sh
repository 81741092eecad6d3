#!/usr/bin/env bash
# Browser end-to-end tests of the web scanner: installs what is missing, builds flatbed if needed,
# then runs Tests/e2e with pytest. Screenshots, the fake-camera video and logs land in
# Tests/e2e/artifacts/.
#
# Environment: FLATBED_BINARY (skip the build and use this executable), FLATBED_E2E_URL (test a
# server that is already running), SWIFT_BUILD_FLAGS (extra flags for `swift build`, e.g.
# "--scratch-path /tmp/build"). Extra arguments go to pytest (e.g. -k crop).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

packages=()
command -v chromium >/dev/null 2>&1 || packages+=(chromium)
command -v chromedriver >/dev/null 2>&1 || packages+=(chromium-driver)
command -v pdfinfo >/dev/null 2>&1 || packages+=(poppler-utils)
fc-list 2>/dev/null | grep -qi dejavu || packages+=(fonts-dejavu-core)
if [ "${#packages[@]}" -gt 0 ]; then
    echo "e2e: installing ${packages[*]}" >&2
    sudo_if_needed apt-get update -qq
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}"
fi
if ! python3 -c 'import selenium, pytest, numpy, cv2, PIL' >/dev/null 2>&1; then
    echo "e2e: installing selenium, pytest, numpy, opencv and Pillow from PyPI" >&2
    python3 -m pip install --quiet selenium pytest numpy opencv-python-headless pillow
fi

if [ -z "${FLATBED_BINARY:-}" ] && [ -z "${FLATBED_E2E_URL:-}" ]; then
    # Always ask SwiftPM: it is quick when nothing changed, and it refreshes the bundled web assets.
    # shellcheck disable=SC2086
    (cd "$root" && swift build --product flatbed ${SWIFT_BUILD_FLAGS:-})
    # shellcheck disable=SC2086
    bin="$(cd "$root" && swift build --product flatbed ${SWIFT_BUILD_FLAGS:-} --show-bin-path)"
    export FLATBED_BINARY="$bin/flatbed"
fi

mkdir -p "$here/artifacts"
cd "$here"
exec python3 -m pytest -v -p no:cacheprovider "$@" "$here"
