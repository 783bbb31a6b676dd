#!/usr/bin/env bash
# All tests: unit tests, end-to-end tests of the real binary, and the committed-site check.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/packages.sh
ensure_packages "${GUIDE_BUILD_PACKAGES[@]}"
swift build
swift test
bash scripts/fuzz.sh --smoke   # each libFuzzer target a few seconds on its seeds (builds .build-fuzz once)
bash scripts/test-browser.sh   # the built site in headless Chromium (Tests/browser/)
bash scripts/test-tools.sh     # translators' tools (translate-toolkit) read guide's catalogs and memory (Tests/tools/)
