#!/usr/bin/env bash
# What the sentences cost a build: cold `guide build --no-check` of the same book with the
# sentence review (guide's default) and with `review.sentences: false`, interleaved.
#
#   scripts/bench-sentences.sh [COPIES] [RUNS]     defaults: 1 (the whole book once), 15
#   GUIDE=.build/release/guide   WORK=/tmp/guide-bench-sentences
#   CHECK=1: `guide build` as it runs by default, snippets compiled (clang, cold as the rest;
#            the CPU column then counts guide and the processes it waits for, not its
#            long-lived snippet workers: read the wall time)
#
# The book is ../shared/bench/make_pairs.sh's whole book (COPIES copies); without ../shared,
# COPIES copies of content/. Before each run the output and cache are removed and the disks
# synced (untimed); both sides write one output folder and take turns going first. Prints each
# side's median wall and CPU time (user + sys), and last the medians of the paired ratios
# (with / without).
set -euo pipefail
cd "$(dirname "$0")/.."
copies=${1:-1}; runs=${2:-15}
guide=${GUIDE:-.build/release/guide}
[ -x "$guide" ] || swift build -c release --product guide >/dev/null
work=${WORK:-/tmp/guide-bench-sentences}
rm -rf "$work"; mkdir -p "$work"
if [ -x ../shared/bench/make_pairs.sh ]; then
    NO_DISTINCT=1 PROJ=. ../shared/bench/make_pairs.sh "$copies" "$work/with" >/dev/null
else
    echo "(../shared/bench is not here: $copies copies of content/)"
    mkdir -p "$work/with"
    cp -r content "$work/with/content"
    for lang in en zh; do
        for copy in $(seq 2 "$copies"); do
            for page in "$work/with/content/$lang"/*.md; do
                name=$(basename "$page")
                case $name in SUMMARY.md|copy*) continue ;; esac
                cp "$page" "$work/with/content/$lang/copy$copy-$name"
                echo "- [Copy $copy]($(basename "$work/with/content/$lang/copy$copy-$name"))" >> "$work/with/content/$lang/SUMMARY.md"
            done
        done
    done
fi
cp -r "$work/with" "$work/without"
python3 - "$work/without/content/guide.yml" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path, encoding='utf-8').read()
if re.search(r'^review:\s*$', text, re.M):
    text = re.sub(r'^review:\s*$', 'review:\n  sentences: false', text, count=1, flags=re.M)
else:
    text += '\nreview:\n  sentences: false\n'
open(path, 'w', encoding='utf-8').write(text)
PY
python3 - "$guide" "$work" "$runs" "$(pwd)/templates" "${CHECK:-0}" <<'PY'
import os, resource, shutil, statistics, subprocess, sys, time
guide, work, runs, templates = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
check = [] if sys.argv[5] == '1' else ['--no-check']
times = {'with': [], 'without': []}
# Both sides write the same output folder, and take turns going first: a file system is slower
# to make files where many were just deleted, and that must fall on both sides alike.
site = os.path.join(work, 'site')
for run in range(runs):
    for side in (['with', 'without'] if run % 2 == 0 else ['without', 'with']):
        book = os.path.join(work, side)
        shutil.rmtree(os.path.join(book, '.guide-cache'), ignore_errors=True)
        shutil.rmtree(site, ignore_errors=True)
        os.sync()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([guide, 'build'] + check + ['--content', os.path.join(book, 'content'), '--templates', templates,
                        '-o', site], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times[side].append((wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime))
for side, values in times.items():
    print(f"{side + ' sentences':20} wall {statistics.median(w for w, _ in values):7.3f} s   cpu {statistics.median(c for _, c in values):7.3f} s   ({runs} runs)")
wall = statistics.median(a[0] / b[0] for a, b in zip(times['with'], times['without']))
cpu = statistics.median(a[1] / b[1] for a, b in zip(times['with'], times['without']))
print(f"with / without (median of paired ratios): wall {wall:.3f}   cpu {cpu:.3f}")
PY
