import GuideModel

/// Who changed each line of a chapter last: its files' blames, placed at the chapter's lines
/// (a chapter may be read from several files, `ChapterPart`).
public struct ChapterLines: Sendable {
    struct Part: Sendable {
        var firstLine: Int
        /// The file's path from the repository's top.
        var path: String
        var origins: [LineOrigin]
    }

    var parts: [Part]

    /// The origin of the chapter's line `line`, or nil when its file has no history for it.
    public func origin(_ line: Int) -> LineOrigin? {
        guard let part = parts.last(where: { $0.firstLine <= line }) else { return nil }
        let index = line - part.firstLine
        return index >= 0 && index < part.origins.count ? part.origins[index] : nil
    }

    /// The file (from the repository's top) holding the chapter's line `line`, and its line there.
    public func file(of line: Int) -> (path: String, line: Int)? {
        guard let part = parts.last(where: { $0.firstLine <= line }) else { return nil }
        return (part.path, line - part.firstLine + 1)
    }
}
