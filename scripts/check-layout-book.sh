#!/usr/bin/env bash
# Every page of the real book on every screen: no page wider than the window, and axe-core's findings.
#
#   scripts/check-layout-book.sh                  check the whole book
#   scripts/check-layout-book.sh --screenshots    also write docs/content/screenshots/class-bilingual-{desktop,phone}.png
#   scripts/check-layout-book.sh --no-axe         the widths only (quicker)
#   scripts/check-layout-book.sh --widths 320,2560
#
# Lays out the whole book as chapter pairs with the shared bench's make_pairs.sh
# (MAKE_PAIRS=path, default ../shared/bench/make_pairs.sh beside the checkout; nothing to do
# without it), builds its site (guide build --no-check) and opens every page in headless
# Chromium (the browser tests' set-up, .build-browser/) at 360, 768 and 1,440 px: it lists the
# pages wider than the window and what sticks out, then runs axe-core over every page (as
# Tests/browser/test_accessibility.py does) and prints the violations grouped by rule, each
# placed in the chapter's text or guide's frame; beside them, what `guide review` reports of the
# book's markdown (heading-skip, image-alt, link-text). Last line: "42 pages × 3 widths: 0 wider
# than the viewport …; axe: N violations on P pages (T in the chapter text, 0 in guide's frame …)".
# Exits non-zero when a page is wider than the window, or axe finds a violation in guide's
# frame (the chapter text's are the book's to mend, and `guide review` names them). Uses the newer of the
# release and debug binaries (GUIDE=path to choose one; a debug build is made when there is none).
set -euo pipefail
cd "$(dirname "$0")/.."
args=()
while (($#)); do
  case "$1" in
    --screenshots) args+=(--screenshots "$PWD/docs/content/screenshots") ;;
    --no-axe) args+=(--no-axe) ;;
    --widths) args+=(--widths "${2:?--widths needs a list such as 360,768,1440}"); shift ;;
    *) echo "usage: scripts/check-layout-book.sh [--screenshots] [--no-axe] [--widths W,W,...]" >&2; exit 2 ;;
  esac
  shift
done

source scripts/lib/whole-book-site.sh
# Built from inside $work, so the pages name the files book/content/… (the same on every run).
whole_book_site
echo "built the book: $(find "$work/site" -name '*.html' | wc -l) pages ($(wc -l < "$work/build-warnings") build warnings)"
# The markdown's own findings, as maintainers get them (the source of axe's findings in the text).
(cd "$work" && "$guide" review --no-check --content book/content > review.txt) || true
reader=$({ grep -oE ': warning: (heading-skip|image-alt|link-text):' "$work/review.txt" || true; } | awk '{print $3}' | tr -d : | sort | uniq -c | awk '{printf "%s%s %s", sep, $1, $2; sep=", "}')
echo "guide review: $(grep -cE ': warning: (heading-skip|image-alt|link-text):' "$work/review.txt" || true) reader findings in the book's markdown (${reader:-none})"

SE_OFFLINE=true PYTHONDONTWRITEBYTECODE=1 "$venv/bin/python" scripts/lib/check_layout_book.py "$work/site" "${args[@]}"
