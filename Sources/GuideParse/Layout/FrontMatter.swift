import Foundation
import TOMLKit
import Yams

/// The metadata block at the top of a Hugo, Docusaurus or Jekyll page (`---` YAML or `+++`
/// TOML), which readers must never see as text: its lines are blanked before cmark reads the
/// file (so every line number stays the file's own), and its title and order are read.
public struct FrontMatter: Sendable, Equatable {
    public var title: String?
    /// `weight` (Hugo) or `sidebar_position` (Docusaurus): the order of a folder's pages.
    public var order: Double?
    /// Lines the block takes at the top of the file (0: none).
    public var lineCount: Int

    /// The front matter of `text`, if it opens with one (a fence line alone, closed by the same).
    public static func of(_ text: String) -> FrontMatter? {
        // Content is untrusted: a front matter is read only within its first 400 lines and 64 KiB.
        var lines = text.utf8.prefix(maximumBytes).split(separator: UInt8(ascii: "\n"), maxSplits: 400, omittingEmptySubsequences: false)
            .map { Substring(decoding: $0, as: UTF8.self) }.makeIterator()
        guard let first = lines.next() else { return nil }
        let fence = first.hasSuffix("\r") ? first.dropLast() : first
        guard fence == "---" || fence == "+++" else { return nil }
        var body: [Substring] = [], count = 1
        while let line = lines.next() {
            count += 1
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
            if trimmed == fence || (fence == "---" && trimmed == "...") {
                let text = body.joined(separator: "\n")
                var matter = fence == "---" ? yaml(text) : toml(text)
                matter.lineCount = count
                return matter
            }
            body.append(trimmed)
        }
        return nil   // never closed: a thematic break and text, as cmark reads it
    }

    /// `text` with the front matter's lines emptied (their line breaks kept).
    public static func blanked(_ text: String, lines: Int) -> String {
        guard lines > 0 else { return text }
        var index = text.startIndex, seen = 0
        while seen < lines, let newline = text[index...].firstIndex(of: "\n") {
            index = text.index(after: newline)
            seen += 1
        }
        return String(repeating: "\n", count: seen) + text[index...]
    }

    static let maximumBytes = 65_536

    private static func yaml(_ text: String) -> FrontMatter {
        // Bounded before Yams expands anything (aliases of aliases): what guide.yml's reader does.
        guard (try? YAMLBounds.check(text, displayPath: "")) != nil else { return FrontMatter(title: nil, order: nil, lineCount: 0) }
        let mapping = (try? Yams.compose(yaml: text))?.mapping
        let title = mapping?["title"]?.string ?? mapping?["sidebar_label"]?.string
        let order = (mapping?["weight"] ?? mapping?["sidebar_position"])?.string.flatMap(Double.init)
        return FrontMatter(title: title.flatMap(clean), order: order, lineCount: 0)
    }

    /// TOML front matter (Hugo's `+++`), read by TOMLKit.
    private static func toml(_ text: String) -> FrontMatter {
        let table = try? TOMLTable(string: text)
        let order = table?["weight"].flatMap { $0.int.map(Double.init) ?? $0.double }
        return FrontMatter(title: table?["title"]?.string.flatMap(clean), order: order, lineCount: 0)
    }

    private static func clean(_ title: String) -> String? {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || trimmed.count > 500 ? nil : trimmed
    }
}
