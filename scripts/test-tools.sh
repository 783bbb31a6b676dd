#!/usr/bin/env bash
# Translators' and CI tools against what guide writes: translate-toolkit (PyPI: pocount, po2tmx, its PO
# and TMX readers) reads `guide export po` and `guide export tmx`, and a catalog it edited
# imports back; sarif-tools reads `guide review --format sarif` (Tests/tools/). gettext's own
# tools are exercised by the Swift tests. Also the sentence cutter of scripts/sentence-deletions.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/packages.sh
ensure_packages "${GUIDE_BUILD_PACKAGES[@]}" python3-venv

# PyPI, into .build-tools/venv (git-ignored). pytest comes from the system's Python, or PyPI.
state=.build-tools
venv=$state/venv
requirements="translate-toolkit>=3.13,<4 sarif-tools>=3,<4"
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$state/requirements" 2>/dev/null)" != "$requirements" ]; then
    rm -rf "$venv"
    mkdir -p "$state"
    python3 -m venv --system-site-packages "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check $requirements
    "$venv/bin/python" -c "import pytest" 2>/dev/null || "$venv/bin/pip" install -q --disable-pip-version-check pytest
    echo "$requirements" > "$state/requirements"
fi

[ "${GUIDE_BUILT:-0}" = 1 ] || swift build   # GUIDE_BUILT=1: scripts/test.sh built it already
export GUIDE_BIN="${GUIDE_TEST_BINARY:-$PWD/.build/debug/guide}" GUIDE_CONTENT="$PWD/content" PATH="$PWD/$venv/bin:$PATH" PYTHONDONTWRITEBYTECODE=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" -m pytest Tests/tools -q -p no:cacheprovider --basetemp="$work/pytest" "$@"
