import GuideMerge
import GuideModel

/// Why `guide merge` wrote no draft: `split` would not give back a chapter from it.
public struct DraftError: Error, Sendable {
    /// The chapter (.en or .zh) that would not come back; .both when it is not known.
    public var side: InterleavedDraft.Side
    /// The first line of the chapter that would come back different.
    public var line: Int?
    public var message: String
}

/// Writes the draft of a pair: per bead, the English units then the Chinese ones (a unit
/// written once when both chapters have the same code, image, rule or HTML), each as its exact
/// bytes with the blank lines after it. A marker goes before a unit where the draft cannot show
/// it as it is (see `DraftMarker`); the draft is then read back, and any unit read wrong gets a
/// marker too, until `split` gives back both chapters byte for byte.
struct DraftWriter {
    typealias Side = InterleavedDraft.Side

    let english: String
    let chinese: String
    let source: ChapterCut
    let target: ChapterCut
    let beads: [Bead]
    let parse: (String) -> [Block]

    /// One unit of the draft.
    struct Entry {
        var side: Side
        var body: String
        /// Per chapter: the bytes after the unit, and before it (for a chapter's first unit).
        var tails: [Side: String] = [:]
        var befores: [Side: String] = [:]
        /// The chapters whose last unit this is.
        var lastOf: Set<Side> = []
        var block: Block?
        /// The line the draft adds to close a code or HTML block a chapter leaves open.
        var closer: String?
        /// The whole text of a chapter with no blocks (blank lines), written as a marker.
        var text: String?
        var needsMarker = false
    }

    func draft() throws -> String {
        var entries = try self.entries()
        var round = 0
        while true {
            let (draft, starts) = render(entries)
            let read = DraftReader.read(text: draft, blocks: parse(draft))
            if read.english == english && read.chinese == chinese { return draft }
            let unmarked = entries.indices.filter { entries[$0].text == nil && !entries[$0].needsMarker }
            // Units read from the wrong line or to the wrong side: a marker settles both. When
            // that does not find them (or takes long), every unit gets one; then there is no more to try.
            var failures = unmarked.filter { read.units[starts[$0]] != [entries[$0].side] }
            if failures.isEmpty || round >= 8 { failures = unmarked }
            if failures.isEmpty { throw mismatch(read) }
            for index in failures { entries[index].needsMarker = true }
            round += 1
        }
    }

    /// The units in draft order, with the markers they need before any reading back.
    func entries() throws -> [Entry] {
        var entries: [Entry] = []
        for (side, cut) in [(Side.en, source), (.zh, target)] where cut.units.isEmpty && !cut.lead.isEmpty {
            entries.append(Entry(side: side, body: "", text: cut.lead))
        }
        // Link reference definitions before a chapter's first block.
        for (side, cut) in [(Side.en, source), (.zh, target)] where cut.units.first.map({ $0.block == nil }) ?? false {
            entries.append(entry(side, cut, 0))
        }
        var written: [Side: Set<Int>] = [.en: [], .zh: []]
        func units(_ side: Side, _ cut: ChapterCut, _ blocks: [Int]) -> [Int] {
            var units: [Int] = []
            for unit in blocks.map({ cut.unitOfBlock[$0] }) where written[side]!.insert(unit).inserted { units.append(unit) }
            return units
        }
        for bead in beads {
            let english = units(.en, source, bead.source), chinese = units(.zh, target, bead.target)
            let shared = english.count == chinese.count && zip(english, chinese).allSatisfy { pair in
                let (one, other) = (source.units[pair.0], target.units[pair.1])
                return one.body == other.body && [one.block, other.block].allSatisfy { $0.map(InterleavedDraft.isShared) ?? false }
            }
            if shared {
                for (one, other) in zip(english, chinese) { entries.append(merged(entry(.en, source, one), entry(.zh, target, other))) }
            } else {
                entries += english.map { entry(.en, source, $0) } + chinese.map { entry(.zh, target, $0) }
            }
        }
        for index in entries.indices where !entries[index].lastOf.isEmpty {
            entries[index].closer = try closer(for: entries[index])
        }
        for index in entries.indices where entries[index].text == nil {
            entries[index].needsMarker = needsMarker(entries[index], after: index > 0 ? entries[index - 1] : nil)
        }
        return entries
    }

    private func entry(_ side: Side, _ cut: ChapterCut, _ unit: Int) -> Entry {
        let cutUnit = cut.units[unit]
        var entry = Entry(side: side, body: cutUnit.body, tails: [side: cutUnit.tail], block: cutUnit.block)
        if unit == 0, !cut.lead.isEmpty { entry.befores[side] = cut.lead }
        if unit == cut.units.count - 1 { entry.lastOf = [side] }
        return entry
    }

    private func merged(_ english: Entry, _ chinese: Entry) -> Entry {
        var entry = english
        entry.side = .both
        entry.tails.merge(chinese.tails) { one, _ in one }
        entry.befores.merge(chinese.befores) { one, _ in one }
        entry.lastOf.formUnion(chinese.lastOf)
        return entry
    }

    /// A marker where the script would not tell the side, and where a unit would run on into
    /// the one before it (two lists in a row are read as one list).
    private func needsMarker(_ entry: Entry, after previous: Entry?) -> Bool {
        guard let block = entry.block else { return true }
        if DraftMarker(block) != nil || DraftMarker.isHeader(block) { return true }
        if case .list = block.kind, case .list? = previous?.block?.kind { return true }
        if entry.side == .both { return false }
        return InterleavedDraft.pieces(of: block).contains { $0.1 != entry.side }
    }

    /// The draft and, per entry, the line its unit starts on.
    func render(_ entries: [Entry]) -> (String, [Int]) {
        var draft = DraftMarker.header + "\n\n"
        var offsets: [Int] = []
        for (index, entry) in entries.enumerated() {
            var marker = DraftMarker()
            if let text = entry.text {
                marker.lang = entry.side
                marker.text = text
                draft += marker.comment + "\n"
                offsets.append(draft.utf8.count)
                continue
            }
            let tail = writtenTail(entry, isLast: index == entries.count - 1)
            if entry.needsMarker { marker.lang = entry.side }
            marker.unclosed = entry.closer != nil
            marker.before = sided(entry.befores, for: entry)
            marker.after = sided(entry.tails.filter { side, value in
                value != (entry.lastOf.contains(side) ? LineEnds.throughFirst(tail) : tail)
            }, for: entry)
            if !marker.isEmpty { draft += marker.comment + "\n" }
            offsets.append(draft.utf8.count)
            draft += entry.body + (entry.closer.map { "\n" + $0 } ?? "") + tail
        }
        let lines = RawLines(draft)
        return (draft, offsets.map(lines.line(at:)))
    }

    /// The bytes after a unit in the draft: its chapter's when they end its last line and hold
    /// a blank line (so the next unit stands apart), else that line end twice.
    private func writtenTail(_ entry: Entry, isLast: Bool) -> String {
        let tails = [Side.en, .zh].compactMap { entry.tails[$0] }
        if isLast { return tails[0] }
        if let apart = tails.first(where: { LineEnds.count($0) >= 2 && endsWithLineEnd($0) }) { return apart }
        let lineEnd = LineEnds.throughFirst(tails[0])
        return String(repeating: lineEnd.isEmpty ? "\n" : lineEnd, count: 2)
    }

    private func endsWithLineEnd(_ text: String) -> Bool {
        text.utf8.last == .lineFeed || text.utf8.last == .carriageReturn
    }

    /// Values per chapter as a marker writes them: one key when every side of the unit has the same.
    private func sided(_ values: [Side: String], for entry: Entry) -> [Side: String] {
        let sides: [Side] = entry.side == .both ? [.en, .zh] : [entry.side]
        if let first = values[sides[0]], sides.allSatisfy({ values[$0] == first }) { return [.both: first] }
        return values
    }

    /// A chapter's last block may run to its end (a code fence or an HTML block never
    /// closed) and would take in what the draft puts after it: the line that closes it.
    private func closer(for entry: Entry) throws -> String? {
        guard isOpen(entry.body) else { return nil }
        var candidates = ["--> ?> ]]> </pre></script></style></textarea>"]
        let firstLine = entry.body.prefix { $0 != "\n" && $0 != "\r" }.drop { $0 == " " }
        if let fence = firstLine.first, fence == "`" || fence == "~" {
            candidates.insert(String(firstLine.prefix { $0 == fence }), at: 0)
        }
        if let closer = candidates.first(where: { !isOpen(entry.body + "\n" + $0) }) { return closer }
        throw DraftError(side: entry.side, line: nil,
                         message: "the chapter ends inside a block that a draft cannot close")
    }

    /// Whether a block takes in a marker after a blank line.
    private func isOpen(_ body: String) -> Bool {
        let probeLine = LineEnds.count(body) + 3
        return !parse(body + "\n\n" + DraftMarker.header + "\n").contains { $0.lines.start == probeLine }
    }

    private func mismatch(_ read: DraftReader.Result) -> DraftError {
        for (side, wanted, got) in [(Side.en, english, read.english), (.zh, chinese, read.chinese)] where wanted != got {
            let common = zip(wanted.utf8, got.utf8).prefix { $0 == $1 }.count
            let line = RawLines(String(decoding: wanted.utf8.prefix(common), as: UTF8.self)).count
            return DraftError(side: side, line: line,
                              message: "guide cannot write a draft that gives this chapter back exactly (split would change it here)")
        }
        return DraftError(side: .both, line: nil, message: "guide cannot write a draft of these chapters")
    }
}
