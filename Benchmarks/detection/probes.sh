#!/usr/bin/env bash
# Builds the detector's diagnostic probes in a scratch package beside the repository's sources:
# they need `@testable import ScanDetect`, which a release build of the package itself does not
# allow, so they are not targets of Package.swift.
#   featdump LIST            top hypotheses and their PageEvidence features, as fit_confidence.py reads
#   hypdump IMG...           the pipeline's top hypotheses with confidence and features
#   linedump IMG [N]         the working scale and the first N detected lines (θ, ρ, votes, ...)
#   edgedump IMG OUT.pgm     the working edge map beside the gradient magnitude
#   pdetect [KEY=V...] IMG...  detect --json with options changed (keys: see its main.swift)
#   rankdump IMG CORNERS [N]  where a labelled outline stands in the line search and the verifier
#                            (of a page cut by the frame, its part inside, as a quad)
#   cardcheck IMG CORNERS     the ID-1 card test on a labelled outline
#   truthfeat TRUTH ROOT      every labelled outline's features, veto and confidence (alone, and with a region agreeing)
#   threedump IMG...          the second look's three-sided outlines: sides' support and overshoot, confidence, features
#   sidecover TRUTH ROOT      each labelled side's rank among 300 detected lines and its edge steps by polarity
#   cutdump IMG...            corners before and after CutPageExtender, and completed to the long or short side
#   tiptime < LINES           mean time of CornerTips beside EdgeRefiner on "IMG x0 y0 ... x3 y3" lines
#   looktime IMG...           mean time of detect with the coarse, last and second looks switched off in turn
# usage: probes.sh [DIR]  (default /tmp/flatbed-probes); the binaries land in DIR/.build/release.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${1:-/tmp/flatbed-probes}"
mkdir -p "$dir/Sources"
for module in ScanCore ScanDetect ScanCodecs CTurboJPEG CPNG CHeif CTIFF; do
    ln -sfn "$repo/Sources/$module" "$dir/Sources/$module"
done
probes=(featdump)
ln -sfn "$repo/Benchmarks/detection/featdump" "$dir/Sources/featdump"
for probe in "$repo"/Benchmarks/detection/probes/*/; do
    name="$(basename "$probe")"
    probes+=("$name")
    ln -sfn "$probe" "$dir/Sources/$name"
done
{
    echo '// swift-tools-version: 6.0'
    echo '// Written by Benchmarks/detection/probes.sh.'
    echo 'import PackageDescription'
    echo 'let package = Package(name: "FlatbedProbes", targets: ['
    echo '    .target(name: "ScanCore"),'
    echo '    .target(name: "ScanDetect", dependencies: ["ScanCore"]),'
    echo '    .target(name: "ScanCodecs", dependencies: ["ScanCore", "CTurboJPEG", "CPNG", "CHeif", "CTIFF"]),'
    echo '    .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg"),'
    echo '    .systemLibrary(name: "CPNG", pkgConfig: "libpng"),'
    echo '    .systemLibrary(name: "CHeif", pkgConfig: "libheif"),'
    echo '    .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4"),'
    for name in "${probes[@]}"; do
        echo "    .executableTarget(name: \"$name\", dependencies: [\"ScanCore\", \"ScanCodecs\", \"ScanDetect\"]),"
    done
    echo '])'
    echo 'for target in package.targets where target.type != .system {'
    echo '    target.swiftSettings = [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]'
    echo '}'
} > "$dir/Package.swift"
cd "$dir"
swift build -c release -Xswiftc -enable-testing
echo "probes built in $dir/.build/release: ${probes[*]}" >&2
