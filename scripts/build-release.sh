#!/usr/bin/env bash
# Builds the release flatbed for this machine's processor and prints the binary's path.
#
# The engine's loops are written for the compiler to vectorise; compiled for the processor it
# runs on, they use its widest vector instructions (AVX2 or AVX-512 on a recent x86-64 rather
# than the SSE2 every x86-64 has): detection takes about a fifth less time. OpenCV picks its
# kernels for the processor at run time, so the detection benchmark compares like with like.
# Such a binary may not start on an older processor: FLATBED_PORTABLE=1 builds one that runs on
# any machine of the architecture. FLATBED_VECTOR_ROUNDING tells the engine that vector rounding
# is an instruction here (see DetectedLine.whole); the portable build does without it.
#
# Usage: scripts/build-release.sh [extra swift build arguments, e.g. --scratch-path DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
cpu=(-Xswiftc -target-cpu -Xswiftc native -Xswiftc -DFLATBED_VECTOR_ROUNDING)
[ "${FLATBED_PORTABLE:-0}" = "1" ] && cpu=()
swift build -c release --product flatbed "${cpu[@]}" "$@" >&2
echo "$(swift build -c release "${cpu[@]}" "$@" --show-bin-path)/flatbed"
