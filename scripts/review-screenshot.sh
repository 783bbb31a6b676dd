#!/usr/bin/env bash
# The Chinese dashboard with its legend, for the guide (docs/content/en/reviewing.md; issue #46):
#
#   scripts/review-screenshot.sh        write docs/content/screenshots/review-zh-legend.png
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
out=${1:-$PWD/docs/content/screenshots}
source scripts/lib/whole-book-site.sh
whole_book_site --lang zh
SE_OFFLINE=true PYTHONDONTWRITEBYTECODE=1 "$venv/bin/python" scripts/lib/review_screenshot.py "$work/site" "$out"
