import GuideModel

/// One snippet on its way to a result.
struct SnippetPlan {
    var snippet: CodeSnippet
    var annotation: Annotation?
    var shape: SnippetShape
    var unit: WrappedUnit?
    var currentPart: Int = 0
    var extraFlags: [String] = []
    var counterpart: SourceLocation?
    var result: SnippetResult?
    /// The keys of the compile records its result was made from (`CacheStage.compileRecords`):
    /// its chapter's cached results keep them.
    var recordKeys: [CacheKey] = []
    /// What the snippet declares, for the chapter's later snippets (`ChapterContext`).
    var declarations: ChapterSnippetDeclarations?
    /// The parts and wrapping of `unit`, to wrap again with assumptions.
    var parts: [SnippetPart] = []
    var wrapping = WrapperContext()
    /// What the chapter declared before the snippet, and the snippet itself (for `BookDeclarations`).
    var bookDeclarations: [ChapterSnippetDeclarations] = []
    /// What the chapters before the snippet's own declare (in its edition's order), for `BookDeclarations` only.
    var earlierChapters: ArraySlice<ChapterSnippetDeclarations> = []
    /// Identifiers the chapter's later snippets declare.
    var laterIdentifiers: Set<String> = []
    /// The annotation asks for no assumptions.
    var strict = false
    /// The snippet's `...` stand for statements left out.
    var elidesStatements = false

    func finish(_ outcome: SnippetOutcome, diagnostics: [SnippetDiagnostic] = [], unmet: [String] = [],
                reason: String? = nil, cached: Bool = false, assumed: [AssumedName] = []) -> SnippetResult {
        var result = SnippetResult(language: snippet.language, chapterPath: snippet.chapterPath, file: snippet.file,
                                   fenceLine: snippet.fenceLine, blockPath: snippet.blockPath, shape: shape,
                                   outcome: outcome, diagnostics: diagnostics, unmetExpectations: unmet,
                                   reason: reason, annotationLocation: annotation?.location, cached: cached)
        result.counterpart = counterpart
        result.assumed = assumed
        return result
    }

    /// Compiled (not ignored, not text, no early failure): a snippet others may continue.
    var isCompiled: Bool { unit != nil }
}
