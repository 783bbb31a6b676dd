import GuideMerge
import GuideModel

/// A chapter pair as catalog messages (`guide export po`), and where each message's Chinese is
/// in the chapter (`guide import po` writes it back there).
///
/// Each aligned pair is one message: `msgid` the English blocks' markdown, `msgstr` the Chinese
/// blocks' (n:m pairs joined as they stand in the file, blank lines and all), both cut from the
/// files' exact bytes (`ChapterCut`), so an unedited catalog gives back the same bytes. A pair
/// of code, raw HTML or rules that is the same in both languages is no message; nor is a
/// Chinese-only block (it stays in the chapter; the next message's comments quote it). A pair
/// with no Chinese is an untranslated message, whose translation goes after the Chinese of the
/// pair before it.
public struct ChapterMessages: Sendable {
    public struct Message: Sendable {
        public var po: POMessage
        /// Every status of the message's pair (`BeadReview.statuses`).
        public var statuses: [BeadStatus]
        /// The message's pair: its index in the review's beads.
        public var bead: Int
        /// The Chinese units (`ChapterCut.units`) the message's `msgstr` is made of; nil: none yet.
        var targetUnits: ClosedRange<Int>?
        /// For a message with no Chinese: the unit its translation goes after (-1: before the first).
        var insertAfter: Int
    }

    public private(set) var messages: [Message] = []
    /// The English file as the references name it (`en/x.md`).
    public let sourceFile: String
    /// The English chapter (its files, for `reference`).
    public let sourceChapter: Chapter
    /// The Chinese chapter (its files, for `reference`).
    public let targetChapter: Chapter
    /// The Chinese file as the references name it (`zh/x.md`).
    public let targetFile: String
    let target: ChapterCut
    /// The Chinese file's line end (its first one; a line feed for a file of one line).
    let lineEnd: String

    /// `review`'s beads over the files' exact text (as read, a byte order mark kept); references
    /// name the files as `sourceFile` and `targetFile` (paths in the content folder).
    /// `file:line` of a chapter's line, in the file that holds it: a chapter kept in several files
    /// (a GitBook's sections) counts its lines on from one to the next (`ChapterPart`).
    public static func reference(_ chapter: Chapter, file: String, line: Int) -> String {
        guard let parts = chapter.listedParts, parts.count > 1, let part = parts.last(where: { $0.firstLine <= line }) else {
            return "\(file):\(line)"
        }
        return "\(part.within):\(line - part.firstLine + 1)"
    }

    public init(review: ChapterReview, english: String, chinese: String, sourceFile: String, targetFile: String) {
        self.sourceFile = sourceFile
        sourceChapter = review.source
        targetChapter = review.target
        self.targetFile = targetFile
        let source = ChapterCut(text: english, blocks: review.source.blocks)
        target = ChapterCut(text: chinese, blocks: review.target.blocks)
        lineEnd = chinese.unicodeScalars.firstIndex { $0 == "\r" || $0 == "\n" }.map { index in
            chinese.unicodeScalars[index] == "\r" && chinese.unicodeScalars[chinese.unicodeScalars.index(after: index)...].first == "\n"
                ? "\r\n" : String(chinese.unicodeScalars[index])
        } ?? "\n"
        var seen: [String: Int] = [:]
        var lastTargetUnit = -1
        var extras: [String] = []
        for (beadIndex, reviewed) in review.beads.enumerated() {
            let bead = reviewed.bead
            let sourceUnits = Self.units(bead.source, in: source)
            let targetUnits = Self.units(bead.target, in: target)
            defer { if let targetUnits { lastTargetUnit = max(lastTargetUnit, targetUnits.upperBound) } }
            guard let sourceUnits else {
                if let targetUnits { extras.append(Self.excerpt(Self.text(of: targetUnits, in: target))) }
                continue
            }
            // Units shared with the pair before (a block cmark starts on the line another ends) stay as they are.
            if let targetUnits, targetUnits.lowerBound <= lastTargetUnit { continue }
            let id = Self.text(of: sourceUnits, in: source)
            let translation = targetUnits.map { Self.text(of: $0, in: target) } ?? ""
            let blocks = bead.source.map { review.source.blocks[$0] } + bead.target.map { review.target.blocks[$0] }
            if id == translation, blocks.allSatisfy(Self.isSameInEveryLanguage) { continue }

            seen[id, default: 0] += 1
            var references = [Self.reference(review.source, file: sourceFile, line: review.source.blocks[bead.source[0]].lines.start)]
            if let first = bead.target.first {
                references.append(Self.reference(review.target, file: targetFile, line: review.target.blocks[first].lines.start))
            }
            var comments = extras.map { "Chinese only, kept in the chapter before this: \($0)" }
            extras = []
            comments += reviewed.review.findings.filter { Self.commented.contains($0.status) }.map { "\($0.status.name): \($0.message)" }
            var po = POMessage(id: id, translation: translation, context: seen[id]! > 1 ? "\(seen[id]!)" : nil,
                               references: references, flags: reviewed.status == .stale ? ["fuzzy"] : [],
                               extractedComments: comments)
            po.previousID = reviewed.history.flatMap { Self.previousID(bead.source, then: $0.earlier, in: source, now: id) }
            messages.append(Message(
                po: po,
                statuses: reviewed.review.statuses, bead: beadIndex, targetUnits: targetUnits, insertAfter: lastTargetUnit))
        }
        if !extras.isEmpty, !messages.isEmpty {
            messages[messages.count - 1].po.extractedComments += extras.map { "Chinese only, kept in the chapter after this: \($0)" }
        }
    }

    /// The English the translation was made for, as gettext's `#| msgid`: each changed block as
    /// it was then (`StaleFromHistory.Evidence.earlier`), the others as they are, apart by a blank
    /// line. Nil when no block has an earlier text (all new) or it reads as the English now.
    static func previousID(_ blocks: [Int], then earlier: [Int: String], in cut: ChapterCut, now: String) -> String? {
        guard blocks.contains(where: { earlier[$0] != nil }) else { return nil }
        var pieces: [String] = [], units = Set<Int>()
        for block in blocks {
            if let then = earlier[block] { pieces.append(then); continue }
            let unit = cut.unitOfBlock[block]
            if units.insert(unit).inserted { pieces.append(text(of: unit...unit, in: cut)) }
        }
        let previous = pieces.joined(separator: "\n\n")
        return previous == now ? nil : previous
    }

    /// The findings a translator is told of in a message's comments.
    static let commented: Set<BeadStatus> = [.stale, .doubt, .englishLeft, .codeDrift, .glossary]

    /// Code, raw HTML and rules: a pair of these that is the same in both languages is no message.
    static func isSameInEveryLanguage(_ block: Block) -> Bool {
        switch block.kind {
        case .code, .html, .thematicBreak: return true
        default: return false
        }
    }

    /// The units that hold `blocks` (consecutive indexes), nil for none.
    static func units(_ blocks: [Int], in cut: ChapterCut) -> ClosedRange<Int>? {
        guard let first = blocks.first, let last = blocks.last else { return nil }
        return cut.unitOfBlock[first]...cut.unitOfBlock[last]
    }

    /// The units' exact text, from the first one's first line to the last one's last non-blank line.
    static func text(of units: ClosedRange<Int>, in cut: ChapterCut) -> String {
        var out = ""
        for index in units {
            out += cut.units[index].body
            if index < units.upperBound { out += cut.units[index].tail }
        }
        return out
    }

    static func excerpt(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 60 ? String(line.prefix(60)) + "…" : line
    }
}
