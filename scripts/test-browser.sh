#!/usr/bin/env bash
# End-to-end test in a real browser: builds the site from content/ into a temporary folder
# and checks it in headless Chromium (Tests/browser/, pytest + Selenium + axe-core).
# Screenshots go to .build-browser/screenshots/.
#   scripts/test-browser.sh                        run the checks
#   scripts/test-browser.sh --update-screenshots   also refresh docs/content/screenshots/ (commit them)
#   scripts/test-browser.sh -- -k search           extra arguments after -- go to pytest
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/packages.sh
source scripts/lib/browser-env.sh

update=0
pytest_args=()
while (($#)); do
  case "$1" in
    --update-screenshots) update=1 ;;
    --) shift; pytest_args=("$@"); break ;;
    *) echo "usage: scripts/test-browser.sh [--update-screenshots] [-- PYTEST-ARGS...]" >&2; exit 2 ;;
  esac
  shift
done

ensure_browser_env

# guide, and the site of the repo's content (never the committed site/). GUIDE_BUILT=1:
# scripts/test.sh built it already (and its `swift test` holds the build folder meanwhile).
[ "${GUIDE_BUILT:-0}" = 1 ] || swift build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
guide=${GUIDE_TEST_BINARY:-$PWD/.build/debug/guide}   # scripts/test.sh: the release build
"$guide" build --content content --templates templates -o "$work/site" >/dev/null

mkdir -p "$state/screenshots"
export GUIDE_BIN="$guide" GUIDE_SITE="$work/site" GUIDE_SCREENSHOTS="$PWD/$state/screenshots"
export GUIDE_UPDATE_SCREENSHOTS=$update SE_OFFLINE=true PYTHONDONTWRITEBYTECODE=1
"$venv/bin/python" -m pytest Tests/browser -q -p no:cacheprovider --basetemp="$work/pytest" "${pytest_args[@]}"
echo "screenshots: $state/screenshots/"
