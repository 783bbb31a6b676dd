/// What a piece of Objective-C code declares, read from its tokens: the classes, protocols,
/// categories, methods, properties, types, constants, macros and functions a later snippet of
/// the chapter may use (see `ChapterContext`), and the classes' methods, which tell a call that
/// leaves out an argument from one the book never declares (see `AssumptionRules`).
///
/// It reads the shapes books write, not all of Objective-C: what it does not recognise it
/// skips. A block it cannot see the end of (an `@interface` without `@end`) is recorded by
/// name but never copied anywhere.
public struct Declaration: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// `@interface Name : Superclass` (nil superclass: a root class).
        case classInterface(superclass: String?)
        /// `@interface Class (Name)`; an empty name is a class extension. `name` is the class.
        case category(String)
        case implementation
        case protocolDefinition
        case forwardClass
        case forwardProtocol
        case type
        case enumConstant
        case macro
        /// A variable or constant at file scope.
        case variable
        case function
        /// A method of the class the harness wraps snippets in (a method-shaped snippet),
        /// or, with `owner`, of a class, category or protocol. `name` is the selector.
        case method(instance: Bool)
        /// A property; `name` is the property's name.
        case property
    }

    public var kind: Kind
    public var name: String
    /// The class or protocol a method or property belongs to (nil: the wrapper's class).
    public var owner: String?
    /// Character offsets of the declaration in its code.
    public var start: Int
    public var end: Int
    /// Text to compile in place of the code's own (a function definition's prototype, a
    /// method definition's signature), or nil to use the code from `start` to `end`.
    public var synthesized: String?
    /// It can be copied into another translation unit whole (an `@interface` with its `@end`).
    public var complete: Bool = true
    /// An `@interface` line alone at the end of a snippet (`@interface A : B <P>`): the book
    /// shows what the class adopts, not the class again. Its protocols, when it has some.
    public var adopted: [String]?

    /// Which names conflict: a class and its categories are separate entries.
    public var conflictKey: String {
        switch kind {
        case .classInterface: return "class " + name
        case .category(let category): return "category \(name) (\(category))"
        case .implementation: return "implementation " + name
        case .protocolDefinition: return "protocol " + name
        case .forwardClass: return "forward-class " + name
        case .forwardProtocol: return "forward-protocol " + name
        case .type, .enumConstant, .macro, .variable, .function: return "name " + name
        case .method(let instance): return "method \(owner ?? "") \(instance ? "-" : "+")\(name)"
        case .property: return "property \(owner ?? "") " + name
        }
    }

    /// The identifier it makes known (a class, protocol, type, constant…), or nil for members.
    public var declaredIdentifier: String? {
        switch kind {
        case .method, .property, .implementation: return nil
        case .category: return nil
        default: return name
        }
    }
}

public struct DeclarationReader {
    let tokens: [ObjCToken]
    let code: [Character]

    public init(_ code: String) {
        self.tokens = ObjCTokenizer.tokens(code)
        self.code = Array(code)
    }

    /// Everything declared by code at file scope (a file-scope snippet, the context header).
    public static func fileScope(_ code: String) -> [Declaration] {
        DeclarationReader(code).readFileScope()
    }

    /// The members of a method-shaped snippet (declarations or definitions of the wrapper's class).
    public static func members(_ code: String) -> [Declaration] {
        let reader = DeclarationReader(code)
        return reader.readMembers(from: 0, to: reader.tokens.count, owner: nil, synthesizeDefinitions: true).declarations
    }

    private func text(_ from: Int, _ to: Int) -> String {
        String(code[min(from, code.count)..<min(to, code.count)])
    }

    func readFileScope() -> [Declaration] {
        var found: [Declaration] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .directive:
                if let name = Self.macroName(token.text) {
                    found.append(Declaration(kind: .macro, name: name, start: token.start, end: token.end))
                }
                index += 1
            case .atKeyword:
                switch token.text {
                case "@class",   // always a list of names; a protocol only when no body follows
                     "@protocol" where isForwardList(after: index):
                    let kind: Declaration.Kind = token.text == "@class" ? .forwardClass : .forwardProtocol
                    var cursor = index + 1
                    while cursor < tokens.count, !tokens[cursor].is(";") {
                        if tokens[cursor].kind == .identifier {
                            found.append(Declaration(kind: kind, name: tokens[cursor].text, start: token.start,
                                                     end: endOfStatement(cursor)))
                        }
                        if tokens[cursor].kind == .atKeyword { break }
                        cursor += 1
                    }
                    // Each name alone: one of a list may be dropped.
                    for offset in found.indices.reversed() where found[offset].start == token.start {
                        found[offset].synthesized = (kind == .forwardClass ? "@class " : "@protocol ") + found[offset].name + ";"
                    }
                    index = cursor + 1
                case "@interface", "@protocol", "@implementation":
                    index = readContainer(at: index, into: &found)
                default:
                    index += 1
                }
            default:
                index = readCDeclaration(at: index, into: &found)
            }
        }
        return found
    }

    /// `#define NAME …` → NAME.
    static func macroName(_ directive: String) -> String? {
        var rest = Substring(directive.dropFirst()).drop { $0 == " " || $0 == "\t" }
        guard rest.hasPrefix("define") else { return nil }
        rest = rest.dropFirst(6)
        guard let first = rest.first, first == " " || first == "\t" else { return nil }
        let name = rest.drop { $0 == " " || $0 == "\t" }.prefix { $0 == "_" || $0 == "$" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return name.isEmpty ? nil : String(name)
    }

    /// `@protocol A, B;` or `@protocol A;` (a forward declaration) rather than a definition.
    private func isForwardList(after index: Int) -> Bool {
        if tokens[index].text == "@class" { return true }
        var cursor = index + 1
        while cursor < tokens.count {
            let token = tokens[cursor]
            if token.is(";") { return true }
            if token.kind != .identifier && !token.is(",") { return false }
            cursor += 1
        }
        return false
    }

    /// The token index just after the `;` that ends the statement containing `index` (or the end).
    private func endOfStatement(_ index: Int) -> Int {
        var cursor = index
        while cursor < tokens.count, !tokens[cursor].is(";") { cursor += 1 }
        return cursor < tokens.count ? tokens[cursor].end : (tokens.last?.end ?? 0)
    }

    /// `@interface`, `@protocol` (a definition) or `@implementation`, to its `@end`.
    private func readContainer(at index: Int, into found: inout [Declaration]) -> Int {
        let keyword = tokens[index].text
        guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier else { return index + 1 }
        let name = tokens[index + 1].text
        var cursor = index + 2
        var kind: Declaration.Kind
        switch keyword {
        case "@protocol": kind = .protocolDefinition
        case "@implementation": kind = .implementation
        default: kind = .classInterface(superclass: nil)
        }
        if cursor < tokens.count, tokens[cursor].is(":"), keyword == "@interface" {
            if cursor + 1 < tokens.count, tokens[cursor + 1].kind == .identifier {
                kind = .classInterface(superclass: tokens[cursor + 1].text)
                cursor += 2
            } else {
                cursor += 1
            }
        } else if cursor < tokens.count, tokens[cursor].is("("), keyword != "@protocol" {
            var category = ""
            if cursor + 1 < tokens.count, tokens[cursor + 1].kind == .identifier { category = tokens[cursor + 1].text }
            cursor = (tokens.closing(cursor) ?? cursor) + 1
            if keyword == "@interface" { kind = .category(category) }
        }
        // The `@end`: a container that meets another before it has none (its text is never copied).
        var end = cursor
        var complete = false
        while end < tokens.count {
            let token = tokens[end]
            if token.is("@end") { complete = true; break }
            if ["@interface", "@implementation"].contains(token.text) { break }
            if token.is("@protocol"), !isForwardList(after: end), end + 1 < tokens.count,
               !(end > 0 && tokens[end - 1].is("(")) { break }
            if token.is("{") {
                end = tokens.closing(end) ?? tokens.count
            }
            end += 1
        }
        let stop = min(end, tokens.count)
        let endOffset = complete ? tokens[stop].end : (stop < tokens.count ? tokens[stop].start : code.count)
        var container = Declaration(kind: kind, name: name, start: tokens[index].start, end: endOffset, complete: complete)
        // `@interface A : B <P, Q>` and nothing after it: a line of a header the chapter shows elsewhere.
        if !complete, stop == tokens.count, case .classInterface = kind, cursor < tokens.count, tokens[cursor].is("<"),
           let close = (cursor..<tokens.count).first(where: { tokens[$0].is(">") }), close == tokens.count - 1 {
            container.adopted = tokens[(cursor + 1)..<close].filter { $0.kind == .identifier }.map(\.text)
            container.synthesized = text(tokens[index].start, tokens[close].end) + "\n@end"
            container.complete = true
        }
        found.append(container)
        let owner: String
        if case .category = kind { owner = name } else { owner = name }
        let members = readMembers(from: cursor, to: stop, owner: owner, synthesizeDefinitions: kind == .implementation)
        for var member in members.declarations {
            // Members are reached through their container (or, for an implementation, its synthesized category).
            member.complete = complete
            found.append(member)
        }
        return complete ? stop + 1 : stop
    }

    /// Methods and properties between `from` and `to` (method bodies and ivar blocks skipped).
    func readMembers(from: Int, to: Int, owner: String?, synthesizeDefinitions: Bool)
        -> (declarations: [Declaration], end: Int) {
        var found: [Declaration] = []
        var cursor = from
        while cursor < to {
            let token = tokens[cursor]
            if token.is("{") {
                cursor = (tokens.closing(cursor) ?? to) + 1
                continue
            }
            if token.is("@property") {
                if let (name, semicolon) = propertyName(at: cursor, limit: to) {
                    found.append(Declaration(kind: .property, name: name, owner: owner, start: token.start,
                                             end: tokens[semicolon].end))
                    cursor = semicolon + 1
                } else {
                    cursor += 1
                }
                continue
            }
            // Bodies are skipped: a `-` or `+` followed by `(` here starts a method.
            if (token.is("-") || token.is("+")), cursor + 1 < to, tokens[cursor + 1].is("(") {
                if let (selector, end, body) = methodSignature(at: cursor, limit: to) {
                    let signatureEnd = body ?? end
                    var declaration = Declaration(kind: .method(instance: token.is("-")), name: selector, owner: owner,
                                                  start: token.start, end: tokens[min(signatureEnd, tokens.count - 1)].end)
                    if let body {
                        // A definition: its signature is the declaration.
                        declaration.end = tokens[body].start
                        if synthesizeDefinitions {
                            declaration.synthesized = text(token.start, tokens[body].start)
                                .trimmingCharacters(in: .whitespacesAndNewlines) + ";"
                        }
                        found.append(declaration)
                        cursor = (tokens.closing(body) ?? to) + 1
                    } else {
                        found.append(declaration)
                        cursor = end + 1
                    }
                    continue
                }
            }
            cursor += 1
        }
        return (found, cursor)
    }

    /// `@property (…) Type *name;` or `@property (…) void (^name)(…);` → the name and the `;`.
    /// nil when the declaration runs into something else first (a missing `;`).
    func propertyName(at index: Int, limit: Int) -> (String, Int)? {
        var cursor = index + 1
        if cursor < limit, tokens[cursor].is("(") { cursor = (tokens.closing(cursor) ?? limit) + 1 }
        var depth = 0
        var name: String?
        var blockName: String?
        while cursor < limit {
            let token = tokens[cursor]
            if token.is(";"), depth == 0 { break }
            if token.is("{") || token.kind == .atKeyword || token.kind == .directive { return nil }
            if (token.is("-") || token.is("+")), cursor > index + 1, tokens[cursor - 1].line < token.line { return nil }
            if token.is("(") || token.is("<") || token.is("[") { depth += 1 }
            if token.is(")") || token.is(">") || token.is("]") { depth -= 1 }
            if token.is("^"), cursor + 1 < limit, tokens[cursor + 1].kind == .identifier, blockName == nil {
                blockName = tokens[cursor + 1].text
            }
            if depth == 0, token.kind == .identifier { name = token.text }
            cursor += 1
        }
        guard cursor < limit, let found = blockName ?? name else { return nil }
        return (found, cursor)
    }

    /// The selector of the method whose `-`/`+` is at `index`, the index of its `;` (or of the
    /// token before its body), and the index of its body's `{`, if it has one.
    func methodSignature(at index: Int, limit: Int) -> (String, Int, Int?)? {
        var cursor = index + 1
        // The return type.
        if cursor < limit, tokens[cursor].is("(") { cursor = (tokens.closing(cursor) ?? limit) + 1 }
        var keywords: [String] = []
        var sawColon = false
        while cursor < limit {
            let token = tokens[cursor]
            if token.is(";") { break }
            if token.is("{") { break }
            if token.kind == .identifier, cursor + 1 < limit, tokens[cursor + 1].is(":") {
                keywords.append(token.text + ":")
                sawColon = true
                cursor += 2
                // The parameter's type, then its name (after a type, an identifier always is).
                if cursor < limit, tokens[cursor].is("(") {
                    cursor = (tokens.closing(cursor) ?? limit) + 1
                    if cursor < limit, tokens[cursor].kind == .identifier { cursor += 1 }
                } else if cursor < limit, tokens[cursor].kind == .identifier, !(cursor + 1 < limit && tokens[cursor + 1].is(":")) {
                    cursor += 1
                }
                continue
            }
            if token.is(":") {
                // An unnamed keyword: `- (void)a:(id)x :(id)y`.
                keywords.append(":")
                cursor += 1
                if cursor < limit, tokens[cursor].is("(") { cursor = (tokens.closing(cursor) ?? limit) + 1 }
                if cursor < limit, tokens[cursor].kind == .identifier { cursor += 1 }
                continue
            }
            if token.kind == .identifier, keywords.isEmpty {
                keywords.append(token.text)
                cursor += 1
                continue
            }
            if token.is(",") || token.is("...") { cursor += 1; continue }
            // Attributes, macros: up to the `;` or `{`.
            if token.is("(") { cursor = (tokens.closing(cursor) ?? limit) + 1; continue }
            cursor += 1
        }
        guard !keywords.isEmpty else { return nil }
        let selector = sawColon ? keywords.joined() : keywords[0]
        if cursor < limit, tokens[cursor].is("{") { return (selector, cursor - 1, cursor) }
        return (selector, min(cursor, limit - 1), nil)
    }

    /// A C declaration or definition at file scope: `typedef`, `enum`, `struct`, a variable, a
    /// constant, a function. Returns the index after it.
    private func readCDeclaration(at index: Int, into found: inout [Declaration]) -> Int {
        // The statement: to the `;` at depth 0, or a function body's `}` (an enum's or a
        // struct's braces are inside the statement).
        var cursor = index
        var depth = 0
        var bodyOpen: Int?
        var end: Int?
        while cursor < tokens.count {
            let token = tokens[cursor]
            if token.kind == .atKeyword, ["@interface", "@implementation", "@protocol", "@class", "@end"].contains(token.text),
               depth == 0 { break }
            if token.kind == .directive, depth == 0 { break }
            if token.is("(") || token.is("[") { depth += 1 }
            if token.is(")") || token.is("]") { depth -= 1 }
            if token.is("{"), depth == 0 {
                // A function's body follows `)`; an initializer or an aggregate's body does not.
                if cursor > index, tokens[cursor - 1].is(")"), !tokens[index..<cursor].contains(where: { $0.is("=") }),
                   !["typedef", "enum", "struct", "union"].contains(tokens[index].text) {
                    bodyOpen = cursor
                    end = tokens.closing(cursor)
                    break
                }
                cursor = (tokens.closing(cursor) ?? tokens.count - 1) + 1
                continue
            }
            if token.is(";"), depth == 0 {
                end = cursor
                break
            }
            cursor += 1
        }
        guard let end else { return max(cursor, index + 1) }
        let statement = Array(tokens[index...end])
        let startOffset = tokens[index].start, endOffset = tokens[end].end
        if let bodyOpen {
            // `Type name(params) { … }`: the prototype.
            if let name = functionName(tokens[index..<bodyOpen]) {
                var declaration = Declaration(kind: .function, name: name, start: startOffset, end: tokens[bodyOpen].start)
                declaration.synthesized = text(startOffset, tokens[bodyOpen].start)
                    .trimmingCharacters(in: .whitespacesAndNewlines) + ";"
                found.append(declaration)
            }
            return end + 1
        }
        let first = statement.first?.text ?? ""
        if first == "typedef" {
            for name in typedefNames(statement) {
                found.append(Declaration(kind: .type, name: name, start: startOffset, end: endOffset))
            }
            for constant in enumConstants(statement) {
                found.append(Declaration(kind: .enumConstant, name: constant, start: startOffset, end: endOffset))
            }
            return end + 1
        }
        if first == "enum" || first == "struct" || first == "union" {
            if statement.count > 1, statement[1].kind == .identifier, statement.count > 2, statement[2].is("{") || statement[2].is(";") {
                found.append(Declaration(kind: .type, name: statement[1].text, start: startOffset, end: endOffset))
            }
            for constant in enumConstants(statement) {
                found.append(Declaration(kind: .enumConstant, name: constant, start: startOffset, end: endOffset))
            }
            return end + 1
        }
        // `T name(params);` a prototype, or variables (`T const name = …;`, `extern T name;`).
        let beforeInitializer = statement.prefix { !$0.is("=") }
        if let open = beforeInitializer.firstIndex(where: { $0.is("(") }), open > 0,
           statement[open - 1].kind == .identifier, !statement[..<open].contains(where: { $0.is("^") }),
           let name = functionName(statement[0..<statement.index(before: statement.endIndex)]) {
            found.append(Declaration(kind: .function, name: name, start: startOffset, end: endOffset))
            return end + 1
        }
        let names = declaratorNames(Array(beforeInitializer.dropLast(beforeInitializer.last?.is(";") == true ? 1 : 0)))
        for name in names {
            found.append(Declaration(kind: .variable, name: name, start: startOffset, end: endOffset))
        }
        return end + 1
    }

    /// `T name(…)` → name (the identifier before the first `(` at depth 0), when what comes
    /// before it reads as a type.
    private func functionName(_ slice: ArraySlice<ObjCToken>) -> String? {
        guard let open = slice.firstIndex(where: { $0.is("(") }), open > slice.startIndex else { return nil }
        let name = slice[open - 1]
        guard name.kind == .identifier, open - 1 > slice.startIndex else { return nil }
        let before = slice[slice.startIndex..<(open - 1)]
        guard before.allSatisfy({ $0.kind == .identifier || $0.is("*") }) else { return nil }
        guard !["return", "if", "while", "for", "switch", "sizeof"].contains(before.first?.text ?? "") else { return nil }
        return name.text
    }

    /// The names a typedef declares: `typedef T Name;`, `typedef void (^Name)(…);`,
    /// `typedef NS_ENUM(T, Name) {…};`, `typedef struct {…} Name;`.
    private func typedefNames(_ statement: [ObjCToken]) -> [String] {
        if statement.count > 3, ["NS_ENUM", "NS_OPTIONS", "NS_CLOSED_ENUM", "NS_ERROR_ENUM"].contains(statement[1].text),
           statement[2].is("("), let close = Array(statement[2...]).closing(0).map({ $0 + 2 }) {
            let arguments = statement[3..<close].filter { $0.kind == .identifier }
            return arguments.last.map { [$0.text] } ?? []
        }
        // `(^Name)` or `(*Name)`.
        for index in statement.indices.dropLast() where statement[index].is("^") || statement[index].is("*") {
            if index > 0, statement[index - 1].is("("), statement[index + 1].kind == .identifier {
                return [statement[index + 1].text]
            }
        }
        // The last identifier at depth 0 before `;`, skipping braces.
        var depth = 0
        var last: String?
        for token in statement.dropFirst() {
            if token.is("{") || token.is("(") || token.is("[") { depth += 1 }
            if token.is("}") || token.is(")") || token.is("]") { depth -= 1 }
            if depth == 0, token.kind == .identifier { last = token.text }
        }
        return last.map { [$0] } ?? []
    }

    /// The constants of an enum's braces.
    private func enumConstants(_ statement: [ObjCToken]) -> [String] {
        let isEnum = statement.prefix(3).contains { ["enum", "NS_ENUM", "NS_OPTIONS", "NS_CLOSED_ENUM", "NS_ERROR_ENUM"].contains($0.text) }
        guard isEnum, let open = statement.firstIndex(where: { $0.is("{") }), let close = statement.closing(open) else { return [] }
        var names: [String] = []
        var expectName = true
        var depth = 0
        for token in statement[(open + 1)..<close] {
            if token.is("(") { depth += 1 }
            if token.is(")") { depth -= 1 }
            if depth > 0 { continue }
            if expectName, token.kind == .identifier { names.append(token.text); expectName = false }
            if token.is(",") { expectName = true }
        }
        return names
    }

    /// The declarators of `T a, *b, c[3]` → a, b, c.
    private func declaratorNames(_ tokens: [ObjCToken]) -> [String] {
        var names: [String] = []
        var depth = 0
        var last: String?
        var count = 0
        for token in tokens {
            if token.is("(") || token.is("[") || token.is("{") || token.is("<") { depth += 1 }
            if token.is(")") || token.is("]") || token.is("}") || token.is(">") { depth -= 1 }
            if depth == 0, token.kind == .identifier { last = token.text; count += 1 }
            if depth == 0, token.is(","), let name = last { names.append(name); last = nil }
        }
        if let last, count > 1 || !names.isEmpty { names.append(last) }
        return names
    }
}
