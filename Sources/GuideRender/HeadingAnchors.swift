import GuideModel

/// Gives every heading a stable `id`, the same in every language where the headings are paired.
///
/// English ids are slugs of the English text (GitHub's rule: lower case, punctuation
/// dropped, spaces to `-`, a `-1`, `-2` suffix for repeats). A translated heading takes the
/// id of the source heading it is aligned with, so `#blocks` names the same section
/// in every language and the language switch lands where the reader was.
public enum HeadingAnchors {
    /// Ids by block index, for the headings of one chapter (`ChapterFacts.headings`).
    public static func slugs(for headings: [ChapterFacts.Heading]) -> [Int: String] {
        var used = Set<String>()
        var ids: [Int: String] = [:]
        for heading in headings {
            ids[heading.block] = unique(slug(heading.text), used: &used)
        }
        return ids
    }

    /// Ids for a translation: aligned headings borrow the source's id, the rest get their own slug.
    public static func translatedSlugs(target: [ChapterFacts.Heading], sourceIDs: [Int: String],
                                       pairs: [(source: [Int], target: [Int])]) -> [Int: String] {
        let isHeading = Set(target.map(\.block))
        var borrowed: [Int: String] = [:]
        for pair in pairs {
            let sourceHeadings = pair.source.filter { sourceIDs[$0] != nil }
            let targetHeadings = pair.target.filter { isHeading.contains($0) }
            for (s, t) in zip(sourceHeadings, targetHeadings) { borrowed[t] = sourceIDs[s] }
        }
        var used = Set(borrowed.values)
        var ids = borrowed
        for heading in target where ids[heading.block] == nil {
            ids[heading.block] = unique(slug(heading.text), used: &used)
        }
        return ids
    }

    /// GitHub-style slug; letters of any script (Chinese included) are kept.
    public static func slug(_ text: String) -> String {
        var result = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "_" || character == "-" {
                result.append(character)
            } else if character == " " {
                result.append("-")
            }
        }
        return result.isEmpty ? "section" : result
    }

    /// Ids the templates give elements of their own: the layout's `<main id="main">` (the skip
    /// link's target) and the side-by-side page's rows without a heading, `pair-N`. A heading
    /// whose slug is one of these takes the next free suffix instead (`main-1`, `pair-6-1`).
    public static func isReserved(_ id: String) -> Bool {
        if id == "main" { return true }
        guard id.hasPrefix("pair-") else { return false }
        let number = id.dropFirst("pair-".count)
        return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func unique(_ base: String, used: inout Set<String>) -> String {
        var candidate = base
        var counter = 1
        while used.contains(candidate) || isReserved(candidate) {
            candidate = "\(base)-\(counter)"
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }
}
