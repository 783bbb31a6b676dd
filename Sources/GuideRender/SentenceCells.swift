import GuideMerge

/// What a side-by-side row tells `sentences.js` about its sentences: each cell's
/// `data-sentences`, one `link:length` entry per sentence, in order (`SentenceMarks`, made by
/// the review). `link` is the index of the sentence's group in the bead (the same number in
/// both cells pairs them; a number only one cell has is a sentence with no counterpart),
/// `length` how many characters a reader sees of it, whitespace aside, or `?` when that is not
/// known (the script then leaves the cell as it is). Empty for a side without sentences.
struct SentenceCells: Hashable, Sendable {
    var source: String
    var target: String

    static let none = SentenceCells(source: "", target: "")

    init(source: String, target: String) {
        self.source = source
        self.target = target
    }

    init(_ marks: SentenceMarks?) {
        guard let marks else { self = .none; return }
        source = Self.attribute(marks.source)
        target = Self.attribute(marks.target)
    }

    static func attribute(_ marks: [SentenceMarks.Mark]) -> String {
        var out = ""
        for mark in marks {
            if !out.isEmpty { out += " " }
            out += String(mark.link)
            out += ":"
            out += mark.visible.map { String($0) } ?? "?"
        }
        return out
    }
}
