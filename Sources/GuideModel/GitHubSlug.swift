/// The anchor GitHub gives a heading of a README (`#前言`, `#blocks-代码块`): what links written
/// for GitHub point at. Used where headings get ids (render) and where a README cut into
/// chapters sends such a link to the page that holds its heading (parse).
public enum GitHubSlug {
    /// Lower case; letters, marks and digits of every script kept with `_` and `-`; each space a
    /// `-`; all else dropped (Ruby's `\p{Word}`, as GitHub's filter keeps).
    public static func of(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.lowercased().unicodeScalars {
            switch scalar {
            case " ": result.append("-")
            case "-", "_": result.unicodeScalars.append(scalar)
            case _ where scalar.properties.isAlphabetic || isWordPart(scalar.properties.generalCategory):
                result.unicodeScalars.append(scalar)
            default: break
            }
        }
        return result
    }

    /// The slugs of a document's headings in order, a repeated one with `-1`, `-2`… as GitHub numbers them.
    public static func numbered(_ texts: [String]) -> [String?] {
        var used = Set<String>(), nextSuffix: [String: Int] = [:]
        return texts.map { text in
            let base = of(text)
            guard !base.isEmpty else { return nil }
            var suffix = nextSuffix[base] ?? 0, id = base
            while used.contains(id) {
                suffix += 1
                id = "\(base)-\(suffix)"
            }
            nextSuffix[base] = suffix
            used.insert(id)
            return id
        }
    }

    private static func isWordPart(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber,
             .connectorPunctuation: true
        default: false
        }
    }
}
