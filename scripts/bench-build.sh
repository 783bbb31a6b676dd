#!/usr/bin/env bash
# Full-build benchmark: guide against Hugo and against a cmark floor, on the same pages.
#
#   scripts/bench-build.sh [N...]        default: 1 100 1000
#
# For each N it makes a synthetic bilingual book of N copies of content/'s chapters
# (N × chapters pages per language, every copy's code blocks made distinct), then times, in one run on this machine:
#   guide       `guide build --no-check` (release build); guide+check: with the snippet
#               check on, cold cache (BENCH_CHECK=0 skips it)
#   BENCH_WORK=folder keeps the books and sites in that folder instead of a temporary one
#   hugo        Debian's hugo on a multilingual site of the same markdown files
#               (minimal layout, its default syntax highlighting)
#   floor       cmark's C renderer rendering the same files in one process
# It prints wall time, CPU time (user+sys) and peak memory for each, and as the last
# lines the ratios guide/hugo and guide/floor (wall time). Needs hugo, gcc, GNU time
# (installed when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
source scripts/lib/packages.sh
source scripts/lib/bench-book.sh
ensure_packages hugo time bc gcc libcmark-dev
sizes=("$@")
((${#sizes[@]})) || sizes=(1 100 1000)

swift build -c release --product guide >&2
swift build -c release --product guide-compile-units >&2   # the snippet check's worker, beside guide
guide="$(swift build -c release --show-bin-path)/guide"
# BENCH_WORK=folder keeps the books and sites there (for profiling); otherwise a temporary folder.
bench_work
gcc -O2 -o "$work/cmark-floor" scripts/bench/cmark-floor.c -lcmark

# measure LABEL COMMAND...: prints "LABEL wall cpu peakMiB", remembers wall time.
declare -A walls
measure() {
    local label=$1; shift
    timed "$@" || return 1
    local elapsed=$wall
    walls[$label]=$elapsed
    printf "%-28s wall %7.3f s   cpu %7.2f s   peak %6.0f MiB\n" "$label" "$elapsed" "$(echo "$user + $system" | bc)" "$(echo "$peak / 1024" | bc)"
}

for n in "${sizes[@]}"; do
    make_book "$n"
    book="$work/book-$n"
    pages=$(find "$book/content/en" "$book/content/zh" -name '*.md' ! -name SUMMARY.md | wc -l)
    echo "== N = $n: $pages chapter files (both languages)"
    # Snippet checks off: the same work Hugo does, plus alignment, three views, search, review.
    measure "guide-$n" "$guide" build --no-check --content "$book/content" --templates "$repo/templates" -o "$book/site"
    # Snippet checks on (cold cache: every snippet of every copy is compiled once).
    if [ "${BENCH_CHECK:-1}" = 1 ]; then
        measure "guide+check-$n" "$guide" build --content "$book/content" --templates "$repo/templates" -o "$book/site-checked"
    fi
    measure "hugo-$n" hugo --quiet --source "$book/hugo" --destination "$book/hugo-public"
    mapfile -t files < <(find "$book/content/en" "$book/content/zh" -name '*.md' ! -name SUMMARY.md | sort)
    mkdir -p "$book/floor"
    measure "floor-$n" "$work/cmark-floor" "$book/floor" "${files[@]}"
done

echo
for n in "${sizes[@]}"; do
    printf "N=%-5s guide/hugo  %.2f\n" "$n" "$(echo "${walls[guide-$n]} / ${walls[hugo-$n]}" | bc -l)"
    printf "N=%-5s guide/floor %.2f\n" "$n" "$(echo "${walls[guide-$n]} / ${walls[floor-$n]}" | bc -l)"
done
