import Foundation
import GuideModel

/// A book kept as one file a language (`README.md` beside `README-zh.md`) is cut into chapters
/// at its top headings: the highest heading level that occurs more than once, the same cut in
/// both languages, the translation's k-th chapter paired with the source's k-th. What comes
/// before the first cut is the introduction (the file's title and what follows it).
/// Lines stay the file's own (a cut is a run of the file's blocks).
enum SingleFileBook {
    /// Where each chapter of a cut file starts and which page each of its GitHub heading anchors is on.
    typealias Sections = (sections: [(firstLine: Int, page: String)], anchors: [String: String])

    /// `reparse`: the edition's file parsed again with its in-page links sent to the page that
    /// holds their heading (`LinkRelocation.sections`); nil keeps the blocks as they are.
    static func cut(_ editions: [Edition], sources: [EditionSource], source: Language,
                    reparse: (_ edition: Int, _ sections: Sections) -> [Block]? = { _, _ in nil })
        throws -> (editions: [Edition], notes: [Diagnostic]) {
        guard let s = editions.firstIndex(where: { $0.language == source }), case .file = sources[s],
              let whole = editions[s].chapters.first else { return (editions, []) }
        let sourceBlocks = whole.blocks
        guard let level = cutLevel(sourceBlocks) else { return (editions, []) }
        var out = editions, notes: [Diagnostic] = []
        var sourceRuns = runs(sourceBlocks, level: level)
        let paths = pagePaths(sourceRuns, introduction: whole.path)
        if hasInPageLinks(whole), let again = reparse(s, sections(sourceRuns, pages: paths.map { $0 })) {
            let rerun = runs(again, level: level)
            if rerun.count == sourceRuns.count { sourceRuns = rerun }
        }
        out[s] = edition(editions[s], runs: sourceRuns, paths: paths, from: whole)
        for t in editions.indices where t != s {
            guard case .file = sources[t], let file = editions[t].chapters.first else { continue }
            let blocks = file.blocks
            // The source's level when it cuts as many chapters; else the level that does.
            let count = sourceRuns.filter { $0.heading != nil }.count
            let levels = [level] + (1...6).filter { $0 != level }
            let chosen = levels.first { runs(blocks, level: $0).filter { $0.heading != nil }.count == count } ?? level
            var translated = runs(blocks, level: chosen)
            // Paired by what the sections share (links, pictures, code, Latin words of their
            // headings), in order: a section one side has and the other has not is left unpaired.
            let pairs = RunAlignment.pairs(sourceRuns, translated)
            let unpaired = translated.indices.filter { j in !pairs.contains { $0.1 == j } }
            if !unpaired.isEmpty || pairs.count != sourceRuns.count {
                let left = unpaired.prefix(3).map { "'\(translated[$0].heading ?? "introduction")'" }.joined(separator: ", ")
                notes.append(Diagnostic(.warning, "\(file.displayPath) has \(translated.count) sections at its top headings and "
                    + "\(whole.displayPath) \(sourceRuns.count): \(pairs.count) pair by their links, pictures and code"
                    + (unpaired.isEmpty ? "" : "; left out: \(left)\(unpaired.count > 3 ? ", …" : "")")
                    + (pairs.count < sourceRuns.count ? "; \(sourceRuns.count - pairs.count) of the source's are not translated yet" : ""),
                    at: SourceLocation(file: file.displayPath)))
            }
            if hasInPageLinks(file) {
                var pages = [String?](repeating: nil, count: translated.count)
                for (i, j) in pairs { pages[j] = paths[i] }
                if let again = reparse(t, sections(translated, pages: pages)) {
                    let rerun = runs(again, level: chosen)
                    if rerun.count == translated.count { translated = rerun }
                }
            }
            out[t] = edition(editions[t], runs: pairs.map { translated[$0.1] }, paths: pairs.map { paths[$0.0] }, from: file)
        }
        return (out, notes)
    }

    private static func hasInPageLinks(_ file: Chapter) -> Bool {
        file.facts.references.contains { !$0.isImage && $0.url.hasPrefix("#") }
    }

    /// Each run's first line and page (nil: a run no page shows), and the page of every heading's
    /// GitHub anchor, numbered over the whole file as GitHub numbers a README's.
    static func sections(_ runs: [Run], pages: [String?]) -> Sections {
        var texts: [String] = [], owners: [String?] = []
        for (run, page) in zip(runs, pages) {
            for block in run.blocks { if case .heading = block.kind { texts.append(block.text); owners.append(page) } }
        }
        var anchors: [String: String] = [:]
        for (slug, page) in zip(GitHubSlug.numbered(texts), owners) { if let slug, let page { anchors[slug] = page } }
        let sections = zip(runs, pages).compactMap { run, page in page.map { (firstLine: run.blocks.first?.lines.start ?? 1, page: $0) } }
        return (sections, anchors)
    }

    /// A run of blocks: from a heading of the cut level (nil: the introduction before the first) to the next.
    struct Run {
        var heading: String?
        var blocks: ArraySlice<Block>
    }

    /// The highest level with two headings or more (nil: nothing to cut).
    static func cutLevel(_ blocks: [Block]) -> Int? {
        var counts: [Int: Int] = [:]
        for block in blocks { if case .heading(let level) = block.kind { counts[level, default: 0] += 1 } }
        return counts.filter { $0.value >= 2 }.keys.min()
    }

    static func runs(_ blocks: [Block], level: Int) -> [Run] {
        var runs: [Run] = [], start = 0, heading: String?
        for (index, block) in blocks.enumerated() {
            guard case .heading(let found) = block.kind, found == level else { continue }
            if index > start || heading != nil { runs.append(Run(heading: heading, blocks: blocks[start..<index])) }
            start = index
            heading = block.text
        }
        runs.append(Run(heading: heading, blocks: blocks[start...]))
        return runs.filter { !$0.blocks.isEmpty }
    }

    /// Page names from the source's headings (`Getting Started` → `getting-started.md`), the
    /// introduction keeping the file's own name.
    static func pagePaths(_ runs: [Run], introduction: String) -> [String] {
        var used: Set<String> = [introduction]
        return runs.enumerated().map { index, run in
            guard let heading = run.heading else { return introduction }
            var slug = ""
            for scalar in heading.lowercased().unicodeScalars {
                if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) { slug.unicodeScalars.append(scalar) }
                else if !slug.isEmpty, !slug.hasSuffix("-") { slug += "-" }
            }
            while slug.hasSuffix("-") { slug.removeLast() }
            if slug.isEmpty { slug = "section-\(index)" }
            var path = slug + ".md", next = 2
            while !used.insert(path).inserted { path = "\(slug)-\(next).md"; next += 1 }
            return path
        }
    }

    private static func edition(_ edition: Edition, runs: [Run], paths: [String], from file: Chapter) -> Edition {
        var out = edition
        let chapters = zip(runs, paths).map { run, path -> Chapter in
            let title = run.heading ?? run.blocks.first(where: { if case .heading = $0.kind { true } else { false } })?.text ?? file.title
            let digest = file.contentDigest.map { whole -> [UInt8] in
                let hash = Digest()
                hash.update(whole)
                for part in ["cut-1", path, title, "\(run.blocks.startIndex)", "\(run.blocks.endIndex)"] { hash.updateCounted(part) }
                return hash.finalize()
            }
            return Chapter(path: path, displayPath: file.displayPath, title: title, parsed: ParsedChapter(blocks: Array(run.blocks)),
                           contentDigest: digest, parts: file.listedParts)
        }
        out.chapters = chapters
        out.toc = chapters.map { TocEntry(title: $0.title, path: $0.path, line: $0.blocks.first?.lines.start ?? 0) }
        return out
    }
}
