#!/usr/bin/env bash
# Benchmarks `guide align` on the repo's seed chapter pair repeated 1×, 10× and 100×,
# to show that the aligner's time grows (near) linearly with chapter length.
#
#   scripts/bench-align.sh            builds guide in release mode first
#   GUIDE=/path/to/guide scripts/bench-align.sh
#
# The repeated files are made in a temporary folder; nothing is written to the repo.
# Times are wall-clock seconds for the whole command (parse both files, align, print
# JSON), best of RUNS (default 3) runs. Process start-up (the best time of aligning a
# two-line pair) is subtracted before dividing by the copies: per-copy-ms is the work
# one copy of the chapter pair adds. The command's time includes parsing the markdown
# (cmark and the conversion to blocks), about half of it at 100×.
set -euo pipefail
cd "$(dirname "$0")/.."
english=${BENCH_EN:-content/en/inter-object-communication.md}
chinese=${BENCH_ZH:-content/zh/inter-object-communication.md}
runs=${RUNS:-3}

if [ -z "${GUIDE:-}" ]; then
    swift build -c release --product guide >&2
    GUIDE="$(swift build -c release --show-bin-path)/guide"
fi
[ -x "$GUIDE" ] || { echo "bench-align: $GUIDE is not an executable" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds() { date +%s.%N; }

# Best wall-clock seconds of RUNS runs of `guide align EN ZH --format json`.
best_time() {
    local best="" start end took
    for _ in $(seq "$runs"); do
        start=$(seconds)
        "$GUIDE" align "$1" "$2" --format json > "$work/out.json"
        end=$(seconds)
        took=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", b - a }')
        if [ -z "$best" ] || awk -v t="$took" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$took; fi
    done
    echo "$best"
}

printf '# Start-up\n\nA line.\n' > "$work/tiny-en.md"
printf '# 启动\n\n一行。\n' > "$work/tiny-zh.md"
startup=$(best_time "$work/tiny-en.md" "$work/tiny-zh.md")
echo "start-up (a two-line pair): $(awk -v s="$startup" 'BEGIN { printf "%.1f", 1000 * s }') ms, subtracted below"

printf '%7s %9s %9s %10s %14s\n' copies en-lines zh-lines seconds per-copy-ms
declare -A took
for copies in 1 10 100; do
    : > "$work/en.md"; : > "$work/zh.md"
    for _ in $(seq "$copies"); do
        cat "$english" >> "$work/en.md"; printf '\n\n' >> "$work/en.md"
        cat "$chinese" >> "$work/zh.md"; printf '\n\n' >> "$work/zh.md"
    done
    best=$(best_time "$work/en.md" "$work/zh.md")
    took[$copies]=$best
    per=$(awk -v t="$best" -v s="$startup" -v c="$copies" 'BEGIN { w = t - s; if (w < 0) w = 0; printf "%.1f", 1000 * w / c }')
    printf '%7d %9d %9d %10s %14s\n' "$copies" "$(wc -l < "$work/en.md")" "$(wc -l < "$work/zh.md")" "$best" "$per"
done
# From 10× to 100× (start-up subtracted; 1× is too close to start-up to divide by).
growth=$(awk -v a="${took[10]}" -v b="${took[100]}" -v s="$startup" 'BEGIN { if (a - s > 0) printf "%.1f", (b - s) / (a - s); else print "?" }')
echo "100× the chapter took ${growth}× the time of 10× once start-up is subtracted (linear would be 10×)"
