import GuideModel

/// A SUMMARY.md as parsed, as the cache stores it (`CacheStage.summary`): a large book's
/// SUMMARY.md is read back from a record instead of parsed again.
public enum SummaryRecord {
    public static func encode(_ toc: [TocEntry]) -> [UInt8] {
        var out = ByteWriter()
        write(toc, to: &out)
        return out.bytes
    }

    /// The entries `encode` wrote, or nil when the bytes are damaged in any way.
    public static func decode(_ raw: UnsafeRawBufferPointer) -> [TocEntry]? {
        var reader = ByteReader(raw)
        guard let toc = read(&reader, depth: 0), reader.isAtEnd else { return nil }
        return toc
    }

    /// Deeper than the parser allows (`MarkdownParser.Options.maxItemDepth`), with room: a record
    /// nesting further is not one guide wrote.
    static let maxDepth = 4 * MarkdownParser.Options().maxItemDepth

    private static func write(_ entries: [TocEntry], to out: inout ByteWriter) {
        out.list(entries) { out, entry in
            out.string(entry.title)
            out.optional(entry.path) { $0.string($1) }
            out.int(entry.line)
            write(entry.children, to: &out)
        }
    }

    private static func read(_ reader: inout ByteReader, depth: Int) -> [TocEntry]? {
        guard depth <= maxDepth else { return nil }
        return reader.list { reader in
            guard let title = reader.string(), let path = reader.optional({ $0.string() }), let line = reader.int(),
                  let children = read(&reader, depth: depth + 1) else { return nil }
            return TocEntry(title: title, path: path, line: line, children: children)
        }
    }
}
