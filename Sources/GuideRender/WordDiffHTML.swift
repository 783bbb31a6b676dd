import GuideMerge

/// A word diff (`WordDiff`) as the side-by-side page shows a stale pair's English since its
/// translation: words removed in `<del>`, added in `<ins>`, kept as text, every word escaped
/// as the templates escape (`HTMLEscape`), so the row prints it as it stands.
enum WordDiffHTML {
    static func html(_ diff: WordDiff) -> String {
        diff.pieces.map { piece in
            switch piece {
            case .same(let words): HTMLEscape.text(words)
            case .removed(let words): "<del>" + HTMLEscape.text(words) + "</del>"
            case .added(let words): "<ins>" + HTMLEscape.text(words) + "</ins>"
            }
        }.joined(separator: " ")
    }
}
