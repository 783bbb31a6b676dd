#!/usr/bin/env bash
# The dashboard of a large book in headless Chromium: its weight, the time until it responds
# (loaded, filters ready), and the time of a filter change and of a sort.
#
#   scripts/bench-dashboard.sh [SCALE]     default 10: the whole book ten times (about 6,000 findings)
#
# The book comes from ../shared/bench/make_pairs.sh (without it, copies of content/).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/packages.sh
source scripts/lib/browser-env.sh
ensure_browser_env
scale=${1:-10}
swift build -c release --product guide >&2
guide="$(swift build -c release --show-bin-path)/guide"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
make_pairs=${MAKE_PAIRS:-../shared/bench/make_pairs.sh}
if [ -f "$make_pairs" ]; then
    PROJ=. bash "$make_pairs" "$scale" "$work/book" >/dev/null
else
    echo "(the book is not on this machine: content/ instead)" >&2
    mkdir -p "$work/book" && cp -r content "$work/book/content"
fi
"$guide" build --no-check --content "$work/book/content" --templates templates -o "$work/site" >/dev/null
PYTHONDONTWRITEBYTECODE=1 "$venv/bin/python" scripts/bench-dashboard.py "$work/site"
