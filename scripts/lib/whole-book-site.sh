# whole_book_site [BUILD-ARGS...]: the whole book laid out as chapter pairs by the shared bench's
# make_pairs.sh (MAKE_PAIRS=path, default ../shared/bench/make_pairs.sh beside the checkout) and
# built by guide (guide build --no-check BUILD-ARGS, the repository's templates) into
# "$work/site", for the scripts that take screenshots of it in headless Chromium. Sets $work
# (removed when the script exits), $guide and $venv (the browser tests' set-up in .build-browser/).
# Without the book on this machine: says "skipped" and ends the script (status 0).
whole_book_site() {
    local make_pairs=${MAKE_PAIRS:-../shared/bench/make_pairs.sh} templates=$PWD/templates
    if [ ! -f "$make_pairs" ]; then
        echo "skipped: $make_pairs not found (the book is not on this machine)"
        exit 0
    fi
    source scripts/lib/packages.sh
    source scripts/lib/browser-env.sh
    ensure_browser_env
    source scripts/lib/guide-binary.sh
    find_guide
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    NO_DISTINCT=1 PROJ=. bash "$make_pairs" 1 "$work/book" >/dev/null
    (cd "$work" && "$guide" build --no-check "$@" --content book/content --templates "$templates" -o site >/dev/null 2>build-warnings)
}
