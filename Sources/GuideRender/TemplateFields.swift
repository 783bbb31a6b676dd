import Mustache

/// A view model that hands its fields to the templates by name.
///
/// Without it swift-mustache finds every `{{field}}` through `Mirror`, walking the value's
/// children each time: a fifth of a large book's build went there. Each view lists its
/// fields once as key paths instead (`nonisolated(unsafe)`: key paths are immutable, but
/// `PartialKeyPath` is not marked `Sendable`). `TemplateFieldsTests` renders a book and checks every
/// view it meets against `Mirror`, so a field missing from a table cannot go unnoticed.
protocol TemplateFields: MustacheParent {
    static var fields: [String: PartialKeyPath<Self>] { get }
}

extension TemplateFields {
    func child(named name: String) -> Any? {
        guard let path = Self.fields[name] else { return nil }
        let value = self[keyPath: path]
        // As swift-mustache's own lookup does: an optional field is its value, or nothing.
        if let optional = value as? OptionalField { return optional.fieldValue }
        return value
    }
}

/// Lets `child(named:)` see through an optional field held as `Any`.
protocol OptionalField {
    var fieldValue: Any? { get }
}

extension Optional: OptionalField {
    var fieldValue: Any? { self.map { $0 as Any } }
}

extension LinkView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = ["title": \.title, "href": \.href]
}

extension LanguageLinkView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = ["name": \.name, "lang": \.lang, "href": \.href]
}

extension TocItemView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "title": \.title, "href": \.href, "children": \.children, "hasChildren": \.hasChildren,
    ]
}

extension PageFrame: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "htmlLang": \.htmlLang, "pageTitle": \.pageTitle, "bookTitle": \.bookTitle, "root": \.root,
        "languageLinks": \.languageLinks, "sidebar": \.sidebar, "bilingualHref": \.bilingualHref,
        "hasLanguageLinks": \.hasLanguageLinks,
    ]
}

extension SidebarView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = ["script": \.script, "current": \.current]
}

extension SidebarTableView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = ["items": \.items]
}

extension SidebarScriptView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = ["tableJSON": \.tableJSON]
}

extension ChapterView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "page": \.page, "title": \.title, "languageName": \.languageName, "outline": \.outline,
        "bodyHTML": \.bodyHTML, "previous": \.previous, "next": \.next,
    ]
}

extension OutlineView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = ["itemsHTML": \.itemsHTML]
}

extension OutlineItemsView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = ["items": \.items]
}

extension OutlineItemView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = ["title": \.title, "id": \.id, "level": \.level]
}

extension IndexView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = ["page": \.page, "editions": \.editions, "hasReview": \.hasReview]
}

extension EditionView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "lang": \.lang, "languageName": \.languageName, "title": \.title, "chapters": \.chapters,
    ]
}

extension ChapterLinkView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "title": \.title, "href": \.href, "depth": \.depth, "translatedPercent": \.translatedPercent,
        "bilingualHref": \.bilingualHref,
    ]
}

extension BilingualView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "page": \.page, "title": \.title, "sourceLang": \.sourceLang, "targetLang": \.targetLang,
        "sourceName": \.sourceName, "targetName": \.targetName, "rowsHTML": \.rowsHTML,
    ]
}

extension BeadRowsView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "sourceLang": \.sourceLang, "targetLang": \.targetLang, "rows": \.rows,
    ]
}

extension BeadRowView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "id": \.id, "status": \.status, "isTranslated": \.isTranslated, "findings": \.findings,
        "sourceHTML": \.sourceHTML, "targetHTML": \.targetHTML, "sourceLines": \.sourceLines,
        "targetLines": \.targetLines,
    ]
}

extension ReviewDashboardView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "page": \.page, "checkLine": \.checkLine, "checkProblems": \.checkProblems, "chaptersHTML": \.chaptersHTML,
    ]
}

extension ChapterProgressView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "title": \.title, "lang": \.lang, "language": \.language, "bilingualHref": \.bilingualHref,
        "translatedPercent": \.translatedPercent, "acceptedPercent": \.acceptedPercent, "counts": \.counts,
        "gaps": \.gaps, "hasGaps": \.hasGaps, "moreGaps": \.moreGaps, "snippets": \.snippets, "hasSnippets": \.hasSnippets,
        "reader": \.reader, "hasReader": \.hasReader, "readerCount": \.readerCount,
    ]
}

extension StatusCountView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = ["status": \.status, "count": \.count]
}

extension GapView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "status": \.status, "message": \.message, "location": \.location, "href": \.href,
        "excerpt": \.excerpt, "excerptLang": \.excerptLang,
    ]
}

extension ReaderGapView: TemplateFields {
    nonisolated(unsafe) static let fields: [String: PartialKeyPath<Self>] = [
        "kind": \.kind, "message": \.message, "location": \.location, "href": \.href,
        "excerpt": \.excerpt, "excerptLang": \.excerptLang,
    ]
}

/// Compares views' field tables with what `Mirror` sees (a debug-build check of every render,
/// see `TemplateSet.render`): a stored field missing from a table, a table entry that is not a
/// stored field, a value that differs, or a view struct without a table.
enum TemplateFieldsAudit {
    static func mismatches(in value: Any) -> [String] {
        let mirror = Mirror(reflecting: value)
        var found: [String] = []
        if mirror.displayStyle == .optional {
            // (`as?` would look through the optional; its wrapped value is checked below.)
        } else if let view = value as? any TemplateFields {
            let labels = mirror.children.compactMap(\.label)
            for child in mirror.children {
                guard let label = child.label else { continue }
                if describe(view.child(named: label)) != describe(unwrapped(child.value)) {
                    found.append("\(type(of: value)).\(label): the field table disagrees with the stored field")
                }
            }
            for name in type(of: view).fieldNames where !labels.contains(name) {
                found.append("\(type(of: value)).\(name): listed, but not a stored field")
            }
        } else if mirror.displayStyle == .struct {
            found.append("\(type(of: value)) has no field table (TemplateFields)")
        }
        for child in mirror.children { found += mismatches(in: child.value) }
        return found
    }

    private static func unwrapped(_ value: Any) -> Any? {
        (value as? OptionalField).map(\.fieldValue) ?? value
    }

    private static func describe(_ value: Any?) -> String {
        value.map { String(reflecting: $0) } ?? "nil"
    }
}

extension TemplateFields {
    static var fieldNames: [String] { Array(fields.keys) }
}
