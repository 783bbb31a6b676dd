/// Chapter continuity: a snippet compiles with what the chapter's earlier snippets declare —
/// classes, protocols, categories, methods, properties, types, constants, macros — as a reader
/// who has read them does. Where the snippet declares a name again (a class shown again with
/// more methods, a constant written as `static` and then as `extern`), its own version counts
/// and the earlier one is left out; of two earlier versions, the later counts.
///
/// Pure: declarations in, the code to put before the snippet out.
public struct ChapterSnippetDeclarations: Hashable, Sendable {
    /// The code as compiled (elisions blanked), with where it is written. (Set once: the
    /// declarations and their prelude texts are made from it.)
    public private(set) var code: String
    public var file: String
    public var firstLine: Int
    public var indents: [Int]
    public var shape: SnippetShape
    /// The class the wrapper puts its methods in (nil: the wrapper's own).
    public var wrapperClass: String?
    public private(set) var declarations: [Declaration]
    /// Each declaration's text as a later snippet's prelude puts it (`ChapterContext.withoutComments`),
    /// made once here, not for every later snippet of the chapter.
    var preludeTexts: [String]
    /// Where each line of the code starts, in characters, and how many characters it has (`position(of:)`).
    private var lineStarts: [Int]
    private var characterCount: Int

    public init(code: String, file: String, firstLine: Int, indents: [Int] = [], shape: SnippetShape,
                wrapperClass: String? = nil) {
        self.code = code
        self.file = file
        self.firstLine = firstLine
        self.indents = indents
        self.shape = shape
        self.wrapperClass = wrapperClass
        switch shape {
        case .fileScope: declarations = DeclarationReader.fileScope(code)
        case .methodDeclarations, .methodDefinitions: declarations = DeclarationReader.members(code)
        default: declarations = []
        }
        let characters = declarations.isEmpty ? [] : Array(code)
        characterCount = characters.count
        lineStarts = [0]
        for (offset, character) in characters.enumerated() where character == "\n" { lineStarts.append(offset + 1) }
        preludeTexts = declarations.map { declaration in
            ChapterContext.withoutComments(declaration.synthesized
                ?? String(characters[min(declaration.start, characters.count)..<min(declaration.end, characters.count)]))
        }
    }

    /// The identifiers it declares (classes, protocols, types, constants, macros, functions).
    public var identifiers: Set<String> {
        Set(declarations.compactMap(\.declaredIdentifier))
    }
}

/// A piece of an earlier snippet put before the current one.
public struct PreludeItem: Hashable, Sendable {
    public var code: String
    public var file: String
    /// The markdown line of the code's first line.
    public var line: Int
    /// Characters before the code on that line.
    public var column: Int
    /// A method or property of the wrapper's class: it goes in a category after the class.
    public var wrapperMember: Bool

    public init(code: String, file: String, line: Int, column: Int = 0, wrapperMember: Bool = false) {
        self.code = code
        self.file = file
        self.line = line
        self.column = column
        self.wrapperMember = wrapperMember
    }
}

public enum ChapterContext {
    /// The category the earlier snippets' methods are declared in.
    public static let categoryName = "GuideChapter"

    /// What to put before a snippet: the earlier snippets' declarations that its own do not replace.
    /// `current` are the snippet's declarations (and those of the snippets it `continues`);
    /// `wrapperClass` the class its methods go in.
    public static func prelude(earlier: [ChapterSnippetDeclarations], current: [ChapterSnippetDeclarations],
                               wrapperClass: String?) -> [PreludeItem] {
        let replaced = replacedKeys(current.flatMap(\.declarations), wrapperClass: wrapperClass)
        // The latest version of each key among the earlier snippets.
        var latest: [String: (snippet: Int, start: Int)] = [:]
        for (index, snippet) in earlier.enumerated() {
            for declaration in snippet.declarations where declaration.complete {
                latest[key(declaration, wrapperClass: snippet.wrapperClass)] = (index, declaration.start)
            }
        }
        // Classes declared whole: an `@interface` line alone then adds its protocols in a category.
        let wholeClasses = Set(earlier.flatMap { snippet in
            snippet.declarations.filter { declaration in
                guard declaration.complete, declaration.adopted == nil, case .classInterface = declaration.kind else { return false }
                return !isReplaced(declaration, snippet: snippet, replaced: replaced, wrapperClass: wrapperClass)
            }.map(\.name)
        })
        var items: [PreludeItem] = []
        var classes: [String] = [], protocols: [String] = []
        for (index, snippet) in earlier.enumerated() {
            var emitted = Set<Int>()
            var synthesizedMethods: [String: [(Declaration, String)]] = [:]
            var classOrder: [String] = []
            for (number, declaration) in snippet.declarations.enumerated() where declaration.complete {
                let declarationKey = key(declaration, wrapperClass: snippet.wrapperClass)
                guard latest[declarationKey].map({ $0 == (index, declaration.start) }) == true,
                      !isReplaced(declaration, snippet: snippet, replaced: replaced, wrapperClass: wrapperClass) else { continue }
                switch declaration.kind {
                case .method, .property:
                    if declaration.owner == nil {
                        // A method-shaped snippet's member: only for the same wrapper class.
                        guard snippet.wrapperClass == wrapperClass else { continue }
                        items.append(item(snippet, number, wrapperMember: true))
                    } else if let owner = declaration.owner, let text = declaration.synthesized {
                        // A method defined in an implementation: declared in a category.
                        if synthesizedMethods[owner] == nil { classOrder.append(owner) }
                        synthesizedMethods[owner, default: []].append((declaration, text))
                    }
                    // Members of an interface or protocol come with its text.
                case .implementation:
                    continue
                case .classInterface where declaration.adopted != nil && wholeClasses.contains(declaration.name):
                    let position = snippet.position(of: declaration.start)
                    items.append(PreludeItem(code: "@interface \(declaration.name) (\(categoryName)) <"
                                             + (declaration.adopted ?? []).joined(separator: ", ") + ">\n@end",
                                             file: snippet.file, line: snippet.firstLine + position.line))
                default:
                    if case .classInterface = declaration.kind { classes.append(declaration.name) }
                    if case .protocolDefinition = declaration.kind { protocols.append(declaration.name) }
                    // Several names of one statement (an enum's constants) come once.
                    guard emitted.insert(declaration.start).inserted || declaration.synthesized != nil else { continue }
                    items.append(item(snippet, number, wrapperMember: false))
                }
            }
            for owner in classOrder {
                guard let methods = synthesizedMethods[owner], let first = methods.first?.0 else { continue }
                let position = snippet.position(of: first.start)
                let body = methods.map(\.1).joined(separator: "\n")
                items.append(PreludeItem(code: "@interface \(owner) (\(categoryName))\n" + body + "\n@end",
                                         file: snippet.file, line: snippet.firstLine + position.line, column: 0))
            }
        }
        // The chapter's classes and protocols are known by name from the start, as a header that
        // imports the others knows them: an earlier snippet that names one shown after it still
        // declares what it means to.
        var forward: [String] = []
        if !classes.isEmpty { forward.append("@class " + classes.joined(separator: ", ") + ";") }
        if !protocols.isEmpty { forward.append("@protocol " + protocols.joined(separator: ", ") + ";") }
        if !forward.isEmpty {
            items.insert(PreludeItem(code: forward.joined(separator: "\n"), file: forwardFile, line: 1), at: 0)
        }
        return items
    }

    /// The file name of the forward declarations of the chapter's classes and protocols.
    public static let forwardFile = "<chapter>"

    static func item(_ snippet: ChapterSnippetDeclarations, _ number: Int, wrapperMember: Bool = false) -> PreludeItem {
        let position = snippet.position(of: snippet.declarations[number].start)
        let indent = position.line < snippet.indents.count ? snippet.indents[position.line] : 0
        return PreludeItem(code: snippet.preludeTexts[number], file: snippet.file, line: snippet.firstLine + position.line,
                           column: indent + position.column, wrapperMember: wrapperMember)
    }

    /// Comments blanked (each character a space, so places stay) and lines' trailing spaces cut:
    /// a translation whose earlier snippets differ from the source's only in their comments
    /// gets the same declarations, and can share its compiles (`SharedCompiles`).
    static func withoutComments(_ code: String) -> String {
        CodeScanner.blank(code, comments: true, literals: false)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line.reversed().drop { $0 == " " || $0 == "\t" }.reversed()) }
            .joined(separator: "\n")
    }

    /// Keys that identify "the same declaration" across snippets.
    static func key(_ declaration: Declaration, wrapperClass: String?) -> String {
        // An `@interface` line alone does not replace the class declared whole.
        if declaration.adopted != nil { return "adopted " + declaration.conflictKey }
        if declaration.owner == nil, case .method = declaration.kind {
            return "wrapper \(wrapperClass ?? "") " + declaration.conflictKey
        }
        if declaration.owner == nil, case .property = declaration.kind {
            return "wrapper \(wrapperClass ?? "") " + declaration.conflictKey
        }
        return declaration.conflictKey
    }

    /// What the current snippet's own declarations replace.
    struct Replaced {
        var classes = Set<String>()
        var categories = Set<String>()
        var extensions = Set<String>()
        var implementations = Set<String>()
        var protocols = Set<String>()
        var names = Set<String>()
        var selectors = Set<String>()
    }

    static func replacedKeys(_ declarations: [Declaration], wrapperClass: String?) -> Replaced {
        var replaced = Replaced()
        if let wrapperClass { replaced.classes.insert(wrapperClass) }
        for declaration in declarations {
            switch declaration.kind {
            case .classInterface: replaced.classes.insert(declaration.name)
            case .category(let name):
                if name.isEmpty { replaced.extensions.insert(declaration.name) }
                else { replaced.categories.insert("\(declaration.name) (\(name))") }
            case .implementation: replaced.implementations.insert(declaration.name)
            case .protocolDefinition: replaced.protocols.insert(declaration.name)
            case .type, .enumConstant, .macro, .variable, .function: replaced.names.insert(declaration.name)
            case .forwardClass, .forwardProtocol: break
            case .method:
                if declaration.owner == nil { replaced.selectors.insert(declaration.name) }
            case .property:
                if declaration.owner == nil {
                    replaced.selectors.insert(declaration.name)
                    replaced.selectors.insert("set" + declaration.name.prefix(1).uppercased() + declaration.name.dropFirst() + ":")
                }
            }
        }
        return replaced
    }

    static func isReplaced(_ declaration: Declaration, snippet: ChapterSnippetDeclarations, replaced: Replaced,
                           wrapperClass: String?) -> Bool {
        switch declaration.kind {
        case .classInterface:
            return replaced.classes.contains(declaration.name) || replaced.names.contains(declaration.name)
        case .category(let name):
            // A class shown again takes its categories with it.
            if replaced.classes.contains(declaration.name) { return true }
            if name.isEmpty { return replaced.extensions.contains(declaration.name) }
            return replaced.categories.contains("\(declaration.name) (\(name))")
        case .implementation:
            return true
        case .protocolDefinition:
            return replaced.protocols.contains(declaration.name) || replaced.names.contains(declaration.name)
        case .forwardClass:
            return replaced.names.contains(declaration.name)
        case .forwardProtocol:
            return false
        case .type, .enumConstant, .macro, .variable, .function:
            return replaced.names.contains(declaration.name) || replaced.classes.contains(declaration.name)
                || replaced.protocols.contains(declaration.name)
        case .method, .property:
            if declaration.owner == nil {
                if case .property = declaration.kind {
                    return replaced.selectors.contains(declaration.name)
                }
                return replaced.selectors.contains(declaration.name)
            }
            guard let owner = declaration.owner else { return false }
            // Methods of an implementation: left out when the class is implemented or shown again.
            return replaced.implementations.contains(owner) || replaced.classes.contains(owner)
        }
    }
}

extension ChapterSnippetDeclarations {
    /// The 0-based line and 0-based column of a character offset in the code.
    /// (Only a declaration's offsets are asked for: a snippet without any has no line starts.)
    func position(of offset: Int) -> (line: Int, column: Int) {
        let place = min(offset, characterCount)
        var low = 0, high = lineStarts.count - 1   // the last line starting at or before `place`
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= place { low = middle } else { high = middle - 1 }
        }
        return (low, place - lineStarts[low])
    }
}
