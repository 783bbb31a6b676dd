import GuideModel

/// A fenced code block of a chapter, as the snippet harness sees it.
public struct CodeSnippet: Hashable, Sendable {
    public var file: String
    /// The line of the opening fence.
    public var fenceLine: Int
    public var language: String
    public var code: String

    public init(file: String, fenceLine: Int, language: String, code: String) {
        self.file = file
        self.fenceLine = fenceLine
        self.language = language
        self.code = code
    }

    /// The code blocks of a chapter, in order.
    public static func all(in chapter: Chapter) -> [CodeSnippet] {
        chapter.blocks.compactMap { block in
            guard let code = block.codeLiteral else { return nil }
            return CodeSnippet(file: chapter.displayPath, fenceLine: block.lines.start,
                               language: block.codeLanguage ?? "", code: code)
        }
    }
}
