#!/usr/bin/env bash
# Sets up a fresh Debian machine with Swift and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
swift build --build-tests
swift test --skip-build
# The web app in a real browser, against the flatbed just built.
FLATBED_BINARY="$(swift build --show-bin-path)/flatbed" bash Tests/e2e/run.sh
