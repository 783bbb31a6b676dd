import GuideMerge
import GuideModel
import Mustache

/// A view model that hands its fields to the templates by name, and to the page memo as
/// bytes.
///
/// Without it swift-mustache finds every `{{field}}` through `Mirror`, walking the value's
/// children each time. Each view lists its
/// fields once, as names and key paths (`fields`); the template's look-up (`child(named:)`) and
/// the view's fingerprint (`fingerprint(into:)`) both read that table (its key path literals
/// are `Sendable` functions, so the tables are plain constants). A listed field's type must be a
/// `TemplateValue`; a debug build checks every view it renders against `Mirror`
/// (`TemplateFieldsAudit`), so a stored field missing from a table cannot go unnoticed.
protocol TemplateFields: MustacheParent, TemplateValue {
    static var fields: FieldTable<Self> { get }
}

extension TemplateFields {
    func child(named name: String) -> Any? { Self.fields.byName[name]?.value(self) }

    var templateValue: Any? { self }

    /// Every field's name and value, in name order.
    func fingerprint(into out: inout ByteWriter) {
        out.integer(UInt8(5))
        for field in Self.fields.sorted {
            out.string(field.name)
            field.fingerprint(self, &out)
        }
    }

    static var fieldNames: [String] { fields.sorted.map(\.name) }
}

/// One field of a view: its name, and its value read by `get`, which a table writes as a key
/// path literal (`Field("title", \.title)`). Taken as a function, the literal becomes a plain
/// read of the property, where a `KeyPath` kept and applied is walked by the runtime at every read.
struct Field<View>: Sendable {
    let name: String
    let value: @Sendable (View) -> Any?
    let fingerprint: @Sendable (View, inout ByteWriter) -> Void

    init<Value: TemplateValue & SendableMetatype>(_ name: String, _ get: @escaping @Sendable (View) -> Value) {
        self.name = name
        value = { get($0).templateValue }
        fingerprint = { view, out in get(view).fingerprint(into: &out) }
    }
}

/// A view's fields by name, and in name order (a dictionary's order changes from run to run).
struct FieldTable<View>: Sendable {
    let byName: [String: Field<View>]
    let sorted: [Field<View>]

    init(_ fields: Field<View>...) { self.init(fields) }

    init(_ fields: [Field<View>]) {
        byName = Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0) })
        sorted = fields.sorted { $0.name < $1.name }
    }
}

/// What a view's field may hold: what a template sees of it, and its fingerprint, bytes that
/// differ whenever what a template could show differs (a tag, then the value in `ByteWriter`'s
/// fields: "ab" + "c" is not "a" + "bc"). A page is keyed by its view's.
protocol TemplateValue {
    /// An optional is its value, or nothing, as swift-mustache's own look-up has it.
    var templateValue: Any? { get }
    func fingerprint(into out: inout ByteWriter)
}

extension ByteWriter {
    mutating func fingerprint(_ value: some TemplateValue) { value.fingerprint(into: &self) }
}

extension Optional: TemplateValue where Wrapped: TemplateValue {
    var templateValue: Any? { flatMap(\.templateValue) }

    func fingerprint(into out: inout ByteWriter) {
        guard let self else { return out.integer(UInt8(0)) }
        self.fingerprint(into: &out)
    }
}

extension String: TemplateValue {
    var templateValue: Any? { self }

    func fingerprint(into out: inout ByteWriter) {
        out.integer(UInt8(1))
        out.string(self)
    }
}

extension Int: TemplateValue {
    var templateValue: Any? { self }

    func fingerprint(into out: inout ByteWriter) {
        out.integer(UInt8(2))
        out.int(self)
    }
}

extension Bool: TemplateValue {
    var templateValue: Any? { self }
    func fingerprint(into out: inout ByteWriter) { out.integer(UInt8(self ? 3 : 4)) }
}

extension Array: TemplateValue where Element: TemplateValue {
    var templateValue: Any? { self }

    func fingerprint(into out: inout ByteWriter) {
        out.integer(UInt8(6))
        out.int(count)
        for element in self { element.fingerprint(into: &out) }
    }
}

extension LinkView: TemplateFields {
    static let fields = FieldTable<Self>(Field("title", \.title), Field("href", \.href))
}

extension LanguageLinkView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("name", \.name), Field("lang", \.lang), Field("href", \.href)
    )
}

extension TocItemView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("title", \.title), Field("href", \.href), Field("children", \.children),
        Field("untranslatedLang", \.untranslatedLang), Field("hasChildren", \.hasChildren)
    )
}

extension PageFrame: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("htmlLang", \.htmlLang), Field("pageTitle", \.pageTitle), Field("bookTitle", \.bookTitle),
        Field("root", \.root), Field("languageLinks", \.languageLinks), Field("sidebar", \.sidebar),
        Field("bilingualHref", \.bilingualHref), Field("printHref", \.printHref), Field("hasLanguageLinks", \.hasLanguageLinks),
        Field("chrome", \.chrome)
    )
}

extension PageChrome: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("skip", \.skip), Field("tableOfContents", \.tableOfContents), Field("languages", \.languages),
        Field("contents", \.contents), Field("print", \.print),
        Field("onThisPage", \.onThisPage)
    )
}

extension PrintView: TemplateFields {
    static let fields = FieldTable<Self>(Field("page", \.page), Field("bodyHTML", \.bodyHTML))
}

extension SidebarView: TemplateFields {
    static let fields = FieldTable<Self>(Field("script", \.script), Field("current", \.current))
}

extension SidebarTableView: TemplateFields {
    static let fields = FieldTable<Self>(Field("items", \.items))
}

extension SidebarScriptView: TemplateFields {
    static let fields = FieldTable<Self>(Field("tableJSON", \.tableJSON))
}

extension ChapterView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("page", \.page), Field("title", \.title), Field("languageName", \.languageName),
        Field("outline", \.outline), Field("bodyHTML", \.bodyHTML), Field("previous", \.previous), Field("next", \.next),
        Field("fallback", \.fallback), Field("bodyLang", \.bodyLang)
    )
}

extension FallbackBannerView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("untranslated", \.untranslated), Field("missing", \.missing), Field("inline", \.inline),
        Field("sourceHref", \.sourceHref), Field("bilingualHref", \.bilingualHref)
    )
}

extension OutlineView: TemplateFields {
    static let fields = FieldTable<Self>(Field("itemsHTML", \.itemsHTML))
}

extension OutlineItemsView: TemplateFields {
    static let fields = FieldTable<Self>(Field("items", \.items))
}

extension OutlineItemView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("title", \.title), Field("id", \.id), Field("level", \.level), Field("lang", \.lang),
        Field("alternate", \.alternate), Field("alternateLang", \.alternateLang)
    )
}

extension IndexView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("page", \.page), Field("editions", \.editions), Field("hasReview", \.hasReview)
    )
}

extension EditionView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("lang", \.lang), Field("languageName", \.languageName), Field("title", \.title),
        Field("chapters", \.chapters), Field("chaptersHTML", \.chaptersHTML)
    )
}

extension ChapterLinksView: TemplateFields {
    static let fields = FieldTable<Self>(Field("chapters", \.chapters))
}

extension ChapterLinkView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("title", \.title), Field("href", \.href), Field("depth", \.depth),
        Field("translatedPercent", \.translatedPercent), Field("bilingualHref", \.bilingualHref),
        Field("untranslatedLang", \.untranslatedLang)
    )
}

extension BilingualView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("page", \.page), Field("title", \.title), Field("sourceLang", \.sourceLang),
        Field("targetLang", \.targetLang), Field("sourceName", \.sourceName), Field("targetName", \.targetName),
        Field("rowsHTML", \.rowsHTML), Field("outline", \.outline), Field("previous", \.previous), Field("next", \.next)
    )
}

extension BeadRowsView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("sourceLang", \.sourceLang), Field("targetLang", \.targetLang), Field("rows", \.rows)
    )
}

extension BeadRowView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("id", \.id), Field("sourcePlace", \.sourcePlace), Field("status", \.status), Field("isTranslated", \.isTranslated),
        Field("statusLabel", \.statusLabel), Field("linkLabel", \.linkLabel),
        Field("findings", \.findings), Field("sourceHTML", \.sourceHTML), Field("targetHTML", \.targetHTML),
        Field("sourceSentences", \.sourceSentences), Field("targetSentences", \.targetSentences),
        Field("sourceLines", \.sourceLines), Field("targetLines", \.targetLines),
        Field("staleDiffLabel", \.staleDiffLabel), Field("staleDiffHTML", \.staleDiffHTML)
    )
}

extension ReviewDashboardView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("page", \.page), Field("checkLine", \.checkLine), Field("checkProblems", \.checkProblems),
        Field("statuses", \.statuses), Field("overview", \.overview), Field("overviewHTML", \.overviewHTML),
        Field("languages", \.languages), Field("chaptersHTML", \.chaptersHTML), Field("labels", \.labels),
        Field("statusLabels", \.statusLabels), Field("filterLabels", \.filterLabels), Field("legend", \.legend), Field("countWords", \.countWords)
    )
}

extension StatusLabelView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("status", \.status), Field("label", \.label), Field("meaning", \.meaning), Field("action", \.action),
        Field("actionHTML", \.actionHTML)
    )
}

extension CountWordsView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("findingOne", \.findingOne), Field("findingMany", \.findingMany), Field("chapterOne", \.chapterOne),
        Field("chapterMany", \.chapterMany), Field("shownIn", \.shownIn)
    )
}

extension ReviewLabelsView: TemplateFields {
    /// `code`, then every message id by its name (a template quotes those without arguments).
    static let fields = FieldTable<Self>(
        [Field<Self>("code", \.code)] + ReviewMessage.ID.allCases.map { id -> Field<Self> in
            Field(id.rawValue) { (view: Self) in ReviewMessage(id).text(in: view.language) }
        })
}

extension OverviewRowsView: TemplateFields {
    static let fields = FieldTable<Self>(Field("rows", \.rows))
}

extension OverviewRowView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("id", \.id), Field("title", \.title), Field("lang", \.lang), Field("language", \.language),
        Field("languageCode", \.languageCode), Field("translatedPercent", \.translatedPercent),
        Field("acceptedPercent", \.acceptedPercent), Field("counts", \.counts),
        Field("snippetFails", \.snippetFails), Field("snippetWarns", \.snippetWarns)
    )
}

extension OverviewLanguageView: TemplateFields {
    static let fields = FieldTable<Self>(Field("code", \.code), Field("name", \.name))
}

extension ChapterProgressView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("id", \.id), Field("languageCode", \.languageCode),
        Field("title", \.title), Field("lang", \.lang), Field("language", \.language),
        Field("bilingualHref", \.bilingualHref), Field("translatedPercent", \.translatedPercent),
        Field("acceptedPercent", \.acceptedPercent), Field("translatedPairs", \.translatedPairs),
        Field("pairsWithEnglish", \.pairsWithEnglish), Field("counts", \.counts), Field("gaps", \.gaps),
        Field("typographyGaps", \.typographyGaps), Field("gapsHTML", \.gapsHTML),
        Field("typographyGapsHTML", \.typographyGapsHTML), Field("hasTypography", \.hasTypography),
        Field("typographyCount", \.typographyCount), Field("findingCount", \.findingCount),
        Field("hasGaps", \.hasGaps), Field("moreGaps", \.moreGaps), Field("snippets", \.snippets),
        Field("hasSnippets", \.hasSnippets), Field("reader", \.reader), Field("hasReader", \.hasReader),
        Field("readerCount", \.readerCount), Field("untranslated", \.untranslated), Field("labels", \.labels),
        Field("findingsLabel", \.findingsLabel), Field("progressLabel", \.progressLabel), Field("progressText", \.progressText),
        Field("typographyLabel", \.typographyLabel), Field("typographyBadge", \.typographyBadge), Field("readerHeading", \.readerHeading)
    )
}

extension StatusCountView: TemplateFields {
    static let fields = FieldTable<Self>(Field("status", \.status), Field("label", \.label), Field("count", \.count))
}

extension GapsView: TemplateFields {
    static let fields = FieldTable<Self>(Field("gaps", \.gaps))
}

extension GapView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("status", \.status), Field("label", \.label), Field("message", \.message), Field("location", \.location),
        Field("englishLocation", \.englishLocation), Field("href", \.href),
        Field("excerpt", \.excerpt), Field("excerptLang", \.excerptLang),
        Field("diffLabel", \.diffLabel), Field("diffHTML", \.diffHTML), Field("diffLang", \.diffLang)
    )
}

extension ReaderGapView: TemplateFields {
    static let fields = FieldTable<Self>(
        Field("kind", \.kind), Field("label", \.label), Field("message", \.message), Field("location", \.location), Field("href", \.href),
        Field("excerpt", \.excerpt), Field("excerptLang", \.excerptLang)
    )
}

/// Compares views' field tables with what `Mirror` sees (a debug-build check of every render,
/// see `TemplateSet.render`): a stored field missing from a table or whose value differs, or a
/// view struct without a table. (A table may list more: flags computed from stored fields.)
enum TemplateFieldsAudit {
    static func mismatches(in value: Any) -> [String] {
        let mirror = Mirror(reflecting: value)
        var found: [String] = []
        if mirror.displayStyle == .optional {
            // (`as?` would look through the optional; its wrapped value is checked below.)
        } else if let view = value as? any TemplateFields {
            for child in mirror.children {
                guard let label = child.label else { continue }
                if describe(view.child(named: label)) != describe(unwrapped(child.value)) {
                    found.append("\(type(of: value)).\(label): the field table disagrees with the stored field")
                }
            }
        } else if mirror.displayStyle == .struct {
            found.append("\(type(of: value)) has no field table (TemplateFields)")
        }
        for child in mirror.children { found += mismatches(in: child.value) }
        return found
    }

    private static func unwrapped(_ value: Any) -> Any? {
        (value as? any TemplateValue).map(\.templateValue) ?? value
    }

    private static func describe(_ value: Any?) -> String {
        value.map { String(reflecting: $0) } ?? "nil"
    }
}
