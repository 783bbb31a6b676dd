#!/usr/bin/env bash
# Stale pairs from the book's own git history, on the whole book (../shared/bench/make_pairs.sh 1):
# both editions committed, then COUNT English paragraphs reworded (one word), COUNT re-wrapped
# and COUNT new ones added after others (scripts/lib/stale_edits.py), committed a month later.
# Prints how many pairs `guide review` calls stale against the reworded ones (the re-wrapped
# must not be), and how long the review takes cold (no cache), warm, and warm with no git.
#   scripts/bench-stale.sh [COUNT] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-20}
seed=${2:-1}
source scripts/lib/guide-binary.sh
find_guide
work=$(mktemp -d)
if [ -n "${KEEP:-}" ]; then echo "work: $work" >&2; else trap 'rm -rf "$work"' EXIT; fi
PROJ=$PWD bash ../shared/bench/make_pairs.sh 1 "$work/book" >/dev/null
cd "$work/book"
export GIT_CONFIG_NOSYSTEM=1 HOME=$work GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.org \
       GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.org
git init -q && git add content && GIT_AUTHOR_DATE='@1704067200 +0000' GIT_COMMITTER_DATE='@1704067200 +0000' git commit -qm "both editions"
"$guide" review --no-check --format json > "$work/before.json" 2>/dev/null || true
python3 "$OLDPWD/scripts/lib/stale_edits.py" "$work/before.json" content "$seed" "$count" > "$work/expected.json"
git add content && GIT_AUTHOR_DATE='@1706745600 +0000' GIT_COMMITTER_DATE='@1706745600 +0000' git commit -qm "English edits"
seconds() { local start end; start=$(date +%s.%N); "$@" > /dev/null 2>&1 || true; end=$(date +%s.%N); echo "$end - $start" | bc; }
rm -rf .guide-cache
cold=$(seconds "$guide" review --no-check)
warm=$(seconds "$guide" review --no-check)
"$guide" review --no-check --format json > "$work/after.json" 2>/dev/null || true
cp -r content "$work/nogit"
nogitcold=$(cd "$work" && seconds "$guide" review --no-check --content nogit)
nogit=$(cd "$work" && seconds "$guide" review --no-check --content nogit)
python3 - "$work/expected.json" "$work/after.json" "$cold" "$warm" "$nogit" "$nogitcold" <<'PY'
import json, sys
expected, after = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
status, messages = {}, {}
for chapter in after["chapters"]:
    for bead in chapter["beads"]:
        if bead["target"]:
            place = (bead["target"]["file"], bead["target"]["start"])
            status[place] = bead["statuses"]
            messages[place] = " ".join(f["message"] for f in bead["findings"] if f["status"] == "stale")
stale = {place for place, statuses in status.items() if "stale" in statuses}
reworded = {tuple(p) for p in expected["reworded"]}
reflowed = {tuple(p) for p in expected["reflowed"]}
missing = sum(1 for c in after["chapters"] for b in c["beads"] if b["status"] == "missing" and "added paragraph" in b["excerpt"])
# An added paragraph the aligner joined to its neighbour's pair makes that pair stale, the new
# paragraph shown as words added: right too, counted apart.
joined = {place for place in stale - reworded if "{+An added paragraph" in messages[place]}
print(f"reworded {len(reworded)}: {len(reworded & stale)} stale; re-wrapped {len(reflowed)}: {len(reflowed & stale)} stale; "
      f"added {len(expected['added'])}: {missing} missing, {len(joined)} joined to a neighbour's pair (stale, the paragraph as words added); "
      f"other stale pairs: {len(stale - reworded - joined)}")
for place in sorted(stale - reworded - joined):
    print("  stale, not edited:", *place, messages[place][:200])
print(f"review --no-check: cold {float(sys.argv[3]):.2f} s, warm {float(sys.argv[4]):.2f} s; "
      f"the same book outside git: cold {float(sys.argv[6]):.2f} s, warm {float(sys.argv[5]):.2f} s")
PY
