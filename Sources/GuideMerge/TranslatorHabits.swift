import Foundation
import GuideModel

/// Ordinary translators' habits that the block search, which pairs runs of prose in order,
/// cannot take for one pair: it leaves them as a missing block beside an extra one. Found
/// after the search, each is regrouped into one bead of the consecutive beads it spans (so the
/// beads stay in order and cover every block once):
///
/// - a picture placed a paragraph earlier or later (`movedImages`);
/// - an English quotation kept, its Chinese after or before it (`keptQuotations`);
/// - two paragraphs merged into one around a code block (`mergedAroundCode`), or with the code
///   made a code span of the paragraph (`codeInlined`);
/// - a list split around a translator's note or a quotation (`listsSplitAroundAsides`);
/// - a code fence lost in the Chinese, which puts prose in code or code in prose from there on
///   (`lostFences`; `LostFence` says what the review reports of it).
///
/// Pure: the same beads and blocks always regroup alike.
enum TranslatorHabits {
    static func regroup(_ beads: [Bead], source: [Block], target: [Block]) -> [Bead] {
        var beads = beads
        beads = lostFences(beads, source: source, target: target)
        beads = movedImages(beads, source: source, target: target)
        beads = keptQuotations(beads, source: source, target: target)
        beads = mergedAroundCode(beads, source: source, target: target)
        beads = codeInlined(beads, source: source, target: target)
        beads = listsSplitAroundAsides(beads, source: source, target: target)
        return beads
    }

    /// The beads with each of `groups` (ranges of consecutive bead indexes, in order, not
    /// overlapping) joined into one.
    static func joined(_ beads: [Bead], _ groups: [ClosedRange<Int>]) -> [Bead] {
        guard !groups.isEmpty else { return beads }
        var out: [Bead] = [], next = 0
        for group in groups {
            out += beads[next..<group.lowerBound]
            out.append(Bead(source: beads[group].flatMap(\.source), target: beads[group].flatMap(\.target)))
            next = group.upperBound + 1
        }
        return out + beads[next...]
    }

    // MARK: Moved pictures

    /// A picture on one side of a bead that its other side does not show, and the same picture
    /// on the other side of a bead at most three further on, that side lacking it too: the
    /// translator put it a paragraph (and its heading) earlier or later (the search left it alone on each side,
    /// or paired each copy with the paragraph it swapped places with).
    static func movedImages(_ beads: [Bead], source: [Block], target: [Block]) -> [Bead] {
        let unmatched = beads.map { unmatchedImages($0, source: source, target: target) }
        var groups: [ClosedRange<Int>] = []
        var index = 0
        while index < beads.count {
            defer { index += 1 }
            let here = unmatched[index]
            guard !here.english.isEmpty || !here.chinese.isEmpty else { continue }
            let partner = (index + 1..<min(index + 4, beads.count)).first { other in
                !here.english.isDisjoint(with: unmatched[other].chinese) || !here.chinese.isDisjoint(with: unmatched[other].english)
            }
            if let partner {
                groups.append(index...partner)
                index = partner
            }
        }
        return joined(beads, groups)
    }

    /// The pictures (by file name) each side of the bead shows that its other side does not.
    static func unmatchedImages(_ bead: Bead, source: [Block], target: [Block]) -> (english: Set<String>, chinese: Set<String>) {
        func pictures(_ indexes: [Int], _ blocks: [Block]) -> Set<String> {
            Set(indexes.flatMap { index in
                (blocks[index].inline.images + (blocks[index].kind == .html ? htmlImages(blocks[index].source) : []))
                    .map(BlockSignature.normalizedURL)
            })
        }
        let english = pictures(bead.source, source), chinese = pictures(bead.target, target)
        return (english.subtracting(chinese), chinese.subtracting(english))
    }

    /// The `src` of each `<img>` in raw HTML (`<p align="center"><img src="images/x.png"></p>`,
    /// as READMEs centre their pictures).
    static func htmlImages(_ html: String) -> [String] {
        var found: [String] = []
        var rest = Substring(html)
        while let tag = rest.range(of: "<img", options: .caseInsensitive) {
            rest = rest[tag.upperBound...]
            let end = rest.firstIndex(of: ">") ?? rest.endIndex
            let attributes = rest[..<end]
            if let src = attributes.range(of: "src=", options: .caseInsensitive) {
                var value = attributes[src.upperBound...]
                let quote = value.first == "\"" || value.first == "'" ? value.first : nil
                if quote != nil { value = value.dropFirst() }
                let stop = value.firstIndex { $0 == quote || (quote == nil && $0 == " ") } ?? value.endIndex
                if stop > value.startIndex { found.append(String(value[..<stop])) }
            }
            rest = rest[end...]
        }
        return found
    }

    // MARK: Kept quotations

    /// A block of the Chinese that is its English kept as it is (a quotation), beside the
    /// Chinese that translates it: the aligner pairs one with the English and leaves the other
    /// extra. One bead of the pair and the extra block.
    static func keptQuotations(_ beads: [Bead], source: [Block], target: [Block]) -> [Bead] {
        var groups: [ClosedRange<Int>] = []
        for index in beads.indices where beads[index].source.isEmpty && beads[index].target.count == 1 {
            if let last = groups.last, last.contains(index) || last.contains(index - 1) { continue }
            let extra = target[beads[index].target[0]]
            for pair in [index - 1, index + 1] where pair >= 0 && pair < beads.count {
                let bead = beads[pair]
                guard !bead.source.isEmpty, !bead.target.isEmpty else { continue }
                let english = bead.source.map { source[$0] }
                // The copy and its translation: blocks of one kind, of about one length.
                func translates(_ chinese: Block, _ copy: Block) -> Bool {
                    guard hasChinese(chinese), chinese.kind.name == copy.kind.name, isProse(chinese) else { return false }
                    let ratio = length(chinese) / max(1, length(copy))
                    return ratio > 0.3 && ratio < 3
                }
                let keptIsExtra = isKeptCopy(extra, of: english) && bead.target.contains { translates(target[$0], extra) }
                let keptIsPaired = bead.target.count == 1 && isKeptCopy(target[bead.target[0]], of: english)
                    && translates(extra, target[bead.target[0]])
                if keptIsExtra || keptIsPaired {
                    groups.append(min(pair, index)...max(pair, index))
                    break
                }
            }
        }
        return joined(beads, groups)
    }

    /// The block is English the translator kept from `english`: no Chinese, at least three
    /// words, one of them a function word, and four in five of its words are the English's.
    static func isKeptCopy(_ block: Block, of english: [Block]) -> Bool {
        guard block.codeLiteral == nil else { return false }
        let words = latinWords(block.text)
        // English prose (a function word or more), not a list of links or names.
        guard words.count >= 3, !hasChinese(block), EnglishProse.functionWordCount(words) >= 1 else { return false }
        let theirs = Set(english.flatMap { latinWords($0.text) })
        return words.filter(theirs.contains).count * 5 >= words.count * 4
    }

    static func hasChinese(_ block: Block) -> Bool {
        TextMeasure.scan(block.text) { _ in }.cjk >= 2
    }

    static func latinWords(_ text: String) -> [String] {
        text.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
    }

    /// The bead holds an English block kept beside its Chinese (`keptQuotations`): its sentences
    /// are not weighed (the kept English would pair with the English, its Chinese be "extra").
    static func holdsKeptQuotation(_ bead: Bead, source: [Block], target: [Block]) -> Bool {
        guard bead.target.count > 1, !bead.source.isEmpty else { return false }
        let english = bead.source.map { source[$0] }
        return bead.target.contains { isKeptCopy(target[$0], of: english) } && bead.target.contains { hasChinese(target[$0]) }
    }

    // MARK: Paragraphs merged around code

    /// English `P1, code, P2` and Chinese `P1P2, code` (or `code, P1P2`): the aligner pairs
    /// `P1` with the merged paragraph, the code with the code, and leaves `P2` missing. One bead
    /// of the three when the merged side's length fits both paragraphs better than one. The
    /// same with the sides swapped (English merged, Chinese split).
    static func mergedAroundCode(_ beads: [Bead], source: [Block], target: [Block]) -> [Bead] {
        var groups: [ClosedRange<Int>] = []
        for index in beads.indices {
            let skip = beads[index]
            guard skip.source.isEmpty != skip.target.isEmpty else { continue }
            let english = skip.target.isEmpty
            let lone = english ? source[skip.source[0]] : target[skip.target[0]]
            // A label (`**Not:**`) or a scrap belongs with the code beside it, not in a paragraph.
            guard skip.source.count + skip.target.count == 1, lone.kind == .paragraph, length(lone) >= 20,
                  !BlockSignature.isWhollyEmphasised(lone.source) else { continue }
            for (code, prose) in [(index - 1, index - 2), (index + 1, index + 2)] where prose >= 0 && prose < beads.count {
                guard isCodePair(beads[code], source: source, target: target) else { continue }
                let pair = beads[prose]
                guard pair.source.count >= 1, pair.target.count >= 1,
                      pair.source.allSatisfy({ source[$0].kind == .paragraph }),
                      pair.target.allSatisfy({ target[$0].kind == .paragraph }) else { continue }
                let split = english ? pair.source.map { source[$0] } : pair.target.map { target[$0] }
                let merged = english ? pair.target.map { target[$0] } : pair.source.map { source[$0] }
                let splitLength = split.map(length).reduce(0, +), loneLength = length(lone)
                let mergedLength = merged.map(length).reduce(0, +)
                guard mergedLength > 0, splitLength > 0, loneLength > 0 else { continue }
                // Far from the one it is paired with (more than half as long again), near both.
                let withBoth = abs(log(mergedLength / (splitLength + loneLength)))
                let withOne = abs(log(mergedLength / splitLength))
                if withBoth < withOne, withOne > 0.5, withBoth < 0.4 {
                    let group = min(index, prose)...max(index, prose)
                    if groups.allSatisfy({ !$0.overlaps(group) }) { groups.append(group) }
                    break
                }
            }
        }
        return joined(beads, groups.sorted { $0.lowerBound < $1.lowerBound })
    }

    /// English `P1, code, P2` and Chinese one paragraph that renders all three, the code as a code
    /// span (`` 此时调用`[super foo]`方法，… ``): the search leaves `P1` and the code missing. One bead of
    /// them and the pair after, when that pair's Chinese has a code span whose tokens are the code's.
    static func codeInlined(_ beads: [Bead], source: [Block], target: [Block]) -> [Bead] {
        var groups: [ClosedRange<Int>] = []
        func isMissingParagraph(_ at: Int) -> Bool {
            at >= 0 && at < beads.count && beads[at].target.isEmpty && beads[at].source.count == 1
                && source[beads[at].source[0]].kind == .paragraph
        }
        for index in beads.indices where beads[index].target.isEmpty && beads[index].source.count == 1 {
            guard let literal = source[beads[index].source[0]].codeLiteral else { continue }
            let code = CodeTokens.of(literal)
            guard !code.isEmpty, code.count <= 40 else { continue }
            // The pair whose Chinese holds the code as a code span, after the code or before it;
            // the paragraph on the code's other side, missing too, is part of what it renders.
            let pairAt = [index + 1, index - 1].first { at in
                at >= 0 && at < beads.count && !beads[at].source.isEmpty && !beads[at].target.isEmpty
                    && beads[at].target.contains { target[$0].inline.codeSpans.contains { CodeTokens.of($0) == code } }
            }
            guard let pairAt else { continue }
            let other = index + (index - pairAt)
            var group = min(index, pairAt)...max(index, pairAt)
            if isMissingParagraph(other) { group = min(group.lowerBound, other)...max(group.upperBound, other) }
            if let last = groups.last, last.upperBound >= group.lowerBound { continue }
            groups.append(group)
        }
        return joined(beads, groups)
    }

    static func isProse(_ block: Block) -> Bool {
        switch block.kind {
        case .paragraph, .blockQuote, .list: return true
        default: return false
        }
    }

    static func isCodePair(_ bead: Bead, source: [Block], target: [Block]) -> Bool {
        bead.source.count == 1 && bead.target.count == 1
            && source[bead.source[0]].codeLiteral != nil && target[bead.target[0]].codeLiteral != nil
    }

    /// A block's length in English characters, Chinese counted at `Aligner.defaultCJKWidth`.
    static func length(_ block: Block) -> Double {
        let measure = TextMeasure.scan(block.text) { _ in }
        return Double(measure.latin) + Aligner.defaultCJKWidth * Double(measure.cjk)
    }

    // MARK: Lists split around an aside

    /// An English list whose Chinese is cut in two around a note or a quotation the translator put
    /// in the middle: the search pairs the list with one part (with or without the aside) and
    /// leaves the other part extra. One bead of the consecutive beads (at most three) made of one
    /// English list and Chinese only, when the Chinese lists' items add up to the English list's
    /// and something that is not a list stands between them.
    static func listsSplitAroundAsides(_ beads: [Bead], source: [Block], target: [Block]) -> [Bead] {
        var groups: [ClosedRange<Int>] = []
        for index in beads.indices where beads[index].source.count == 1 && isList(source[beads[index].source[0]]) {
            if let last = groups.last, last.upperBound >= index - 2 { continue }
            let englishItems = source[beads[index].source[0]].items.count
            let spans = [index...(index + 1), (index - 1)...index, index...(index + 2), (index - 2)...index]
            let found = spans.first { span in
                guard span.lowerBound >= 0, span.upperBound < beads.count,
                      span.allSatisfy({ $0 == index || beads[$0].source.isEmpty }) else { return false }
                let chinese = span.flatMap { beads[$0].target }
                let lists = chinese.filter { isList(target[$0]) }
                guard lists.count == 2, let first = lists.first, let last = lists.last,
                      (first...last).contains(where: { !isList(target[$0]) }) else { return false }
                return lists.reduce(0) { $0 + target[$1].items.count } == englishItems
            }
            if let found, groups.last.map({ $0.upperBound < found.lowerBound }) ?? true { groups.append(found) }
        }
        return joined(beads, groups)
    }

    static func items(_ block: Block) -> Int? {
        isList(block) ? block.items.count : nil
    }

    static func isList(_ block: Block) -> Bool {
        if case .list = block.kind { return true }
        return false
    }

    // MARK: Lost fences

    /// Where a Chinese code fence was lost (`LostFence.at`): the beads from the first one the
    /// loss put out of place to the one holding the code block it shows in, one bead. Before it,
    /// beads of one side only and code paired with prose-filled code; after it, when the code
    /// runs to the chapter's end, every bead of English only.
    static func lostFences(_ beads: [Bead], source: [Block], target: [Block]) -> [Bead] {
        var groups: [ClosedRange<Int>] = []
        for index in beads.indices {
            guard beads[index].target.contains(where: { LostFence.at(target[$0]) != nil }) else { continue }
            if let last = groups.last, last.contains(index) { continue }
            var first = index
            while first - 1 > (groups.last?.upperBound ?? -1), first > index - 4, isOutOfPlace(beads[first - 1], source: source, target: target) {
                first -= 1
            }
            var last = index
            while last + 1 < beads.count, beads[last + 1].target.isEmpty { last += 1 }
            groups.append(first...last)
        }
        return joined(beads, groups)
    }

    /// A bead a lost fence may have put out of place: one side only, or code paired with code
    /// that differs from it.
    static func isOutOfPlace(_ bead: Bead, source: [Block], target: [Block]) -> Bool {
        if bead.source.isEmpty || bead.target.isEmpty { return true }
        guard isCodePair(bead, source: source, target: target) else { return false }
        let english = source[bead.source[0]].codeLiteral!, chinese = target[bead.target[0]].codeLiteral!
        return CodeTokens.of(english) != CodeTokens.of(chinese) && !CodeTokens.differOnlyInTranslation(english, chinese)
    }
}

/// A code block of the Chinese that shows a fence was lost before it: it holds a fence line with
/// a language (`` ```objc ``, which cannot close a block, so the fences are out of step), or it
/// was never closed and runs to the chapter's end.
public enum LostFence {
    /// What the review says of the block, nil when its fences are in step.
    public static func at(_ block: Block) -> ReviewMessage? {
        guard case .code = block.kind, let fence = fenceOpening(block.source) else { return nil }
        let body = block.source.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        if body.contains(where: { isFenceWithLanguage($0, fence: fence) }) {
            return ReviewMessage(.fenceOutOfStep)
        }
        // Never closed, and what it swallowed is Chinese prose or headings, not comments.
        let closed = body.last { !$0.allSatisfy(\.isWhitespace) }.map { $0.drop { $0 == " " }.hasPrefix(fence) } ?? false
        if !closed, body.filter(isChineseProse).count >= 2 {
            return ReviewMessage(.fenceNotClosed)
        }
        return nil
    }

    /// A line of Chinese prose or a heading, not a comment: ten Chinese characters or more.
    static func isChineseProse(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        for comment in ["//", "/*", "*", "--", ";", "<!--"] where trimmed.hasPrefix(comment) { return false }
        // `# …` is a shell comment as often as a heading; `## 标题` and deeper are headings.
        if trimmed.hasPrefix("#") {
            let marks = trimmed.prefix { $0 == "#" }.count
            return marks >= 2 && trimmed.dropFirst(marks).hasPrefix(" ") && TextMeasure.scan(String(trimmed)) { _ in }.cjk >= 2
        }
        return TextMeasure.scan(String(trimmed)) { _ in }.cjk >= 10
    }

    /// The fence that opens a fenced code block (its backticks or tildes), nil for an indented one.
    static func fenceOpening(_ source: String) -> String? {
        let first = source.prefix { $0 != "\n" }.drop { $0 == " " }
        let fence = first.prefix { $0 == "`" }
        if fence.count >= 3 { return String(fence) }
        let tildes = first.prefix { $0 == "~" }
        return tildes.count >= 3 ? String(tildes) : nil
    }

    static func isFenceWithLanguage(_ line: Substring, fence: String) -> Bool {
        let trimmed = line.drop { $0 == " " }
        // As long as the opening fence or longer: a shorter one inside a longer block is content.
        guard let mark = fence.first, trimmed.hasPrefix(fence) else { return false }
        let rest = trimmed.drop { $0 == mark }
        return rest.first.map { $0.isLetter } ?? false
    }
}
