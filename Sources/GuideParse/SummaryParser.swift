import Foundation
import GuideModel

/// Reads a `SUMMARY.md` (the GitBook/mdBook convention) into a table of contents.
///
/// The summary is markdown like any other, so it goes through cmark: every list
/// item whose first paragraph is a link becomes an entry; nested lists nest.
public enum SummaryParser {
    public static func parse(_ markdown: String, displayPath: String) throws -> [TocEntry] {
        let parser = MarkdownParser(options: .init(rewriteMarkdownLinks: false))
        let blocks = parser.parse(markdown)
        let toc = try blocks.flatMap { try entries(in: $0, displayPath: displayPath) }
        guard !toc.isEmpty else {
            throw GuideError("SUMMARY.md lists no chapter (expected a list of links like `* [Title](chapter.md)`)",
                             file: displayPath)
        }
        return toc
    }

    private static func entries(in block: Block, displayPath: String) throws -> [TocEntry] {
        guard case .list = block.kind else { return [] }
        // cmark gives every list an item: none means the parser's nesting bound cut it off.
        guard !block.items.isEmpty else {
            throw GuideError("SUMMARY.md nests lists deeper than \(MarkdownParser.Options().maxItemDepth) levels; "
                             + "guide reads no deeper (its entries would be lost)", file: displayPath, line: block.lines.start)
        }
        return try block.items.map { item in
            let head = item.first { if case .paragraph = $0.kind { return true } else { return false } }
            let children = try item.flatMap { try entries(in: $0, displayPath: displayPath) }
            let line = head?.lines.start ?? block.lines.start
            guard let head else {
                throw GuideError("a SUMMARY entry has no title", file: displayPath, line: line)
            }
            let path = head.inline.urls.first.flatMap(chapterPath)
            if let path {
                try ContentPath.validate(path, displayPath: displayPath, line: line)
                guard path.hasSuffix(".md") else {
                    throw GuideError("SUMMARY entry '\(head.text)' links to '\(path)', which is not a markdown file",
                                     file: displayPath, line: line)
                }
            }
            return TocEntry(title: head.text, path: path, line: line, children: children)
        }
    }

    /// The chapter a SUMMARY link names: `./a.md#x` → `a.md`; nil for an empty link.
    static func chapterPath(_ link: String) -> String? {
        var path = link
        if let hash = path.firstIndex(of: "#") { path = String(path[..<hash]) }
        while path.hasPrefix("./") { path.removeFirst(2) }
        if path.utf8.contains(UInt8(ascii: "%")) { path = path.removingPercentEncoding ?? path }
        return path.isEmpty ? nil : path
    }
}
