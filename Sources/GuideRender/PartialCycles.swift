import Mustache

/// Templates come with the book, in pull requests, and a partial that includes itself, directly
/// or through others (`{{> page}}` in page.mustache, a parent `{{< a}}` naming its child), makes
/// swift-mustache recurse until the stack overflows: `build` and `serve` died of SIGSEGV, saying
/// nothing. A recursion can end only where each level enters a section (`{{#children}}…`, as
/// toc-item.mustache includes itself for a chapter's sections): the section's value is the next
/// level's data, and the data ends. So a cycle of inclusions none of which is inside a section
/// (an inverted section pushes no data, and does not count) is refused when the templates load.
///
/// swift-mustache keeps a template's parsed tokens internal: they are read through `Mirror`,
/// which sees them as the library made them (case names and their values), never by parsing the
/// template text a second time.
enum PartialCycles {
    /// One `{{> name}}` (or `{{< name}}`, or `{{>*dynamic}}`: nil, any template), and whether a
    /// section encloses it.
    struct Inclusion: Hashable {
        var name: String?
        var insideSection: Bool
    }

    /// A cycle of inclusions outside sections, as template names in order (the first repeated
    /// last), or nil when there is none.
    static func unbounded(in templates: [String: MustacheTemplate]) -> [String]? {
        var edges: [String: [String]] = [:]
        for (name, template) in templates {
            for inclusion in inclusions(of: template) where !inclusion.insideSection {
                edges[name, default: []] += inclusion.name.map { [$0] } ?? templates.keys.sorted()
            }
        }
        // Depth-first search in name order (the same cycle is reported each time).
        var state: [String: Bool] = [:]   // false: on the path; true: done
        var path: [String] = []
        func visit(_ name: String) -> [String]? {
            if let done = state[name] {
                guard !done, let start = path.firstIndex(of: name) else { return nil }
                return Array(path[start...]) + [name]
            }
            state[name] = false
            path.append(name)
            for next in (edges[name] ?? []).sorted() where templates[next] != nil {
                if let cycle = visit(next) { return cycle }
            }
            path.removeLast()
            state[name] = true
            return nil
        }
        for name in templates.keys.sorted() {
            if let cycle = visit(name) { return cycle }
        }
        return nil
    }

    /// Every inclusion in `template`, sections and blocks entered.
    static func inclusions(of template: MustacheTemplate, insideSection: Bool = false) -> [Inclusion] {
        guard let tokens = Mirror(reflecting: template).children.first(where: { $0.label == "tokens" })?.value as? [Any] else {
            return []
        }
        var found: [Inclusion] = []
        for token in tokens {
            guard let (kind, payload) = Mirror(reflecting: token).children.first.map({ ($0.label ?? "", $0.value) }) else { continue }
            let values = Mirror(reflecting: payload).children.map(\.value)
            let nested = values.compactMap { $0 as? MustacheTemplate }
                + values.compactMap { ($0 as? [String: MustacheTemplate])?.values.map { $0 } }.joined()
            switch kind {
            case "partial":
                found.append(Inclusion(name: values.first as? String, insideSection: insideSection))
            case "dynamicNamePartial":
                found.append(Inclusion(name: nil, insideSection: insideSection))
            default:
                break
            }
            for inner in nested {
                found += inclusions(of: inner, insideSection: insideSection || kind == "section")
            }
        }
        return found
    }
}
