import GuideModel

/// Renders a long list of like views (the rows of a side-by-side page, an outline's entries)
/// through its template once per *shape* of view instead of once per view.
///
/// The template engine looks every field up by name through dynamic casts and escapes text a
/// character at a time: about 40 µs a row, which made the side-by-side page of a chapter of a
/// million paragraphs cost half a minute. Rows of one shape (the same flags, numbers, list
/// lengths and empty texts) differ only in their texts, so the template renders a *probe* of
/// the shape, whose texts are marks, and each row is its values put in place of the marks,
/// escaped where the template escaped the mark. Whatever the template does that this cannot
/// reproduce exactly (a transform that changes a mark, text around the rows, anything that
/// depends on a row's position in the list) shows as a probe that does not render as expected,
/// and then the list is rendered as it always was, by the engine, view by view.
enum ShapedRows {
    /// The list's HTML: `list` wraps rows in the view the template `template` iterates, and
    /// `listKey` names what that wrapper itself prints (its languages): a shape's skeleton is
    /// probed once per template set, template and `listKey`, and serves every list after
    /// (`TemplateSet.skeletons`), so a slice of rows or a short list pays for no probe.
    static func render<Row: ShapedView>(_ rows: [Row], template: String, listKey: String = "", templates: TemplateSet,
                                        list: ([Row]) -> Any) throws -> [UInt8] {
        func direct() throws -> [UInt8] { Array(try templates.render(list(rows), with: template).utf8) }
        let table = templates.skeletons, name = template + "\u{0}" + listKey
        guard try table.listRendersEmpty(name, probe: { try templates.render(list([]), with: template).isEmpty }) else {
            return try direct()
        }
        var out: [UInt8] = []
        for row in rows {
            var marks = ShapeMarks(first: 0)
            let probe = row.probe(&marks)
            let skeleton = try table.skeleton(name, shape: marks.shape) { () throws -> Skeleton? in
                var other = ShapeMarks(first: marks.values.count)
                let second = row.probe(&other)
                // Alone, and then two in one list: the first as it was alone, the second its
                // marks shifted, or the template does something this cannot reproduce (what a
                // row prints must not depend on its place). Two renders a shape, not three: a
                // whole-book build probes some forty shapes.
                let one = try templates.render(list([probe]), with: template)
                let both = try templates.render(list([probe, second]), with: template)
                guard both.utf8.starts(with: one.utf8),
                      let skeleton = Skeleton(one, values: marks.values.count),
                      Skeleton(String(decoding: both.utf8.dropFirst(one.utf8.count), as: UTF8.self),
                               values: 2 * marks.values.count)?.isShifted(skeleton, by: marks.values.count) == true
                else { return nil }
                return skeleton
            }
            guard let skeleton else { return try direct() }
            skeleton.write(marks.values, to: &out)
        }
        return out
    }

    /// The skeletons probed so far, by list (template and `listKey`) and shape; nil for a
    /// shape the template renders in a way `Skeleton` cannot reproduce. A template set's
    /// templates never change, so neither do its skeletons: this is part of the compiled
    /// templates, not a cache of anything the book holds.
    final class SkeletonTable: Sendable {
        private let empty = MemoTable<String, Bool>()
        private let skeletons = MemoTable<ShapeKey, Skeleton?>()

        private struct ShapeKey: Hashable, Sendable {
            var list: String
            var shape: [Int]
        }

        func listRendersEmpty(_ list: String, probe: () throws -> Bool) throws -> Bool {
            try empty.value(list, make: probe)
        }

        func skeleton(_ list: String, shape: [Int], probe: () throws -> Skeleton?) throws -> Skeleton? {
            try skeletons.value(ShapeKey(list: list, shape: shape), make: probe)
        }
    }

    /// A rendered probe cut at its marks.
    struct Skeleton: Equatable, Sendable {
        enum Part: Equatable, Sendable {
            case text([UInt8])
            /// The probe's value `index`, escaped as the template escaped it or as it is.
            case value(Int, escaped: Bool)
        }
        var parts: [Part]

        /// nil when the text holds anything mark-like that is not a whole mark of a value below `values`.
        init?(_ text: String, values: Int) {
            let bytes = Array(text.utf8)
            var parts: [Part] = [], literal: [UInt8] = [], at = 0
            while at < bytes.count {
                guard bytes[at] == ShapeMarks.fence else {
                    literal.append(bytes[at])
                    at += 1
                    continue
                }
                guard let (index, escaped, end) = Self.mark(in: bytes, at: at), index < values else { return nil }
                if !literal.isEmpty { parts.append(.text(literal)) }
                literal = []
                parts.append(.value(index, escaped: escaped))
                at = end
            }
            if !literal.isEmpty { parts.append(.text(literal)) }
            self.parts = parts
        }

        /// The same parts, each value's index `offset` higher in `self` than in `other`.
        func isShifted(_ other: Skeleton, by offset: Int) -> Bool {
            parts.count == other.parts.count && zip(parts, other.parts).allSatisfy { mine, theirs in
                switch (mine, theirs) {
                case let (.text(a), .text(b)): a == b
                case let (.value(a, x), .value(b, y)): a == b + offset && x == y
                default: false
                }
            }
        }

        func write(_ values: [String], to out: inout [UInt8]) {
            for part in parts {
                switch part {
                case .text(let bytes): out += bytes
                case let .value(index, escaped): out += (escaped ? HTMLEscape.text(values[index]) : values[index]).utf8
                }
            }
        }

        /// The mark at `at` (`ShapeMarks.mark`, as it is or HTML-escaped): its value, whether
        /// escaped, and where it ends.
        private static func mark(in bytes: [UInt8], at start: Int) -> (Int, Bool, Int)? {
            func match(_ text: String, _ at: Int) -> Int? {
                let pattern = Array(text.utf8)
                guard at + pattern.count <= bytes.count, bytes[at..<at + pattern.count].elementsEqual(pattern) else { return nil }
                return at + pattern.count
            }
            var escaped = false, afterOpen = 0
            if let end = match(ShapeMarks.open, start + 1) { (escaped, afterOpen) = (false, end) }
            else if let end = match(HTMLEscape.text(ShapeMarks.open), start + 1) { (escaped, afterOpen) = (true, end) }
            else { return nil }
            var at = afterOpen, index = 0
            while at < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]), at - afterOpen < 9 {
                index = index * 10 + Int(bytes[at] - UInt8(ascii: "0"))
                at += 1
            }
            guard at > afterOpen, let end = match((escaped ? HTMLEscape.text(ShapeMarks.close) : ShapeMarks.close), at),
                  end < bytes.count, bytes[end] == ShapeMarks.fence else { return nil }
            return (index, escaped, end + 1)
        }
    }
}

/// A view whose texts can be replaced by marks (see `ShapedRows`).
protocol ShapedView: TemplateFields {
    /// The view with each text replaced by `marks.text(…)`, and each flag, number and list
    /// length that decides what the template prints recorded as part of its shape.
    func probe(_ marks: inout ShapeMarks) -> Self
}

/// What a probe is made of: its shape, and the values its marks stand for.
struct ShapeMarks {
    /// Marks are `fence open N close fence`: no book text gets into a probe, and escaping
    /// changes `open` and `close` (so a mark shows whether the template escaped it), while any
    /// change of case (a transform) leaves no mark whole.
    static let fence = UInt8(0x01)
    static let open = "<gZ"
    static let close = "Zg>"

    private(set) var shape: [Int] = []
    private(set) var values: [String] = []
    private let first: Int

    init(first: Int) {
        self.first = first
    }

    /// An empty text stays empty (and is part of the shape): a template may test it.
    mutating func text(_ value: String) -> String {
        shape.append(value.isEmpty ? 0 : 1)
        guard !value.isEmpty else { return value }
        values.append(value)
        return "\u{1}\(Self.open)\(first + values.count - 1)\(Self.close)\u{1}"
    }

    mutating func text(_ value: String?) -> String? {
        guard let value else {
            shape.append(-1)
            return nil
        }
        return text(value)
    }

    mutating func texts(_ list: [String]) -> [String] {
        shape.append(list.count)
        return list.map { text($0) }
    }

    mutating func flag(_ value: Bool) -> Bool {
        shape.append(value ? 1 : 0)
        return value
    }

    mutating func number(_ value: Int) -> Int {
        shape.append(value)
        return value
    }

    /// A view that may be absent: its presence is part of the shape.
    mutating func view<View: ShapedView>(_ value: View?) -> View? {
        guard let value else {
            shape.append(-1)
            return nil
        }
        shape.append(1)
        return value.probe(&self)
    }

    /// A list of views: its length is part of the shape.
    mutating func views<View: ShapedView>(_ list: [View]) -> [View] {
        shape.append(list.count)
        return list.map { $0.probe(&self) }
    }
}

extension BeadRowView: ShapedView {
    func probe(_ marks: inout ShapeMarks) -> BeadRowView {
        BeadRowView(id: marks.text(id), sourcePlace: marks.number(sourcePlace), status: marks.text(status),
                    statusLabel: marks.text(statusLabel), linkLabel: marks.text(linkLabel), isTranslated: marks.flag(isTranslated),
                    findings: marks.texts(findings), sourceHTML: marks.text(sourceHTML), targetHTML: marks.text(targetHTML),
                    sourceSentences: marks.text(sourceSentences), targetSentences: marks.text(targetSentences),
                    sourceLines: marks.text(sourceLines), targetLines: marks.text(targetLines),
                    staleDiffLabel: marks.text(staleDiffLabel), staleDiffHTML: marks.text(staleDiffHTML))
    }
}

extension ChapterLinkView: ShapedView {
    func probe(_ marks: inout ShapeMarks) -> ChapterLinkView {
        ChapterLinkView(title: marks.text(title), href: marks.text(href), depth: marks.number(depth),
                        translatedPercent: marks.text(translatedPercent), bilingualHref: marks.text(bilingualHref),
                        untranslatedLang: marks.text(untranslatedLang))
    }
}

extension OutlineItemView: ShapedView {
    func probe(_ marks: inout ShapeMarks) -> OutlineItemView {
        OutlineItemView(title: marks.text(title), id: marks.text(id), level: marks.number(level), lang: marks.text(lang),
                        alternate: marks.text(alternate), alternateLang: marks.text(alternateLang))
    }
}

extension GapView: ShapedView {
    func probe(_ marks: inout ShapeMarks) -> GapView {
        GapView(status: marks.text(status), label: marks.text(label), message: marks.text(message), location: marks.text(location),
                englishLocation: marks.text(englishLocation), href: marks.text(href), excerpt: marks.text(excerpt),
                excerptLang: marks.text(excerptLang), diffLabel: marks.text(diffLabel), diffHTML: marks.text(diffHTML),
                diffLang: marks.text(diffLang))
    }
}

extension OverviewRowView: ShapedView {
    func probe(_ marks: inout ShapeMarks) -> OverviewRowView {
        OverviewRowView(id: marks.text(id), title: marks.text(title), lang: marks.text(lang), language: marks.text(language),
                        languageCode: marks.text(languageCode), translatedPercent: marks.text(translatedPercent),
                        acceptedPercent: marks.text(acceptedPercent),
                        counts: (0..<marks.number(counts.count)).map {
                            StatusCountView(status: marks.text(counts[$0].status), label: marks.text(counts[$0].label),
                                            count: marks.text(counts[$0].count))
                        },
                        snippetFails: marks.text(snippetFails), snippetWarns: marks.text(snippetWarns))
    }
}
