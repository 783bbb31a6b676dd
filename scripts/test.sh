#!/usr/bin/env bash
# All tests: unit tests, end-to-end tests of the real binary, the fuzz targets' smoke run, the
# site in a real browser, and translators' tools reading guide's files.
#
# libFuzzer's smoke run (one core, at nice 19), the browser's checks (mostly waiting on
# Chromium) and the tools' run beside the Swift tests' build and run (the run keeps about one
# core busy): one after another, the phases left the two cores half idle (3 min 6 s of wall
# time for 3 min 25 s of CPU); started only once the tests were compiled, 2 min 59 s after
# setup with the tests and the fuzzing build to compile, against 2 min 34–43 s started at once.
# Their output is printed when they end, each under its name; any failure fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/packages.sh
# Every package the phases below need, first: they run side by side, and apt takes one at a time.
ensure_packages "${GUIDE_BUILD_PACKAGES[@]}" "${GUIDE_BROWSER_PACKAGES[@]}"
# Everything runs the release build, the binary users run (scripts/setup.sh builds it: then
# only the tests are compiled here): the end-to-end tests its `guide` (the debug build spent 50
# of the Swift tests' 125 s of CPU in guide itself), the unit tests its modules, compiled for
# testing (see Package.swift; a debug build of them all was 43 s more after setup).
swift build -c release
GUIDE_TEST_BINARY="$(swift build -c release --show-bin-path)/guide"
export GUIDE_TEST_BINARY GUIDE_BUILT=1
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
# The phases below need guide, not the tests: they start while the tests compile.
bash scripts/fuzz.sh --smoke > "$logs/fuzz" 2>&1 &      # each libFuzzer target a few seconds on its seeds (builds .build-fuzz once)
fuzz=$!
bash scripts/test-browser.sh > "$logs/browser" 2>&1 &   # the built site in headless Chromium (Tests/browser/)
browser=$!
bash scripts/test-tools.sh > "$logs/tools" 2>&1 &       # translate-toolkit reads guide's catalogs and memory (Tests/tools/)
tools=$!
failed=()
{ swift build -c release --build-tests && swift test -c release --skip-build; } || failed+=("swift test")
wait "$fuzz" || failed+=("scripts/fuzz.sh --smoke")
echo "== scripts/fuzz.sh --smoke"; cat "$logs/fuzz"
wait "$browser" || failed+=("scripts/test-browser.sh")
echo "== scripts/test-browser.sh"; cat "$logs/browser"
wait "$tools" || failed+=("scripts/test-tools.sh")
echo "== scripts/test-tools.sh"; cat "$logs/tools"
if ((${#failed[@]})); then
    printf 'failed: %s\n' "${failed[@]}" >&2
    exit 1
fi
