import Foundation
import GuideModel

/// A sentence the translation leaves out (`sentence-missing`: English with no Chinese) or
/// adds (`sentence-extra`: Chinese with no English, such as a translator's note), inside a
/// bead whose blocks are paired.
public struct SentenceFinding: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case missing = "sentence-missing"
        case extra = "sentence-extra"
    }

    public var kind: Kind
    /// The sentence's index among the bead's source (missing) or target (extra) sentences.
    public var index: Int
    public var sentence: Sentence
    /// How sure the aligner is, in (0, 1): the logistic of how much more the best reading that
    /// pairs the sentence within a neighbouring group would cost than leaving it alone (0.5: as
    /// much; 1 when no neighbour could take it).
    public var confidence: Double
    /// When only part of the sentence is left out (`UnrenderedEnglish`): that part.
    public var part: String? = nil
    /// The Chinese of the sentence's group is far shorter than its English, and nothing says
    /// which part has no Chinese: this sentence, or part of it, most likely
    /// (`SentenceReview.fallingShort`).
    public var short = false

    /// The sentence is wholly in brackets: likely a translator's note (extra) or an aside.
    public var isAside: Bool { sentence.features.isAside }
}

/// The findings of one bead's sentence alignment: a pure function of the bead's sentences and
/// links, for the review to call per bead (no findings when a side has no sentences at all:
/// the bead's own status, `missing` or `extra`, says that already).
public enum SentenceFindings {
    public static func findings(_ bead: BeadSentences, aligner: SentenceAligner = SentenceAligner()) -> [SentenceFinding] {
        guard !bead.source.isEmpty, !bead.target.isEmpty,
              bead.links.contains(where: { $0.source.isEmpty != $0.target.isEmpty }) else { return [] }
        let scorer = SentenceAligner.Scorer(aligner: aligner, source: bead.source, target: bead.target)
        var findings: [SentenceFinding] = []
        for (number, link) in bead.links.enumerated() where link.source.isEmpty != link.target.isEmpty {
            if link.target.isEmpty, bead.source[link.source.lowerBound].features.isAside,
               [number - 1, number + 1].contains(where: { bead.links.indices.contains($0)
                   && holdsAFoldedAside(bead.source[link.source.lowerBound], in: bead.links[$0], of: bead, model: aligner.model) }) {
                continue
            }
            let alone = scorer.cost(link.source, link.target)
            // The alternatives: the sentence paired inside the group before it, or the one after:
            // joined to it, or taking the place of one of its sentences, which is then the one
            // left alone (a translation that renders the lone sentence better than the group's
            // own says only that one of the two has no Chinese, not which).
            var best = Double.infinity
            for neighbour in [number - 1, number + 1] where bead.links.indices.contains(neighbour) {
                let other = bead.links[neighbour]
                guard !other.source.isEmpty, !other.target.isEmpty else { continue }
                let paired = pairing(link, within: join(other.source, link.source), join(other.target, link.target), scorer: scorer)
                best = min(best, paired - scorer.cost(other.source, other.target))
            }
            let margin = best - alone   // > 0: leaving it alone is cheaper
            let confidence = best.isInfinite ? 1 : 1 / (1 + exp(-margin))
            if link.target.isEmpty {
                findings.append(SentenceFinding(kind: .missing, index: link.source.lowerBound,
                                                sentence: bead.source[link.source.lowerBound], confidence: confidence))
            } else {
                findings.append(SentenceFinding(kind: .extra, index: link.target.lowerBound,
                                                sentence: bead.target[link.target.lowerBound], confidence: confidence))
            }
        }
        return findings
    }

    /// The cheapest reading of the stretch `source` × `target` in which the sentence `lone` leaves
    /// alone is paired: every cut of the stretch into the aligner's shapes but those that leave it
    /// alone. The stretch joined as one group is one such cut when it is one of the shapes; a
    /// sentence joined to a 2:2 group is no 3:2 group the aligner could make, so that stretch is
    /// cut into smaller groups.
    static func pairing(_ lone: SentenceLink, within source: Range<Int>, _ target: Range<Int>, scorer: SentenceAligner.Scorer) -> Double {
        SentenceConfidence.cheapest(source, target, scorer: scorer) { leavesAlone($0, $1, lone) }
    }

    /// Whether the group `s` × `t` is the sentence of `lone` left alone again.
    static func leavesAlone(_ s: Range<Int>, _ t: Range<Int>, _ lone: SentenceLink) -> Bool {
        lone.target.isEmpty ? (t.isEmpty && s == lone.source) : (s.isEmpty && t == lone.target)
    }

    /// An English aside, a sentence wholly in brackets (`(See more on this below.)`), that the
    /// translator folded into the sentence beside it as a bracketed clause (`…的区别（后文有例子）。`):
    /// that group's Chinese holds more bracketed parts than its English. The aside is rendered
    /// there, not lost, when one of those parts is as long as the aside's translation would be
    /// (the length model's fit, `foldFit`): a short bracket (`（vi）`) or one that renders a
    /// different, shorter aside is no rendering of a long one. (An English sentence with brackets
    /// of its own, `Vim (vi)`, pairs its Chinese `Vim（vi）` one for one and leaves no part over.)
    static func holdsAFoldedAside(_ aside: Sentence, in link: SentenceLink, of bead: BeadSentences, model: LengthModel) -> Bool {
        guard !link.source.isEmpty, !link.target.isEmpty else { return false }
        let english = link.source.reduce(0) { $0 + bracketedParts(bead.source[$1].text).count }
        let chinese = link.target.flatMap { bracketedParts(bead.target[$0].text) }
        guard chinese.count > english else { return false }
        let asideLength = model.length(latin: aside.features.latin, cjk: aside.features.cjk)
        return chinese.contains { part in
            let latin = part.unicodeScalars.count { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil) }
            let cjk = part.unicodeScalars.count(where: Script.isCJKLetter)
            return model.cost(source: asideLength, target: model.length(latin: latin, cjk: cjk)) <= foldFit
        }
    }

    /// How well (the length model's cost) a bracketed Chinese part must fit an English aside to be its rendering.
    static let foldFit = 2.0

    /// The bracketed parts `text` opens, `(` or `（` (each with what it holds, up to its closing
    /// bracket or the end), outside code spans and not a link's target (`](`).
    static func bracketedParts(_ text: String) -> [Substring] {
        var parts: [Substring] = [], inCode = false, previous: Character = " "
        var target = 0   // the depth of brackets inside a link's target
        var open: String.Index?
        for index in text.indices {
            let character = text[index]
            if target > 0 {
                if character == "(" { target += 1 } else if character == ")" { target -= 1 }
            } else if character == "`" {
                inCode.toggle()
            } else if !inCode, character == "(", previous == "]" {
                target = 1
            } else if !inCode, open == nil, character == "(" || character == "（" {
                open = text.index(after: index)
            } else if let start = open, character == ")" || character == "）" {
                parts.append(text[start..<index])
                open = nil
            }
            previous = character
        }
        if let start = open { parts.append(text[start...]) }
        return parts
    }

    /// Two neighbouring ranges as one (an empty one joins as nothing).
    static func join(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        return min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
    }
}
