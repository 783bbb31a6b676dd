"""Edits the English of a reviewed book as a maintainer would, for scripts/bench-stale.sh.

    python3 stale_edits.py REVIEW.json CONTENT SEED COUNT

From the review of the untouched book (guide review --format json), picks COUNT translated
prose paragraphs of the English for each kind of edit: a word replaced (the pair must turn
stale), the paragraph re-wrapped at another width (it must not), a paragraph added after it
(missing). The Chinese is not touched, so each pair is named by its Chinese file and line.
Prints the expected outcome as JSON: {"reworded": [[file, line]...], "reflowed": [...]}.
"""

import json
import random
import sys
import textwrap

review, content, seed, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)
chapters = json.load(open(review))["chapters"]


def prose(lines):
    first = lines[0]
    return not (first.startswith(("#", "```", "~~~", "-", "*", "+", ">", "|", "<", "    ", "!", "["))
                or first[:1].isdigit()) and len(" ".join(lines).split()) >= 8


candidates = []
for chapter in chapters:
    for bead in chapter["beads"]:
        if bead["status"] != "translated" or not bead["source"] or not bead["target"]:
            continue
        source, target = bead["source"], bead["target"]
        path = source["file"]
        text = open(path, encoding="utf-8").read().split("\n")
        lines = text[source["start"] - 1:source["end"]]
        if lines and prose(lines):
            candidates.append((path, source["start"], source["end"], (target["file"], target["start"])))

picked = rng.sample(candidates, 3 * count)
kinds = {"reworded": picked[:count], "reflowed": picked[count:2 * count], "added": picked[2 * count:]}
edits = {}   # file -> [(start, end, kind)]
for kind, pairs in kinds.items():
    for path, start, end, _ in pairs:
        edits.setdefault(path, []).append((start, end, kind))
for path, spans in edits.items():
    text = open(path, encoding="utf-8").read().split("\n")
    for start, end, kind in sorted(spans, reverse=True):   # from the bottom: earlier lines stay put
        lines = text[start - 1:end]
        if kind == "reworded":
            words = " ".join(lines).split(" ")
            at = max(range(len(words)), key=lambda i: (words[i].isalpha() and len(words[i]) >= 4, -abs(i - len(words) // 2)))
            words[at] = "revised"
            new = [" ".join(words)] if len(lines) == 1 else textwrap.wrap(" ".join(words), max(20, max(map(len, lines))))
        elif kind == "reflowed":
            new = textwrap.wrap(" ".join(l.strip() for l in lines), 47, break_long_words=False, break_on_hyphens=False)
        else:
            new = lines + ["", "An added paragraph that no translation has yet, number %d." % start]
        text[start - 1:end] = new
    open(path, "w", encoding="utf-8").write("\n".join(text))
json.dump({kind: [pair[3] for pair in pairs] for kind, pairs in kinds.items()}, sys.stdout)
