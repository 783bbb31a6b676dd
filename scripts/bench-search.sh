#!/usr/bin/env bash
# Search at scale: builds the index of a synthetic book (5,000 pages by default, half English,
# half Chinese, made of the guide's own paragraphs) through the Swift test SearchBenchTests,
# prints its size and how fast it was built (MB of text a second, on all cores), then times
# queries on it with node, shards loaded as the browser would.
#   PAGES=5000 CONFIG=release SCRATCH=.build scripts/bench-search.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PAGES="${PAGES:-5000}"
CONFIG="${CONFIG:-release}"
SCRATCH="${SCRATCH:-.build}"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

# -enable-testing: the test target uses @testable imports, which a release build does not allow by default.
swift build -c "$CONFIG" --build-tests -Xswiftc -enable-testing --scratch-path "$SCRATCH" >/dev/null
GUIDE_BENCH_SEARCH_OUT="$OUT" GUIDE_BENCH_SEARCH_PAGES="$PAGES" \
  swift test -c "$CONFIG" --skip-build --scratch-path "$SCRATCH" --filter SearchBenchTests 2>&1 | grep -E '^(book|index)' |
  awk -v cores="$(nproc 2>/dev/null || echo '?')" '{ print }
    /^book/ { for (i = 1; i < NF; i++) if ($(i + 1) == "MB" && $(i + 2) == "of") megabytes = $i }
    /^index built in/ { if ($4 > 0) printf "index speed: %.0f MB of text a second (%s cores)\n", megabytes / $4, cores }'
cp templates/search.js "$OUT/"

cd "$OUT"
node - <<'JS'
const fs = require("fs"), vm = require("vm"), path = require("path");
const api = require(path.resolve("search.js"));
const now = () => Number(process.hrtime.bigint()) / 1e6;

let t = now();
vm.runInThisContext(fs.readFileSync("search/index.js", "utf8"));
const manifest = globalThis.guideSearchIndex;
console.log(`manifest: ${(fs.statSync("search/index.js").size / 1024).toFixed(0)} KB, loaded in ${(now() - t).toFixed(1)} ms`);

function searcher(loaded) {
  return new api.Searcher(manifest, (name) => {
    const file = `search/${name}.js`;
    loaded.bytes += fs.statSync(file).size;
    loaded.files += 1;
    vm.runInThisContext(fs.readFileSync(file, "utf8"));
    return globalThis.guideSearchShards[name];
  });
}

const queries = [
  ["代码", "zh"], ["委托", "zh"], ["引用", "zh"], ["循环引用", "zh"], ["块", "zh"],
  ["delegate", "en"], ["notification", "en"], ["deleg", "en"], ["weak self", "en"], ["the", "en"], ["zzzz", "en"],
];
console.log("query          sections  chapters  cold ms  warm ms  loaded (files, KB)");
const median = (a) => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)];
(async () => {
  const coldTimes = [], warmTimes = [];
  for (const [query, lang] of queries) {
    // Cold: a new page; the query loads (reads and parses) the shards it needs.
    const loaded = { bytes: 0, files: 0 };
    const s = searcher(loaded);
    let start = now();
    const result = await s.search(query, lang);
    const cold = now() - start;
    const loadedCold = { ...loaded };
    // Warm: the same query again, its shards in memory (as while the reader types on).
    const runs = 20;
    start = now();
    for (let i = 0; i < runs; i++) await s.search(query, lang);
    const warm = (now() - start) / runs;
    coldTimes.push(cold);
    warmTimes.push(warm);
    console.log(`${query.padEnd(14)} ${String(result.total).padStart(8)}  ${String(result.groups.length).padStart(8)}  ` +
      `${cold.toFixed(1).padStart(7)}  ${warm.toFixed(1).padStart(7)}  ${loadedCold.files} files, ${(loadedCold.bytes / 1024).toFixed(0)} KB`);
  }
  console.log(`median: cold ${median(coldTimes).toFixed(1)} ms, warm ${median(warmTimes).toFixed(1)} ms`);
})();
JS
