/// Why a translation's chapter has no text: its SUMMARY.md does not list a chapter the
/// source lists. The loader puts a chapter with no blocks in its place (`Chapter.untranslated`),
/// so the review counts every English block missing and the site can show the English.
public struct Untranslated: Hashable, Sendable {
    /// Where the source's SUMMARY.md lists the chapter.
    public var sourceEntry: SourceLocation
    /// The translation's SUMMARY.md, which does not list it.
    public var summary: String
    /// The translation's file exists all the same (listing it would publish it).
    public var fileExists: Bool

    public init(sourceEntry: SourceLocation, summary: String, fileExists: Bool) {
        self.sourceEntry = sourceEntry
        self.summary = summary
        self.fileExists = fileExists
    }

    /// What the review says about it, after the chapter's path (the source's entry is said apart).
    public var reason: String { reason(naming: { $0 }) }

    /// `reason`, with the translation's SUMMARY.md named by `name` (the site names files its own way).
    public func reason(naming name: (String) -> String) -> String {
        fileExists ? "the file exists but \(name(summary)) does not list it" : "\(name(summary)) does not list it"
    }
}
