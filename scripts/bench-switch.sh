#!/usr/bin/env bash
# How often the language switch lands on the counterpart of the paragraph being read, on the
# whole book (../shared/bench/make_pairs.sh 1), in headless Chromium: 50 random blocks of
# every chapter, scrolled to the top of the screen, switched each way between English, 中文
# and side by side (scripts/switch-places.py), on a desktop screen and a phone's (about 20
# minutes each at 50 blocks a chapter).
#   scripts/bench-switch.sh [PER_CHAPTER]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/packages.sh
source scripts/lib/browser-env.sh
ensure_browser_env
per_chapter=${1:-50}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
PROJ=$PWD bash ../shared/bench/make_pairs.sh 1 "$work/book" >/dev/null
swift build -c release >/dev/null
"$(swift build -c release --show-bin-path)/guide" build --no-check --content "$work/book/content" -o "$work/site" >/dev/null
export SE_OFFLINE=true PYTHONDONTWRITEBYTECODE=1
"$venv/bin/python" scripts/switch-places.py "$work/site" --per-chapter "$per_chapter" --quiet --width 1400 --height 900
"$venv/bin/python" scripts/switch-places.py "$work/site" --per-chapter "$per_chapter" --quiet --width 390 --height 844
