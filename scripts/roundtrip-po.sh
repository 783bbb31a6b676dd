#!/usr/bin/env bash
# Export then import the PO catalogs of the whole book; every chapter must come back byte for byte.
#
#   scripts/roundtrip-po.sh
#
# Lays out the whole book as chapter pairs with the shared bench's make_pairs.sh (MAKE_PAIRS=path,
# default ../shared/bench/make_pairs.sh beside the checkout; without it, a copy of content/), runs
# `guide export po`, checks every catalog with gettext's `msgfmt --check-format -c`, runs
# `guide import po` on the catalogs as written and again after `msgcat` has rewrapped them, and
# compares every chapter with its original. Prints one line per chapter and a total such as
# "13 passed, 0 failed"; exits non-zero when one fails. GUIDE=path chooses the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/packages.sh
ensure_packages gettext
source scripts/lib/guide-binary.sh
find_guide

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
make_pairs=${MAKE_PAIRS:-../shared/bench/make_pairs.sh}
if [ -f "$make_pairs" ]; then
    NO_DISTINCT=1 PROJ=. bash "$make_pairs" 1 "$work/book" >/dev/null
else
    echo "(the book is not on this machine: content/ instead)"
    mkdir -p "$work/book" && cp -r content "$work/book/content"
fi
content=$work/book/content
cp -r "$content" "$work/original"

"$guide" export po --content "$content" -o "$work/po"
"$guide" import po "$work"/po/*.po --content "$content"
mkdir -p "$work/wrapped"
for catalog in "$work"/po/*.po; do msgcat -w 40 "$catalog" -o "$work/wrapped/$(basename "$catalog")"; done
"$guide" import po "$work"/wrapped/*.po --content "$content"

passed=0
failed=0
for catalog in "$work"/po/*.po; do
    name=$(basename "$catalog" .po).md
    verdict=""
    msgfmt --check-format -c -o /dev/null "$catalog" 2>"$work/msgfmt.err" || verdict+=" msgfmt: $(head -n 1 "$work/msgfmt.err")"
    for side in en zh; do
        cmp -s "$work/original/$side/$name" "$content/$side/$name" || verdict+=" $side differs"
    done
    messages=$(grep -c '^msgid ' "$catalog")
    if [ -z "$verdict" ]; then
        printf 'ok    %s (%d messages)\n' "$name" "$((messages - 1))"
        passed=$((passed + 1))
    else
        printf 'FAIL  %s:%s\n' "$name" "$verdict"
        failed=$((failed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
