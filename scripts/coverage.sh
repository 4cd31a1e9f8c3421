#!/bin/sh
# Line coverage of Sources/ per module (`make coverage`): the whole `swift test` with code coverage,
# then the toolchain's llvm-cov over the test bundle, one row per module and a total.
#
#   scripts/coverage.sh                  run the tests, then print the table
#   scripts/coverage.sh --filter X       arguments go to `swift test`
#
# Tests/ and .build/ (the dependencies' checkouts) are left out. The bench, soak and fuzz
# executables are not linked into the test bundle, so they are not counted. The executable's runs
# in the end-to-end tests are: every `pagervoice` child writes its own profile (LLVM_PROFILE_FILE,
# set by `swift test`) and SwiftPM merges them, so code reached only through the real executable
# counts as covered.
#
# The build has its own scratch folder (COVERAGE_SCRATCH), because instrumenting changes the
# compiler's flags: sharing .build would make the next plain `swift test` recompile everything.
set -eu
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SCRATCH=${COVERAGE_SCRATCH:-.build/coverage}
# The llvm-cov of the same toolchain as swift: the profile format changes between LLVM versions,
# and Debian's own llvm-cov cannot read the toolchain's profiles.
if [ -z "${LLVM_COV:-}" ]; then
    swift_path=$(command -v "$SWIFT")
    LLVM_COV=$(dirname "$(readlink -f "$swift_path")")/llvm-cov
    [ -x "$LLVM_COV" ] || LLVM_COV=llvm-cov
fi

"$SWIFT" test --enable-code-coverage --scratch-path "$SCRATCH" "$@"

codecov=$(dirname "$("$SWIFT" test --scratch-path "$SCRATCH" --show-codecov-path)")
profile="$codecov/default.profdata"
# One bundle holds every test target, named after the package (PagerVoicePackageTests.xctest).
bundle=$(ls -d "$("$SWIFT" build --scratch-path "$SCRATCH" --show-bin-path)"/*PackageTests.xctest)
for file in "$profile" "$bundle"; do
    if [ ! -f "$file" ]; then
        echo "coverage: $file is missing after swift test --enable-code-coverage" >&2
        exit 1
    fi
done

# Per file: SF is the absolute path, LF the lines with code, LH those that ran. Summed per
# Sources/MODULE/.
"$LLVM_COV" export -format=lcov -summary-only -instr-profile "$profile" "$bundle" \
    -ignore-filename-regex '/(Tests|\.build)/' |
    awk -v root="$PWD/Sources/" '
        /^SF:/ {
            path = substr($0, 4)
            module = ""
            if (index(path, root) == 1) {
                rest = substr(path, length(root) + 1)
                module = substr(rest, 1, index(rest, "/") - 1)
            }
        }
        /^LF:/ && module != "" { lines[module] += substr($0, 4); total += substr($0, 4) }
        /^LH:/ && module != "" { hit[module] += substr($0, 4); covered += substr($0, 4) }
        END {
            if (total == 0) { print "coverage: no lines of Sources/ were measured" > "/dev/stderr"; exit 1 }
            printf "%-14s %8s %8s %8s\n", "module", "lines", "missed", "covered"
            sorted = ""
            for (m in lines) sorted = sorted m "\n"
            n = split(sorted, names, "\n")
            # A plain insertion sort: POSIX awk has no sort.
            for (i = 2; i < n; i++) for (j = i; j > 1 && names[j] < names[j - 1]; j--) {
                t = names[j]; names[j] = names[j - 1]; names[j - 1] = t
            }
            for (i = 1; i < n; i++) {
                m = names[i]
                printf "%-14s %8d %8d %7.1f%%\n", m, lines[m], lines[m] - hit[m], 100 * hit[m] / lines[m]
            }
            printf "%-14s %8d %8d %7.1f%%\n", "total", total, total - covered, 100 * covered / total
        }'
