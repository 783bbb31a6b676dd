#!/usr/bin/env bash
# No input may cost without bound: builds one-chapter books of hostile shapes at two sizes and
# prints, per shape and size, the input, wall time, peak memory, the output and the exit code.
#
#   scripts/bench-shapes.sh [SHAPE...]      default: every shape below
#   SIZES="1 10"     chapter sizes in MB (each language's chapter is about this size)
#   GUIDE=path       the guide binary to measure (default: this checkout's release build)
#   TIMEOUT=300      seconds before a run is stopped (printed as "timeout")
#   BENCH_WORK=dir   keep the books, sites and reports there (for profiling)
#
# Shapes (the English chapter in Latin script, the Chinese one in CJK, both of the same shape):
#   line        one paragraph of one line
#   paragraphs  thousands of tiny paragraphs
#   headings    thousands of headings with the same text (the slugs must be made unique)
#   links       one paragraph of thousands of links to a heading that exists
#   broken      one paragraph of thousands of links to headings that do not exist ([x](#nope-N))
#   images      one paragraph of thousands of images that do not exist
#   code        one fenced Objective-C block of thousands of lines
#   codeline    one fenced Objective-C block of one line
#   table       a pipe table of thousands of rows
#   list        a list of thousands of items
#   quotes      block quotes nested thousands deep
#   mixed       one paragraph of Chinese and Latin text run together (typography findings)
#   terms       one paragraph using glossary terms the Chinese leaves in English (glossary findings)
#   spans       one paragraph of thousands of code spans and emphases
#
# Each book is built with `guide build --no-check` and reviewed with `guide review --no-check`,
# both cold (no .guide-cache). Figures per run: the input (both chapters), wall time, peak memory, what it
# wrote (the site's bytes; the bytes it printed, stdout and stderr, with the number of lines)
# and its exit code. A build with broken links exits 1 by design (the list of findings is the
# output); what matters is that it is fast and that its report is proportionate.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
source scripts/lib/packages.sh
source scripts/lib/bench-book.sh
ensure_packages time gawk bc

all_shapes=(line paragraphs headings links broken images code codeline table list quotes mixed terms spans)
shapes=("$@")
((${#shapes[@]})) || shapes=("${all_shapes[@]}")
read -r -a sizes <<< "${SIZES:-1 10}"
timeout_seconds=${TIMEOUT:-300}

if [ -z "${GUIDE:-}" ]; then
    swift build -c release --product guide >&2
    GUIDE="$(swift build -c release --show-bin-path)/guide"
fi
bench_work

# unit SHAPE LANG N: the Nth unit of a shape's chapter (gawk prints units until the size is reached).
# write_chapter SHAPE LANG BYTES FILE: a heading, then units of the shape up to BYTES.
write_chapter() {
    local shape=$1 lang=$2 bytes=$3 file=$4
    gawk -v shape="$shape" -v lang="$lang" -v limit="$bytes" '
        function out(s) { printf "%s", s; written += length(s) }   # length in bytes: LC_ALL=C
        BEGIN {
            zh = (lang == "zh")
            out(zh ? "# 形状\n\n" : "# Shape\n\n")
            word = zh ? "汉字文本" : "lorem "
            if (shape == "code" || shape == "codeline") out("```objective-c\n")
            if (shape == "quotes") { depth = 0 }
            n = 0
            while (written < limit) {
                n++
                if (shape == "line")            out(zh ? "汉字文本，" : "lorem ipsum ")
                else if (shape == "paragraphs") out(zh ? "第" n "段。\n\n" : "Para " n ".\n\n")
                else if (shape == "headings")   out(zh ? "## 小节\n\n" : "## Section\n\n")
                else if (shape == "links")      out(zh ? "[链接](#shape)、" : "[link](#shape) ")
                else if (shape == "broken")     out(zh ? "[坏](#nope-" n ")、" : "[bad](#nope-" n ") ")
                else if (shape == "images")     out(zh ? "![图](none-" n ".png)、" : "![pic](none-" n ".png) ")
                else if (shape == "code")       out("NSString *s" n " = @\"" word "\"; // " n "\n")
                else if (shape == "codeline")   out("x" n " = @\"" word "\"; ")
                else if (shape == "table") {
                    if (n == 1) out(zh ? "| 甲 | 乙 | 丙 |\n| --- | --- | --- |\n" : "| a | b | c |\n| --- | --- | --- |\n")
                    out("| " word n " | " n " | `c" n "` |\n")
                }
                else if (shape == "list")       out("- " word n "\n")
                else if (shape == "quotes")     out("> ")
                else if (shape == "mixed")      out(zh ? "中文English混排123中文, " : "English中文mixed 123, ")
                else if (shape == "spans")      out(zh ? "用 `x" n "` 和 *强调*，" : "use `x" n "` and *stress* ")
                else if (shape == "terms")      out(zh ? "这个 category 用 delegate 和 block，" : "this category uses a delegate and a block, ")
            }
            if (shape == "code" || shape == "codeline") out("\n```\n")
            if (shape == "quotes") out(zh ? "引文\n" : "quote\n")
            out("\n")
        }' > "$file"
}

make_shape_book() {   # SHAPE MB → $work/SHAPE-MB/content
    local shape=$1 mb=$2
    local content="$work/$shape-$mb/content"
    rm -rf "$work/$shape-$mb"
    mkdir -p "$content/en" "$content/zh"
    printf 'title:\n  en: "Shapes"\n  zh: "形状"\nlanguages: [en, zh]\nsource: en\n' > "$content/guide.yml"
    printf '# Summary\n\n* [Shape](shape.md)\n' > "$content/en/SUMMARY.md"
    printf '# 目录\n\n* [形状](shape.md)\n' > "$content/zh/SUMMARY.md"
    printf 'terms:\n  - en: category\n    zh: 分类\n  - en: delegate\n    zh: 委托\n  - en: block\n    zh: 代码块\n' \
        > "$content/glossary.yml"
    local bytes
    bytes=$(awk -v mb="$mb" 'BEGIN { printf "%d", mb * 1000000 }')
    LC_ALL=C write_chapter "$shape" en "$bytes" "$content/en/shape.md"
    LC_ALL=C write_chapter "$shape" zh "$bytes" "$content/zh/shape.md"
}

# run LABEL INPUT_BYTES SITE_DIR COMMAND...: one line of figures.
run() {
    local label=$1 input=$2 site=$3; shift 3
    local out="$work/report-$label"
    local rc=0
    timeout "$timeout_seconds" /usr/bin/time -f '%e %M' -o "$work/time" "$@" > "$out" 2>&1 || rc=$?
    local wall peak
    if [ "$rc" = 124 ]; then
        wall="timeout"; peak="-"
    else
        read -r wall peak < <(tail -n 1 "$work/time")
        wall="$wall s"; peak="$((peak / 1024)) MiB"
    fi
    local site_bytes="-"
    [ -n "$site" ] && [ -d "$site" ] && site_bytes=$(du -sb "$site" | cut -f1)
    printf '%-16s in %6.1f MB  wall %9s  peak %9s  site %8s MB  printed %9s B %7s lines  exit %s\n' \
        "$label" "$(echo "$input / 1000000" | bc -l)" "$wall" "$peak" \
        "$([ "$site_bytes" = - ] && echo - || printf '%.1f' "$(echo "$site_bytes / 1000000" | bc -l)")" \
        "$(wc -c < "$out")" "$(wc -l < "$out")" "$rc"
}

for shape in "${shapes[@]}"; do
    for mb in "${sizes[@]}"; do
        make_shape_book "$shape" "$mb"
        book="$work/$shape-$mb"
        input=$(( $(wc -c < "$book/content/en/shape.md") + $(wc -c < "$book/content/zh/shape.md") ))
        rm -rf "$book/.guide-cache"
        run "build-$shape-$mb" "$input" "$book/site" \
            "$GUIDE" build --no-check --content "$book/content" --templates "$repo/templates" -o "$book/site"
        rm -rf "$book/.guide-cache"   # cold, like the build: not the reviews the build cached
        run "review-$shape-$mb" "$input" "" "$GUIDE" review --no-check --content "$book/content"
        [ -n "${BENCH_WORK:-}" ] || rm -rf "$book"
    done
done
