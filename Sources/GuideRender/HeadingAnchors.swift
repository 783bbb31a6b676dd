import GuideModel

/// Gives every heading a stable `id`, the same in every language where the headings are paired.
///
/// English ids are slugs of the English text (GitHub's rule: lower case, punctuation
/// dropped, spaces to `-`, a `-1`, `-2` suffix for repeats). A translated heading takes the
/// id of the source heading it is aligned with, so `#blocks` names the same section
/// in every language and the language switch lands where the reader was.
public enum HeadingAnchors {
    /// Ids by block index, for the headings of one chapter (`ChapterFacts.headings`).
    public static func slugs(for headings: [ChapterFacts.Heading]) -> HeadingIDs {
        var used = UsedSlugs()
        var ids = HeadingIDs()
        for heading in headings {
            ids[heading.block] = used.unique(slug(heading.text))
        }
        return ids
    }

    /// Ids for a translation: aligned headings borrow the source's id, the rest get their own slug.
    public static func translatedSlugs(target: [ChapterFacts.Heading], sourceIDs: HeadingIDs,
                                       pairs: [(source: [Int], target: [Int])]) -> HeadingIDs {
        let isHeading = Set(target.map(\.block))
        var borrowed = HeadingIDs()
        for pair in pairs {
            let sourceHeadings = pair.source.filter { sourceIDs[$0] != nil }
            let targetHeadings = pair.target.filter { isHeading.contains($0) }
            for (s, t) in zip(sourceHeadings, targetHeadings) { borrowed[t] = sourceIDs[s] }
        }
        var used = UsedSlugs(Set(borrowed.values))
        var ids = borrowed
        for heading in target where ids[heading.block] == nil {
            ids[heading.block] = used.unique(slug(heading.text))
        }
        return ids
    }

    /// The digest of a chapter's ids in block order, for the keys of what they are part of
    /// (`PageInputs.key`, `IndexedPage.key`): the fingerprint bytes (`ByteWriter.fingerprint`) of each block and
    /// id, hashed a batch at a time. (Serialising them into the key first held tens of
    /// megabytes per page for a chapter of a million headings.)
    public static func digest(_ ids: HeadingIDs) -> [UInt8] {
        let hash = Digest()
        var batch = ByteWriter()
        // A chapter's ids are a kilobyte or two: room for them, not the batch's most (asked for
        // every page, a 64 KB buffer each time cost more than the hashing).
        batch.bytes.reserveCapacity(min(1 << 16, 16 + ids.count * 48))
        ids.forEach { block, id in
            batch.fingerprint(block)
            batch.fingerprint(id)
            if batch.bytes.count >= 1 << 16 {
                hash.update(batch.bytes)
                batch.bytes.removeAll(keepingCapacity: true)
            }
        }
        hash.update(batch.bytes)
        return hash.finalize()
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

    /// GitHub-style slug; letters of any script (Chinese included) are kept.
    public static func slug(_ text: String) -> String {
        if let ascii = asciiSlug(text) { return ascii }
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

    /// `slug` of an ASCII text, by bytes (nil for any other text): an English heading's letters
    /// and digits are ASCII's, and `Character`'s properties were most of a rebuild's anchors.
    static func asciiSlug(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                bytes.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
            case UInt8(ascii: " "): bytes.append(UInt8(ascii: "-"))
            case 0x80...: return nil
            default: break
            }
        }
        return bytes.isEmpty ? "section" : String(decoding: bytes, as: UTF8.self)
    }
}

/// The ids a chapter has given so far, and per slug the suffix to try next.
///
/// GitHub's rule tries `slug`, `slug-1`, `slug-2`… and takes the first one not yet used. Trying
/// from 1 for every repeat made a chapter of n equal headings cost n² look-ups; since ids are
/// only ever added, a suffix found taken stays taken, so each slug's search resumes where its
/// last one stopped and gives the same ids.
struct UsedSlugs {
    private(set) var used: Set<String>
    private var nextSuffix: [String: Int] = [:]
    /// Candidates looked up so far (for tests: it grows linearly with the headings).
    private(set) var lookups = 0

    init(_ used: Set<String> = []) {
        self.used = used
    }

    mutating func unique(_ base: String) -> String {
        func name(_ suffix: Int) -> String { suffix == 0 ? base : "\(base)-\(suffix)" }
        var suffix = nextSuffix[base] ?? 0
        lookups += 1
        while used.contains(name(suffix)) || HeadingAnchors.isReserved(name(suffix)) {
            suffix += 1
            lookups += 1
        }
        nextSuffix[base] = suffix + 1
        let id = name(suffix)
        used.insert(id)
        return id
    }
}
