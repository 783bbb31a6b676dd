/// `guide check --suggest-context`: every declaration assumed across the book, each once,
/// grouped as a context header is written (classes, protocols, types, constants and macros,
/// members by the class they were sent to, variables and functions), as a draft a maintainer
/// reviews before keeping it. Where snippets assumed one name two ways (a variable `id` here,
/// `long` there), the first is drafted and the others follow it in a comment.
public enum ContextDraft {
    public static let category = "GuideAssumed"

    /// The draft, or "" when nothing was assumed. Members of a root class a chapter declares are
    /// left out: a context header cannot extend a class it does not know.
    public static func draft(_ results: [SnippetResult]) -> String {
        var kept: [String: (name: AssumedName, from: String)] = [:]
        var order: [String] = []
        var others: [String: [String]] = [:]
        // An `@interface` wins over an `@class` of the same class.
        var interfaces = Set<String>()
        for result in results {
            for name in result.assumed where name.kind == .class && name.declaration.hasPrefix("@interface") {
                interfaces.insert(name.name)
            }
        }
        for result in results {
            for name in result.assumed where name.forContext {
                var name = name
                if name.kind == .class, interfaces.contains(name.name) { name.declaration = "@interface \(name.name) : NSObject\n@end" }
                let key = "\(name.kind.rawValue) \(name.receiver ?? "") \(name.name)"
                let place = "\(result.file):\(result.fenceLine)"
                if let known = kept[key] {
                    if known.name.declaration != name.declaration, !(others[key] ?? []).contains(name.declaration) {
                        others[key, default: []].append(name.declaration)
                    }
                    continue
                }
                kept[key] = (name, place)
                order.append(key)
            }
        }
        guard !order.isEmpty else { return "" }
        let names = order.compactMap { kept[$0]?.name }
        func note(_ name: AssumedName) -> String {
            let key = "\(name.kind.rawValue) \(name.receiver ?? "") \(name.name)"
            guard let variants = others[key], !variants.isEmpty else { return "" }
            return " /* also assumed as: " + variants.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "; ") + " */"
        }
        func of(_ kind: AssumedName.Kind) -> [AssumedName] { names.filter { $0.kind == kind }.sorted() }

        var lines = [
            "/* Drafted by `guide check --suggest-context`: what the book's snippets use and nothing declares.",
            " * guide guessed each kind and type from how the snippets use it; review every line. */",
        ]
        func section(_ title: String, _ body: [String]) {
            guard !body.isEmpty else { return }
            lines.append("")
            lines.append("/* \(title) */")
            lines += body
        }
        let classes = of(.class)
        let forward = classes.filter { !$0.declaration.hasPrefix("@interface") }.map(\.name)
        section("Classes", (forward.isEmpty ? [] : ["@class " + forward.joined(separator: ", ") + ";"])
                + classes.filter { $0.declaration.hasPrefix("@interface") }.map { $0.declaration + note($0) })
        section("Protocols", of(.protocol).map { $0.declaration + note($0) })
        section("Types", of(.type).map { $0.declaration + note($0) })
        let constants = of(.constant)
        section("Constants and macros", (constants.isEmpty ? [] : ["enum { " + constants.map(\.name).joined(separator: ", ") + " };"])
                + of(.macro).map { $0.declaration + note($0) })
        // Members, by the class they are sent to (NSObject: any object).
        var byClass: [String: [AssumedName]] = [:]
        for member in names where member.kind == .method || member.kind == .property {
            byClass[member.receiver ?? "NSObject", default: []].append(member)
        }
        var members: [String] = []
        for owner in byClass.keys.sorted(by: { ($0 == "NSObject" ? 1 : 0, $0) < ($1 == "NSObject" ? 1 : 0, $1) }) {
            members.append("@interface \(owner) (\(category))")
            let sorted = byClass[owner]!.sorted { ($0.kind == .property ? 1 : 0, $0.name) < ($1.kind == .property ? 1 : 0, $1.name) }
            var seen = Set<String>()
            for member in sorted where seen.insert(member.declaration).inserted { members.append(member.declaration + note(member)) }
            members.append("@end")
        }
        section("Methods and properties, by the class the snippets send them to", members)
        section("Variables and functions", (of(.variable) + of(.function)).map { $0.declaration + note($0) })
        return lines.joined(separator: "\n") + "\n"
    }
}
