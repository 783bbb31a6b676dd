import Foundation
import GuideModel

/// One snippet as it goes into a translation unit (a snippet that `continues` brings the
/// ones before it as earlier parts).
public struct SnippetPart: Hashable, Sendable {
    /// The code as compiled (elisions already blanked).
    public var code: String
    public var shape: SnippetShape
    /// The markdown file and the line of the code's first line.
    public var file: String
    public var firstLine: Int
    /// Hidden code from the annotation, with its own markdown positions.
    public var setup: [Annotation.SetupLine]
    public var setupFile: String
    /// Characters before each code line on its markdown line (see `CodeSnippet.indents`).
    public var indents: [Int]
    /// Braces an elision left open (`if (x) { ...`), closed after the code (see `Elision`).
    public var closers: Int

    public init(code: String, shape: SnippetShape, file: String, firstLine: Int,
                setup: [Annotation.SetupLine] = [], setupFile: String = "", indents: [Int] = [], closers: Int = 0) {
        self.indents = indents
        self.closers = closers
        self.code = code
        self.shape = shape
        self.file = file
        self.firstLine = firstLine
        self.setup = setup
        self.setupFile = setupFile
    }
}

/// The class the wrapper puts bare methods and statements in.
public struct WrapperContext: Hashable, Sendable {
    /// nil: the wrapper's own class, `GuideSnippet`.
    public var className: String?
    /// With a class name: the wrapper declares `@interface Class : Superclass`.
    public var superclass: String?
    /// Warnings turned off around fragments (a fragment's variables are often unused).
    public var silenced: [String]
    /// The chapter's earlier declarations (see `ChapterContext`).
    public var prelude: [PreludeItem]
    /// Declarations guide assumes for names nothing declares (see `AssumptionSet`), first of all,
    /// and those that must follow the chapter's (members of a root class the book declares).
    public var assumed: String
    public var assumedLate: String = ""
    /// The return type of the method statements run in (`ReturnedValues`): statements that return
    /// a value are a function's body that returns one.
    public var returnType: String = "void"
    /// Classes the snippet declares without a superclass and does not implement. clang warns
    /// `-Wobjc-root-class` only once such a class is implemented: the wrapper implements each,
    /// empty and out of sight, after everything else (`SnippetWrapper.rootClassProbe`).
    public var rootClasses: [String] = []

    public init(className: String? = nil, superclass: String? = nil,
                silenced: [String] = SnippetWrapper.fragmentWarnings, prelude: [PreludeItem] = [], assumed: String = "") {
        self.className = className
        self.superclass = superclass
        self.silenced = silenced
        self.prelude = prelude
        self.assumed = assumed
    }
}

/// A region of the translation unit that came from the markdown.
public struct SourceRegion: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The code of part N.
        case code(part: Int)
        /// A setup line of part N.
        case setup(part: Int)
        /// A declaration of an earlier snippet of the chapter (`ChapterContext`).
        case prelude
    }

    public var kind: Kind
    public var file: String
    /// Markdown lines, inclusive.
    public var lines: ClosedRange<Int>
    /// The text of each line as compiled, by markdown line (for byte → character columns).
    public var text: [Int: String]
    /// Characters before the code on each markdown line.
    public var indent: [Int: Int]
}

/// A translation unit: the text clang compiles and where its lines come from.
public struct WrappedUnit: Hashable, Sendable {
    public var text: String
    public var regions: [SourceRegion]
}

/// Wraps snippets so that each compiles in the context its shape needs, with `#line`
/// directives so that clang itself reports markdown positions. Pure: text in, text out.
///
///     file scope         as it is
///     method decls       @interface Class (GuideSnippet) … @end (with @optional: a @protocol)
///     method defs        @implementation Class … @end
///     statements         @implementation Class - (void)guideSnippet { … } @end
///     expression         … - (void)guideSnippet { (void)( … ); } …
///
/// The class is `GuideSnippet : GUIDE_SNIPPET_SUPERCLASS` (the context header may define the
/// macro; NSObject otherwise), or the annotation's `class`/`superclass`.
public enum SnippetWrapper {
    /// The file name of the wrapper's own lines in clang's diagnostics.
    public static let hiddenFile = "<snippet wrapper>"
    /// The file name of the declarations guide assumes.
    public static let assumedFile = "<assumed>"
    public static let defaultClass = "GuideSnippet"
    public static let superclassMacro = "GUIDE_SNIPPET_SUPERCLASS"
    public static let methodName = "guideSnippet"
    public static let fragmentWarnings = ["-Wunused-variable", "-Wunused-but-set-variable"]

    public static func wrap(_ parts: [SnippetPart], context: WrapperContext = WrapperContext()) -> WrappedUnit {
        var out: [String] = []
        var regions: [SourceRegion] = []
        func hidden() { out.append("#line 1 " + quoted(hiddenFile)) }
        func emit(_ code: String, file named: String, line: Int, kind: SourceRegion.Kind, indents: [Int: Int] = [:]) {
            // clang prints the name as `#line` gives it, a newline too, and its output is read a
            // line at a time: a name of many lines would come back as other files (or as a line
            // `::error …` that CI obeys). Control characters are escaped (`\x0A`) in the name
            // clang sees, and so in the diagnostics' file.
            let file = TerminalText.line(named)
            out.append("#line \(line) " + quoted(file))
            let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var text: [Int: String] = [:]
            for (offset, value) in lines.enumerated() { text[line + offset] = value }
            out.append(contentsOf: lines)
            regions.append(SourceRegion(kind: kind, file: file, lines: line...(line + max(lines.count, 1) - 1),
                                        text: text, indent: indents))
        }

        func emitPart(_ part: SnippetPart, kind: SourceRegion.Kind) {
            var indents: [Int: Int] = [:]
            for (offset, indent) in part.indents.enumerated() where indent > 0 { indents[part.firstLine + offset] = indent }
            emit(part.code, file: part.file, line: part.firstLine, kind: kind, indents: indents)
            if part.closers > 0 {
                hidden()
                out.append(String(repeating: "}", count: part.closers))
            }
        }
        func emitPrelude(_ item: PreludeItem) {
            // The first line keeps its column: spaces for what came before it on its line.
            emit(String(repeating: " ", count: item.column) + item.code, file: item.file, line: item.line, kind: .prelude)
        }
        hidden()
        out.append("#ifndef \(superclassMacro)")
        out.append("#define \(superclassMacro) NSObject")
        out.append("#endif")
        let fragments = parts.contains { $0.shape == .statements || $0.shape == .expression }
        if fragments {
            for flag in context.silenced { out.append("#pragma clang diagnostic ignored \"\(flag)\"") }
        }
        if !context.assumed.isEmpty {
            out.append("#line 1 " + quoted(assumedFile))
            out.append(context.assumed)
            hidden()
        }
        for (index, part) in parts.enumerated() {
            for line in part.setup {
                emit(line.code, file: part.setupFile, line: line.line, kind: .setup(part: index),
                     indents: [line.line: line.column])
            }
        }
        for item in context.prelude where !item.wrapperMember {
            emitPrelude(item)
        }
        if !context.assumedLate.isEmpty {
            out.append("#line 1000 " + quoted(assumedFile))
            out.append(context.assumedLate)
            hidden()
        }
        for (index, part) in parts.enumerated() where part.shape == .fileScope {
            emitPart(part, kind: .code(part: index))
        }

        let declarations = parts.indices.filter { parts[$0].shape == .methodDeclarations }
        let definitions = parts.indices.filter { parts[$0].shape == .methodDefinitions }
        let body = parts.indices.filter { parts[$0].shape == .statements || parts[$0].shape == .expression }
        guard !(declarations.isEmpty && definitions.isEmpty && body.isEmpty) else {
            hidden()
            out += rootClassProbe(context.rootClasses)
            return WrappedUnit(text: out.joined(separator: "\n") + "\n", regions: regions)
        }
        let className = context.className ?? defaultClass
        hidden()
        if context.className == nil {
            out.append("@interface \(className) : \(superclassMacro)")
            out.append("@end")
        } else if let superclass = context.superclass {
            out.append("@interface \(className) : \(superclass)")
            out.append("@end")
        }
        let members = context.prelude.filter(\.wrapperMember)
        if !members.isEmpty {
            out.append("@interface \(className) (\(ChapterContext.categoryName))")
            for item in members { emitPrelude(item) }
            hidden()
            out.append("@end")
        }
        // `@optional`/`@required` lines are a protocol's: declarations with them go in one.
        let protocolBody = declarations.contains { index in
            parts[index].code.split(separator: "\n").contains {
                let line = $0.trimmingCharacters(in: .whitespaces)
                return line.hasPrefix("@optional") || line.hasPrefix("@required")
            }
        }
        if !declarations.isEmpty {
            out.append(protocolBody ? "@protocol GuideSnippetProtocol <NSObject>" : "@interface \(className) (GuideSnippet)")
            for index in declarations {
                emitPart(parts[index], kind: .code(part: index))
            }
            hidden()
            out.append("@end")
        }
        if !definitions.isEmpty || !body.isEmpty {
            out.append("@implementation \(className)")
            for index in definitions {
                emitPart(parts[index], kind: .code(part: index))
                hidden()
            }
            if !body.isEmpty {
                out.append("- (\(context.returnType))\(methodName) {")
                for index in body {
                    let expression = parts[index].shape == .expression
                    if expression { out.append("(void)(") }
                    emitPart(parts[index], kind: .code(part: index))
                    hidden()
                    // Nothing after a statement: a missing `;` must stay an error.
                    if expression { out.append(");") }
                }
                // A body that returns a value on some paths (the rest of the function is left out).
                if context.returnType != "void" { out.append("return 0;") }
                out.append("}")
            }
            out.append("@end")
        }
        out += rootClassProbe(context.rootClasses)
        return WrappedUnit(text: out.joined(separator: "\n") + "\n", regions: regions)
    }

    /// An empty `@implementation` of each root class: clang then warns at the class's
    /// `@interface` (in the snippet), as it does in a program that implements it. What an
    /// empty implementation says of itself (methods and protocol members not implemented) is
    /// not the snippet's concern, and the warning's place is not in the probe: only those are off.
    static func rootClassProbe(_ classes: [String]) -> [String] {
        guard !classes.isEmpty else { return [] }
        var lines = ["#pragma clang diagnostic push"]
        for flag in ["-Wincomplete-implementation", "-Wprotocol", "-Wobjc-property-implementation",
                     "-Wobjc-protocol-property-synthesis", "-Wobjc-designated-initializers"] {
            lines.append("#pragma clang diagnostic ignored \"\(flag)\"")
        }
        for name in classes {
            lines.append("@implementation \(name)")
            lines.append("@end")
        }
        lines.append("#pragma clang diagnostic pop")
        return lines
    }

    /// A C string literal for `#line`.
    static func quoted(_ path: String) -> String {
        var text = "\""
        for character in path {
            switch character {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "\n": text += "\\n"
            default: text.append(character)
            }
        }
        return text + "\""
    }
}
