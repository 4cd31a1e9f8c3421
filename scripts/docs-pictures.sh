#!/bin/sh
# Remakes the pictures of docs/AUDIT.md with Chromium, through the tests that check them:
#   docs/settle-curve.png   the default pager's `next`, 60 Hz (FramesPlot.svg)
#   docs/audit-report.png   the top of `pagervoice audit --format html` on the default pager
# Needs chromium-headless-shell (Debian package of that name).
set -eu
cd "$(dirname "$0")/.."
mkdir -p docs
PAGERVOICE_DOCS_DIR="$PWD/docs" "${SWIFT:-swift}" test --filter BrowserRenderingTests
ls -l docs/settle-curve.png docs/audit-report.png
