/// Statements that `return` a value are the body of a function that returns one (`if (!error)
/// return success;`): the wrapper's method then returns that kind of value instead of `void`.
/// Returns inside a block literal are the block's own.
public enum ReturnedValues {
    /// `void` unless the statements return a value: `BOOL` when every returned value reads as a
    /// truth value, `double`/`long` for numbers, `id` otherwise. `return;` beside `return x;`
    /// keeps `void` (clang then says what is wrong).
    public static func type(of codes: [String]) -> String {
        var values: [[ObjCToken]] = []
        var bare = false
        for code in codes {
            let tokens = ObjCTokenizer.tokens(code)
            var index = 0
            while index < tokens.count {
                let token = tokens[index]
                if token.is("^"), let body = blockBody(tokens, after: index) {
                    index = (tokens.closing(body) ?? tokens.count - 1) + 1
                    continue
                }
                if token.is("return") {
                    var end = index + 1
                    var depth = 0
                    while end < tokens.count {
                        let next = tokens[end]
                        if ["(", "[", "{"].contains(next.text) { depth += 1 }
                        if [")", "]", "}"].contains(next.text) { if depth == 0 { break }; depth -= 1 }
                        if next.is(";"), depth == 0 { break }
                        end += 1
                    }
                    let value = Array(tokens[(index + 1)..<end])
                    if value.isEmpty { bare = true } else { values.append(value) }
                    index = end
                    continue
                }
                index += 1
            }
        }
        guard !values.isEmpty, !bare else { return "void" }
        let kinds = Set(values.map(kind))
        if kinds == ["BOOL"] { return "BOOL" }
        if kinds.isSubset(of: ["long", "double"]) { return kinds.contains("double") ? "double" : "long" }
        return "id"
    }

    /// The `{` of a block literal whose `^` is at `caret` (`^{`, `^(…) {`, `^Type (…) {`).
    static func blockBody(_ tokens: [ObjCToken], after caret: Int) -> Int? {
        var index = caret + 1
        while index < tokens.count, index < caret + 8 {
            if tokens[index].is("{") { return index }
            if tokens[index].is("(") { index = (tokens.closing(index) ?? tokens.count) + 1; continue }
            if tokens[index].kind == .identifier || tokens[index].is("*") { index += 1; continue }
            return nil
        }
        return nil
    }

    private static func kind(_ value: [ObjCToken]) -> String {
        if value.count == 1 {
            let token = value[0]
            if ["YES", "NO", "true", "false"].contains(token.text) { return "BOOL" }
            if token.kind == .number {
                let text = token.text.lowercased()
                return !text.hasPrefix("0x") && (text.contains(".") || text.contains("e") || text.hasSuffix("f")) ? "double" : "long"
            }
            return "id"
        }
        if value.first?.is("!") == true { return "BOOL" }
        var depth = 0
        for token in value {
            if ["(", "["].contains(token.text) { depth += 1 }
            if [")", "]"].contains(token.text) { depth -= 1 }
            if depth == 0, ["=", "!", "<", ">", "&", "|"].contains(token.text) { return "BOOL" }
        }
        return "id"
    }
}
