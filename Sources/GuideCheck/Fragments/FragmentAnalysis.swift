import GuideModel

/// What the book declares, for the rules about calls: each class's superclass, the selectors
/// (and properties) of each class (its interfaces and categories) and protocol, and where the
/// book's snippets declare each.
struct BookDeclarations: Sendable {
    var superclass: [String: String] = [:]
    var selectors: [String: Set<String>] = [:]
    var rootClasses: Set<String> = []
    /// Classes whose `@interface` a snippet of the book shows (not the context header's, not the wrapper's).
    var bookClasses: Set<String> = []
    /// Where a snippet of the book declares a selector or property, by owner and name (where the
    /// reader first met it).
    var places: [String: SourceLocation] = [:]
    /// Functions, types and enum constants the chapters before this one declare, each as a
    /// prelude gives it (the latest declaration of the name, at its snippet's file and line): a
    /// snippet that uses one is compiled with the book's declaration, never an assumed one.
    var earlierNames: [String: PreludeItem] = [:]
    /// Those declarations in the book's order (a type before the function that takes it).
    private var earlierItems: [PreludeItem] = []

    init() {}

    /// `context`: the context header's declarations; `earlierChapters`: the snippets of the
    /// chapters before this one; `snippets`: the chapter's earlier snippets and the snippet, in
    /// that order. The chapter's wrapper members (no owner) belong to `wrapperClass`; an earlier
    /// chapter's, to its annotation's class or to none the snippet knows (a method shown alone
    /// there belongs to some class of that chapter, not to this snippet's `self`).
    init(context: [Declaration], earlierChapters: ArraySlice<ChapterSnippetDeclarations> = [], snippets: [ChapterSnippetDeclarations],
         wrapperClass: String, wrapperSuperclass: String) {
        superclass[wrapperClass] = wrapperSuperclass
        add(context, wrapperClass: wrapperClass)
        for snippet in earlierChapters {
            add(snippet.declarations, wrapperClass: snippet.wrapperClass ?? "(methods of \(snippet.file))", snippet: snippet)
            for (number, declaration) in snippet.declarations.enumerated() where declaration.complete {
                switch declaration.kind {
                case .function, .type, .enumConstant:
                    let item = ChapterContext.item(snippet, number)
                    earlierNames[declaration.name] = item
                    if earlierItems.last != item { earlierItems.append(item) }   // an enum's constants share it
                default: break
                }
            }
        }
        for snippet in snippets { add(snippet.declarations, wrapperClass: wrapperClass, snippet: snippet) }
    }

    private mutating func add(_ declarations: [Declaration], wrapperClass: String, snippet: ChapterSnippetDeclarations? = nil) {
        for declaration in declarations {
            switch declaration.kind {
            case .classInterface(let parent):
                if let parent {
                    superclass[declaration.name] = parent
                    rootClasses.remove(declaration.name)
                } else {
                    superclass[declaration.name] = nil
                    rootClasses.insert(declaration.name)
                }
                if snippet != nil { bookClasses.insert(declaration.name) }
            case .method, .property:
                let owner = declaration.owner ?? wrapperClass
                selectors[owner, default: []].insert(declaration.name)
                if let snippet, places[Self.placeKey(owner, declaration.name)] == nil {
                    places[Self.placeKey(owner, declaration.name)] = SourceLocation(
                        file: snippet.file, line: snippet.firstLine + snippet.position(of: declaration.start).line)
                }
            default: break
            }
        }
    }

    static func placeKey(_ owner: String, _ name: String) -> String { owner + " " + name }

    /// The earlier chapters' declarations of these names, in the book's order, for a unit's prelude.
    func prelude(declaring names: Set<String>) -> [PreludeItem] {
        let wanted = Set(names.compactMap { earlierNames[$0] })
        return earlierItems.filter(wanted.contains)
    }

    /// Where the book's snippets declare `name` (on `owner`, or on any class).
    func place(of name: String, on owner: String? = nil) -> SourceLocation? {
        if let owner {
            var current: String? = owner
            var seen = Set<String>()
            while let className = current, seen.insert(className).inserted {
                if let found = places[Self.placeKey(className, name)] { return found }
                current = superclass[className]
            }
        }
        return places.filter { $0.key.hasSuffix(" " + name) }.sorted { $0.key < $1.key }.first?.value
    }

    /// The selectors a class and its superclasses declare, as far as the book knows them.
    func selectors(of className: String) -> Set<String> {
        var found = Set<String>()
        var current: String? = className
        var seen = Set<String>()
        while let name = current, seen.insert(name).inserted {
            found.formUnion(selectors[name] ?? [])
            current = superclass[name]
        }
        return found
    }

    var allSelectors: Set<String> { selectors.values.reduce(into: Set<String>()) { $0.formUnion($1) } }

    /// Whether `className` is `ancestor` or one of its subclasses, as the book and the context know them.
    func isKind(_ className: String, of ancestor: String) -> Bool {
        var current: String? = className
        var seen = Set<String>()
        while let name = current, seen.insert(name).inserted {
            if name == ancestor { return true }
            current = superclass[name]
        }
        return false
    }

    /// Another class of the book's own that declares `name` (a selector or property) where the book
    /// also shows `receiver`'s interface, which does not: the member sent to the wrong class. Nil when
    /// the receiver is not the book's (the wrapper's class, the context's, an assumed one).
    func otherClass(declaring name: String, receiver: String, wrapperClass: String) -> String? {
        guard receiver != wrapperClass, bookClasses.contains(receiver), !selectors(of: receiver).contains(name) else { return nil }
        return selectors.keys.sorted().first { owner in
            owner != wrapperClass && bookClasses.contains(owner) && selectors[owner]?.contains(name) == true
                && !isKind(receiver, of: owner) && !isKind(owner, of: receiver)
        }
    }

    /// Whether the book declares the class (or one of its superclasses) as a root class.
    func isRoot(_ className: String) -> Bool {
        var current: String? = className
        var seen = Set<String>()
        while let name = current, seen.insert(name).inserted {
            if rootClasses.contains(name) { return true }
            current = superclass[name]
        }
        return false
    }
}

/// A missing name the book's own code declares otherwise: what it declares, and where.
struct Disproof: Equatable, Sendable {
    /// What the snippet uses (a selector, a property).
    var used: String
    /// What the book declares in its place.
    var declared: String
    var place: SourceLocation?

    /// The note clang's error gets: the book's declaration, at its snippet's line.
    var note: SnippetDiagnostic? {
        place.map { SnippetDiagnostic(severity: .note, location: $0, message: "the book declares '\(declared)' here") }
    }
}

/// One compile of a snippet read for the names it misses: which to assume and how, and which
/// misses are real mistakes that no assumption may hide.
///
/// A name is assumed only when every error of the compile is about a missing name (or follows
/// from one: a class with no interface cannot call `super`), and never when
/// - clang offers a correction to a name the book's own code declares ("did you mean
///   'completionBlock'?"), unless the name used is a variant built on it (`Photo_iPad` on
///   `Photo`, `_title` on `title`); or a slip of one letter from a name of the context header
///   or the SDK (`NSStirng`);
/// - the snippet declares the name somewhere else (a block's parameter used outside the block,
///   a type used above its declaration);
/// - a later snippet of the chapter declares it;
/// - it is a selector sent to a class the book declares with another selector of the same
///   first keyword that this one leaves arguments out of (or adds to);
/// - the snippet declares a variable it never uses (the name used is likely that one renamed).
struct FragmentAnalysis {
    struct Context {
        /// The snippet's code as compiled, and where it is in the unit.
        var code: String
        var tokens: [ObjCToken]
        var currentPart: Int
        /// Identifiers later snippets of the chapter declare.
        var laterIdentifiers: Set<String>
        var book: BookDeclarations
        /// File names (as clang reports them) of the context header.
        var contextFiles: Set<String>
        /// The snippet leaves statements out (`...` alone on its line or as a body).
        var elidesStatements = false
        /// Classes the chapter's code declares (and the wrapper's): a context header cannot
        /// name them, so what is assumed of them is reported without a receiver.
        var localClasses: Set<String> = []
        /// The class the wrapper puts the snippet's methods and statements in.
        var wrapperClass = SnippetWrapper.defaultClass

        init(code: String, currentPart: Int, laterIdentifiers: Set<String>, book: BookDeclarations,
             contextFiles: Set<String>, elidesStatements: Bool = false) {
            self.elidesStatements = elidesStatements
            self.code = code
            self.tokens = ObjCTokenizer.tokens(code)
            self.currentPart = currentPart
            self.laterIdentifiers = laterIdentifiers
            self.book = book
            self.contextFiles = contextFiles
        }
    }

    /// What the analysis keeps from round to round.
    struct History: Sendable {
        /// Where each missing name was reported (token indices), every round.
        var reported: [String: Set<Int>] = [:]
        /// Variables the snippet declares and never uses (from the first compile's warnings).
        var unusedLocals: [String] = []
        var rounds = 0
    }

    enum Decision: Equatable {
        /// Compile again with these assumptions.
        case assume(AssumptionSet)
        /// A real mistake: nothing is assumed (why, for the report).
        case mistake(String)
        /// A real mistake the book's own declaration shows (why, and that declaration).
        case disproved(String, Disproof)
        /// The assumptions cannot go further (why).
        case stuck(String)
    }

    let context: Context

    /// A missing name at a place in the snippet.
    struct Finding {
        enum Role: Equatable {
            case classPointer, classInterface, implementedClass, protocolName, type, function, constant
            case macro(functionLike: Bool)
            case variable(String)
            case method(selector: String, instance: Bool, receiver: String?, bracket: Int?)
            case property(called: Bool, receiver: String?)
        }

        var name: String
        var role: Role
        var token: Int?
        var correction: String?
        var correctionInBookCode = false
        var line: Int
    }

    // MARK: - One round

    func decide(_ diagnostics: [RawDiagnostic], unit: WrappedUnit, current: AssumptionSet,
                history: inout History) -> Decision {
        var findings: [Finding] = []
        var set = current
        var others: [(RawDiagnostic, ClangNameMessage, Int?, Int)] = []

        // Conversions clang names at an assumed name (warnings included): the type it needs there.
        var retyped = Set<Int>()
        for diagnostic in diagnostics where history.rounds > 0 {
            guard case .conversion(let from, let to) = ClangNameMessage.read(diagnostic.message),
                  let (token, _) = place(of: diagnostic, in: unit), let token else { continue }
            if let parameter = diagnostic.notes.lazy.compactMap({ ClangNameMessage.parameter(inNote: $0.message) }).first,
               let (key, index) = parameterOwner(parameter, in: set), let from {
                let fixed = Self.parameterType(from: from)
                if current.methods[key].map({ index < $0.parameters.count && $0.parameters[index] != fixed }) == true {
                    set.methods[key]?.parameters[index] = fixed
                    retyped.insert(token)
                }
                continue
            }
            if let to, retype(at: token, to: Self.parameterType(from: to), in: &set, from: current) { retyped.insert(token) }
        }
        for diagnostic in diagnostics {
            // What the snippet's own `#error` shows is its point, not a name it misses.
            if Evaluation.isIntended(diagnostic, in: unit, part: context.currentPart) { continue }
            let message = ClangNameMessage.read(diagnostic.message)
            let isError = diagnostic.severity == .error
            if !isError {
                if diagnostic.flag == "-Wunused-variable" || diagnostic.flag == "-Wunused-but-set-variable",
                   place(of: diagnostic, in: unit) != nil, let name = ClangNameMessage.quoted(diagnostic.message).first,
                   !history.unusedLocals.contains(name) {
                    history.unusedLocals.append(name)
                }
                // A class implemented without its interface warns before it fails.
                guard case .missingInterface = message else { continue }
            }
            if diagnostic.file == SnippetWrapper.assumedFile {
                return .stuck("an assumed declaration does not compile: \(diagnostic.message)")
            }
            guard let (token, line) = place(of: diagnostic, in: unit) else {
                // Another snippet's declaration: not this snippet's concern.
                if isElsewhereInTheChapter(diagnostic, unit: unit) { continue }
                if !isError { continue }
                return unexplained(diagnostic, set: current)
            }
            if let token, retyped.contains(token) { continue }
            if let finding = finding(message, diagnostic: diagnostic, token: token, line: line) {
                findings.append(finding)
            } else {
                others.append((diagnostic, message, token, line))
            }
        }
        // What does not name a missing name: a consequence of one, a wrong guess to correct, or a mistake.
        let missing = Set(findings.map(\.name))
        var progress = false
        for (diagnostic, message, token, line) in others {
            switch message {
            case .rootClassSuper(let name), .noBaseClass(let name):
                if missing.contains(name) || set.classes[name] == .interface { continue }
                return unexplained(diagnostic, set: current)
            case .extensionWithoutClass:
                if findings.contains(where: { $0.role == .implementedClass && $0.line == line }) { continue }
                return unexplained(diagnostic, set: current)
            case .forwardDeclaredReceiver(let name, let property):
                if current.classes[name] == .pointer {
                    set.classes[name] = .interface
                    // A class guide declares has no properties: the one read on it is missing too.
                    if let property, set.properties[property] == nil {
                        let called = token.map { $0 + 1 < context.tokens.count && context.tokens[$0 + 1].is("(") } ?? false
                        set.properties[property] = AssumptionSet.Property(called: called,
                                                                          receiver: context.localClasses.contains(name) ? nil : name)
                    }
                    progress = true
                    continue
                }
                return unexplained(diagnostic, set: current)
            case .unknownClassMethod(let selector):
                // `[Missing alloc]`: the receiver comes first; `[Known missingMethod]` is a missing method.
                if let token, let receiver = receiverToken(ofSelectorAt: token), context.tokens[receiver].kind == .identifier {
                    let name = context.tokens[receiver].text
                    if missing.contains(name) { continue }
                    findings.append(Finding(name: selector, role: .method(selector: selector, instance: false, receiver: name,
                                                                          bracket: bracket(ofSelectorAt: token)),
                                            token: token, line: line))
                    continue
                }
                return unexplained(diagnostic, set: current)
            case .unknownProperty(let name, let type) where Self.isIDType(type):
                guard let token, token >= 2, context.tokens[token - 1].is(".") else { return unexplained(diagnostic, set: current) }
                let called = token + 1 < context.tokens.count && context.tokens[token + 1].is("(")
                let base = context.tokens[token - 2]
                // `x.name` on an assumed `id`, or on what an assumed method or property gives: an object
                // that may have properties.
                if base.kind == .identifier, set.variables[base.text] != nil || findings.contains(where: { $0.name == base.text }) {
                    set.variables[base.text] = AssumptionSet.instance
                } else if base.kind == .identifier, token >= 3, context.tokens[token - 3].is("."), set.properties[base.text] != nil {
                    set.properties[base.text]?.type = AssumptionSet.instance
                } else if base.is("]"), let open = opening(of: token - 2), let key = assumedMethod(at: open, in: set) {
                    set.methods[key]?.returnType = AssumptionSet.instance
                } else if base.is("]"), let open = opening(of: token - 2), let close = context.tokens.closing(open),
                          case let selector = self.selector(ofMessageAt: open, close: close),
                          findings.contains(where: { if case .method(selector, _, _, _) = $0.role { return true }; return false }) {
                    // The method is missing this round: assumed returning an object (see `apply`).
                    continue
                } else if base.kind == .identifier, declaredWithMissingType(base.text, missing: missing) {
                    continue
                } else {
                    return unexplained(diagnostic, set: current)
                }
                if set.properties[name] == nil { set.properties[name] = AssumptionSet.Property(called: called) }
                progress = true
                continue
            case .conversion(let from, let to):
                // An assumed method's parameter (clang's note names it): the argument's type.
                if let parameter = diagnostic.notes.lazy.compactMap({ ClangNameMessage.parameter(inNote: $0.message) }).first,
                   let (key, index) = parameterOwner(parameter, in: set), let method = set.methods[key] {
                    let fixed = from.map(Self.parameterType(from:)) ?? ""
                    let before = current.methods[key].map { index < $0.parameters.count ? $0.parameters[index] : "" }
                    if index < method.parameters.count, before != fixed, !fixed.isEmpty {
                        set.methods[key]?.parameters[index] = fixed
                        progress = true
                        continue
                    }
                    return .stuck(diagnostic.message)
                }
                // An assumed variable, function, method or property where a value of another type is needed.
                if let token, retype(at: token, to: to.map(Self.parameterType(from:)) ?? AssumptionSet.integer, in: &set, from: current) {
                    progress = true
                    continue
                }
                if let token, isNearFinding(token, findings) { continue }
                return unexplained(diagnostic, set: current)
            case .expected:
                if let token, let macro = macroNear(token) {
                    findings.append(Finding(name: macro.name, role: .macro(functionLike: macro.functionLike), token: macro.token,
                                            line: line))
                    continue
                }
                if let token, followsMissingType(token, missing: missing) { continue }
                return unexplained(diagnostic, set: current)
            default:
                // At a missing name's place: what clang made of it (a correction it tried).
                if let token, isNearFinding(token, findings) { continue }
                if let token, retype(at: token, to: AssumptionSet.integer, in: &set, from: current) { progress = true; continue }
                return unexplained(diagnostic, set: current)
            }
        }

        // A member of a class that is itself missing this round waits for the class.
        findings.removeAll { finding in
            switch finding.role {
            case .method(_, _, let receiver?, _), .property(_, let receiver?): return missing.contains(receiver)
            default: return false
            }
        }
        for finding in findings {
            if let token = finding.token { history.reported[finding.name, default: []].insert(token) }
        }
        // The rules: a missing name that is a real mistake is never assumed.
        var deferred = Set<String>()
        // A name the book disproves is never assumed; the others are, so that the compile that
        // decides shows clang's errors about it alone.
        var disproved: (reason: String, disproof: Disproof)?
        for finding in findings {
            switch judge(finding, history: history, missing: Set(findings.map(\.name))) {
            case .mistake(let reason): return .mistake(reason)
            case .disproved(let reason, let disproof):
                if disproved == nil { disproved = (reason, disproof) }
                deferred.insert(finding.name)
            case .later: deferred.insert(finding.name)
            case .assume: break
            }
        }
        for finding in findings where !deferred.contains(finding.name) && apply(finding, to: &set) { progress = true }
        if !retyped.isEmpty { progress = true }
        history.rounds += 1
        guard progress, set != current else {
            if let disproved { return .disproved(disproved.reason, disproved.disproof) }
            return .stuck(findings.isEmpty ? "nothing more to assume" : "the same names are still missing")
        }
        return .assume(set)
    }

    /// An error that no missing name explains: the book disproving a use of a name compiled with
    /// an earlier chapter's declaration (the error or clang's note quotes it), or a mistake.
    func unexplained(_ diagnostic: RawDiagnostic, set: AssumptionSet) -> Decision {
        let quoted = Set(([diagnostic.message] + diagnostic.notes.map(\.message)).flatMap(ClangNameMessage.quoted))
        if let name = set.fromBook.sorted().first(where: quoted.contains), let item = context.book.earlierNames[name] {
            // clang's own note already points at the book's declaration (its prelude has the book's lines).
            let noted = diagnostic.notes.contains { $0.file == item.file }
            return .disproved("'\(name)' is used otherwise than the book declares it: " + diagnostic.message,
                              Disproof(used: name, declared: name, place: noted ? nil : SourceLocation(file: item.file, line: item.line)))
        }
        return .mistake("an error not about a missing name: " + diagnostic.message)
    }

    /// A compile that succeeds with assumed variables while the snippet declares a variable it
    /// never uses: the assumed name is likely that variable renamed (a mistake). Why, or nil.
    func renamedVariable(_ diagnostics: [RawDiagnostic], unit: WrappedUnit, set: AssumptionSet, history: History) -> String? {
        guard let assumed = set.variables.keys.sorted().first else { return nil }
        var unused = history.unusedLocals
        for diagnostic in diagnostics where diagnostic.flag == "-Wunused-variable" || diagnostic.flag == "-Wunused-but-set-variable" {
            if place(of: diagnostic, in: unit) != nil, let name = ClangNameMessage.quoted(diagnostic.message).first { unused.append(name) }
        }
        guard let local = unused.first else { return nil }
        return "'\(assumed)' is not declared, and the snippet declares '\(local)' without using it"
    }

    // MARK: - Places

    /// An error a token or two from a missing name on its line: what clang made of the name
    /// (the declaration it corrected it to, the type that has) rather than a mistake of its own.
    func isNearFinding(_ token: Int, _ findings: [Finding]) -> Bool {
        findings.contains { finding in
            guard let at = finding.token else { return false }
            return abs(at - token) <= 2 && context.tokens[at].line == context.tokens[token].line
        }
    }

    /// The token and code line (0-based) of a diagnostic in the snippet's own code, or nil.
    func place(of diagnostic: RawDiagnostic, in unit: WrappedUnit) -> (Int?, Int)? {
        guard let file = diagnostic.file, let line = diagnostic.line else { return nil }
        for region in unit.regions where region.file == file && region.lines.contains(line) {
            guard case .code(let part) = region.kind, part == context.currentPart else { return nil }
            let codeLine = line - region.lines.lowerBound
            guard let byteColumn = diagnostic.column else { return (nil, codeLine) }
            let column = Evaluation.characterColumn(byteColumn, in: region.text[line] ?? "")
            return (token(line: codeLine, column: column), codeLine)
        }
        return nil
    }

    private func isElsewhereInTheChapter(_ diagnostic: RawDiagnostic, unit: WrappedUnit) -> Bool {
        guard let file = diagnostic.file, let line = diagnostic.line else { return false }
        return unit.regions.contains { region in
            guard region.file == file, region.lines.contains(line) else { return false }
            if case .code(let part) = region.kind { return part != context.currentPart }
            return region.kind == .prelude
        }
    }

    /// The token at (or, failing that, first after) a column of a code line.
    func token(line: Int, column: Int) -> Int? {
        var after: Int?
        for (index, token) in context.tokens.enumerated() where token.line == line {
            if token.column <= column, column < token.column + max(1, token.text.count) { return index }
            if after == nil, token.column >= column { after = index }
        }
        return after
    }

    // MARK: - Findings

    func finding(_ message: ClangNameMessage, diagnostic: RawDiagnostic, token: Int?, line: Int) -> Finding? {
        let tokens = context.tokens
        func make(_ name: String, _ role: Finding.Role) -> Finding {
            var finding = Finding(name: name, role: role, token: token, line: line)
            if let corrected = ClangNameMessage.correction(in: diagnostic.message) {
                finding.correction = corrected
                finding.correctionInBookCode = correctionIsInBookCode(diagnostic)
            }
            return finding
        }
        switch message {
        case .undeclaredIdentifier(let name):
            return make(name, role(ofIdentifierAt: token, name: name))
        case .unknownReceiver(let name):
            return make(name, NameRules.isTypeLike(name) ? .classInterface : .variable(AssumptionSet.object))
        case .unknownTypeName(let name):
            return make(name, token.map { $0 + 1 < tokens.count && tokens[$0 + 1].is("*") } == true ? .classPointer : .type)
        case .expectedType:
            guard let token, tokens[token].kind == .identifier else { return nil }
            let pointer = token + 1 < tokens.count && tokens[token + 1].is("*")
            return make(tokens[token].text, pointer ? .classPointer : .type)
        case .unknownProtocol(let name):
            return make(name, .protocolName)
        case .unknownSuperclass(let name):
            return make(name, .classInterface)
        case .missingInterface(let name):
            return make(name, .implementedClass)
        case .undeclaredFunction(let name):
            return make(name, .function)
        case .unknownMethod(let selector, let className):
            return make(selector, .method(selector: selector, instance: true, receiver: className, bracket: token.flatMap(bracket(ofSelectorAt:))))
        case .unknownInstanceMethod(let selector):
            return make(selector, .method(selector: selector, instance: true, receiver: nil, bracket: token.flatMap(bracket(ofSelectorAt:))))
        case .unknownClassMethod:
            // Read with the others: `[Missing alloc]` waits for its receiver.
            return nil
        case .unknownProperty(let name, let type):
            guard !Self.isIDType(type) else { return nil }
            let called = token.map { $0 + 1 < tokens.count && tokens[$0 + 1].is("(") } ?? false
            return make(name, .property(called: called, receiver: Self.className(ofType: type)))
        default:
            return nil
        }
    }

    /// How an undeclared identifier is used: a class, an enum constant, a function, a variable.
    func role(ofIdentifierAt token: Int?, name: String) -> Finding.Role {
        let tokens = context.tokens
        guard let token else { return .variable(AssumptionSet.object) }
        let previous = token > 0 ? tokens[token - 1] : nil
        let next = token + 1 < tokens.count ? tokens[token + 1] : nil
        let typeLike = NameRules.isTypeLike(name)
        if previous?.is("case") == true { return .constant }
        if previous?.is("[") == true { return typeLike ? .classInterface : .variable(AssumptionSet.object) }
        if next?.is("*") == true, typeLike {
            let after = token + 2 < tokens.count ? tokens[token + 2] : nil
            if after?.kind == .identifier || after?.is(")") == true || after?.is("*") == true { return .classPointer }
        }
        if next?.is(".") == true {
            // `Name.member(…)`: a member called like a function belongs to a value, not to a class.
            let called = token + 3 < tokens.count && tokens[token + 2].kind == .identifier && tokens[token + 3].is("(")
            return typeLike && !called ? .classInterface : .variable(AssumptionSet.instance)
        }
        if next?.is("(") == true { return .function }
        if NameRules.isMacroName(name) { return .constant }
        if previous?.is("(") == true, token >= 2, tokens[token - 2].is("switch") { return .variable(AssumptionSet.integer) }
        return .variable(AssumptionSet.object)
    }

    private func correctionIsInBookCode(_ diagnostic: RawDiagnostic) -> Bool {
        guard let note = diagnostic.notes.first(where: { $0.message.hasSuffix("' declared here") }), let file = note.file else {
            return false
        }
        if file == SnippetWrapper.assumedFile { return true }
        if context.contextFiles.contains(file) { return false }
        return file.hasSuffix(".md") || file == ChapterContext.forwardFile
    }

    // MARK: - Messages

    /// The `[` that opens the message whose selector starts at `token`.
    func bracket(ofSelectorAt token: Int) -> Int? {
        var depth = 0
        var index = token - 1
        while index >= 0 {
            let text = context.tokens[index].text
            if text == "]" || text == ")" || text == "}" { depth += 1 }
            if text == "(" || text == "{" { if depth == 0 { return nil }; depth -= 1 }
            if text == "[" {
                if depth == 0 { return index }
                depth -= 1
            }
            index -= 1
        }
        return nil
    }

    /// The receiver's token when it is one token (`[UIView animate…]`).
    func receiverToken(ofSelectorAt token: Int) -> Int? {
        guard let open = bracket(ofSelectorAt: token), open + 2 == token else { return nil }
        return open + 1
    }

    /// The arguments of the message whose `[` is at `open`: each argument's tokens.
    func arguments(ofMessageAt open: Int) -> [[ObjCToken]] {
        let tokens = context.tokens
        guard let close = tokens.closing(open) else { return [] }
        var arguments: [[ObjCToken]] = []
        var current: [ObjCToken]?
        var depth = 0
        var index = open + 1
        while index < close {
            let token = tokens[index]
            if depth == 0, index + 1 < close, tokens[index + 1].is(":"),
               token.kind == .identifier || token.kind == .atKeyword {
                if let current { arguments.append(current) }
                current = []
                index += 2
                continue
            }
            if depth == 0, token.is(":") {
                if let current { arguments.append(current) }
                current = []
                index += 1
                continue
            }
            if ["(", "[", "{"].contains(token.text) { depth += 1 }
            if [")", "]", "}"].contains(token.text) { depth -= 1 }
            current?.append(token)
            index += 1
        }
        if let current { arguments.append(current) }
        return arguments
    }

    /// The type an assumed parameter gets from the argument written for it.
    func parameterType(of argument: [ObjCToken]) -> String {
        guard let first = argument.first else { return "id" }
        if argument.count == 1 {
            if first.kind == .number {
                let text = first.text.lowercased()
                let isFloat = !text.hasPrefix("0x") && (text.contains(".") || text.contains("e") || text.hasSuffix("f"))
                return isFloat ? "double" : "long"
            }
            if ["YES", "NO", "true", "false"].contains(first.text) { return "BOOL" }
            if first.is("NULL") { return "void *" }
            if first.kind == .literal, first.text.hasPrefix("\"") { return "const char *" }
            if first.kind == .identifier, let declared = declaredType(of: first.text) { return declared }
        }
        if first.is("@selector") { return "SEL" }
        if first.is("&"), argument.count == 2, argument[1].kind == .identifier {
            if let declared = declaredType(of: argument[1].text) { return declared.hasSuffix("*") ? declared + "*" : declared + " *" }
            return "void *"
        }
        return "id"
    }

    /// The type the snippet declares a name with (`NSError *error`, `(BOOL)animated`), when it is
    /// one the parameter of an assumed method may take as written.
    func declaredType(of name: String) -> String? {
        let tokens = context.tokens
        for (index, token) in tokens.enumerated() where token.is(name) && index > 0 {
            let previous = tokens[index - 1]
            if previous.is("*"), index >= 2, tokens[index - 2].kind == .identifier,
               !NameRules.statementWords.contains(tokens[index - 2].text) {
                if index >= 3, tokens[index - 3].is("(") { continue } // a cast
                return tokens[index - 2].text + " *"
            }
            if previous.kind == .identifier, Self.scalarTypes.contains(previous.text) { return previous.text }
            if previous.is(")"), index >= 3, tokens[index - 3].is("("), tokens[index - 2].kind == .identifier,
               Self.scalarTypes.contains(tokens[index - 2].text) {
                return tokens[index - 2].text
            }
        }
        return nil
    }

    static let scalarTypes: Set<String> = [
        "BOOL", "bool", "int", "long", "short", "char", "float", "double", "unsigned", "NSInteger", "NSUInteger",
        "CGFloat", "NSTimeInterval", "SEL", "size_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "int8_t",
        "int16_t", "int32_t", "int64_t",
    ]

    // MARK: - Corrections to the guesses

    /// An error at a use of an assumed name whose type was guessed wrong: the type clang needs
    /// there. Whether anything changed.
    private func retype(at token: Int, to type: String, in set: inout AssumptionSet, from current: AssumptionSet) -> Bool {
        let tokens = context.tokens
        var subject = token
        // `T x = value` (clang points at `x`), `x = value`, `return value`: the value.
        if tokens[subject].kind == .identifier, subject + 2 < tokens.count, tokens[subject + 1].is("="),
           !tokens[subject + 2].is("=") { subject += 2 }
        if tokens[subject].is("=") || tokens[subject].is("return"), subject + 1 < tokens.count { subject += 1 }
        if tokens[subject].is("("), subject + 1 < tokens.count { subject += 1 }
        let text = tokens[subject].text
        // The last member of a chain `a.b.c`.
        if tokens[subject].kind == .identifier {
            var end = subject
            while end + 2 < tokens.count, tokens[end + 1].is("."), tokens[end + 2].kind == .identifier { end += 2 }
            if end > subject, let property = current.properties[tokens[end].text] {
                guard property.type != type, !property.called else { return false }
                set.properties[tokens[end].text]?.type = type
                return true
            }
        }
        if let known = current.variables[text] {
            guard known != type else { return false }
            set.variables[text] = type
            return true
        }
        if let known = current.functions[text], subject + 1 < tokens.count, tokens[subject + 1].is("(") {
            guard known != type else { return false }
            set.functions[text] = type
            return true
        }
        if tokens[subject].is("["), let key = assumedMethod(at: subject, in: current) {
            guard current.methods[key]?.returnType != type else { return false }
            set.methods[key]?.returnType = type
            return true
        }
        return false
    }

    /// The assumed method a message `[…]` opened at `open` sends, if any.
    func assumedMethod(at open: Int, in set: AssumptionSet) -> String? {
        guard let close = context.tokens.closing(open) else { return nil }
        let selector = self.selector(ofMessageAt: open, close: close)
        for instance in [true, false] {
            let key = AssumptionSet.methodKey(selector, instance: instance)
            if set.methods[key] != nil { return key }
        }
        return nil
    }

    /// The `[`, `(` or `{` that the bracket at `close` closes.
    func opening(of close: Int) -> Int? {
        let tokens = context.tokens
        let pairs: [String: String] = ["]": "[", ")": "(", "}": "{"]
        guard let open = pairs[tokens[close].text] else { return nil }
        var depth = 0
        var index = close
        while index >= 0 {
            if tokens[index].is(tokens[close].text) { depth += 1 }
            if tokens[index].is(open) { depth -= 1; if depth == 0 { return index } }
            index -= 1
        }
        return nil
    }

    /// A variable the snippet declares with a type that is missing this round (`Person *person`):
    /// what clang says of its uses follows from the type.
    func declaredWithMissingType(_ name: String, missing: Set<String>) -> Bool {
        let tokens = context.tokens
        for (index, token) in tokens.enumerated() where token.is(name) && index > 0 {
            var cursor = index - 1
            if tokens[cursor].is(")") { cursor -= 1 }
            while cursor >= 0, tokens[cursor].is("*") { cursor -= 1 }
            if cursor >= 0, cursor < index - 1 || tokens[index - 1].kind == .identifier, missing.contains(tokens[cursor].text) {
                return true
            }
        }
        return false
    }

    /// The selector of the message `[…]` from `open` to `close`.
    func selector(ofMessageAt open: Int, close: Int) -> String {
        let tokens = context.tokens
        var keywords: [String] = []
        var depth = 0
        var firstWord: String?
        var index = open + 1
        var sawReceiver = false
        while index < close {
            let token = tokens[index]
            if ["(", "[", "{"].contains(token.text) { depth += 1 }
            if [")", "]", "}"].contains(token.text) { depth -= 1 }
            if depth == 0, token.kind == .identifier, index + 1 < close, tokens[index + 1].is(":"), sawReceiver {
                keywords.append(token.text + ":")
            } else if depth == 0, token.kind == .identifier, sawReceiver, firstWord == nil, keywords.isEmpty {
                firstWord = token.text
            }
            if depth == 0 || (depth == 1 && ["[", "("].contains(token.text)) { sawReceiver = true }
            index += 1
        }
        return keywords.isEmpty ? (firstWord ?? "") : keywords.joined()
    }

    /// `- (void)x ZOC_MACRO;` or `ZOC_MACRO(arg)` next to where clang expected something else.
    private func macroNear(_ token: Int) -> (name: String, functionLike: Bool, token: Int)? {
        let tokens = context.tokens
        var candidates = [token, token - 1]
        if token > 0, tokens[token - 1].is(")") {
            // `NAME(…)` just before.
            var depth = 0
            var index = token - 1
            while index >= 0 {
                if tokens[index].is(")") { depth += 1 }
                if tokens[index].is("(") { depth -= 1; if depth == 0 { candidates.append(index - 1); break } }
                index -= 1
            }
        }
        for candidate in candidates where candidate >= 0 && candidate < tokens.count {
            let found = tokens[candidate]
            guard found.kind == .identifier, NameRules.isMacroName(found.text), found.line == tokens[token].line else { continue }
            let functionLike = candidate + 1 < tokens.count && tokens[candidate + 1].is("(")
            return (found.text, functionLike, candidate)
        }
        return nil
    }

    /// `(Missing *)x`: clang expected an expression after a type it did not know.
    private func followsMissingType(_ token: Int, missing: Set<String>) -> Bool {
        let tokens = context.tokens
        var index = token - 1
        while index >= 0, tokens[index].is("*") || tokens[index].is(")") { index -= 1 }
        return index >= 0 && index < token - 1 && missing.contains(tokens[index].text)
    }

    private func parameterOwner(_ parameter: String, in set: AssumptionSet) -> (String, Int)? {
        for (key, method) in set.methods {
            for index in method.parameters.indices where AssumptionSet.parameterName(key, index) == parameter {
                return (key, index)
            }
        }
        return nil
    }

    /// The type clang names for an argument, as a parameter's type: without ownership qualifiers.
    static func parameterType(from type: String) -> String {
        var text = type
        for qualifier in ["__strong", "__autoreleasing", "__unsafe_unretained", "__weak", "_Nonnull", "_Nullable", "const "] {
            text = text.replacingOccurrences(of: qualifier, with: "")
        }
        return text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            .replacingOccurrences(of: "* *", with: "**").trimmingCharacters(in: .whitespaces)
    }

    static func isIDType(_ type: String) -> Bool {
        let bare = parameterType(from: type)
        return bare == "id" || bare.hasPrefix("id<") || bare.hasPrefix("id <")
    }

    /// `ZOCPerson *` → ZOCPerson.
    static func className(ofType type: String) -> String? {
        let bare = parameterType(from: type).replacingOccurrences(of: "*", with: "").trimmingCharacters(in: .whitespaces)
        return bare.isEmpty || bare.contains(" ") ? nil : bare
    }

    // MARK: - The rules

    enum Judgement: Equatable {
        case assume
        /// A real mistake, why.
        case mistake(String)
        /// A real mistake the book's own declaration shows.
        case disproved(String, Disproof)
        /// Not yet: the snippet declares it with a type that is missing this round.
        case later
    }

    func judge(_ finding: Finding, history: History, missing: Set<String>) -> Judgement {
        let name = finding.name
        switch finding.role {
        case .method(let selector, _, let receiver, _):
            // A class's own selectors; a variable (`Class target`, `id thing`) may hold any class: all of them.
            let receiverClass = receiver.flatMap { NameRules.isTypeLike($0) ? $0 : nil }
            let declared = receiverClass.map { context.book.selectors(of: $0) } ?? context.book.allSelectors
            if let near = declared.sorted().first(where: { NameRules.leavesOutArguments(selector, declared: $0) }) {
                return .disproved("'\(selector)' is sent where the book declares '\(near)'",
                                  Disproof(used: selector, declared: near, place: context.book.place(of: near, on: receiverClass)))
            }
            if let receiverClass, let owner = context.book.otherClass(declaring: selector, receiver: receiverClass,
                                                                       wrapperClass: context.wrapperClass) {
                return .disproved("'\(selector)' is sent to \(receiverClass), and the book declares it on \(owner)",
                                  Disproof(used: selector, declared: selector, place: context.book.place(of: selector, on: owner)))
            }
            return .assume
        case .property(_, let receiver):
            if let receiver, let owner = context.book.otherClass(declaring: name, receiver: receiver,
                                                                  wrapperClass: context.wrapperClass) {
                return .disproved("'\(name)' is read on \(receiver), and the book declares it on \(owner)",
                                  Disproof(used: name, declared: name, place: context.book.place(of: name, on: owner)))
            }
            return .assume
        default:
            break
        }
        // Code left out (`...` in place of statements) may declare what the snippet uses: a name
        // near one it shows is then no proof of a misspelling, only a slip is.
        if let corrected = finding.correction,
           NameRules.correctionIsMistake(used: name, corrected: corrected,
                                         declaredByBookCode: finding.correctionInBookCode && !context.elidesStatements) {
            return .mistake("'\(name)' is not declared; clang suggests '\(corrected)'")
        }
        // `Missing *name`: declared once its type is known.
        if case .variable = finding.role, declaredWithMissingType(name, missing: missing) { return .later }
        if finding.role != .implementedClass, let site = declarationSite(of: name, reported: history.reported[name] ?? []) {
            if declaredWithMissingType(name, missing: missing) { return .later }
            return .mistake("'\(name)' is declared in the snippet (line \(context.tokens[site].line + 1) of it) but not where it is used")
        }
        if finding.role != .implementedClass, context.laterIdentifiers.contains(name) {
            return .mistake("'\(name)' is declared later in the chapter than where it is used")
        }
        if case .variable = finding.role, let unused = history.unusedLocals.first {
            return .mistake("'\(name)' is not declared, and the snippet declares '\(unused)' without using it")
        }
        return .assume
    }

    /// An occurrence of `name` in the snippet that declares it, away from where clang reported it missing.
    func declarationSite(of name: String, reported: Set<Int>) -> Int? {
        let tokens = context.tokens
        for (index, token) in tokens.enumerated() where token.kind == .identifier && token.text == name && !reported.contains(index) {
            let previous = index > 0 ? tokens[index - 1] : nil
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            // A member, a selector's keyword, a label, a message without arguments.
            if previous?.is(".") == true || previous?.is("->") == true { continue }
            if next?.is(":") == true { continue }
            if isInsideSelectorExpression(index) { continue }
            if next?.is("]") == true, let previous, previous.kind == .identifier || previous.is("]") || previous.is(")") { continue }
            guard let previous else { continue }
            if previous.kind == .identifier, !NameRules.statementWords.contains(previous.text) { return index }
            if previous.is("*") || previous.is(")") || previous.is("^") { return index }
            if ["@interface", "@class", "@protocol", "@implementation"].contains(previous.text) { return index }
        }
        return nil
    }

    private func isInsideSelectorExpression(_ index: Int) -> Bool {
        let tokens = context.tokens
        var cursor = index - 1
        while cursor >= 1 {
            if tokens[cursor].is("(") { return tokens[cursor - 1].is("@selector") }
            if tokens[cursor].kind != .identifier && !tokens[cursor].is(":") { return false }
            cursor -= 1
        }
        return false
    }

    // MARK: - Assuming

    /// Adds the declaration a finding needs; whether anything changed.
    func apply(_ finding: Finding, to set: inout AssumptionSet) -> Bool {
        let before = set
        let name = finding.name
        // A function, type or constant an earlier chapter declares: compiled with that declaration,
        // so clang says whether the use fits it. Still missing with it (a declaration that does not
        // compile on its own): assumed as any other name.
        if context.book.earlierNames[name] != nil, !set.fromBook.contains(name) {
            switch finding.role {
            case .method, .property: break
            default:
                set.fromBook.insert(name)
                return true
            }
        }
        switch finding.role {
        case .classPointer:
            set.variables[name] = nil
            if set.classes[name] == nil { set.classes[name] = .pointer }
        case .classInterface, .implementedClass:
            set.variables[name] = nil
            set.classes[name] = .interface
        case .protocolName:
            set.protocols.insert(name)
        case .type:
            set.variables[name] = nil
            set.types.insert(name)
        case .function:
            if set.functions[name] == nil { set.functions[name] = "id" }
        case .constant:
            set.constants.insert(name)
        case .macro(let functionLike):
            set.macros[name] = functionLike
        case .variable(let type):
            // A name used both as a type and as a value (`Type x;` read as an expression) is a type.
            if set.types.contains(name) || set.classes[name] != nil || set.protocols.contains(name) { break }
            let known = set.variables[name]
            if known == nil || (known == AssumptionSet.object && type != AssumptionSet.object) { set.variables[name] = type }
        case .method(let selector, let instance, let receiver, let bracket):
            let key = AssumptionSet.methodKey(selector, instance: instance)
            let shown = receiver.flatMap { context.localClasses.contains($0) || !NameRules.isTypeLike($0) ? nil : $0 }
            if set.methods[key] == nil {
                let written = bracket.map { self.arguments(ofMessageAt: $0) } ?? []
                let count = selector.filter { $0 == ":" }.count
                let parameters = (0..<count).map { $0 < written.count ? parameterType(of: written[$0]) : "id" }
                set.methods[key] = AssumptionSet.Method(selector: selector, instance: instance, parameters: parameters,
                                                        receiver: shown)
                // An initializer returns its receiver's kind of object.
                if selector.hasPrefix("init"), selector.dropFirst(4).first.map({ $0.isUppercase || $0 == ":" }) ?? true {
                    set.methods[key]?.returnType = "instancetype"
                }
                // A setter returns nothing (a property of the same name may be assumed too).
                if count == 1, selector.hasPrefix("set"), selector.dropFirst(3).first?.isUppercase == true {
                    set.methods[key]?.returnType = "void"
                }
                // `[x method].property`: it returns an object that may have properties.
                if let bracket, let close = context.tokens.closing(bracket), close + 1 < context.tokens.count,
                   context.tokens[close + 1].is(".") {
                    set.methods[key]?.returnType = AssumptionSet.instance
                }
            }
            if let receiver, context.book.isRoot(receiver) {
                set.rootClasses.insert(receiver)
                set.methods[key]?.ofRootClass = true
            }
        case .property(let called, let receiver):
            let shown = receiver.flatMap { context.localClasses.contains($0) || $0 == "NSObject" ? nil : $0 }
            if set.properties[name] == nil { set.properties[name] = AssumptionSet.Property(called: called, receiver: shown) }
            if let receiver, context.book.isRoot(receiver) {
                set.rootClasses.insert(receiver)
                set.properties[name]?.ofRootClass = true
            }
        }
        return set != before
    }
}
