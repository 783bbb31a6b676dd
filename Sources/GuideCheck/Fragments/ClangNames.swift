/// What one clang diagnostic says about a name. This is the one place guide reads the words
/// of clang's messages (rather than their file, line, column, flag and notes): clang has no
/// structured form for "this name is not declared". Each message is recognised by its fixed
/// wording, with the names it quotes in `'…'`; a message guide does not know is `other`.
public enum ClangNameMessage: Hashable, Sendable {
    /// `use of undeclared identifier 'x'`
    case undeclaredIdentifier(String)
    /// `unknown type name 'T'`
    case unknownTypeName(String)
    /// `expected a type` (the name is the token at the diagnostic's column)
    case expectedType
    /// `no type or protocol named 'P'`, `cannot find protocol declaration for 'P'`
    case unknownProtocol(String)
    /// `cannot find interface declaration for 'S', superclass of 'C'`
    case unknownSuperclass(String)
    /// `cannot find interface declaration for 'C'` (an `@implementation` or class extension of it)
    case missingInterface(String)
    /// `unknown receiver 'X'`
    case unknownReceiver(String)
    /// `call to undeclared function 'f'`
    case undeclaredFunction(String)
    /// `no known class method for selector 's'`
    case unknownClassMethod(String)
    /// `no known instance method for selector 's'`
    case unknownInstanceMethod(String)
    /// `no visible @interface for 'C' declares the selector 's'`
    case unknownMethod(selector: String, className: String)
    /// `property 'p' not found on object of type 'T'`
    case unknownProperty(String, type: String)
    /// `'C' cannot use 'super' because it is a root class` (a class with no interface)
    case rootClassSuper(String)
    /// `class extension has no primary class`
    case extensionWithoutClass
    /// `class 'C' defined without specifying a base class`
    case noBaseClass(String)
    /// `receiver 'C' for class message is a forward declaration` (and for instance messages),
    /// `property 'p' cannot be found in forward class object 'C'` (with the property)
    case forwardDeclaredReceiver(String, property: String?)
    /// A value of one type where another is needed: `sending 'S' to parameter of type 'T'`,
    /// `assigning to 'T' from incompatible type 'S'`, `statement requires expression of integer
    /// type ('S' invalid)`… (`from` S, `to` T, when the message names them).
    case conversion(from: String?, to: String?)
    /// `expected …` (syntax)
    case expected
    case other

    /// The correction clang offers: `…; did you mean 'y'?`
    public static func correction(in message: String) -> String? {
        guard let range = message.range(of: "; did you mean '") else { return nil }
        let rest = message[range.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }

    /// The parameter a note names: `passing argument to parameter 'p' here`.
    public static func parameter(inNote message: String) -> String? {
        guard message.hasPrefix("passing argument to parameter '") else { return nil }
        return quoted(message).first
    }

    /// The names a message quotes, in order.
    static func quoted(_ message: String) -> [String] {
        var names: [String] = []
        var current: String?
        for character in message {
            if character == "'" {
                if let text = current { names.append(text); current = nil } else { current = "" }
            } else if current != nil {
                current?.append(character)
            }
        }
        return names
    }

    /// The name quoted right after `marker`, if the message has it.
    static func quoted(after marker: String, in message: String) -> String? {
        guard let range = message.range(of: marker) else { return nil }
        let rest = message[range.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }

    /// The conversions clang refuses, with the types they name.
    static func conversion(_ message: String) -> ClangNameMessage? {
        if message.hasPrefix("statement requires expression of integer type") || message.hasPrefix("invalid operands to binary expression") {
            return .conversion(from: nil, to: "long")
        }
        let sending = ["sending '", "passing '", "returning '", "implicit conversion of '"]
        let describes = message.contains("incompatible") || message.hasPrefix("implicit conversion of ")
            || message.contains("is disallowed with ARC")
        guard describes, message.hasPrefix("sending '") || message.hasPrefix("passing '") || message.hasPrefix("returning '")
                || message.hasPrefix("implicit conversion of ") || message.hasPrefix("assigning to '")
                || message.hasPrefix("initializing '") || message.hasPrefix("incompatible ") else { return nil }
        var from: String?
        for marker in sending + ["from incompatible type '", "from '", "expression of incompatible type '", "expression of type '"] {
            if let found = quoted(after: marker, in: message) { from = found; break }
        }
        var to: String?
        for marker in ["assigning to '", "initializing '", "result type '", "parameter of incompatible type '",
                       "parameter of type '", " to '"] {
            if let found = quoted(after: marker, in: message) { to = found; break }
        }
        guard from != nil || to != nil else { return nil }
        return .conversion(from: from, to: to)
    }

    public static func read(_ message: String) -> ClangNameMessage {
        let names = quoted(message)
        func first() -> String { names.first ?? "" }
        if message.hasPrefix("use of undeclared identifier '") { return .undeclaredIdentifier(first()) }
        if message.hasPrefix("unknown type name '") { return .unknownTypeName(first()) }
        if message == "expected a type" { return .expectedType }
        if message.hasPrefix("no type or protocol named '") || message.hasPrefix("cannot find protocol declaration for '") {
            return .unknownProtocol(first())
        }
        if message.hasPrefix("cannot find interface declaration for '") {
            return message.contains("', superclass of '") ? .unknownSuperclass(first()) : .missingInterface(first())
        }
        if message.hasPrefix("unknown receiver '") { return .unknownReceiver(first()) }
        if message.hasPrefix("call to undeclared function '") || message.hasPrefix("implicit declaration of function '") {
            return .undeclaredFunction(first())
        }
        if message.hasPrefix("no known class method for selector '") { return .unknownClassMethod(first()) }
        if message.hasPrefix("no known instance method for selector '") { return .unknownInstanceMethod(first()) }
        if message.hasPrefix("no visible @interface for '"), names.count >= 2 {
            return .unknownMethod(selector: names[1], className: names[0])
        }
        if message.hasPrefix("property '"), message.contains("' not found on object of type '"), names.count >= 2 {
            return .unknownProperty(names[0], type: names[1])
        }
        if message.hasSuffix("' cannot use 'super' because it is a root class") { return .rootClassSuper(first()) }
        if message == "class extension has no primary class" { return .extensionWithoutClass }
        if message.hasPrefix("class '"), message.hasSuffix("' defined without specifying a base class") {
            return .noBaseClass(first())
        }
        if message.hasPrefix("receiver '") || message.hasPrefix("receiver type '"),
           message.contains("is a forward declaration") {
            return .forwardDeclaredReceiver(first(), property: nil)
        }
        if message.hasPrefix("property '"), let type = quoted(after: "cannot be found in forward class object '", in: message) {
            return .forwardDeclaredReceiver(type.replacingOccurrences(of: "*", with: "").trimmingCharacters(in: .whitespaces),
                                            property: first())
        }
        if let conversion = conversion(message) { return conversion }
        if message.hasPrefix("expected ") { return .expected }
        return .other
    }
}
