#!/usr/bin/env bash
# Highlighting speed: every fenced snippet of the repo's content and, when present, of the
# whole book in ../shared/corpus/objc-zen-book/en, lexed as `guide build` does (libclang for
# the C family, our lexers for Swift and shell); prints ms per snippet (HighlightBenchTests).
#   CONFIG=release SCRATCH=.build scripts/bench-highlight.sh
set -euo pipefail
cd "$(dirname "$0")/.."
CONFIG="${CONFIG:-release}"
SCRATCH="${SCRATCH:-.build}"
# -enable-testing: the test target uses @testable imports, which a release build does not allow by default.
swift build -c "$CONFIG" --build-tests -Xswiftc -enable-testing --scratch-path "$SCRATCH" >/dev/null
GUIDE_BENCH_HIGHLIGHT=1 swift test -c "$CONFIG" --skip-build --scratch-path "$SCRATCH" --filter HighlightBenchTests 2>&1 \
  | grep -E '^(libclang|corpus|repo|swift|shell)'
