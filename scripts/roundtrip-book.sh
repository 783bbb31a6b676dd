#!/usr/bin/env bash
# merge then split every chapter pair of the real book, and check both files come back byte for byte.
#
#   scripts/roundtrip-book.sh
#
# Lays out the whole book as chapter pairs with the shared bench's make_pairs.sh
# (MAKE_PAIRS=path, default ../shared/bench/make_pairs.sh beside the checkout; nothing to do without it), then
# for each pair runs `guide merge EN ZH -o DRAFT` and `guide split DRAFT --en … --zh …` and
# compares the files with the originals. Prints one line per chapter and a total such as
# "13 passed, 0 failed"; exits non-zero when a chapter fails. Uses the newer of the release
# and debug binaries (GUIDE=path to choose one; a debug build is made when there is none).
set -euo pipefail
cd "$(dirname "$0")/.."
make_pairs=${MAKE_PAIRS:-../shared/bench/make_pairs.sh}
if [ ! -x "$make_pairs" ] && [ ! -f "$make_pairs" ]; then
    echo "skipped: $make_pairs not found (the book is not on this machine)"
    exit 0
fi

source scripts/lib/guide-binary.sh
find_guide

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
NO_DISTINCT=1 PROJ=. bash "$make_pairs" 1 "$work/book" >/dev/null
content=$work/book/content

passed=0
failed=0
for en in "$content"/en/*.md; do
    name=$(basename "$en")
    zh=$content/zh/$name
    case $name in SUMMARY.md | README.md) continue ;; esac
    [ -f "$zh" ] || continue
    out=$work/out/${name%.md}
    mkdir -p "$out"
    if ! "$guide" merge "$en" "$zh" -o "$out/draft.md" 2>"$out/err" ||
        ! "$guide" split "$out/draft.md" --en "$out/en.md" --zh "$out/zh.md" 2>>"$out/err"; then
        printf 'FAIL  %s: %s\n' "$name" "$(head -n 1 "$out/err")"
        failed=$((failed + 1))
        continue
    fi
    verdict=""
    for side in en zh; do
        original=$content/$side/$name
        if ! cmp -s "$original" "$out/$side.md"; then
            verdict+=" $side differs ($(cmp "$original" "$out/$side.md" 2>&1 | head -n 1 | sed 's/^.*differ: //'))"
        fi
    done
    markers=$(grep -c '^<!-- ' "$out/draft.md" || true)
    if [ -z "$verdict" ]; then
        printf 'ok    %s: both files byte-identical (draft: %d lines, %d of them comments)\n' "$name" "$(wc -l < "$out/draft.md")" "$markers"
        passed=$((passed + 1))
    else
        printf 'FAIL  %s:%s\n' "$name" "$verdict"
        failed=$((failed + 1))
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
