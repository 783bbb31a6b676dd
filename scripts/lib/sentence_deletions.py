"""Deletes one Chinese sentence from each of COUNT multi-sentence paragraphs of the whole book
(spread over the copies of it that make_pairs.sh lays out, each copy's deletions in other
paragraphs), runs `guide review --format json` once, and counts the deletions it reports as
sentence-missing at the right pair: the pair whose Chinese holds the paragraph.

A paragraph here is a run of text lines outside code fences that is not a heading, list, quote,
table or HTML; its sentences are cut as the issue defines them and guide cuts them
(`cut_sentences`: at 。！？ with the closing quotes and brackets after it, not inside brackets
that close later, not before a comma-like mark). A sentence that
renders no English (no letters, wholly a translator's note, or wholly in brackets:
`renders_nothing`) is never deleted: nothing would be missing; another of its paragraph is. This
edits the book's text to make test cases; guide itself reads the markdown through cmark."""
import json, os, random, re, subprocess, sys
from pathlib import Path

STOPS, CLOSERS, COMMAS = '。！？', '」』”’）)】]', '，、；：,;'
OPEN, CLOSE = '(（[【', ')）]】'


class Span:
    """A sentence of a paragraph's text, read like a regular expression's match."""
    def __init__(self, text, start, end):
        self.text, self._start, self._end = text, start, end

    def start(self):
        return self._start

    def end(self):
        return self._end

    def group(self, _=0):
        return self.text[self._start:self._end]


def bracket_pairs(text):
    """Each opening bracket that closes later in the text, by its index: the index of its match."""
    pairs, stack = {}, []
    for index, c in enumerate(text):
        if c in OPEN:
            stack.append(index)
        elif c in CLOSE and stack:
            pairs[stack.pop()] = index
    return pairs


def cut_sentences(text):
    """The sentences of a paragraph's text as the issue cuts them (and guide's cutter does): each
    ends at 。！？ with the stops and closing quotes and brackets right after it, but not inside
    brackets that close later in the paragraph, unless the stop is the bracket's last mark
    (`（见上。）然后`), nor before a comma-like mark (`“对吗？”，`). Text after the last stop is
    no sentence (as the pattern this replaced left it)."""
    closed = bracket_pairs(text)
    spans, start, open_ = [], 0, 0
    index = 0
    while index < len(text):
        c = text[index]
        if c in OPEN and index in closed:
            open_ += 1
        elif c in CLOSE and open_:
            open_ -= 1
        elif c in STOPS:
            end, closing = index + 1, 0
            while end < len(text) and (text[end] in STOPS or text[end] in CLOSERS):
                closing += text[end] in CLOSE
                end += 1
            if open_ <= closing and not (end < len(text) and text[end] in COMMAS):
                spans.append(Span(text, start, end))
                open_ -= min(open_, closing)
                start = index = end
                continue
        index += 1
    return spans

SKIP = ('#', '*', '-', '+', '>', '|', '<', '![', '```', '~~~', '    ')

def paragraphs(lines):
    """(first line index, last line index) of each plain paragraph with two sentences or more."""
    found, fence, start = [], False, None
    for index, line in enumerate(lines + ['']):
        stripped = line.strip()
        if stripped.startswith('```') or stripped.startswith('~~~'):
            fence = not fence
        plain = not fence and stripped and not line.startswith(SKIP) and not re.match(r'\d+[.)] ', line)
        if plain and start is None:
            start = index
        if not plain and start is not None:
            text = ''.join(lines[start:index])
            if len(cut_sentences(text)) >= 2:
                found.append((start, index - 1))
            start = None
    return found

NOTE = re.compile(r'\s*(译者注|译注|注\s*[:：])')

def notes(text):
    """The spans of text that are a translator's note: from a bracket opened by 译者注, 译注 or
    注： to its match (or the end), and from such a mark opening a sentence to its end."""
    spans, pairs = [], bracket_pairs(text)
    for index, c in enumerate(text):
        if c in OPEN and NOTE.match(text, index + 1):
            spans.append((index, pairs[index] + 1 if index in pairs else len(text)))
    for m in cut_sentences(text):
        if NOTE.match(text, m.start()):
            spans.append((m.start(), m.end()))
    return spans

def renders_nothing(text, match):
    """Whether the sentence renders no English: it has no letters, every letter of it is in a
    translator's note, or it is wholly in one pair of brackets (an aside)."""
    spans = notes(text)
    letters = [i for i in range(match.start(), match.end()) if text[i].isalnum()]
    if not letters or all(any(a <= i < b for a, b in spans) for i in letters):
        return True
    body = match.group(0).strip().rstrip('。！？')
    return bool(body) and body[0] in OPEN and bracket_pairs(body).get(0) == len(body) - 1

def default_dictionary():
    """What guide reads with nothing configured (`UserData` in Sources/GuidePipeline/DefaultDictionary.swift)."""
    data = os.environ.get('XDG_DATA_HOME', '')
    folder = data + '/guide' if data.startswith('/') else os.path.expanduser('~/.local/share/guide')
    cedict = os.path.join(folder, 'cedict_1_0_ts_utf-8_mdbg.txt')
    return f"CC-CEDICT at {cedict} (scripts/setup.sh)" if os.path.isfile(cedict) else "no dictionary (scripts/setup.sh installs CC-CEDICT)"


def main(content, guide, count, seed):
    chapters = sorted(p for p in (content / 'zh').glob('c*.md'))
    random.seed(seed)
    candidates = [(path, para) for path in chapters for para in paragraphs(path.read_text(encoding='utf-8').split('\n'))]
    chosen = random.sample(candidates, min(count, len(candidates)))
    deletions = []
    for path in sorted({p for p, _ in chosen}):
        lines = path.read_text(encoding='utf-8').split('\n')
        # From the end, so earlier line numbers stay where they are (a deletion keeps the line count).
        for _, (first, last) in sorted(((p, para) for p, para in chosen if p == path), key=lambda c: -c[1][0]):
            text = '\n'.join(lines[first:last + 1])
            matches = cut_sentences(text)
            sentences = [m.group(0) for m in matches]
            victim = random.choice(sentences)
            if renders_nothing(text, matches[sentences.index(victim)]):
                # A translator's note or an aside renders no English: deleting it leaves nothing
                # missing. Another sentence of the paragraph instead, picked by a generator of its
                # own (so that the other deletions stay where they were).
                others = [m.group(0) for m in matches if not renders_nothing(text, m)]
                if others:
                    victim = random.Random(f'{seed}:{path.name}:{first}').choice(others)
            at = text.index(victim)
            kept = text[:at] + text[at + len(victim):]
            # The same number of lines: a sentence that ended a line leaves that line shorter or empty of text.
            new = kept.split('\n')
            new += [''] * (last - first + 1 - len(new))
            if not ''.join(new).strip():
                continue
            lines[first:last + 1] = [l if l.strip() else '　' if i < len(new) - 1 and any(x.strip() for x in new[i + 1:]) else l
                                     for i, l in enumerate(new)]
            deletions.append({'file': 'zh/' + path.name, 'line': first + 1, 'sentence': victim.strip()})
        path.write_text('\n'.join(lines), encoding='utf-8')

    dictionary = ['--dictionary', os.environ['DICTIONARY']] if os.environ.get('DICTIONARY') else []
    review = subprocess.run([guide, 'review', '--no-check', '--format', 'json', '--content', str(content)] + dictionary,
                            capture_output=True, text=True)
    document = json.loads(review.stdout)
    beads = {}
    for chapter in document['chapters']:
        for bead in chapter['beads']:
            target = bead.get('target')
            if target:
                beads.setdefault(target['file'].split('/content/')[-1].replace('content/', ''), []).append(bead)
    hits, misses = 0, []
    for deletion in deletions:
        pair = next((b for b in beads.get(deletion['file'], [])
                     if b['target']['start'] <= deletion['line'] <= b['target']['end']), None)
        if pair and 'sentence-missing' in pair['statuses']:
            hits += 1
        else:
            misses.append((deletion, pair['statuses'] if pair else None))
    for deletion, statuses in misses:
        print(f"  missed: {deletion['file']}:{deletion['line']} {statuses} “{deletion['sentence'][:40]}”")
    total_found = sum(1 for c in document['chapters'] for b in c['beads'] if 'sentence-missing' in b['statuses'])
    reviewed = (f"dictionary {os.path.basename(os.environ['DICTIONARY'])}" if os.environ['DICTIONARY'] != 'none'
                else "no dictionary") if dictionary else f"nothing configured: {default_dictionary()}"
    print(f"{hits} of {len(deletions)} deleted sentences reported as sentence-missing at their pair "
          f"({total_found} pairs with sentence-missing in all; {reviewed})")
    sys.exit(0 if hits >= 0.9 * len(deletions) else 1)


if __name__ == '__main__':
    main(Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
