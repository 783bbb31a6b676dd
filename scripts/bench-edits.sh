#!/usr/bin/env bash
# One-paragraph edits rebuilt by two (or more) guide binaries, side by side: interleaved rounds,
# each binary on its own copy of the book (a cache key holds the tool's build, so two binaries
# on one copy would each find the other's cache stale and rebuild everything).
#
#   scripts/bench-edits.sh SCALE BINARY...     e.g. 200 /tmp/guide-before .build/release/guide
#   ROUNDS=10        edits per binary (each round edits and rebuilds every copy once, in turn)
#   BENCH_WORK=dir   keep the books there (a book already there is reused, caches and all)
#
# The book: the whole book from ../shared/bench (make_pairs.sh SCALE) when it is there; else
# SCALE copies of content/'s chapters (scripts/lib/bench-book.sh). Each copy is built twice
# first (cold, then warm), untimed. A round then changes one sentence of the middle copy's
# Chinese "Naming" chapter (a new number each time, so every edit is a change) and times
# `guide build --no-check` of it. Prints every run, then per binary the median and range, and
# last the median of the paired differences against the first binary: the figure to quote
# (the machine's speed drifts by several percent between minutes; a pair shares the minute).
set -euo pipefail
(($# >= 2)) || { echo "usage: $0 SCALE BINARY..." >&2; exit 2; }
scale=$1; shift
binaries=()
for binary in "$@"; do   # absolute, before the working folder changes
    [ -x "$binary" ] || { echo "not an executable: $binary" >&2; exit 2; }
    binaries+=("$(realpath "$binary")")
done
cd "$(dirname "$0")/.."
repo=$(pwd)
source scripts/lib/packages.sh
source scripts/lib/bench-book.sh
ensure_packages bc libcmark-dev
rounds=${ROUNDS:-10}
shared=${BENCH_SHARED:-$repo/../shared/bench}   # BENCH_SHARED=/none: copies of content/ instead
bench_work

# The copy for binary I: its content folder in $content, its edited chapter in $chapter.
copy() {
    local dir="$work/edits-$scale-$1"
    if [ ! -d "$dir/content" ]; then
        if [ -x "$shared/make_pairs.sh" ]; then
            PROJ="$repo" "$shared/make_pairs.sh" "$scale" "$dir" >/dev/null
        else
            make_book "$scale"
            mkdir -p "$dir"
            mv "$work/book-$scale/content" "$dir/content"
            rm -rf "$work/book-$scale"
        fi
    fi
    content="$dir/content"
    local middle
    if [ -x "$shared/make_pairs.sh" ]; then
        middle=$(printf 'c%03d' $(((scale + 1) / 2)))
        chapter=$(ls "$content/zh/$middle"-04-*.md | head -1)
    else
        middle=$(printf '%04d' $(((scale + 1) / 2)))
        chapter=$(ls "$content/zh/$middle"-*.md | head -1)
    fi
}

build() {   # BINARY CONTENT
    "$1" build --no-check --content "$2" --templates "$repo/templates" -o "$(dirname "$2")/site" >/dev/null 2>&1
}

# (`b`, not `i`: make_book counts copies in a global `i`.)
for b in "${!binaries[@]}"; do
    copy "$b"
    build "${binaries[$b]}" "$content"
    build "${binaries[$b]}" "$content"
done
results=$work/edits-$scale.times
: > "$results"
for round in $(seq "$rounds"); do
    for b in "${!binaries[@]}"; do
        copy "$b"
        sed -i "0,/。/s/。/，改${round}${RANDOM}。/" "$chapter"
        start=$(date +%s%N)
        build "${binaries[$b]}" "$content"
        end=$(date +%s%N)
        ms=$(((end - start) / 1000000))
        printf '%s %s %s\n' "$round" "$b" "$ms" >> "$results"
        printf 'round %2d  %-40s %5d ms\n' "$round" "${binaries[$b]}" "$ms"
    done
done
python3 - "$results" "${binaries[@]}" <<'EOF'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    round_, binary, ms = line.split()
    runs.setdefault(int(binary), {})[int(round_)] = int(ms)
names = sys.argv[2:]
for i, name in enumerate(names):
    times = sorted(runs[i].values())
    print(f"{name}: median {statistics.median(times):.1f} ms ({times[0]}–{times[-1]}), {len(times)} edits")
for i, name in enumerate(names[1:], 1):
    differences = [runs[i][r] - runs[0][r] for r in runs[0] if r in runs[i]]
    print(f"{name} − {names[0]}: paired differences' median {statistics.median(differences):+.1f} ms")
EOF
