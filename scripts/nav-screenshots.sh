#!/usr/bin/env bash
# The navigation's screenshots of the whole book, for the guide (docs/content/en/site.md; issue #45):
#
#   scripts/nav-screenshots.sh          write docs/content/screenshots/class-nav-{en,zh,bilingual}-{desktop,phone}.png
#   scripts/nav-screenshots.sh DIR      write them into DIR instead
#
# Lays out the whole book as chapter pairs with the shared bench's make_pairs.sh (MAKE_PAIRS=path,
# default ../shared/bench/make_pairs.sh beside the checkout; nothing to do without it), builds its
# site (guide build --no-check, the repository's templates) into a temporary folder, and opens the
# chapter "Class" in English, in Chinese and side by side at 1,400 px and on a 390 px phone,
# scrolled to its middle (headless Chromium, the browser tests' set-up in .build-browser/). Each
# screenshot is the window, not the whole page. It prints what each shows (the bar at the top,
# the sidebar or the menu button, the outline's marked section) and exits non-zero when one
# misses any of them. Uses the newer of the release and debug binaries (GUIDE=path to choose one).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-$PWD/docs/content/screenshots}
source scripts/lib/whole-book-site.sh
whole_book_site
SE_OFFLINE=true PYTHONDONTWRITEBYTECODE=1 "$venv/bin/python" scripts/lib/nav_screenshots.py "$work/site" "$out"
