/// A name a snippet uses that nothing declares, and the declaration guide compiled it with.
public struct AssumedName: Hashable, Sendable, Comparable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case `class`, `protocol`, type, constant, macro, variable, function, method, property
    }

    public var kind: Kind
    /// The identifier; a method's selector; a property's name.
    public var name: String
    /// The declaration as a context header would write it (`@class UIImage;`, `extern id error;`,
    /// `- (id)createObject;`); methods and properties without their category around them.
    public var declaration: String
    /// For a method or property: the class the snippet sends it to, when it names one.
    public var receiver: String?
    /// A context header can declare it: not a member of a root class the chapter itself declares.
    public var forContext: Bool

    public init(kind: Kind, name: String, declaration: String, receiver: String? = nil, forContext: Bool = true) {
        self.kind = kind
        self.name = name
        self.declaration = declaration
        self.receiver = receiver
        self.forContext = forContext
    }

    /// How a report names it: methods with their sign and receiver (`+[UIDevice isPad]`).
    public var label: String {
        switch kind {
        case .method:
            let sign = declaration.hasPrefix("+") ? "+" : "-"
            return receiver.map { "\(sign)[\($0) \(name)]" } ?? "\(sign)\(name)"
        case .property: return receiver.map { "\($0).\(name)" } ?? "." + name
        default: return name
        }
    }

    public static func < (a: AssumedName, b: AssumedName) -> Bool {
        (a.kind.order, a.name, a.declaration) < (b.kind.order, b.name, b.declaration)
    }
}

extension AssumedName.Kind {
    var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

/// The declarations assumed for one snippet, as they grow round by round, and their text.
struct AssumptionSet: Hashable, Sendable {
    enum ClassUse: Hashable, Sendable { case pointer, interface }
    /// The types guessed for a variable, before clang says which it needs.
    static let object = "id", instance = "NSObject *", integer = "long"

    struct Property: Hashable, Sendable {
        /// Called like a function (`x.update(…)`): a block.
        var called = false
        var receiver: String?
        var type = "id"
        var ofRootClass = false
    }

    struct Method: Hashable, Sendable {
        var selector: String
        var instance: Bool
        var parameters: [String]
        var returnType: String = "id"
        var receiver: String?
        /// Sent to a root class the chapter declares.
        var ofRootClass = false
    }

    var classes: [String: ClassUse] = [:]
    var protocols: Set<String> = []
    var types: Set<String> = []
    var constants: Set<String> = []
    /// Macro name → function-like.
    var macros: [String: Bool] = [:]
    /// Variable name → its type.
    var variables: [String: String] = [:]
    /// Function name → its return type.
    var functions: [String: String] = [:]
    /// `instance:selector` → the method.
    var methods: [String: Method] = [:]
    var properties: [String: Property] = [:]
    /// Root classes the book declares that receive assumed members.
    var rootClasses: Set<String> = []
    /// Functions, types and constants compiled with an earlier chapter's declaration
    /// (`BookDeclarations.earlierNames`): the book's, so never listed as assumed.
    var fromBook: Set<String> = []

    var isEmpty: Bool { text.isEmpty && late.isEmpty && fromBook.isEmpty }

    static func methodKey(_ selector: String, instance: Bool) -> String { (instance ? "-" : "+") + selector }

    /// The name of the n-th parameter of a method (unique in the set: a note names it).
    static func parameterName(_ method: String, _ index: Int) -> String {
        "guide_" + String(method.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) ? Character($0) : "_" }) + "_\(index)"
    }

    func methodDeclaration(_ method: Method, named: Bool) -> String {
        let sign = method.instance ? "-" : "+"
        guard method.selector.contains(":") else { return "\(sign) (\(method.returnType))\(method.selector);" }
        let keywords = method.selector.split(separator: ":", omittingEmptySubsequences: false).dropLast()
        let key = Self.methodKey(method.selector, instance: method.instance)
        var parts: [String] = []
        for (index, keyword) in keywords.enumerated() {
            let type = index < method.parameters.count ? method.parameters[index] : "id"
            let name = named ? Self.parameterName(key, index) : "arg\(index + 1)"
            parts.append("\(keyword):(\(type))\(name)")
        }
        return "\(sign) (\(method.returnType))" + parts.joined(separator: " ") + ";"
    }

    func propertyDeclaration(_ name: String, _ property: Property) -> String {
        property.called ? "@property (nonatomic, copy) long (^\(name))();" : "@property (nonatomic) " + Self.declarator(property.type, name) + ";"
    }

    /// `T name`, `T *name`.
    static func declarator(_ type: String, _ name: String) -> String {
        type.hasSuffix("*") ? type + name : type + " " + name
    }

    /// What goes before everything else of the unit.
    var text: String {
        var lines: [String] = []
        if !functions.isEmpty || properties.values.contains(where: { $0.called }) {
            lines.append("#pragma clang diagnostic ignored \"-Wdeprecated-non-prototype\"")
            lines.append("#pragma clang diagnostic ignored \"-Wstrict-prototypes\"")
        }
        // Every class forward-declared first: an assumed method's parameter may name one declared whole below.
        let classNames = classes.keys.sorted()
        if !classNames.isEmpty { lines.append("@class " + classNames.joined(separator: ", ") + ";") }
        for name in types.sorted() { lines.append("typedef long \(name);") }
        for (name, functionLike) in macros.sorted(by: { $0.key < $1.key }) {
            lines.append("#define \(name)" + (functionLike ? "(...)" : ""))
        }
        if !constants.isEmpty { lines.append("enum { " + constants.sorted().joined(separator: ", ") + " };") }
        let members = !methods.isEmpty || !properties.isEmpty
        if members {
            lines.append("@protocol \(Self.protocolName)")
            lines.append("@optional")
            for key in methods.keys.sorted() { lines.append(methodDeclaration(methods[key]!, named: true)) }
            for name in properties.keys.sorted() { lines.append(propertyDeclaration(name, properties[name]!)) }
            lines.append("@end")
            lines.append("@interface NSObject (\(Self.protocolName)) <\(Self.protocolName)>")
            lines.append("@end")
        }
        for name in protocols.sorted() {
            lines.append("@protocol \(name) <NSObject\(members ? ", " + Self.protocolName : "")>")
            lines.append("@end")
        }
        for name in classes.filter({ $0.value == .interface }).keys.sorted() {
            lines.append("@interface \(name) : NSObject")
            lines.append("@end")
        }
        for (name, type) in variables.sorted(by: { $0.key < $1.key }) {
            lines.append("extern " + Self.declarator(type, name) + ";")
        }
        for (name, type) in functions.sorted(by: { $0.key < $1.key }) { lines.append("\(type) \(name)();") }
        return lines.joined(separator: "\n")
    }

    /// What goes after the chapter's declarations: the assumed members for root classes the book declares.
    var late: String {
        guard !methods.isEmpty || !properties.isEmpty else { return "" }
        return rootClasses.sorted().map { "@interface \($0) (\(Self.protocolName)) <\(Self.protocolName)>\n@end" }
            .joined(separator: "\n")
    }

    static let protocolName = "GuideAssumed"

    /// The names, as a report lists them and a context header would declare them.
    var names: [AssumedName] {
        var found: [AssumedName] = []
        for (name, use) in classes {
            found.append(AssumedName(kind: .class, name: name, declaration: use == .pointer ? "@class \(name);"
                                     : "@interface \(name) : NSObject\n@end"))
        }
        for name in protocols { found.append(AssumedName(kind: .protocol, name: name, declaration: "@protocol \(name) <NSObject>\n@end")) }
        for name in types { found.append(AssumedName(kind: .type, name: name, declaration: "typedef long \(name);")) }
        for name in constants { found.append(AssumedName(kind: .constant, name: name, declaration: "enum { \(name) };")) }
        for (name, functionLike) in macros {
            found.append(AssumedName(kind: .macro, name: name, declaration: "#define \(name)" + (functionLike ? "(...)" : "")))
        }
        for (name, type) in variables {
            found.append(AssumedName(kind: .variable, name: name, declaration: "extern " + Self.declarator(type, name) + ";"))
        }
        for (name, type) in functions { found.append(AssumedName(kind: .function, name: name, declaration: "\(type) \(name)();")) }
        for method in methods.values {
            found.append(AssumedName(kind: .method, name: method.selector, declaration: methodDeclaration(method, named: false),
                                     receiver: method.receiver, forContext: !method.ofRootClass))
        }
        for (name, property) in properties {
            found.append(AssumedName(kind: .property, name: name, declaration: propertyDeclaration(name, property),
                                     receiver: property.receiver, forContext: !property.ofRootClass))
        }
        return found.sorted()
    }
}
