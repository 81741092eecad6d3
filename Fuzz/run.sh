#!/usr/bin/env bash
# Builds the libFuzzer harnesses (ASan + libFuzzer, release) and runs each on a copy of its seed
# corpus; see README.md.
#
#   bash Fuzz/run.sh [--seconds N] [--runs N] [--jobs J] [--scratch DIR] [--no-build] [harness...]
#
# --runs N stops a harness at N executions or after --seconds, whichever comes first.
# Defaults: 60 s per harness, one at a time, every harness, scratch path Fuzz/.build. Prints, per
# harness, the executions, exec/s and findings; exits 1 if any harness crashed, leaked, hung or ran
# out of memory, leaving the input in Fuzz/findings/<harness>/ and printing it (base64) under the
# sanitizer's report, so a CI log alone reproduces the finding.
set -uo pipefail
cd "$(dirname "$0")"
FUZZ_DIR=$(pwd)

ALL=(fuzz-corners-json fuzz-exif fuzz-jpeg fuzz-png fuzz-heif fuzz-tiff fuzz-http fuzz-pdf-text fuzz-detector)
seconds=60
runs=""
jobs=1
scratch="$FUZZ_DIR/.build"
build=1
harnesses=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        --scratch) scratch="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        -h|--help) sed -n 2,9p "$0"; exit 0 ;;
        fuzz-*) harnesses+=("$1"); shift ;;
        *) echo "run.sh: unknown argument '$1'; harnesses are: ${ALL[*]}" >&2; exit 64 ;;
    esac
done
[ ${#harnesses[@]} -eq 0 ] && harnesses=("${ALL[@]}")
for h in "${harnesses[@]}"; do
    [ -d "Sources/$h" ] || { echo "run.sh: no harness '$h'; harnesses are: ${ALL[*]}" >&2; exit 64; }
done

# The Swift runtime's crash backtracer can hang for minutes; libFuzzer reports crashes itself.
export SWIFT_BACKTRACE=enable=no
# Leaks are findings too. The suppressions cover only the Swift runtime's and C libraries' one-time
# allocations (see lsan.supp), never Flatbed's code.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:symbolize=1:${ASAN_OPTIONS:-}"
export LSAN_OPTIONS="suppressions=$FUZZ_DIR/lsan.supp:print_suppressions=0:${LSAN_OPTIONS:-}"

if [ "$build" = 1 ]; then
    echo "== building harnesses (release, -sanitize=fuzzer,address) in $scratch"
    # ld.gold warns "Cannot export local symbol" for every sanitizer symbol; harmless.
    swift build -c release -j 2 --scratch-path "$scratch" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 \
        | grep -v -e 'Cannot export local symbol' -e '^warning: .*Cannot export' -e '^$'
    [ "${PIPESTATUS[0]}" = 0 ] || { echo "run.sh: build failed" >&2; exit 1; }
fi
bin="$scratch/release"

run_one() {
    local h="$1"
    local work="$FUZZ_DIR/work/$h" findings="$FUZZ_DIR/findings/$h"
    rm -rf "$work"
    mkdir -p "$work/corpus" "$findings"
    # Scratch files (the server harnesses' SQLite store, exports, TIFFs) on tmpfs when there is
    # one: fsync there is free, which makes those harnesses several times faster.
    local tmp
    tmp=$(mktemp -d "$( [ -w /dev/shm ] && echo /dev/shm || echo "$work" )/flatbed-$h-XXXXXX")
    cp -r "$FUZZ_DIR/corpus/$h/." "$work/corpus/" 2>/dev/null || true
    # With --runs, a harness stops at N executions or after --seconds, whichever comes first.
    local limit=(-max_total_time="$seconds")
    [ -n "$runs" ] && limit+=(-runs="$runs")
    local before after
    before=$(ls "$findings" | wc -l)
    ( cd "$work" && FLATBED_FUZZ_TMP="$tmp" TMPDIR="$tmp" "$bin/$h" \
        "${limit[@]}" -rss_limit_mb="${FLATBED_FUZZ_RSS_MB:-2048}" -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$findings/" "$work/corpus" >"$work/log" 2>&1 )
    local status=$?
    after=$(ls "$findings" | wc -l)
    local executions speed
    executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/log" | tail -1 | grep -o '[0-9]*$')
    speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$work/log" | tail -1 | grep -o '[0-9]*$')
    local verdict="ok"
    if [ $status -ne 0 ] || [ "$after" -gt "$before" ]; then
        verdict="FAILED (exit $status): $(grep -m1 -E 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|fuzz check failed|Fatal error' "$work/log")"
    fi
    local report=""
    if [ "$verdict" != ok ]; then
        # The report and the inputs go into the output too: on a CI machine the log and the
        # findings folder are gone once the run ends, and with them the only way to reproduce.
        report=$(finding_report "$h" "$work/log" "$findings" "$before")
    fi
    printf '%-18s executions %10s  exec/s %7s  findings %d  %s\n%s' "$h" "${executions:-?}" "${speed:-?}" \
        $((after - before)) "$verdict" "$report" | tee "$work/summary"
    rm -rf "$tmp"
    [ "$verdict" = ok ]
}
# The sanitizer's or libFuzzer's report from the harness log `$2` (up to 100 lines from its first
# error line), then each of the newest findings in `$3` beyond the first `$4` (by time) as base64,
# for inputs up to 64 KiB; indented under the harness's line.
finding_report() {
    local h="$1" log="$2" findings="$3" before="$4"
    echo "    -- $h: report (from $log)"
    awk '/ERROR: |fuzz check failed|Fatal error|==[0-9]+==/ { on = 1 } on && n < 100 { print "    " $0; n++ }' "$log"
    local input
    ls -tr "$findings" | tail -n +"$((before + 1))" | while read -r input; do
        local size
        size=$(stat -c %s "$findings/$input")
        if [ "$size" -le 65536 ]; then
            echo "    -- $h: input $input ($size bytes), to reproduce: echo '<base64>' | base64 -d > input; $bin/$h input"
            echo "    $(base64 -w0 "$findings/$input")"
        else
            echo "    -- $h: input $input ($size bytes, too large to print) in $findings"
        fi
    done
}
export -f run_one finding_report
export FUZZ_DIR seconds runs bin

echo "== fuzzing ${#harnesses[@]} harness(es), $([ -n "$runs" ] && echo "$runs runs or ")$seconds s each, $jobs at a time (logs in Fuzz/work/<harness>/log)"
printf '%s\n' "${harnesses[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one "$@"' _ {}
status=$?
if [ $status -ne 0 ]; then
    echo "run.sh: a harness failed; inputs are in Fuzz/findings/<harness>/ (reproduce: $bin/<harness> <input>)" >&2
    exit 1
fi
echo "== all harnesses clean"
