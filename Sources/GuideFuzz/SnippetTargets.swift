import GuideCheck
import GuideModel
import GuideParse

extension FuzzTarget {
    /// A `<!-- snippet … -->` comment, and the expectations' regular expressions (PCRE2 under a budget).
    static let annotation = FuzzTarget(
        name: "annotation", summary: "AnnotationParser.parse (<!-- snippet … --> comments) and BoundedPattern on its expectations",
        seedSuffixes: [".md"]
    ) { bytes in
        guard let text = text(bytes) else { return }
        guard let (annotation, problems) = AnnotationParser.parse(html: text, file: "fuzz.md", line: 1) else { return }
        let lines = lineCount(text)
        for problem in problems {
            require(problem.line >= 1 && problem.line <= lines, "problem at line \(problem.line) of \(lines): \(problem.message)")
        }
        for expectation in (annotation.expectErrors + annotation.expectWarnings).prefix(4)
        where !Annotation.isFlag(expectation) {
            if let pattern = try? BoundedPattern(expectation) {
                _ = try? pattern.matches("use of undeclared identifier 'x'; did you mean 'y'? [-Wfuzz]")
            }
        }
    }

    /// A chapter's Objective-C snippets as the checker prepares them: annotation, classifier,
    /// elision, include guard, wrapper (every code line in the unit, in a region).
    static let snippet = FuzzTarget(
        name: "snippet", summary: "CodeSnippet.all, ShapeClassifier, CodeScanner.elide, IncludeGuard, SnippetWrapper.wrap",
        seedSuffixes: [".md"]
    ) { bytes in
        guard let text = text(bytes) else { return }
        let chapter = Chapter(path: "fuzz.md", displayPath: "en/fuzz.md", title: "Fuzz", blocks: MarkdownParser().parse(text))
        var parts: [SnippetPart] = []
        for snippet in CodeSnippet.all(in: chapter, language: Language("en")).prefix(8) {
            var code = snippet.code.hasSuffix("\n") ? String(snippet.code.dropLast()) : snippet.code
            let annotation = snippet.annotation
            let shape = annotation?.shape ?? (annotation?.text == true ? .text : ShapeClassifier.classify(code))
            _ = ShapeClassifier.looksLikeText(code)
            _ = CodeScanner.skeleton(of: code)
            // As SnippetChecker plans: a snippet with annotation problems, ignored or text is not compiled.
            guard snippet.annotationProblems.isEmpty, annotation?.ignore != true, shape != .text else { continue }
            if annotation?.elide == true { code = CodeScanner.elide(code) }
            _ = IncludeGuard.violations(in: code)
            let part = SnippetPart(code: code, shape: shape, file: snippet.file, firstLine: snippet.firstCodeLine,
                                   setup: annotation?.setup ?? [], setupFile: snippet.file, indents: snippet.indents)
            parts.append(part)
            let unit = SnippetWrapper.wrap([part], context: WrapperContext(className: annotation?.className,
                                                                           superclass: annotation?.superclass))
            checkUnit(unit, parts: [part])
        }
        if parts.count > 1 { checkUnit(SnippetWrapper.wrap(parts), parts: parts) }
    }

    static func checkUnit(_ unit: WrappedUnit, parts: [SnippetPart]) {
        for (index, part) in parts.enumerated() {
            require(unit.regions.contains { $0.kind == .code(part: index) }, "part \(index) has no region in the unit")
            for line in part.code.split(separator: "\n", omittingEmptySubsequences: true) {
                require(unit.text.contains(line), "code line '\(line)' of part \(index) is not in the unit")
            }
        }
    }
}
