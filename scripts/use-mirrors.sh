#!/usr/bin/env bash
# Points SwiftPM at offline git mirrors of the Swift packages PagerVoice depends on, for machines
# with no route to GitHub (`make test SWIFTPM_MIRRORS=DIR`, which .ci/run passes when its
# machine has a mirror folder beside the checkout). A connected machine never needs this:
# Package.swift names the real GitHub URLs and SwiftPM fetches from there.
#
# The mirrors are copied under .swiftpm/mirrors/ first (.swiftpm/ stays out of git): the folder
# given may be read-only, and a bare repository copied without its empty refs/ folder is not a
# repository to git until refs/ exists again.
set -euo pipefail
source_dir=$(cd "${1:?usage: use-mirrors.sh DIR}" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
copies="$top/.swiftpm/mirrors"
swift=${SWIFT:-swift}
mkdir -p "$copies"
for name in swift-argument-parser swift-system; do
  mirror="$source_dir/$name.git"
  if [ ! -d "$mirror" ]; then
    echo "use-mirrors: $mirror is missing" >&2
    exit 1
  fi
  copy="$copies/$name.git"
  rm -rf "$copy.tmp"
  cp -R "$mirror" "$copy.tmp"
  chmod -R u+w "$copy.tmp"
  mkdir -p "$copy.tmp/refs/heads" "$copy.tmp/refs/tags"
  rm -rf "$copy"
  mv "$copy.tmp" "$copy"
  git --git-dir="$copy" rev-parse --git-dir >/dev/null
  (cd "$top" && "$swift" package config set-mirror \
      --original "https://github.com/apple/$name" --mirror "file://$copy")
done
