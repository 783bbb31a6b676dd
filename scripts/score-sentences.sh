#!/usr/bin/env bash
# Scores `guide align --sentences` against hand-checked sentence links.
#
#   scripts/score-sentences.sh [GOLD_DIR]   GOLD_DIR defaults to ../shared/align-dev/sentences
#
# GOLD_DIR holds SLUG.gold.json files (the chapter pair each names, `"en"` and `"zh"`, as
# ../shared/bench/make_pairs.sh lays the book out) and score.py (python3), as described in
# its README. The book is laid out with `NO_DISTINCT=1 make_pairs.sh 1` in a temporary
# folder, each gold's chapter pair aligned with `guide align EN ZH --sentences --format json`
# from the content folder (so glossary.yml is found beside the language folders), and
# score.py prints its figures. Builds guide in release mode unless GUIDE=/path/to/guide is
# given; DICTIONARY=FILE aligns with that bilingual dictionary (`align --dictionary`). Skips (exit 0) when ../shared is not there; exits non-zero unless the overall link
# F1 is at least BAR (0.97).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
dir=${1:-../shared/align-dev/sentences}
bar=${BAR:-0.97}
shared=${SHARED:-../shared}

if [ ! -d "$dir" ] || [ ! -x "$shared/bench/make_pairs.sh" ] || [ ! -d "$shared/corpus/objc-zen-book" ]; then
    echo "score-sentences: skipped (no dev set at $dir, or no $shared/bench and corpus)"
    exit 0
fi
[ -f "$dir/score.py" ] || [ -f "$shared/align-dev/sentences/score.py" ] || { echo "score-sentences: no score.py" >&2; exit 2; }
scorer=$dir/score.py
[ -f "$scorer" ] || scorer=$shared/align-dev/sentences/score.py

if [ -z "${GUIDE:-}" ]; then
    swift build -c release --product guide >&2
    GUIDE="$(swift build -c release --show-bin-path)/guide"
fi
[ -x "$GUIDE" ] || { echo "score-sentences: $GUIDE is not an executable" >&2; exit 2; }
GUIDE=$(cd "$(dirname "$GUIDE")" && pwd)/$(basename "$GUIDE")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
NO_DISTINCT=1 PROJ="$repo" "$shared/bench/make_pairs.sh" 1 "$work/book" >/dev/null
mkdir "$work/pred"
count=0
for gold in "$dir"/*.gold.json; do
    [ -e "$gold" ] || continue
    slug=$(basename "$gold" .gold.json)
    read -r en zh < <(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["en"], d["zh"])' "$gold")
    (cd "$work/book/content" && "$GUIDE" align "en/$en" "zh/$zh" --sentences --format json ${DICTIONARY:+--dictionary "$DICTIONARY"}) > "$work/pred/$slug.json"
    count=$((count + 1))
done
[ "$count" -gt 0 ] || { echo "score-sentences: no *.gold.json in $dir" >&2; exit 2; }

scores=$(python3 "$scorer" --gold-dir "$dir" --pred-dir "$work/pred")
echo "$scores"
link=$(echo "$scores" | tail -n 1 | sed -n 's/.*link_f1=\([0-9.]*\).*/\1/p')
[ -n "$link" ] || { echo "score-sentences: cannot read the scores" >&2; exit 2; }
if awk -v l="$link" -v b="$bar" 'BEGIN { exit !(l >= b) }'; then
    echo "PASS: link_f1=$link >= $bar"
else
    echo "FAIL: need link_f1 >= $bar (got $link)" >&2
    exit 1
fi
