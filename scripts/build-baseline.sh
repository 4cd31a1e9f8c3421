#!/usr/bin/env bash
# Builds the release `pagervoice` of an earlier revision into OUT/pagervoice, so `make bench` can
# time start-up before and after a change side by side in one run (the machine's speed drifts, so
# figures from different runs do not compare). The revision is exported with `git archive`: no
# worktree is registered and nothing outside OUT is touched. Rebuilt only when REV changes.
#   scripts/build-baseline.sh REV OUT [MIRRORS]
set -euo pipefail
rev=${1:?usage: build-baseline.sh REV OUT [MIRRORS]}
out=${2:?usage: build-baseline.sh REV OUT [MIRRORS]}
mirrors=${3:-}
swift=${SWIFT:-swift}
top=$(cd "$(dirname "$0")/.." && pwd)
commit=$(git -C "$top" rev-parse --verify "$rev^{commit}")
if [ -x "$out/pagervoice" ] && [ "$(cat "$out/commit" 2>/dev/null)" = "$commit" ]; then
  exit 0
fi
rm -rf "$out"
mkdir -p "$out/src"
git -C "$top" archive "$commit" | tar -x -C "$out/src"
if [ -n "$mirrors" ]; then
  mirrors=$(cd "$mirrors" && pwd)
  (cd "$out/src" && SWIFT="$swift" scripts/use-mirrors.sh "$mirrors")
fi
# The same flags as `make release`, so only the code differs.
"$swift" build --package-path "$out/src" -c release --static-swift-stdlib -Xswiftc -use-ld=lld \
  --scratch-path "$out/scratch" --product pagervoice
cp "$("$swift" build --package-path "$out/src" -c release --static-swift-stdlib -Xswiftc -use-ld=lld \
  --scratch-path "$out/scratch" --show-bin-path)/pagervoice" "$out/pagervoice"
echo "$commit" > "$out/commit"
echo "Baseline: $out/pagervoice (pagervoice at $(git -C "$top" log -1 --format='%h %s' "$commit"))"
