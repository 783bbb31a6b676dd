import GuideFiles
import GuideModel

/// Turns a book's chapters into `SnippetPlan`s: each snippet found with its annotation (a
/// translation's inherited from its source through the alignment), classified, wrapped with
/// what its chapter declared before it (`ChapterContext`), or given its result already
/// (ignored, text, an annotation with mistakes, an include refused). Nothing here runs a
/// process or writes a file; the chapters' text comes in, and only the include guard asks
/// the file system where an include leads.
struct CheckPlanner: Sendable {
    /// The content folder, which includes must stay inside.
    var contentRoot: String
    /// How a translation is aligned with its source, to inherit the source's annotations.
    var align: BeadSource

    /// The chapters in the order they are planned and reported: the source's, then each translation's.
    static func order(_ book: Book) -> [(language: Language, chapter: Chapter)] {
        ([book.source] + book.translations).flatMap { edition in edition.chapters.map { (edition.language, $0) } }
    }

    /// Each chapter's plans, in `planningOrder`; chapters at `skipping` get none.
    func plan(book: Book, skipping: Set<Int> = []) -> [[SnippetPlan]] {
        let languages = book.config.check.languages
        let source = book.source
        let order = Self.order(book)
        // A skipped chapter before a planned one of its language is planned too, for what it
        // declares (`giveEarlierChapters`): read as a cold check reads it, its plans then dropped.
        var lastPlanned: [String: Int] = [:]
        for position in order.indices where !skipping.contains(position) { lastPlanned[order[position].language.code] = position }
        let forDeclarations = Set(skipping.filter { $0 < lastPlanned[order[$0].language.code] ?? -1 })
        // Chapters are planned independently (a translation against its source's snippets): on every core.
        let chapters = order.enumerated().map { ($0.offset, $0.element.language, $0.element.chapter) }
        var planned = chapters.concurrentMap { [align] position, language, chapter -> [SnippetPlan] in
            if skipping.contains(position) && !forDeclarations.contains(position) { return [] }
            let original = language == source.language ? nil : source.chapter(at: chapter.path)
            var snippets = CodeSnippet.all(in: chapter, language: language, languages: languages)
            var counterparts: [SourceLocation?] = Array(repeating: nil, count: snippets.count)
            if let original {
                let originals = CodeSnippet.all(in: original, language: source.language, languages: languages)
                let beads = align(original.blocks, chapter.blocks)
                let pairs = AnnotationInheritance.counterparts(source: original.blocks, target: chapter.blocks,
                                                               beads: beads, sourceSnippets: originals,
                                                               targetSnippets: snippets)
                snippets = AnnotationInheritance.inherit(source: original, target: chapter, sourceSnippets: originals,
                                                         targetSnippets: snippets, beads: beads)
                counterparts = pairs.map { $0.map { originals[$0].location } }
            }
            return planChapter(snippets, counterparts: counterparts)
        }
        Self.giveEarlierChapters(&planned, languages: order.map(\.language))
        for position in forDeclarations { planned[position] = [] }
        return planned
    }

    /// Gives each snippet what the chapters before its own (in its edition's order) declare, for
    /// the rules against assuming what the book disproves (`BookDeclarations`): one array per
    /// language of every chapter's declarations, of which each chapter's plans share the part
    /// before it.
    static func giveEarlierChapters(_ plans: inout [[SnippetPlan]], languages: [Language]) {
        var all: [String: [ChapterSnippetDeclarations]] = [:]
        var ends: [Int] = []
        for (position, chapterPlans) in plans.enumerated() {
            let code = languages[position].code
            ends.append(all[code]?.count ?? 0)
            all[code, default: []].append(contentsOf: chapterPlans.compactMap(\.declarations))
        }
        for position in plans.indices where ends[position] > 0 {
            let earlier = all[languages[position].code]?[..<ends[position]] ?? []
            for index in plans[position].indices { plans[position][index].earlierChapters = earlier }
        }
    }

    func planChapter(_ snippets: [CodeSnippet], counterparts: [SourceLocation?]) -> [SnippetPlan] {
        let content = ConfinedFolder(contentRoot, role: "the content folder")
        var plans: [SnippetPlan] = []
        for (index, snippet) in snippets.enumerated() {
            let annotation = snippet.annotation
            let code = Self.trimmedCode(snippet.code)
            var plan = SnippetPlan(snippet: snippet, annotation: annotation,
                            shape: annotation?.shape ?? (annotation?.text == true ? .text : ShapeClassifier.classify(code)),
                            counterpart: counterparts[index])
            defer { plans.append(plan) }

            if !snippet.annotationProblems.isEmpty {
                let diagnostics = snippet.annotationProblems.map {
                    SnippetDiagnostic(severity: .error, location: SourceLocation(file: snippet.file, line: $0.line),
                                      message: $0.message)
                }
                plan.result = plan.finish(.fail, diagnostics: diagnostics, reason: "the snippet's annotation has mistakes")
                continue
            }
            if annotation?.ignore == true {
                plan.result = plan.finish(.ignored, reason: annotation?.reason ?? "ignore")
                continue
            }
            if plan.shape == .text {
                plan.result = plan.finish(.ignored, reason: annotation?.reason ?? "text, not code")
                continue
            }

            // The chain of snippets this one builds on, oldest first.
            var chain = [index]
            var cursor = index
            while snippets[cursor].annotation?.continues == true {
                guard let previous = plans.indices.last(where: { $0 < cursor && plans[$0].isCompiled }) else { break }
                chain.insert(previous, at: 0)
                cursor = previous
            }
            if annotation?.continues == true && chain.count == 1 {
                plan.result = plan.finish(.fail, diagnostics: [SnippetDiagnostic(
                    severity: .error, location: annotation?.location ?? snippet.location,
                    message: "'continues', but no compiled snippet comes before it in the chapter")])
                continue
            }
            var parts: [SnippetPart] = []
            var refusals: [SnippetDiagnostic] = []
            var chainDeclarations: [ChapterSnippetDeclarations] = []
            for member in chain {
                let memberPlan = member == index ? plan : plans[member]
                let memberSnippet = memberPlan.snippet
                let memberAnnotation = memberPlan.annotation
                let rawCode = Self.trimmedCode(memberSnippet.code)
                let elision = memberAnnotation?.elide == true ? Elision.blankAll(rawCode) : Elision.apply(rawCode)
                let memberCode = elision.code
                for violation in IncludeGuard.violations(in: memberCode, content: content) where member == index {
                    refusals.append(SnippetDiagnostic(severity: .error, location: SourceLocation(
                        file: memberSnippet.file, line: memberSnippet.firstCodeLine + violation.line), message: violation.message))
                }
                for setup in memberAnnotation?.setup ?? [] {
                    for violation in IncludeGuard.violations(in: setup.code, content: content) {
                        refusals.append(SnippetDiagnostic(severity: .error, location: SourceLocation(
                            file: memberAnnotation?.location?.file ?? memberSnippet.file, line: setup.line),
                            message: violation.message))
                    }
                }
                parts.append(SnippetPart(code: memberCode, shape: memberPlan.shape, file: memberSnippet.file,
                                         firstLine: memberSnippet.firstCodeLine, setup: memberAnnotation?.setup ?? [],
                                         setupFile: memberAnnotation?.location?.file ?? memberSnippet.file,
                                         indents: memberSnippet.indents, closers: elision.closers))
                if member == index { plan.elidesStatements = elision.statements }
                chainDeclarations.append(memberPlan.declarations ?? ChapterSnippetDeclarations(
                    code: memberCode, file: memberSnippet.file, firstLine: memberSnippet.firstCodeLine,
                    indents: memberSnippet.indents, shape: memberPlan.shape))
            }
            if !refusals.isEmpty {
                plan.result = plan.finish(.fail, diagnostics: refusals,
                                          reason: "refused before compiling: it includes a file outside the content folder")
                continue
            }
            let chainAnnotations = chain.compactMap { $0 == index ? annotation : plans[$0].annotation }
            let className = chainAnnotations.last(where: { $0.className != nil })?.className
            let superclass = chainAnnotations.last(where: { $0.className == className && $0.superclass != nil })?.superclass
            let expected = Set(chainAnnotations.flatMap(\.expectedFlags))
            let silenced = SnippetWrapper.fragmentWarnings.filter { !expected.contains($0) }
            // What the snippet declares, for the snippets after it; what the chapter declared before, for it.
            var own = chainDeclarations[chainDeclarations.count - 1]
            own.wrapperClass = className
            plan.declarations = own
            let earlier = plans.indices.filter { $0 < index && !chain.contains($0) }.compactMap { plans[$0].declarations }
            let prelude = ChapterContext.prelude(earlier: earlier, current: chainDeclarations, wrapperClass: className)
            var wrapping = WrapperContext(className: className, superclass: superclass, silenced: silenced, prelude: prelude)
            wrapping.returnType = ReturnedValues.type(of: parts.filter { $0.shape == .statements }.map(\.code))
            wrapping.rootClasses = Self.rootClasses(declaredIn: own.declarations,
                                                    implemented: chainDeclarations.flatMap(\.declarations))
            plan.parts = parts
            plan.wrapping = wrapping
            plan.bookDeclarations = earlier + chainDeclarations
            // A snippet expected to fail is about its errors: nothing is assumed away.
            plan.strict = chainAnnotations.contains { $0.strict } || !(annotation?.expectErrors.isEmpty ?? true)
            plan.unit = SnippetWrapper.wrap(parts, context: wrapping)
            plan.currentPart = parts.count - 1
            plan.extraFlags = (annotation?.expectedFlags ?? []).sorted()
        }
        // What each snippet's later ones declare: a name used before the chapter declares it is a mistake.
        var later = Set<String>()
        for index in plans.indices.reversed() {
            plans[index].laterIdentifiers = later
            if let declarations = plans[index].declarations { later.formUnion(declarations.identifiers) }
        }
        return plans
    }

    /// The classes `declarations` declare whole with no superclass, that none of `implemented`
    /// implements: those the wrapper implements for clang to warn of (`WrapperContext.rootClasses`).
    static func rootClasses(declaredIn declarations: [Declaration], implemented: [Declaration]) -> [String] {
        let implementations = Set(implemented.filter { $0.kind == .implementation }.map(\.name))
        var found: [String] = []
        for declaration in declarations where declaration.kind == .classInterface(superclass: nil) && declaration.complete
            && !implementations.contains(declaration.name) && !found.contains(declaration.name) {
            found.append(declaration.name)
        }
        return found
    }

    /// cmark keeps the newline that ends the last line.
    static func trimmedCode(_ code: String) -> String {
        code.hasSuffix("\n") ? String(code.dropLast()) : code
    }
}
