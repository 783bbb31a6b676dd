#!/usr/bin/env bash
# Compares guide's spacing checks (`guide fix-spacing --check`) with autocorrect-py, the
# widely used CJK copywriting linter, on the same Chinese chapters: the seed chapter and,
# when present, ../shared/corpus/objc-zen-book/zh/. Prints per set how many spacing
# findings each reports, how many agree (same line and column), a sample of the
# disagreements, and how many of ours fall inside code (must be 0).
#
#   scripts/compare-autocorrect.sh [--sample N] [extra .md files or folders…]
#
# autocorrect-py is not a dependency of guide: `pip install autocorrect-py` to run this.
set -euo pipefail
cd "$(dirname "$0")/.."

SAMPLE=8
if [[ "${1:-}" == "--sample" ]]; then SAMPLE=$2; shift 2; fi

if ! python3 -c "import autocorrect_py" 2>/dev/null; then
  echo "autocorrect-py is not installed: pip install autocorrect-py" >&2
  exit 2
fi

GUIDE=${GUIDE:-}
if [[ -z "$GUIDE" ]]; then
  swift build --scratch-path "${SCRATCH:-.build}" >&2
  GUIDE="$(swift build --scratch-path "${SCRATCH:-.build}" --show-bin-path)/guide"
fi

SETS=("seed:content/zh/inter-object-communication.md")
CORPUS=../shared/corpus/objc-zen-book/zh
if [[ -d "$CORPUS" ]]; then
  SETS+=("corpus:$CORPUS")
else
  echo "($CORPUS not found: corpus skipped)"
fi
for extra in "$@"; do SETS+=("extra:$extra"); done

python3 - "$GUIDE" "$SAMPLE" "${SETS[@]}" <<'PY'
import difflib, os, re, subprocess, sys
import autocorrect_py

guide, sample = sys.argv[1], int(sys.argv[2])
sets = [a.split(":", 1) for a in sys.argv[3:]]
SPACES = {" ", "\t", "\u3000"}
OURS = re.compile(r"^(.*?):(\d+):(\d+): error: typography: ([a-z-]+): (.*)$")

def files_of(path):
    if os.path.isfile(path):
        return [path]
    found = []
    for root, _, names in os.walk(path):
        found += [os.path.join(root, n) for n in names if n.endswith(".md") and n != "SUMMARY.md"]
    return sorted(found)

def ours(path):
    out = subprocess.run([guide, "fix-spacing", "--check", path], capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"guide failed on {path}: {out.stderr}")
    spacing, other = {}, {}
    for line in out.stdout.splitlines():
        m = OURS.match(line)
        if m:
            key = (int(m.group(2)), int(m.group(3)))
            (spacing if m.group(4).startswith("space-") else other)[key] = f"{m.group(4)}: {m.group(5)}"
    return spacing, other

def theirs(path, text):
    spacing, other = {}, {}
    lines = text.split("\n")
    for r in autocorrect_py.lint_for(text, path).lines:
        if str(r.severity) != "Severity.Error":
            continue   # warnings are spellcheck
        start = node_column(lines[r.line - 1], r.old.split("\n")[0], r.col)
        ops = difflib.SequenceMatcher(None, r.old, r.new, autojunk=False).get_opcodes()
        for tag, i1, i2, j1, j2 in ops:
            if tag == "equal":
                continue
            gone, added = r.old[i1:i2], r.new[j1:j2]
            # autocorrect's column is where its text node starts; a node holds one line.
            line = r.line + r.old[:i1].count("\n")
            col = (start if line == r.line else 1) + len(r.old[:i1].split("\n")[-1])
            is_space = set(gone + added) <= SPACES
            desc = f"“{context(r.old, i1, i2)}” → “{context(r.new, j1, j2)}”"
            (spacing if is_space else other)[(line, col)] = desc
    return spacing, other

def node_column(line, first, col):
    """autocorrect reports a text node's column 1-based for the first node of a line and one
    less for the nodes after it: find where the node's text really starts."""
    for candidate in (col, col + 1, col - 1):
        if candidate >= 1 and line[candidate - 1:].startswith(first):
            return candidate
    found = line.find(first)
    return found + 1 if found >= 0 else col

def context(s, i, j, n=5):
    return s[max(0, i - n):j + n].replace("\n", "⏎")

def in_code(lines, line, col):
    """Independent of guide: is (line, col) inside a fenced block or a `code span`?"""
    fence = None
    for number, text in enumerate(lines[:line], 1):
        stripped = text.lstrip()
        if fence is None and (stripped.startswith("```") or stripped.startswith("~~~")):
            fence = stripped[:3]
            if number == line: return True
            continue
        if fence is not None:
            if number == line: return True
            # A closing fence is the fence alone (no info string), as CommonMark says.
            if stripped.rstrip() and set(stripped.rstrip()) == {fence[0]} and len(stripped.rstrip()) >= 3: fence = None
    text = lines[line - 1]
    spans = [m.span() for m in re.finditer(r"(`+)(?:(?!\1).)+?\1", text)]
    return any(a < col - 1 < b - 1 for a, b in spans)

for name, path in sets:
    files = files_of(path)
    totals = dict(ours=0, theirs=0, both=0, ours_other=0, theirs_other=0, both_other=0, code=0)
    only_theirs, only_ours = [], []
    for f in files:
        text = open(f, encoding="utf-8").read()
        lines = text.split("\n")
        o, o_other = ours(f)
        t, t_other = theirs(f, text)
        totals["ours"] += len(o); totals["theirs"] += len(t); totals["both"] += len(o.keys() & t.keys())
        totals["ours_other"] += len(o_other); totals["theirs_other"] += len(t_other)
        totals["both_other"] += len(o_other.keys() & t_other.keys())
        totals["code"] += sum(in_code(lines, l, c) for l, c in list(o) + list(o_other))
        only_theirs += [(f, k, t[k]) for k in sorted(t.keys() - o.keys())]
        only_ours += [(f, k, o[k]) for k in sorted(o.keys() - t.keys())]
    print(f"== {name}: {len(files)} files ({path})")
    print(f"spacing findings: autocorrect {totals['theirs']}, guide {totals['ours']}, "
          f"agree {totals['both']}, autocorrect only {totals['theirs'] - totals['both']}, "
          f"guide only {totals['ours'] - totals['both']}")
    print(f"other findings (punctuation, full-width letters): autocorrect {totals['theirs_other']}, "
          f"guide {totals['ours_other']}, agree {totals['both_other']}")
    print(f"guide findings inside code: {totals['code']}")
    for title, rows in (("autocorrect only", only_theirs), ("guide only", only_ours)):
        if rows:
            print(f"-- sample of {title} ({len(rows)}):")
            for f, (l, c), desc in rows[:sample]:
                print(f"   {f}:{l}:{c}: {desc}")
PY
