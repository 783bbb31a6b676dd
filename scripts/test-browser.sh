#!/usr/bin/env bash
# End-to-end test in a real browser: builds the site from content/ into a temporary folder
# and checks it in headless Chromium (Tests/browser/, pytest + Selenium + axe-core).
# Screenshots go to .build-browser/screenshots/.
#   scripts/test-browser.sh                        run the checks
#   scripts/test-browser.sh --update-screenshots   also refresh docs/screenshots/ (commit them)
#   scripts/test-browser.sh -- -k search           extra arguments after -- go to pytest
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/packages.sh

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

# Debian: the browser, its WebDriver, CJK fonts; python3-venv for the virtual environment.
ensure_packages "${GUIDE_BUILD_PACKAGES[@]}" chromium chromium-driver fonts-noto-cjk python3-venv

# PyPI, into .build-browser/venv (git-ignored). pytest comes from the system's Python.
# axe-selenium-python 3 bundles axe-core 4.10 (2.x bundles axe-core 3.1, whose contrast rule
# crashes in current Chromium). It declares Python >= 3.12 but is plain Python that runs on
# 3.11 (Debian 12's), so it is installed on its own, without that check.
state=.build-browser
venv=$state/venv
requirements="selenium>=4.20,<5 axe-selenium-python==3.0.0"
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$state/requirements" 2>/dev/null)" != "$requirements" ]; then
  rm -rf "$venv"
  mkdir -p "$state"
  python3 -m venv --system-site-packages "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check "selenium>=4.20,<5"
  "$venv/bin/pip" install -q --disable-pip-version-check --no-deps --ignore-requires-python "axe-selenium-python==3.0.0"
  "$venv/bin/python" -c "import pytest" 2>/dev/null || "$venv/bin/pip" install -q --disable-pip-version-check pytest
  echo "$requirements" > "$state/requirements"
fi
"$venv/bin/python" -c "import selenium, pytest, axe_selenium_python" \
  || { echo "error: the browser test's Python packages did not install" >&2; exit 1; }

# guide, and the site of the repo's content (never the committed site/).
swift build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
.build/debug/guide build --content content --templates templates -o "$work/site" >/dev/null

mkdir -p "$state/screenshots"
export GUIDE_BIN="$PWD/.build/debug/guide" GUIDE_SITE="$work/site" GUIDE_SCREENSHOTS="$PWD/$state/screenshots"
export GUIDE_UPDATE_SCREENSHOTS=$update SE_OFFLINE=true PYTHONDONTWRITEBYTECODE=1
"$venv/bin/python" -m pytest Tests/browser -q -p no:cacheprovider --basetemp="$work/pytest" "${pytest_args[@]}"
echo "screenshots: $state/screenshots/"
