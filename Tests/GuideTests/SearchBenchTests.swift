import Foundation
import GuideModel
import GuideParse
import GuideRender
import Testing

/// Writes the search index of a synthetic book (scripts/bench-search.sh times queries on it with node).
/// Runs only when GUIDE_BENCH_SEARCH_OUT names the folder to write; GUIDE_BENCH_SEARCH_PAGES sets the page count.
@Suite struct SearchBenchTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GUIDE_BENCH_SEARCH_OUT"] != nil))
    func benchSearchIndex() throws {
        let environment = ProcessInfo.processInfo.environment
        let output = environment["GUIDE_BENCH_SEARCH_OUT"]!
        let pageCount = Int(environment["GUIDE_BENCH_SEARCH_PAGES"] ?? "") ?? 5000

        let pages = try Self.syntheticBook(pages: pageCount)
        let textBytes = pages.reduce(0) { $0 + $1.sections.reduce(0) { $0 + $1.heading.utf8.count + $1.text.utf8.count } }
        let sectionCount = pages.reduce(0) { $0 + $1.sections.count }

        let clock = ContinuousClock()
        var files: [String: String] = [:]
        let elapsed = clock.measure { files = SearchIndex.build(pages: pages) }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18

        try? FileManager.default.removeItem(atPath: output)
        for (path, text) in files {
            let url = URL(fileURLWithPath: output + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        func megabytes(_ prefix: String) -> (Int, Double) {
            let matching = files.filter { $0.key.hasPrefix(prefix) }
            return (matching.count, Double(matching.values.reduce(0) { $0 + $1.utf8.count }) / 1_048_576)
        }
        let manifest = megabytes("search/index.js"), terms = megabytes("search/t"), texts = megabytes("search/d")
        print(String(format: "book: %d pages (en + zh), %d sections, %.1f MB of text (%.1f KB a page)",
                     pages.count, sectionCount, Double(textBytes) / 1_048_576, Double(textBytes) / 1024 / Double(pages.count)))
        print(String(format: "index built in %.1f s: manifest %.2f MB; %d term shards, %.1f MB; %d text shards, %.1f MB",
                     seconds, manifest.1, terms.0, terms.1, texts.0, texts.1))
    }

    /// Pages made of the guide's own paragraphs (English pages from English chapters, Chinese from Chinese),
    /// shuffled, with made-up words and characters mixed in so the vocabulary grows as a real book's does.
    static func syntheticBook(pages count: Int) throws -> [SearchPage] {
        var english: [String] = [], chinese: [String] = []
        for path in try markdownFiles() {
            let markdown = try String(contentsOfFile: path, encoding: .utf8)
            let paragraphs = MarkdownParser().parse(markdown).map(\.text).filter { $0.count > 20 }
            if path.contains("/zh/") { chinese += paragraphs } else { english += paragraphs }
        }
        var random = SplitMix(seed: 5000)
        let commonHan = (0x4E00...0x62FF).compactMap(Unicode.Scalar.init).map(String.init)
        func madeUpWord() -> String {
            // Zipf-like: low ranks often, a long tail of rare words (about 150k in all).
            let rank = Int(pow(150_000.0, random.unit()))
            var word = ""
            var n = rank
            repeat { word.append(Character(Unicode.Scalar(UInt8(97 + n % 26)))); n /= 26 } while n > 0
            return word + "ion"
        }
        var pages: [SearchPage] = []
        for index in 0..<count {
            let zh = index % 2 == 1
            let pool = zh ? chinese : english
            var sections: [SearchSection] = []
            for part in 0..<(6 + Int(random.next() % 8)) {
                var text = ""
                for _ in 0..<(2 + Int(random.next() % 5)) {
                    var paragraph = pool[Int(random.next() % UInt64(pool.count))]
                    for _ in 0..<(3 + Int(random.next() % 6)) {
                        paragraph += zh ? " " + (0..<2).map { _ in commonHan[Int(random.next() % UInt64(commonHan.count))] }.joined()
                                        : " " + madeUpWord()
                    }
                    text += (text.isEmpty ? "" : " ") + paragraph
                }
                let heading = zh ? "第\(part + 1)节 " + commonHan[Int(random.next() % UInt64(commonHan.count))]
                                 : "Section \(part + 1) \(madeUpWord())"
                sections.append(SearchSection(id: "section-\(part + 1)", heading: heading, text: text))
            }
            let chapter = index / 2 + 1
            pages.append(SearchPage(language: zh ? "zh" : "en", chapterTitle: zh ? "第 \(chapter) 章" : "Chapter \(chapter)",
                                    href: "\(zh ? "zh" : "en")/chapter-\(chapter).html", sections: sections))
        }
        return pages
    }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
