# Shared by the detection benchmarks (sourced, not run): the flatbed binary to measure and the
# photo list of a truth file. Expects `repo` and `scratch` to be set.

# The release flatbed binary: $FLATBED_BIN when given, else built into $scratch.
flatbed_binary() {
    if [ -n "${FLATBED_BIN:-}" ]; then
        echo "$FLATBED_BIN"
    else
        echo "building flatbed (release)…" >&2
        bash "$repo/scripts/build-release.sh" --scratch-path "$scratch"
    fi
}

# The full path of every photo in truth file $1 whose images live under $2, one per line.
photo_list() {
    python3 - "$1" "$2" <<'PY'
import json, os, sys
for t in json.load(open(sys.argv[1])):
    print(os.path.join(sys.argv[2], t["image"]))
PY
}

# One line saying what was measured where: the processor, and how the flatbed binary was built
# (the speed ratio depends on both: OpenCV picks its vector kernels for the processor at run time).
describe_run() {
    local cpu build
    cpu="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//')"
    if [ -n "${FLATBED_BIN:-}" ]; then
        build="given as FLATBED_BIN=$FLATBED_BIN"
    elif [ "${FLATBED_PORTABLE:-0}" = "1" ]; then
        build="built portable (FLATBED_PORTABLE=1)"
    else
        build="built for this processor (scripts/build-release.sh)"
    fi
    echo "processor: ${cpu:-unknown}; flatbed $build"
}
