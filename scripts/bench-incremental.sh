#!/usr/bin/env bash
# Rebuild benchmark: how long `guide build --no-check` (release) takes on the N-copy book of
# scripts/bench-build.sh after its first (full) build, when
#   unchanged   nothing changed (every cache warm: alignments, reviews, highlighting, pages)
#   edit-zh     one paragraph of one Chinese chapter changed (a translator's edit)
#   edit-en     one paragraph of one English chapter changed
# then starts `guide serve --no-check` on the same book and times its rebuilds after the same
# kinds of edit, three of each (serve keeps the parsed book, reviews, pages and search chunks
# in memory between rebuilds; the first rebuild after start-up is the slowest).
# Prints wall time, CPU time and peak memory per build, then the stage timings of the edits.
#   scripts/bench-incremental.sh [N...]      default: 1000
#   BENCH_CHECK=1 ...   the same with the snippet check on (guide's default): the full build
#                       then compiles every snippet (14 minutes at N = 1000 on 2 cores)
#   BENCH_WORK=folder   keeps the books (and their caches) there instead of a temporary folder;
#                       a book already there is reused, caches and all (so its first build is warm)
#   BENCH_BOOK=whole    N copies of the whole real book (../shared/bench/make_pairs.sh N), the
#                       edits in the middle copy's chapter "Naming", instead of copies of content/
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
source scripts/lib/packages.sh
source scripts/lib/bench-book.sh
ensure_packages time bc libcmark-dev
sizes=("$@")
((${#sizes[@]})) || sizes=(1000)

swift build -c release --product guide >&2
swift build -c release --product guide-compile-units >&2   # the snippet check's worker, beside guide
swift build -c release --product guide-serve >&2           # `guide serve` becomes it (exec)
guide="$(swift build -c release --show-bin-path)/guide"
bench_work
check=(--no-check)
[ "${BENCH_CHECK:-0}" = 1 ] && check=()

build() {   # LABEL BOOK: one build, its figures, its --timings kept in $work/LABEL.timings
    local label=$1 book=$2 start end
    start=$(date +%s.%N)
    /usr/bin/time -f "%U %S %M" -o "$work/time" "$guide" build "${check[@]}" --timings --content "$book/content" \
        --templates "$repo/templates" -o "$book/site" >"$work/$label.timings" 2>&1
    end=$(date +%s.%N)
    read -r user system rss < "$work/time"
    printf "%-20s wall %7.3f s   cpu %7.2f s   peak %6.0f MiB\n" "$label" "$(echo "$end - $start" | bc)" \
        "$(echo "$user + $system" | bc)" "$(echo "$rss / 1024" | bc)"
}

for n in "${sizes[@]}"; do
    if [ "${BENCH_BOOK:-}" = whole ]; then
        shared=$repo/../shared/bench
        [ -x "$shared/make_pairs.sh" ] || { echo "BENCH_BOOK=whole needs ../shared/bench/make_pairs.sh" >&2; exit 2; }
        book="$work/whole-$n"
        [ -d "$book/content" ] || PROJ="$repo" "$shared/make_pairs.sh" "$n" "$book" >/dev/null
        middle=$(printf 'c%03d' $(((n + 1) / 2)))
        zh=$(ls "$book/content/zh/$middle"-04-*.md | head -1)
        en=$(ls "$book/content/en/$middle"-04-*.md | head -1)
    else
        [ -n "${BENCH_WORK:-}" ] && [ -d "$work/book-$n/content" ] || make_book "$n"
        book="$work/book-$n"
        middle=$(printf '%04d' $(((n + 1) / 2)))
        zh=$(ls "$book/content/zh/$middle"-*.md | head -1)
        en=$(ls "$book/content/en/$middle"-*.md | head -1)
    fi
    echo "== N = $n: $(find "$book/content/en" "$book/content/zh" -name '*.md' ! -name SUMMARY.md | wc -l) chapter files"
    build "first-$n" "$book"
    build "unchanged-$n" "$book"
    sed -i '0,/。/s/。/，改了一句。/' "$zh"
    build "edit-zh-$n" "$book"
    sed -i '0,/\. /s/\. /, edited. /' "$en"
    build "edit-en-$n" "$book"
    for label in "edit-zh-$n" "edit-en-$n"; do echo "-- $label"; grep ' s  ' "$work/$label.timings"; done

    "$guide" serve "${check[@]}" --timings --port 0 --content "$book/content" --templates "$repo/templates" \
        >"$work/serve.log" 2>&1 &
    serve=$!
    rebuilt() { grep -c '^built ' "$work/serve.log" || true; }
    wait_rebuild() {   # waits until more than $1 builds are logged (up to 10 minutes)
        for _ in $(seq 3000); do [ "$(rebuilt)" -gt "$1" ] && return 0; sleep 0.2; done
        echo "serve did not rebuild" >&2; kill "$serve"; exit 1
    }
    wait_rebuild 0
    for round in 1 2 3; do
        for side in zh en; do
            file=$zh; [ "$side" = en ] && file=$en
            before=$(rebuilt)
            if [ "$side" = zh ]; then sed -i "0,/。/s/。/，第${round}次。/" "$file"; else sed -i "0,/\. /s/\. /, round ${round}. /" "$file"; fi
            wait_rebuild "$before"
            printf "%-20s %s\n" "serve-edit-$side-$n" "$(grep '^built ' "$work/serve.log" | tail -1)"
        done
    done
    kill "$serve"; wait "$serve" 2>/dev/null || true
done
