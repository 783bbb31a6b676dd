#!/usr/bin/env bash
# Benchmarks `guide align` on the repo's seed chapter pair repeated 1×, 10× and 100×,
# to show that the aligner's time grows (near) linearly with chapter length.
#
#   scripts/bench-align.sh            builds guide in release mode first
#   GUIDE=/path/to/guide scripts/bench-align.sh
#
# The repeated files are made in a temporary folder; nothing is written to the repo.
# Times are wall-clock seconds for the whole command (parse both files, align, print
# JSON), best of RUNS (default 3) runs.
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

printf '%7s %9s %9s %10s %14s\n' copies en-lines zh-lines seconds per-copy-ms
base=""
for copies in 1 10 100; do
    : > "$work/en.md"; : > "$work/zh.md"
    for _ in $(seq "$copies"); do
        cat "$english" >> "$work/en.md"; printf '\n\n' >> "$work/en.md"
        cat "$chinese" >> "$work/zh.md"; printf '\n\n' >> "$work/zh.md"
    done
    best=""
    for _ in $(seq "$runs"); do
        start=$(seconds)
        "$GUIDE" align "$work/en.md" "$work/zh.md" --format json > "$work/out.json"
        end=$(seconds)
        took=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
        if [ -z "$best" ] || awk -v t="$took" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$took; fi
    done
    per=$(awk -v t="$best" -v c="$copies" 'BEGIN { printf "%.1f", 1000 * t / c }')
    printf '%7d %9d %9d %10s %14s\n' "$copies" "$(wc -l < "$work/en.md")" "$(wc -l < "$work/zh.md")" "$best" "$per"
    [ -n "$base" ] || base=$best
    last=$best
done
growth=$(awk -v a="$base" -v b="$last" 'BEGIN { printf "%.0f", b / a }')
echo "100× the chapter took ${growth}× the time of 1× (linear would be 100×; startup is part of the 1× figure)"
