#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer + AddressSanitizer) of what reads untrusted text:
#   parser     CommandParser.parse, one line, with and without a known page count
#   session    a fresh Session per input: every line handled, rendered as text and JSON, and the
#              pager's invariants checked after each (index in range, one JSON object per line…)
#   sanitizer  TextSanitizer.sanitize, the last step before text reaches eSpeak NG
#   document   a file cut into pages by DocumentScanner (in one piece and in two) and each
#              page's speech (SpokenMarkdown): what `pagervoice read` does with a file
#
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET]          (default 60, or $FUZZ_SECONDS)
#   FUZZ_TARGETS="parser session sanitizer document"  which targets to run
#   FUZZ_SCRATCH=.build/fuzz                 SwiftPM scratch path of the instrumented build
#
# The corpus grows in fuzz/corpus/TARGET between runs (seeded from Tests/Scenarios/*.pv and
# fuzz/seeds.txt); anything that crashes or breaks a checked promise is saved as
# fuzz/artifacts/TARGET-crash-… (both folders are git-ignored). Replay one with an ordinary build:
#   swift run pagervoice-fuzz --target TARGET fuzz/artifacts/TARGET-crash-…
# Exit status: 0 when every target ran clean, 1 when any finding was saved.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-${FUZZ_SECONDS:-60}}
targets=${FUZZ_TARGETS:-parser session sanitizer document}
scratch=${FUZZ_SCRATCH:-.build/fuzz}
swift=${SWIFT:-swift}

echo "Building pagervoice-fuzz with -sanitize=fuzzer,address (scratch path $scratch)…"
# --sanitize=fuzzer makes SwiftPM compile the executable as a library so libFuzzer's main() is
# used and links libFuzzer; -Xswiftc adds AddressSanitizer to the same compile (a second
# --sanitize flag would replace the first in the compiler invocation instead of adding to it).
"$swift" build -c release --product pagervoice-fuzz --scratch-path "$scratch" \
    --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING 2>&1 \
    | grep -v "Cannot export local symbol" || true
binary="$scratch/release/pagervoice-fuzz"
[ -x "$binary" ] || { echo "fuzz build failed" >&2; exit 1; }

mkdir -p fuzz/corpus fuzz/artifacts fuzz/logs

# One seed file per line (named by content, so reseeding never duplicates); the session target
# also gets each scenario script whole.
seed() {
    local corpus=$1 text=$2
    printf '%s' "$text" > "$corpus/seed-$(printf '%s' "$text" | sha1sum | cut -c1-16)"
}

status=0
summary=()
for target in $targets; do
    corpus="fuzz/corpus/$target"
    mkdir -p "$corpus"
    while IFS= read -r line || [ -n "$line" ]; do
        [ -n "$line" ] && seed "$corpus" "$line"
    done < <(cat fuzz/seeds.txt; grep -hv '^#' Tests/Scenarios/*.pv)
    if [ "$target" = session ]; then
        for script in Tests/Scenarios/*.pv; do seed "$corpus" "$(cat "$script")"; done
    fi
    if [ "$target" = document ]; then
        # Whole Markdown documents, and one with form feeds, as pages to cut.
        for doc in README.md Sources/PagerCore/PagerCore.docc/*.md; do seed "$corpus" "$(head -c 4000 "$doc")"; done
        seed "$corpus" "$(printf 'first\n\fsecond page\n\f\fthird')"
    fi
    before=$(ls fuzz/artifacts | wc -l)
    log="fuzz/logs/$target.log"
    echo "Fuzzing $target for ${seconds}s…"
    # The Swift runtime's own crash handler would race libFuzzer's; let libFuzzer report.
    SWIFT_BACKTRACE=enable=no PAGERVOICE_FUZZ_TARGET="$target" \
        ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" \
        "$binary" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
        -print_final_stats=1 -artifact_prefix="fuzz/artifacts/$target-" "$corpus" > "$log" 2>&1 \
        || true
    after=$(ls fuzz/artifacts | wc -l)
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    inputs=$(ls "$corpus" | wc -l)
    findings=$((after - before))
    if [ "$findings" -gt 0 ] || ! grep -q '^Done [0-9]* runs' "$log"; then
        status=1
        echo "  FINDING in $target (see $log):"
        grep -E 'ERROR|pagervoice-fuzz:|SUMMARY|Test unit written' "$log" | head -8 | sed 's/^/    /'
    fi
    summary+=("$(printf '  %-10s %6ss %12s runs   coverage %5s   corpus %6s   findings %s' \
        "$target" "$seconds" "${runs:-?}" "${coverage:-?}" "$inputs" "$findings")")
done

echo
echo "Fuzzing summary (libFuzzer + AddressSanitizer, $(nproc) cores):"
printf '%s\n' "${summary[@]}"
[ "$status" = 0 ] && echo "  clean: no crash, no leak, no broken promise" \
    || echo "  findings saved in fuzz/artifacts/; replay with: swift run pagervoice-fuzz --target TARGET FILE"
exit "$status"
