#!/usr/bin/env bash
# The Chinese dashboard with its legend, for the README (issue #46):
#
#   scripts/review-screenshot.sh        write docs/screenshots/review-zh-legend.png
#   scripts/review-screenshot.sh DIR    write it into DIR instead
#
# Lays out the whole book as chapter pairs with the shared bench's make_pairs.sh (MAKE_PAIRS=path,
# default ../shared/bench/make_pairs.sh beside the checkout; nothing to do without it), builds its
# site with the review pages in Chinese (guide build --no-check --lang zh, the repository's
# templates) into a temporary folder, and takes the dashboard's window at 1,400 × 900 px in
# headless Chromium (the browser tests' set-up in .build-browser/). It prints the legend's rows
# and exits non-zero when the page has no legend or it is not in Chinese. Uses the newer of the
# release and debug binaries (GUIDE=path to choose one).
set -euo pipefail
cd "$(dirname "$0")/.."
make_pairs=${MAKE_PAIRS:-../shared/bench/make_pairs.sh}
if [ ! -f "$make_pairs" ]; then
    echo "skipped: $make_pairs not found (the book is not on this machine)"
    exit 0
fi
out=${1:-$PWD/docs/screenshots}

source scripts/lib/packages.sh
source scripts/lib/browser-env.sh
ensure_browser_env
source scripts/lib/guide-binary.sh
find_guide

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
NO_DISTINCT=1 PROJ=. bash "$make_pairs" 1 "$work/book" >/dev/null
templates=$PWD/templates
(cd "$work" && "$guide" build --no-check --lang zh --content book/content --templates "$templates" -o site >/dev/null 2>build-warnings)
SE_OFFLINE=true PYTHONDONTWRITEBYTECODE=1 "$venv/bin/python" scripts/lib/review_screenshot.py "$work/site" "$out"
