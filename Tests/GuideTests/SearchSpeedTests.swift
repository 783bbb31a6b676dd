import Foundation
import GuideModel
@testable import GuideRender
import Testing

/// The byte-level index builder against the `String`/`Character` one it replaced (kept below as
/// `LegacySearch`, the reference): same terms, same escaping, same files, on random nasty text.
/// No timing here; `scripts/bench-search.sh` measures.
@Suite struct SearchSpeedTests {
    /// Scalars that exercise every rule: ASCII of each class, white space of each kind, case
    /// mappings that change length, combining and prepended marks next to spaces, CJK of each
    /// range, supplementary planes (UTF-16 order), emoji with modifiers and joiners.
    static let alphabet: [String] = [
        "a", "b", "z", "A", "B", "Z", "0", "9", "_", "_", " ", " ", " ", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}",
        ".", ",", "\"", "\\", "'", "(", ")", "-", ":", "\u{01}", "\u{1F}", "\u{7F}", "\u{0}",
        "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}",
        "é", "É", "ß", "İ", "ı", "ǅ", "Σ", "σ", "ς", "K", "Ω", "Ж", "ж", "ﬁ", "ŉ", "ª", "µ", "Ⅻ", "ⅻ", "²", "½",
        "\u{301}", "\u{308}", "\u{20DD}", "\u{903}", "\u{0600}", "\u{06DD}", "\u{0D4E}", "\u{200C}", "\u{200D}", "\u{AD}",
        "\u{0915}", "\u{094D}", "\u{0E33}", "\u{1100}", "\u{1161}", "\u{11A8}",
        "代", "码", "块", "的", "一", "\u{9FFF}", "\u{3400}", "\u{4DBF}", "\u{F900}", "\u{FAFF}", "あ", "ア", "\u{3099}",
        "\u{302A}", "。", "，", "、", "（", "「", "\u{FF21}", "\u{FF41}", "\u{FF9E}", "한", "\u{D7A3}", "\u{D7AF}",
        "𠀀", "𠀁", "\u{2FFFF}", "\u{30000}", "𝐀", "𝐚", "😀", "\u{1F3FB}", "🇨", "🇳", "\u{E000}", "\u{FFFD}", "\u{FFEE}",
        "“", "”", "…", "—", "•",
    ]

    static func randomText(_ random: inout SplitMix, length: Int) -> String {
        var text = ""
        for _ in 0..<length {
            // Runs of letters and Chinese, as in real text, with everything else between.
            switch random.next() % 4 {
            case 0: text += String(repeating: "aBc", count: Int(random.next() % 3))
            case 1: text += ["代码", "块代", "NSObject", "weak_self", "URLSession", "Naïve"][Int(random.next() % 6)]
            default: text += alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
        }
        return text
    }

    static func randomPages(_ random: inout SplitMix, count: Int) -> [SearchPage] {
        (0..<count).map { index in
            SearchPage(language: ["en", "zh", "en-zh"][index % 3], chapterTitle: randomText(&random, length: 3),
                       href: "en/\(index).html", sections: (0..<Int(random.next() % 5)).map { _ in
                SearchSection(id: randomText(&random, length: Int(random.next() % 3)),
                              heading: randomText(&random, length: Int(random.next() % 6)),
                              text: randomText(&random, length: Int(random.next() % 60)))
            })
        }
    }

    @Test func tokenizerMatchesTheReference() {
        var random = SplitMix(seed: 1)
        for round in 0..<4000 {
            let text = Self.randomText(&random, length: Int(random.next() % 40))
            #expect(SearchTokenizer.terms(text) == LegacySearch.terms(text), "round \(round): \(text.debugDescription)")
        }
        for text in Self.alphabet + Self.alphabet.map({ (a: String) -> String in "x" + a + "Y" + a + " " + a + a + "代" }) {
            #expect(SearchTokenizer.terms(text) == LegacySearch.terms(text), "\(text.debugDescription)")
        }
    }

    @Test func escapingAndCollapsingMatchTheReference() {
        var random = SplitMix(seed: 2)
        var table = ScalarTable()
        var texts = Self.alphabet
        for a in Self.alphabet {
            let around: [String] = [" " + a, a + " ", "x " + a + " y", "代 " + a, a + "  代", "\u{0600} " + a]
            texts += around
        }
        for _ in 0..<4000 { texts.append(Self.randomText(&random, length: Int(random.next() % 40))) }
        texts.append("")
        for text in texts {
            #expect(JSString.quote(text) == LegacySearch.quote(text), "\(text.debugDescription)")
            var out: [UInt8] = []
            table.appendCollapsedQuoted(Array(text.utf8), of: text, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == LegacySearch.quote(LegacySearch.collapseSpaces(text)),
                    "\(text.debugDescription)")
            #expect(SearchIndex.collapseSpaces(text) == LegacySearch.collapseSpaces(text))
        }
    }

    @Test func filesMatchTheReference() {
        var random = SplitMix(seed: 3)
        for round in 0..<12 {
            let pages = Self.randomPages(&random, count: round == 0 ? 0 : Int(random.next() % 40) + 1)
            let shardSize = [32, 200, 4096, SearchIndex.defaultTermShardSize][round % 4]
            let expected = LegacySearch.build(pages: pages, termShardSize: shardSize, textShardSize: shardSize)
            #expect(SearchIndex.build(pages: pages, termShardSize: shardSize, textShardSize: shardSize) == expected)
            // Many chunks of pages: the same files.
            for chunkBytes in [1, 500, 5000] {
                let files = SearchIndex.build(pages: pages, termShardSize: shardSize, textShardSize: shardSize,
                                              chunkBytes: chunkBytes)
                #expect(files == expected, "round \(round), chunks of \(chunkBytes) bytes")
            }
        }
    }

    @Test func syntheticBookMatchesTheReference() throws {
        let pages = try SearchBenchTests.syntheticBook(pages: 12)
        let expected = LegacySearch.build(pages: pages, termShardSize: 8 * 1024, textShardSize: 8 * 1024)
        #expect(SearchIndex.build(pages: pages, termShardSize: 8 * 1024, textShardSize: 8 * 1024,
                                  chunkBytes: 20_000) == expected)
    }

    /// What the byte-level code takes for granted of Unicode (as this Swift sees it).
    @Test func unicodeFactsTheScannerRelyOn() {
        var table = ScalarTable()
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let flags = table.flags(value)
            let cjk = Script.isCJKLetter(scalar)
            #expect((flags & ScalarFlags.cjk != 0) == cjk)
            #expect((flags & ScalarFlags.word != 0) == (!cjk && SearchTokenizer.isWordCharacter(scalar)))
            if cjk {
                // CJK: no case, no white space (their flags skip these lookups).
                #expect(scalar.properties.lowercaseMapping == String(scalar), "U+\(String(value, radix: 16))")
                #expect(!scalar.properties.isWhitespace)
            }
            if scalar.properties.isWhitespace {
                #expect(flags & ScalarFlags.space != 0)
                #expect(Character(scalar).isWhitespace)
            }
            // A scalar marked safe never shares a grapheme cluster with a space before or after it.
            if flags & ScalarFlags.clusterSafe != 0 && !scalar.properties.isWhitespace && value % 7 == 0 {
                #expect((" " + String(scalar)).count == 2 && (String(scalar) + " ").count == 2, "U+\(String(value, radix: 16))")
            }
        }
    }
}

/// The index builder as it was before it worked on bytes: the reference the tests compare with.
enum LegacySearch {
    static func build(pages: [SearchPage], termShardSize: Int, textShardSize: Int) -> [String: String] {
        let folder = SearchIndex.folder
        var files: [String: String] = [:]

        // Postings: term → entries (section × 2, + 1 when the term is in the heading).
        var postings: [String: [Int]] = [:]
        var section = 0
        for page in pages {
            for part in page.sections {
                let headingTerms = Set(terms(part.heading))
                let allTerms = headingTerms.union(terms(part.text))
                for term in allTerms {
                    postings[term, default: []].append(section * 2 + (headingTerms.contains(term) ? 1 : 0))
                }
                section += 1
            }
        }
        // Sorted as JavaScript compares strings (UTF-16 code units), so the script can binary-search.
        let sortedTerms = postings.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }

        var termShardStarts: [String] = []
        var shardTerms: [String] = []
        var shardPostings: [String] = []
        var shardBytes = 0
        func flushTermShard() {
            guard !shardTerms.isEmpty else { return }
            let name = "t\(termShardStarts.count)"
            termShardStarts.append(shardTerms[0])
            files["\(folder)/\(name).js"] = shardScript(name, body:
                "{\"terms\":\(quote(shardTerms.joined(separator: "\n"))),\"postings\":["
                + shardPostings.map(quote).joined(separator: ",") + "]}")
            shardTerms.removeAll()
            shardPostings.removeAll()
            shardBytes = 0
        }
        for term in sortedTerms {
            let encoded = encode(postings[term]!)
            shardTerms.append(term)
            shardPostings.append(encoded)
            shardBytes += term.utf8.count + encoded.utf8.count + 4
            if shardBytes >= termShardSize { flushTermShard() }
        }
        flushTermShard()

        var textShardStarts: [Int] = []
        var shardPages: [String] = []
        shardBytes = 0
        func flushTextShard(nextPage: Int) {
            guard !shardPages.isEmpty else { return }
            let name = "d\(textShardStarts.count)"
            textShardStarts.append(nextPage - shardPages.count)
            files["\(folder)/\(name).js"] = shardScript(name, body: "{\"pages\":[" + shardPages.joined(separator: ",\n") + "]}")
            shardPages.removeAll()
            shardBytes = 0
        }
        for (index, page) in pages.enumerated() {
            let entry = "[" + page.sections.map { part in
                "[" + [part.id, part.heading, collapseSpaces(part.text)].map(quote).joined(separator: ",") + "]"
            }.joined(separator: ",") + "]"
            shardPages.append(entry)
            shardBytes += entry.utf8.count
            if shardBytes >= textShardSize { flushTextShard(nextPage: index + 1) }
        }
        flushTextShard(nextPage: pages.count)

        let pageList = pages.map { page in
            "[" + [page.language, page.chapterTitle, page.href].map(quote).joined(separator: ",")
                + ",\(page.sections.count)]"
        }.joined(separator: ",\n")
        files[SearchIndex.manifestPath] = "// The search index of this site, written by `guide build` (see templates/search.js).\n"
            + "globalThis.guideSearchIndex = {\"version\":1,\"sections\":\(section),\n"
            + "\"termShards\":[" + termShardStarts.map(quote).joined(separator: ",") + "],\n"
            + "\"textShards\":[" + textShardStarts.map(String.init).joined(separator: ",") + "],\n"
            + "\"pages\":[\n" + pageList + "]};\n"
        return files
    }

    static func shardScript(_ name: String, body: String) -> String {
        "(globalThis.guideSearchShards = globalThis.guideSearchShards || {})[\"\(name)\"] = \(body);\n"
    }

    /// Ascending entries as base-36 gaps: `[3, 10, 11]` → `"3,7,1"`.
    static func encode(_ entries: [Int]) -> String {
        var previous = 0
        var out = ""
        for (index, entry) in entries.enumerated() {
            if index > 0 { out += "," }
            out += String(entry - previous, radix: 36)
            previous = entry
        }
        return out
    }

    static func collapseSpaces(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(character)
            }
        }
        return out
    }

    /// The terms of a text, in order, with repeats.
    static func terms(_ text: String) -> [String] {
        var result: [String] = []
        var word: [Unicode.Scalar] = []
        var run: [Unicode.Scalar] = []

        func flushWord() {
            guard !word.isEmpty else { return }
            let whole = String(String.UnicodeScalarView(word))
            result.append(whole.lowercased())
            let parts = wordParts(word)
            if parts.count > 1 {
                for part in parts where part.count >= 2 { result.append(part.lowercased()) }
            }
            word.removeAll(keepingCapacity: true)
        }
        func flushRun() {
            guard !run.isEmpty else { return }
            let lowered = run.map { String($0).lowercased() }
            if lowered.count > 1 {
                for k in 0..<(lowered.count - 1) { result.append(lowered[k] + lowered[k + 1]) }
            }
            result.append(lowered[lowered.count - 1])
            run.removeAll(keepingCapacity: true)
        }

        for scalar in text.unicodeScalars {
            if Script.isCJKLetter(scalar) {
                flushWord()
                run.append(scalar)
            } else if SearchTokenizer.isWordCharacter(scalar) {
                flushRun()
                word.append(scalar)
            } else {
                flushWord()
                flushRun()
            }
        }
        flushWord()
        flushRun()
        return result
    }

    /// Camel-case and snake-case parts: `NSNotificationCenter` → NS, Notification, Center.
    static func wordParts(_ word: [Unicode.Scalar]) -> [String] {
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        func isUpper(_ s: Unicode.Scalar) -> Bool { s.properties.isUppercase }
        func isLower(_ s: Unicode.Scalar) -> Bool { s.properties.isLowercase }
        for (index, scalar) in word.enumerated() {
            if scalar == "_" {
                if !current.isEmpty { parts.append(String(current)); current = String.UnicodeScalarView() }
                continue
            }
            if let last = current.last {
                let next = index + 1 < word.count ? word[index + 1] : nil
                let lowerToUpper = isLower(last) && isUpper(scalar)
                let acronymEnd = isUpper(last) && isUpper(scalar) && next.map(isLower) == true
                if lowerToUpper || acronymEnd {
                    parts.append(String(current))
                    current = String.UnicodeScalarView()
                }
            }
            current.append(scalar)
        }
        if !current.isEmpty { parts.append(String(current)) }
        return parts
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
