#!/usr/bin/env bash
# guide against Hugo on the same book, side by side: cold builds, interleaved in pairs.
#
#   scripts/bench-hugo.sh [SCALE...]     default: 40 200 (copies of the whole book)
#   PAIRS=7          pairs of runs per scale (guide, then Hugo, then guide…)
#   BENCH_WORK=dir   keep the books and sites there (for profiling and reruns)
#   GUIDE=path       the guide binary to measure (default: this checkout's release build)
#
# The book: the whole book from ../shared/bench (make_pairs.sh SCALE, and hugo_site.sh for the
# same markdown as a Hugo site) when it is there; else SCALE copies of content/'s chapters
# (scripts/lib/bench-book.sh), which is what a clone without ../shared can measure.
# Before every run, untimed: the output folder and guide's .guide-cache are removed and the
# file system synced, so no run pays for the previous one's files. Timed: `guide build
# --no-check` and `hugo --quiet`, each into a new folder. Each run prints wall, user and
# system time and peak memory; the last lines give, per scale, the medians and the median of
# the paired ratios guide/Hugo (wall, and peak memory), which is the figure to quote: single
# runs on a shared machine vary by half.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
source scripts/lib/packages.sh
source scripts/lib/bench-book.sh
ensure_packages hugo time bc libcmark-dev
scales=("$@")
((${#scales[@]})) || scales=(40 200)
pairs=${PAIRS:-7}
shared=$repo/../shared/bench

if [ -z "${GUIDE:-}" ]; then
    swift build -c release --product guide >&2
    GUIDE="$(swift build -c release --show-bin-path)/guide"
fi
bench_work

# book SCALE: sets $content (guide's content folder) and $hugo_site (Hugo's source folder).
book() {
    local n=$1
    if [ -x "$shared/make_pairs.sh" ]; then
        local dir="$work/whole-$n"
        if [ ! -d "$dir/content" ]; then
            PROJ=$repo "$shared/make_pairs.sh" "$n" "$dir" >/dev/null
            bash "$shared/hugo_site.sh" "$dir/content" "$dir/hugo-first" "$dir/hugo" >/dev/null
        fi
        content=$dir/content hugo_site=$dir/hugo
        what="the whole book ×$n (../shared/bench)"
    else
        [ -d "$work/book-$n" ] || make_book "$n"
        content=$work/book-$n/content hugo_site=$work/book-$n/hugo
        what="content/ ×$n (no ../shared/bench here)"
    fi
}

# run LABEL COMMAND...: one timed run; appends "wall user sys peakKiB" to $work/LABEL.runs.
run() {
    local label=$1; shift
    timed "$@" || return 1
    echo "$wall $user $system $peak" >> "$work/$label.runs"
    printf "%-12s wall %6.2f s  user %6.2f s  sys %6.2f s  peak %5d MiB\n" "$label" "$wall" "$user" "$system" "$((peak / 1024))"
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

summary=()
for n in "${scales[@]}"; do
    book "$n"
    cache=$(dirname "$content")/.guide-cache   # guide's cache is beside the content folder
    pages=$(find "$content/en" "$content/zh" -name '*.md' ! -name SUMMARY.md ! -name README.md | wc -l)
    echo "== $what: $pages chapter files"
    rm -f "$work/guide-$n.runs" "$work/hugo-$n.runs"
    for ((i = 1; i <= pairs; i++)); do
        rm -rf "$cache" "$work/guide-out" "$work/.guide-out.guide-previous" "$work/hugo-out"; sync
        run "guide-$n" "$GUIDE" build --no-check --content "$content" --templates "$repo/templates" -o "$work/guide-out"
        rm -rf "$cache" "$work/guide-out" "$work/.guide-out.guide-previous" "$work/hugo-out"; sync
        run "hugo-$n" hugo --quiet --source "$hugo_site" --destination "$work/hugo-out"
    done
    g=$work/guide-$n.runs h=$work/hugo-$n.runs
    ratio=$(paste -d' ' "$g" "$h" | awk '{ print $1 / $5 }' | median)
    memory=$(paste -d' ' "$g" "$h" | awk '{ print $4 / $8 }' | median)
    summary+=("$(printf "×%-4s guide %5.2f s, %4d MiB   hugo %5.2f s, %4d MiB   guide/hugo: wall %.2f (paired median), peak memory %.2f" \
        "$n" "$(cut -d' ' -f1 "$g" | median)" "$(( $(cut -d' ' -f4 "$g" | median | cut -d. -f1) / 1024 ))" \
        "$(cut -d' ' -f1 "$h" | median)" "$(( $(cut -d' ' -f4 "$h" | median | cut -d. -f1) / 1024 ))" "$ratio" "$memory")")
done
echo
echo "medians of $pairs interleaved pairs, cold (outputs and caches removed and synced before each run):"
printf '%s\n' "${summary[@]}"
