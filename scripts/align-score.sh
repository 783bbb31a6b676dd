#!/usr/bin/env bash
# Scores `guide align` against the gold alignments of a dev set.
#
#   scripts/align-score.sh [DIR]      DIR defaults to ../shared/align-dev (beside the repo)
#
# DIR holds SLUG.en.md, SLUG.zh.md, SLUG.gold.json and align_score.py (needs python3
# and the `cmark` program). Builds guide in release mode unless GUIDE=/path/to/guide
# is given. Prints align_score.py's figures and exits non-zero unless overall
# link F1 >= LINK_BAR (0.98) and bead F1 >= BEAD_BAR (0.95).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
dir=${1:-../shared/align-dev}
link_bar=${LINK_BAR:-0.98}
bead_bar=${BEAD_BAR:-0.95}

[ -d "$dir" ] || { echo "align-score: no dev set at $dir" >&2; exit 2; }
[ -f "$dir/align_score.py" ] || { echo "align-score: $dir/align_score.py is missing" >&2; exit 2; }
command -v cmark >/dev/null || { echo "align-score: the cmark program is needed (apt-get install cmark)" >&2; exit 2; }

if [ -z "${GUIDE:-}" ]; then
    swift build -c release --product guide >&2
    GUIDE="$(swift build -c release --show-bin-path)/guide"
fi
[ -x "$GUIDE" ] || { echo "align-score: $GUIDE is not an executable" >&2; exit 2; }

pred=$(mktemp -d)
trap 'rm -rf "$pred"' EXIT
count=0
for gold in "$dir"/*.gold.json; do
    [ -e "$gold" ] || continue
    slug=$(basename "$gold" .gold.json)
    # Run from DIR so the paths in the JSON are the bare file names, as in the gold.
    (cd "$dir" && "$GUIDE" align "$slug.en.md" "$slug.zh.md" --format json) > "$pred/$slug.json"
    count=$((count + 1))
done
[ "$count" -gt 0 ] || { echo "align-score: no *.gold.json in $dir" >&2; exit 2; }

scores=$(python3 "$dir/align_score.py" --dir "$dir" --pred-dir "$pred")
echo "$scores"
last=$(echo "$scores" | tail -n 1)
link=$(echo "$last" | sed -n 's/.*link_f1=\([0-9.]*\).*/\1/p')
bead=$(echo "$last" | sed -n 's/.*bead_f1=\([0-9.]*\).*/\1/p')
[ -n "$link" ] && [ -n "$bead" ] || { echo "align-score: cannot read the scores" >&2; exit 2; }
if awk -v l="$link" -v b="$bead" -v lb="$link_bar" -v bb="$bead_bar" 'BEGIN { exit !(l >= lb && b >= bb) }'; then
    echo "PASS: link_f1=$link >= $link_bar and bead_f1=$bead >= $bead_bar"
else
    echo "FAIL: need link_f1 >= $link_bar (got $link) and bead_f1 >= $bead_bar (got $bead)" >&2
    exit 1
fi
