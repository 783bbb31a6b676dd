# The synthetic books of the benchmarks (sourced by scripts/bench-*.sh; they set $work).
# make_book N: $work/book-N/content (guide) and $work/book-N/hugo (the same markdown for Hugo),
# N copies of content/'s chapters per language.

# bench_work: $work is $BENCH_WORK (kept, for profiling and reruns) or a temporary folder
# removed when the script exits.
bench_work() {
    if [ -n "${BENCH_WORK:-}" ]; then
        work=$BENCH_WORK
        mkdir -p "$work"
    else
        work=$(mktemp -d)
        trap 'rm -rf "$work"' EXIT
    fi
}

# distinct I < chapter > copy: the chapter with "// copy I" as the last line of every fenced
# code block (the same line in both languages), so that no two copies share a snippet and
# nothing keyed by a snippet's text (highlighting, snippet results) is done once for N copies.
distinct() {
    awk -v copy="$1" '
        match($0, /^[ \t]*(```|~~~)/) {
            fence = substr($0, RSTART, RLENGTH)
            if (!open) { open = fence; indent = substr(fence, 1, length(fence) - 3) }
            else if (fence == open) { print indent "// copy " copy; open = "" }
        }
        { print }'
}

# timed COMMAND...: runs it with output discarded (its errors shown if it fails) and sets
# $wall (seconds, from the clock), $user, $system (CPU seconds) and $peak (KiB), from GNU time.
timed() {
    local start end
    start=$(date +%s.%N)
    /usr/bin/time -f "%U %S %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; return 1; }
    end=$(date +%s.%N)
    read -r user system peak < "$work/time"
    wall=$(echo "$end - $start" | bc)
}

make_book() {   # N → $work/book-N/{content,hugo}
    local n=$1
    local book="$work/book-$n"
    rm -rf "$book"
    mkdir -p "$book/content" "$book/hugo/layouts/_default" "$book/hugo/content/en" "$book/hugo/content/zh"
    cp content/guide.yml content/glossary.yml content/*.h "$book/content/"
    find content -mindepth 1 -maxdepth 1 -type d ! -name en ! -name zh -exec cp -r {} "$book/content/" \;
    for lang in en zh; do
        mkdir -p "$book/content/$lang"
        find "content/$lang" -mindepth 1 -maxdepth 1 -type d -exec cp -r {} "$book/content/$lang/" \;
        printf '# Summary\n\n' > "$book/content/$lang/SUMMARY.md"
        mapfile -t chapters < <(grep -o '([^)]*\.md)' "content/$lang/SUMMARY.md" | tr -d '()')
        for ((i = 1; i <= n; i++)); do
            for chapter in "${chapters[@]}"; do
                name="$(printf '%04d' "$i")-$chapter"
                distinct "$i" < "content/$lang/$chapter" > "$book/content/$lang/$name"
                cp "$book/content/$lang/$name" "$book/hugo/content/$lang/$name"
                printf '* [%s %d](%s)\n' "${chapter%.md}" "$i" "$name" >> "$book/content/$lang/SUMMARY.md"
            done
        done
    done
    cat > "$book/hugo/config.toml" <<'TOML'
baseURL = "https://example.org/"
defaultContentLanguage = "en"
disableKinds = ["taxonomy", "term", "RSS"]
[languages.en]
contentDir = "content/en"
weight = 1
[languages.zh]
contentDir = "content/zh"
weight = 2
[markup.goldmark.renderer]
unsafe = false
TOML
    printf '<!DOCTYPE html><html lang="{{ .Site.Language.Lang }}"><head><title>{{ .Title }}</title></head><body>{{ .Content }}</body></html>\n' \
        > "$book/hugo/layouts/_default/single.html"
    cp "$book/hugo/layouts/_default/single.html" "$book/hugo/layouts/_default/list.html"
}

