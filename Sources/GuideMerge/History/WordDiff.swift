/// What changed in an English paragraph, word by word, as `git diff --word-diff` shows it:
/// words are what whitespace separates, and a change reads `[-removed-]{+added+}` in place.
/// Reflowing or re-indenting a paragraph changes no word, so it is no change (`isEmpty`).
public struct WordDiff: Hashable, Sendable {
    public enum Piece: Hashable, Sendable {
        case same(String), removed(String), added(String)
    }

    public var pieces: [Piece]

    public init(pieces: [Piece]) {
        self.pieces = pieces
    }

    /// `new` against `old`: the standard library's difference (Myers') over their words.
    public init(from old: String, to new: String) {
        let before = Self.words(old), after = Self.words(new)
        var removed = Set<Int>(), added = Set<Int>()
        for change in after.difference(from: before) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): added.insert(offset)
            }
        }
        // Walk both: the words kept are in the same order on each side.
        var pieces: [Piece] = [], i = 0, j = 0
        while i < before.count || j < after.count {
            var gone: [Substring] = [], new: [Substring] = []
            while i < before.count, removed.contains(i) { gone.append(before[i]); i += 1 }
            while j < after.count, added.contains(j) { new.append(after[j]); j += 1 }
            if !gone.isEmpty { pieces.append(.removed(gone.joined(separator: " "))) }
            if !new.isEmpty { pieces.append(.added(new.joined(separator: " "))) }
            var kept: [Substring] = []
            while i < before.count, j < after.count, !removed.contains(i), !added.contains(j) {
                kept.append(after[j]); i += 1; j += 1
            }
            if !kept.isEmpty { pieces.append(.same(kept.joined(separator: " "))) }
            if gone.isEmpty, new.isEmpty, kept.isEmpty { break }   // (cannot happen: a difference pairs every kept word)
        }
        self.pieces = pieces
    }

    /// No word added or removed.
    public var isEmpty: Bool { !pieces.contains { if case .same = $0 { false } else { true } } }

    /// As `git diff --word-diff=plain` prints it, with at most `context` words kept around each change.
    public func text(context: Int = 8) -> String {
        pieces.enumerated().map { index, piece in
            switch piece {
            case .removed(let words): return "[-\(words)-]"
            case .added(let words): return "{+\(words)+}"
            case .same(let words):
                let list = words.split(separator: " ")
                guard list.count > 2 * context else { return words }
                let head = index == 0 ? [] : list.prefix(context)
                let tail = index == pieces.count - 1 ? [] : list.suffix(context)
                return (head + ["…"] + tail).joined(separator: " ")
            }
        }.joined(separator: " ")
    }

    static func words(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0.isWhitespace })
    }
}
