#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer + AddressSanitizer) of guide's readers of untrusted text.
#
#   scripts/fuzz.sh [--seconds N] [TARGET…]   each target for N seconds (default 600), one at a time
#   scripts/fuzz.sh --smoke                    each target for a few seconds on its seeds (CI: scripts/test.sh)
#   scripts/fuzz.sh --list                     the targets
#   scripts/fuzz.sh --report                   the sums of .build-fuzz/runs.tsv per target (a markdown table)
#
# The targets are in Sources/GuideFuzz (one file per reader); Sources/guide-fuzz is libFuzzer's
# entry point when built with -DFUZZING, into its own scratch folder (.build-fuzz), so the
# normal `swift build` and `swift test` are untouched. Seeds: the project's content/, the
# committed regression inputs (Tests/fuzz/TARGET/), drafts `guide merge` writes of content/'s
# pairs, and, when ../shared/bench is there, the whole book laid out by its make_pairs.sh (in
# .build-fuzz/book; never committed: its licence forbids copying its prose into the project).
# The corpus grows in .build-fuzz/corpus/TARGET across runs; a crash, leak, hang (-timeout) or
# memory blow-up (-rss_limit_mb) is saved in .build-fuzz/findings/TARGET/ and fails the script.
# Each run appends a row to .build-fuzz/runs.tsv (date, target, seconds, executions, coverage,
# features, corpus, findings): the figures of docs/content/en/fuzzing.md are their sums.
#
# Fuzzing runs under `nice -n 19` (the machine is shared); set FUZZ_NICE=0 to run at normal priority.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SCRATCH=$ROOT/.build-fuzz
SECONDS_EACH=600
SMOKE=0
TARGETS=()
while (($#)); do
  case $1 in
    --smoke) SMOKE=1; SECONDS_EACH=${FUZZ_SMOKE_SECONDS:-3}; shift ;;
    --seconds) SECONDS_EACH=$2; shift 2 ;;
    --list) LIST=1; shift ;;
    --report) REPORT=1; shift ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) TARGETS+=("$1"); shift ;;
  esac
done
ALL=(markdown summary config glossary annotation snippet split ledger po dictionary)
if [ "${LIST:-0}" = 1 ]; then printf '%s\n' "${ALL[@]}"; exit 0; fi
if [ "${REPORT:-0}" = 1 ]; then
  [ -f "$SCRATCH/runs.tsv" ] || { echo "fuzz.sh: no runs yet" >&2; exit 1; }
  echo '| target | runs | time | executions | exec/s | coverage (edges) | features | corpus | findings |'
  echo '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'
  awk -F'\t' 'NR > 1 { runs[$2]++; secs[$2] += $3; execs[$2] += $4; cov[$2] = $5; ft[$2] = $6; corp[$2] = $7; found[$2] += $8 }
    END { n = split("markdown summary config glossary annotation snippet split ledger po dictionary", order, " ")
      for (i = 1; i <= n; i++) { t = order[i]; if (!(t in runs)) continue
        printf "| `%s` | %d | %d min %02d s | %d | %d | %d | %d | %d | %d |\n", t, runs[t], secs[t] / 60, secs[t] % 60,
          execs[t], secs[t] ? execs[t] / secs[t] : 0, cov[t], ft[t], corp[t], found[t] } }' "$SCRATCH/runs.tsv"
  exit 0
fi
((${#TARGETS[@]})) || TARGETS=("${ALL[@]}")
NICE=(nice -n 19)
[ "${FUZZ_NICE:-19}" = 0 ] && NICE=()

source scripts/lib/packages.sh
ensure_packages "${GUIDE_BUILD_PACKAGES[@]}"

if ! ls "$(dirname "$(readlink -f "$(command -v swiftc)")")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1 \
   && [ "$(uname)" = Linux ]; then
  echo "fuzz.sh: this Swift toolchain has no libFuzzer runtime (libclang_rt.fuzzer); skipped" >&2
  exit 0
fi

echo "fuzz.sh: building guide-fuzz with libFuzzer and AddressSanitizer (.build-fuzz)" >&2
# `--sanitize fuzzer` so that SwiftPM links libFuzzer's main; then one -sanitize=fuzzer,address for
# swiftc, since of several -sanitize options the last one wins (with SwiftPM's `--sanitize fuzzer
# --sanitize address` alone, the Swift code was not instrumented for coverage).
"${NICE[@]}" swift build --scratch-path "$SCRATCH" --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address \
  -Xswiftc -DFUZZING --product guide-fuzz 2>&1 | grep -E 'error|warning: unre|Build complete' >&2 || true
BIN=$SCRATCH/debug/guide-fuzz
[ -x "$BIN" ] || { echo "fuzz.sh: the build failed" >&2; exit 1; }

# Seeds, by target: files of content/ (and of the book) whose names end as the target reads.
# A smoke has its own seeds and logs, so that it may run while a long run goes on.
WORK=$SCRATCH
[ "$SMOKE" = 1 ] && WORK=$SCRATCH/smoke
SEEDS=$WORK/seeds
rm -rf "$SEEDS"; mkdir -p "$SEEDS"
seed() {  # seed TARGET FILE…: copy files into the target's seeds under distinct names
  local target=$1; shift
  mkdir -p "$SEEDS/$target"
  for file in "$@"; do
    [ -f "$file" ] && cp "$file" "$SEEDS/$target/$(printf '%s' "$file" | md5sum | cut -c1-12)-$(basename "$file")"
  done
  return 0
}
BOOKS=(content)
if [ "$SMOKE" = 0 ] && [ -x ../shared/bench/make_pairs.sh ]; then
  if [ ! -f "$SCRATCH/book/content/en/SUMMARY.md" ]; then
    NO_DISTINCT=1 PROJ=. ../shared/bench/make_pairs.sh 1 "$SCRATCH/book" >/dev/null
  fi
  BOOKS+=("$SCRATCH/book/content")
fi
for book in "${BOOKS[@]}"; do
  chapters=$(find "$book" -name '*.md' ! -name SUMMARY.md | sort)
  summaries=$(find "$book" -name SUMMARY.md | sort)
  # shellcheck disable=SC2086
  { seed markdown $chapters $summaries; seed split $chapters; seed snippet $chapters; seed summary $summaries; }
  seed config "$book/guide.yml"
  seed glossary "$book/glossary.yml"
  find "$book" -name '*.accepted' -exec cp {} "$SEEDS/ledger/" \; 2>/dev/null || true
  # The annotations: every HTML comment of the chapters that starts `<!-- snippet`, one file each.
  mkdir -p "$SEEDS/annotation"
  for chapter in $chapters; do
    awk -v out="$SEEDS/annotation/$(printf '%s' "$chapter" | md5sum | cut -c1-8)" '
      /^[ \t]*<!-- *snippet/ { n++; open = 1; file = out "-" n ".html" }
      open { print > file; if ($0 ~ /-->/) { open = 0; close(file) } }' "$chapter"
  done
done
# Drafts as `guide merge` writes them (with the header and markers split reads), from content/'s pairs.
GUIDE=${GUIDE:-${GUIDE_TEST_BINARY:-$ROOT/.build/debug/guide}}
if [ -x "$GUIDE" ]; then
  for book in "${BOOKS[@]}"; do
    for en in "$book"/en/*.md; do
      zh=$book/zh/$(basename "$en")
      [ "$(basename "$en")" != SUMMARY.md ] && [ -f "$zh" ] || continue
      "$GUIDE" merge "$en" "$zh" > "$SEEDS/split/draft-$(printf '%s' "$en" | md5sum | cut -c1-8).md" 2>/dev/null || true
    done
  done
fi
# Catalogs as `guide export po` writes them, of each book's pairs (its cache goes beside the book, as for any export).
if [ -x "$GUIDE" ]; then
  mkdir -p "$SEEDS/po"
  for book in "${BOOKS[@]}"; do
    out=$(mktemp -d)
    "$GUIDE" export po --content "$book" -o "$out/po" >/dev/null 2>&1 || true
    for catalog in "$out"/po/*.po; do
      [ -f "$catalog" ] && cp "$catalog" "$SEEDS/po/$(printf '%s' "$book" | md5sum | cut -c1-8)-$(basename "$catalog")"
    done
    rm -rf "$out"
  done
fi
# The dictionary: CC-CEDICT when scripts/fetch-cedict.sh fetched it (not in a smoke: 9 MB, and
# libFuzzer reads only its first 16 KiB), else only the entries written for it in Tests/fuzz/dictionary.
if [ "$SMOKE" = 0 ] && [ -f .build/cc-cedict/cedict_1_0_ts_utf-8_mdbg.txt ]; then
  mkdir -p "$SEEDS/dictionary"
  head -c 16000 .build/cc-cedict/cedict_1_0_ts_utf-8_mdbg.txt > "$SEEDS/dictionary/cedict-head.u8"
  tail -c 16000 .build/cc-cedict/cedict_1_0_ts_utf-8_mdbg.txt | sed 1d > "$SEEDS/dictionary/cedict-tail.u8"
fi
# A ledger as `guide review --accept` writes it (made up here: content/ has none yet).
mkdir -p "$SEEDS/ledger"
printf '%s\n' "# Accepted translations, written by \`guide review --accept\`. Do not edit by hand." \
  "# chapter  english-hash  chinese-hash  excerpt of the English" \
  "inter-object-communication.md 0123456789abcdef fedcba9876543210  Delegate and DataSource" \
  "a/b.md 00000000000000ff 1111111111111111" > "$SEEDS/ledger/made-up.accepted"
# The regression inputs of earlier findings.
for target in "${ALL[@]}"; do
  mkdir -p "$SEEDS/$target"
  [ -d "Tests/fuzz/$target" ] && cp Tests/fuzz/"$target"/* "$SEEDS/$target/" 2>/dev/null || true
done

dict_of() {
  case $1 in
    config|glossary) echo scripts/fuzz/yaml.dict ;;
    annotation) echo scripts/fuzz/annotation.dict ;;
    po) echo scripts/fuzz/po.dict ;;
    dictionary) echo scripts/fuzz/cedict.dict ;;
    *) echo scripts/fuzz/markdown.dict ;;
  esac
}

mkdir -p "$WORK/logs"
[ -f "$SCRATCH/runs.tsv" ] || printf 'date\ttarget\tseconds\texecutions\tcoverage\tfeatures\tcorpus\tfindings\n' > "$SCRATCH/runs.tsv"
FAILED=()
for target in "${TARGETS[@]}"; do
  [ -d "$SEEDS/$target" ] || { echo "fuzz.sh: no target '$target' (--list)" >&2; exit 2; }
  if [ "$SMOKE" = 1 ]; then
    corpus=$(mktemp -d); findings=$(mktemp -d)
  else
    corpus=$SCRATCH/corpus/$target; findings=$SCRATCH/findings/$target
    mkdir -p "$corpus" "$findings"
  fi
  before=$(find "$findings" -type f | wc -l)
  log=$WORK/logs/$target.log
  started=$(date +%s)
  status=0
  GUIDE_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} "${NICE[@]}" "$BIN" \
    -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
    -dict="$(dict_of "$target")" -artifact_prefix="$findings/" -print_final_stats=1 \
    "$corpus" "$SEEDS/$target" > "$log" 2>&1 || status=$?
  elapsed=$(( $(date +%s) - started ))
  last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  coverage=$(sed -E -n 's/.*cov: ([0-9]+).*/\1/p' <<<"$last")
  features=$(sed -E -n 's/.*ft: ([0-9]+).*/\1/p' <<<"$last")
  corpus_size=$(sed -E -n 's/.*corp: ([0-9]+).*/\1/p' <<<"$last")
  found=$(( $(find "$findings" -type f | wc -l) - before ))
  printf '%s: %ss, %s executions, coverage %s edges (%s features), corpus %s, findings %s\n' \
    "$target" "$elapsed" "${executions:-?}" "${coverage:-?}" "${features:-?}" "${corpus_size:-?}" "$found" >&2
  [ "$SMOKE" = 1 ] || printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$target" "$elapsed" \
    "${executions:-0}" "${coverage:-0}" "${features:-0}" "${corpus_size:-0}" "$found" >> "$SCRATCH/runs.tsv"
  if [ "$status" != 0 ] || [ "$found" != 0 ]; then
    echo "fuzz.sh: $target FAILED (exit $status); log: $log; findings: $findings" >&2
    grep -E 'ERROR|Fatal error|fuzz: |SUMMARY' "$log" | head -5 >&2 || true
    FAILED+=("$target")
  fi
  if [ "$SMOKE" = 1 ]; then rm -rf "$corpus"; [ "$found" = 0 ] && rm -rf "$findings"; fi
done
if ((${#FAILED[@]})); then
  echo "fuzz.sh: findings in: ${FAILED[*]} (replay: GUIDE_FUZZ_TARGET=T $BIN FILE; minimise: add -minimize_crash=1 -runs=10000)" >&2
  exit 1
fi
