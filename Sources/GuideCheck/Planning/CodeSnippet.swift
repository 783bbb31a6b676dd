import GuideModel

/// A fenced Objective-C code block of a chapter, as the snippet harness sees it.
public struct CodeSnippet: Hashable, Sendable {
    /// The markdown file as the user sees it, e.g. `content/en/x.md`.
    public var file: String
    /// The chapter's path relative to its language folder.
    public var chapterPath: String
    public var language: Language
    /// The line of the opening fence.
    public var fenceLine: Int
    /// The fence's language word, e.g. `objective-c`.
    public var fenceLanguage: String
    public var code: String
    /// Characters before the code on each of its markdown lines (a fence inside a list item is indented).
    public var indents: [Int]
    /// Where the block is: its index in `chapter.blocks`; inside a list, followed by the item and
    /// the index in the item (and so on for nested lists).
    public var blockPath: [Int]
    /// The snippet's own annotation (the `<!-- snippet … -->` comment right above the fence).
    public var annotation: Annotation?
    public var annotationProblems: [AnnotationProblem]

    public init(file: String, chapterPath: String, language: Language, fenceLine: Int, fenceLanguage: String,
                code: String, indents: [Int] = [], blockPath: [Int] = [], annotation: Annotation? = nil,
                annotationProblems: [AnnotationProblem] = []) {
        self.file = file
        self.chapterPath = chapterPath
        self.language = language
        self.fenceLine = fenceLine
        self.fenceLanguage = fenceLanguage
        self.code = code
        self.indents = indents
        self.blockPath = blockPath
        self.annotation = annotation
        self.annotationProblems = annotationProblems
    }

    /// The markdown line of the snippet's first line of code.
    public var firstCodeLine: Int { fenceLine + 1 }

    public var location: SourceLocation { SourceLocation(file: file, line: fenceLine) }

    /// The Objective-C code blocks of a chapter, in reading order (list items included).
    /// `languages` are the fence languages to take, compared case-insensitively. An annotation
    /// is the HTML block before the fence, read from its own source (the parser gives an HTML
    /// block every line of it, `-->` included, though cmark ends it a line early): the chapter's
    /// file is not read again.
    public static func all(in chapter: Chapter, language: Language,
                           languages: [String] = CheckConfig.defaultLanguages) -> [CodeSnippet] {
        let wanted = Set(languages.map { $0.lowercased() })
        var found: [CodeSnippet] = []
        collect(chapter.blocks, path: [], chapter: chapter, language: language, wanted: wanted, into: &found)
        return found
    }

    private static func collect(_ blocks: [Block], path: [Int], chapter: Chapter, language: Language,
                                wanted: Set<String>, into found: inout [CodeSnippet]) {
        for (index, block) in blocks.enumerated() {
            for (itemIndex, item) in block.items.enumerated() {
                collect(item, path: path + [index, itemIndex], chapter: chapter, language: language,
                        wanted: wanted, into: &found)
            }
            guard let code = block.codeLiteral, let fence = block.codeLanguage,
                  wanted.contains(fence.lowercased()) else { continue }
            // In the user's own file: a chapter of several files names the one holding the fence.
            let fenceAt = chapter.location(line: block.lines.start)
            var snippet = CodeSnippet(file: fenceAt.file, chapterPath: chapter.path, language: language,
                                      fenceLine: fenceAt.line ?? block.lines.start, fenceLanguage: fence, code: code,
                                      indents: indents(of: code, in: block.source), blockPath: path + [index])
            if index > 0, case .html = blocks[index - 1].kind,
               let (annotation, problems) = AnnotationParser.parse(html: blocks[index - 1].source,
                                                                   file: fenceAt.file,
                                                                   line: chapter.location(line: blocks[index - 1].lines.start).line
                                                                       ?? blocks[index - 1].lines.start) {
                snippet.annotation = annotation
                snippet.annotationProblems = problems
            }
            found.append(snippet)
        }
    }

    /// For each line of the literal, how many characters precede it on its markdown line.
    static func indents(of literal: String, in source: String) -> [Int] {
        let codeLines = literal.split(separator: "\n", omittingEmptySubsequences: false)
        let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false)
        return codeLines.enumerated().map { offset, line in
            let sourceIndex = offset + 1 // the opening fence comes first
            guard sourceIndex < sourceLines.count else { return 0 }
            let sourceLine = sourceLines[sourceIndex]
            guard sourceLine.hasSuffix(line) else { return 0 }
            return sourceLine.count - line.count
        }
    }
}
