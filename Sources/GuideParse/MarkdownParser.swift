import CCmark
import Foundation
import GuideFiles
import GuideModel

/// Parses markdown with cmark and converts the tree into `Block` values.
///
/// This is the one file that owns cmark's C pointers: every node is read while
/// the document is alive, and the document is freed before `parse` returns.
public struct MarkdownParser: Sendable {
    public struct Options: Sendable, Hashable {
        /// Let raw HTML and `javascript:`-style URLs through (cmark's `CMARK_OPT_UNSAFE`).
        public var rawHTML: Bool
        /// Rewrite relative links to `x.md` into links to `x.html`, the page the site writes.
        public var rewriteMarkdownLinks: Bool
        /// Deeper list nesting is kept in the HTML but not converted into `Block.items`
        /// (it bounds recursion on hostile input; no real book nests this deep).
        public var maxItemDepth: Int
        /// Markers left out of the blocks' HTML (`review.doubt_markers`: a translator's 【疑问】
        /// is for the review, not the reader). Only the HTML: a block's source and text keep
        /// them, for the review that reports them and for everything keyed by the source.
        public var unpublishedMarkers: [String]

        public init(rawHTML: Bool = false, rewriteMarkdownLinks: Bool = true, maxItemDepth: Int = 32,
                    unpublishedMarkers: [String] = []) {
            self.rawHTML = rawHTML
            self.rewriteMarkdownLinks = rewriteMarkdownLinks
            self.maxItemDepth = maxItemDepth
            self.unpublishedMarkers = unpublishedMarkers.filter { !$0.isEmpty }
        }

        /// The options as a digest of their fields (each counted), for what keys chapters by
        /// how they were parsed: typed values, not a description of the struct.
        public var fingerprint: [UInt8] {
            let hash = Digest()
            hash.update([rawHTML ? 1 : 0, rewriteMarkdownLinks ? 1 : 0])
            withUnsafeBytes(of: UInt64(maxItemDepth).littleEndian) { hash.update($0) }
            withUnsafeBytes(of: UInt64(unpublishedMarkers.count).littleEndian) { hash.update($0) }
            for marker in unpublishedMarkers { hash.updateCounted(marker) }
            return hash.finalize()
        }
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// The top-level blocks of a markdown text, with their line ranges.
    public func parse(_ markdown: String) -> [Block] {
        parse(markdown, relocating: nil)
    }

    /// The blocks, with relative links and images written from the page that shows the file
    /// (`LinkRelocation`) instead of from the file.
    public func parse(_ markdown: String, relocating relocation: LinkRelocation?) -> [Block] {
        let lines = SourceLines(Self.unixLineEnds(markdown))
        let flags = options.rawHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT
        // cmark takes a length, so the text's own bytes do (no copy, no NUL terminator). With
        // CMARK_OPT_SOURCEPOS when parsing (never when rendering: the HTML has no positions),
        // cmark counts the lines inside code spans and raw HTML too, so a link's line is right
        // after them (it still misses a line break inside a link's destination or title).
        guard let document = lines.withBytes({ bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, flags | CMARK_OPT_SOURCEPOS) }
        }) else { return [] }
        defer { cmark_node_free(document) }

        // A relocation names every chapter's page itself; a markdown file that is none stays as written.
        if let relocation { relocateLinks(in: document, relocation) } else if options.rewriteMarkdownLinks { rewriteLinks(in: document) }
        var converter = Converter(lines: lines, renderFlags: flags, maxItemDepth: options.maxItemDepth)
        converter.relocation = relocation
        converter.unpublishedMarkers = options.unpublishedMarkers
        return converter.topLevelBlocks(freeing: document)
    }

    /// The text with every CR LF and lone CR made a LF. cmark ends lines at all three, so line
    /// numbers do not change; but a block's `source` is cut out of the text by lines, and with
    /// CRs kept a CR LF file gave wrong sources (and so no typography or glossary findings).
    static func unixLineEnds(_ text: String) -> String {
        var text = text
        let hasCR = text.withUTF8 { bytes in
            bytes.count > 0 && memchr(bytes.baseAddress!, Int32(UInt8.carriageReturn), bytes.count) != nil
        }
        guard hasCR else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for byte in text.utf8 {
            if byte == .carriageReturn {
                out.append(.lineFeed)
            } else if !(byte == .lineFeed && previousWasCR) {
                out.append(byte)
            }
            previousWasCR = byte == .carriageReturn
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Points relative `.md` links at the `.html` pages the site writes (mdBook does the same).
    private func relocateLinks(in document: OpaquePointer, _ relocation: LinkRelocation) {
        walk(document) { node, entering in
            let type = cmark_node_get_type(node)
            guard entering, type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE,
                  let url = cmark_node_get_url(node).map({ String(cString: $0) }),
                  let relocated = relocation.relocated(url, isImage: type == CMARK_NODE_IMAGE,
                                                       line: Int(cmark_node_get_start_line(node))) else { return }
            cmark_node_set_url(node, relocated)
        }
    }

    private func rewriteLinks(in document: OpaquePointer) {
        walk(document) { node, entering in
            guard entering, cmark_node_get_type(node) == CMARK_NODE_LINK,
                  let url = cmark_node_get_url(node).map({ String(cString: $0) }),
                  let rewritten = LinkTarget.pageURL(forMarkdownLink: url) else { return }
            cmark_node_set_url(node, rewritten)
        }
    }
}

/// Reads one cmark tree into blocks. Separate from the parser so its state
/// (the source lines, render flags) travels with the walk.
private struct Converter {
    let lines: SourceLines
    let renderFlags: Int32
    let maxItemDepth: Int
    /// How the file's links are written from its page: raw HTML's `src` and `href` too.
    var relocation: LinkRelocation?
    /// Left out of the HTML (`MarkdownParser.Options.unpublishedMarkers`).
    var unpublishedMarkers: [String] = []
    /// One buffer for the plain text of every block (growing a new one per block was a
    /// visible share of the parser's allocations).
    var textBuffer = PlainTextBuilder()

    /// The document's blocks, each of its nodes freed once converted and before its source is
    /// copied out of the text: the memory of the tree is reused for the copies (a block quote
    /// nested millions deep is a tree of hundreds of megabytes and a source of ten).
    /// The array is made at its final size: growing it by doubling copied it and left up to
    /// half of it unused (for a million tiny paragraphs, a hundred megabytes).
    mutating func topLevelBlocks(freeing document: OpaquePointer) -> [Block] {
        var count = 0
        var child = cmark_node_first_child(document)
        while let node = child {
            count += 1
            child = cmark_node_next(node)
        }
        var result: [Block] = []
        result.reserveCapacity(count)
        child = cmark_node_first_child(document)
        // The bytes of source whose nodes were freed: a cheap measure of the nodes' memory.
        var freed = 0, total = 0
        while let node = child {
            var converted = block(node, depth: 0, limit: Self.limit(of: node, within: .max), withSource: false)
            child = cmark_node_next(node)
            cmark_node_free(node)   // unlinks it from the document too
            let bytes = lines.byteCount(of: converted.lines)
            (freed, total) = (freed + bytes, total + bytes)
            // Nodes were allocated in the text's order, so the ones freed so far fill whole pages.
            if freed >= Self.bytesPerGiveBack {
                FreedMemory.giveBack()
                freed = 0
            }
            converted.source = lines.text(of: converted.lines)
            result.append(converted)
        }
        if total >= Self.bytesPerGiveBack, freed > 0 { FreedMemory.giveBack() }
        return result
    }

    /// A megabyte of tiny paragraphs is about 20 MB of cmark nodes: ten `malloc_trim`s for a
    /// 10 MB chapter, none for a chapter of a real book (whose freed nodes the next chapter reuses).
    static let bytesPerGiveBack = 1 << 20

    /// `limit`: the last line the parent's blocks may reach (the line before the parent's next
    /// sibling, or the end of the parent's own range).
    mutating func blocks(under parent: OpaquePointer, depth: Int, limit: Int = .max) -> [Block] {
        var result: [Block] = []
        var child = cmark_node_first_child(parent)
        while let node = child {
            result.append(block(node, depth: depth, limit: Self.limit(of: node, within: limit)))
            child = cmark_node_next(node)
        }
        return result
    }

    /// The last line a node may reach: the line before its next sibling, within its parent's limit.
    static func limit(of node: OpaquePointer, within parentLimit: Int) -> Int {
        guard let next = cmark_node_next(node) else { return parentLimit }
        return min(parentLimit, Int(cmark_node_get_start_line(next)) - 1)
    }

    mutating func block(_ node: OpaquePointer, depth: Int, limit: Int, withSource: Bool = true) -> Block {
        let kind = self.kind(of: node)
        let range = lineRange(of: node, limit: limit)
        var items: [[Block]] = []
        if case .list = kind, depth < maxItemDepth {
            var item = cmark_node_first_child(node)
            while let current = item {
                items.append(blocks(under: current, depth: depth + 1, limit: Self.limit(of: current, within: range.end)))
                item = cmark_node_next(current)
            }
        }
        let text = plainText(of: node)
        var hasRawHTML = false
        var inline = inlineFeatures(of: node, hasRawHTML: &hasRawHTML)
        var html: Block.HTML
        // The markers are taken out of the tree's text for the rendering only, then put back (the
        // blocks around it, rendered after, and their plain text keep them as written).
        let hidden = hidingMarkers(in: node, text: text)
        if hasRawHTML, renderFlags & CMARK_OPT_UNSAFE == 0, let sanitized = sanitizedHTML(of: node, line: range.start, inline: &inline) {
            html = .text(sanitized)
        } else {
            html = self.html(of: node, text: text)
        }
        if !hidden.isEmpty {
            for (textNode, literal) in hidden { cmark_node_set_literal(textNode, literal) }
            // A paragraph that held only the marker is left out whole.
            if case .text(let all) = html, all == "<p></p>\n" { html = .text("") }
        }
        return Block(
            kind: kind,
            lines: range,
            source: withSource ? lines.text(of: range) : "",
            text: text,
            html: html,
            inline: inline,
            items: items,
            // A page shows top-level blocks' HTML: a list item's blocks are not rendered alone.
            codeInHTML: depth == 0 ? codeInHTML(of: node, html: html) : []
        )
    }

    /// Where the code blocks `node` holds (itself, or nested in its list items and quotes) are
    /// in its HTML: each is found from cmark's tree, as its own rendering, met in the order of
    /// the tree. One the HTML does not hold as cmark renders it alone (raw HTML around it was
    /// sanitized into other bytes) is not listed: shown as written, not highlighted.
    func codeInHTML(of node: OpaquePointer, html: Block.HTML) -> [CodeInHTML] {
        var codeNodes: [OpaquePointer] = []
        switch cmark_node_get_type(node) {
        case CMARK_NODE_CODE_BLOCK: codeNodes = [node]
        case CMARK_NODE_LIST, CMARK_NODE_BLOCK_QUOTE:
            walk(node) { current, entering in
                if entering, cmark_node_get_type(current) == CMARK_NODE_CODE_BLOCK { codeNodes.append(current) }
            }
        default: return []
        }
        guard !codeNodes.isEmpty else { return [] }
        let offset: Int, kept: String
        switch html {
        case .text(let all): (offset, kept) = (0, all)
        case .nestedQuotes(let depth, let inner): (offset, kept) = (depth * "<blockquote>\n".utf8.count, inner)
        case .paragraphOfText, .headingOfText: return []
        }
        let bytes = Array(kept.utf8), closeCount = CodeInHTML.close.utf8.count
        var places: [CodeInHTML] = [], from = 0
        for codeNode in codeNodes {
            let own = Array(rendered(codeNode).utf8), code = string(cmark_node_get_literal(codeNode))
            guard let found = bytes[from...].firstRange(of: own) else { continue }
            // `own` is the opening tag, the code escaped, `</code></pre>` and a line feed.
            let codeEnd = found.upperBound - closeCount - 1
            var escaped: [UInt8] = []
            HTMLText.escape(code.utf8, into: &escaped)
            let fence = string(cmark_node_get_fence_info(codeNode)).prefix { !" \t\n\u{0B}\u{0C}\r".contains($0) }
            places.append(CodeInHTML(start: offset + found.lowerBound, codeStart: offset + codeEnd - escaped.count,
                                     codeEnd: offset + codeEnd, fence: String(fence), code: code))
            from = found.upperBound
        }
        return places
    }

    func kind(of node: OpaquePointer) -> Block.Kind {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HEADING:
            return .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_PARAGRAPH:
            return .paragraph
        case CMARK_NODE_LIST:
            return .list(ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST)
        case CMARK_NODE_CODE_BLOCK:
            return .code(info: string(cmark_node_get_fence_info(node)),
                         literal: string(cmark_node_get_literal(node)))
        case CMARK_NODE_BLOCK_QUOTE:
            return .blockQuote
        case CMARK_NODE_THEMATIC_BREAK:
            return .thematicBreak
        case CMARK_NODE_HTML_BLOCK:
            return .html
        default:
            return .other(string(cmark_node_get_type_string(node)))
        }
    }

    /// cmark's range, except that a block's end is never before its start
    /// (cmark reports end line 0 for some empty nodes), nor past `limit`: cmark 0.30 ends a
    /// setext heading on the line after its underline, so a heading directly followed by a
    /// list or a paragraph took that line into its source too (found by `scripts/fuzz.sh`).
    func lineRange(of node: OpaquePointer, limit: Int) -> LineRange {
        let start = max(1, Int(cmark_node_get_start_line(node)))
        var end = Int(cmark_node_get_end_line(node))
        if cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK {
            // cmark ends an HTML block closed by its end marker (`-->`) one line early;
            // the literal holds every line of it.
            let literal = string(cmark_node_get_literal(node))
            let lineCount = literal.split(separator: "\n", omittingEmptySubsequences: false).count
                - (literal.hasSuffix("\n") ? 1 : 0)
            end = max(end, start + lineCount - 1)
        }
        end = min(end, limit)
        if end < start { end = start }
        return lines.trimmed(LineRange(start: start, end: end))
    }

    /// The text nodes under `node` that hold an unpublished marker, each given its text without
    /// the markers; returned with their text as written, to be put back once the HTML is made.
    /// Code (spans and blocks) is shown as written. `text` is the block's plain text: a block
    /// without a marker in it is not walked.
    func hidingMarkers(in node: OpaquePointer, text: String) -> [(OpaquePointer, String)] {
        guard !unpublishedMarkers.isEmpty, cmark_node_get_type(node) != CMARK_NODE_CODE_BLOCK,
              unpublishedMarkers.contains(where: { MarkerText.holds(text, $0) }) else { return [] }
        var changed: [(OpaquePointer, String)] = []
        walk(node) { current, entering in
            guard entering, cmark_node_get_type(current) == CMARK_NODE_TEXT, let pointer = cmark_node_get_literal(current) else { return }
            let literal = String(cString: pointer)
            let stripped = MarkerText.removing(unpublishedMarkers, from: literal)
            guard stripped != literal else { return }
            changed.append((current, literal))
            cmark_node_set_literal(current, stripped)
        }
        return changed
    }

    /// cmark's HTML of a node, kept as what cannot be derived from the block's other fields:
    /// nothing for a paragraph or heading whose HTML is its text escaped (most of them; checked
    /// against cmark's bytes), the innermost quote of nested block quotes.
    mutating func html(of node: OpaquePointer, text: String) -> Block.HTML {
        let (depth, inner) = Self.nestedQuotes(node)
        if depth > 0 { return .nestedQuotes(depth: depth, inner: rendered(inner)) }
        guard let rendered = cmark_render_html(node, renderFlags) else { return .text("") }
        defer { free(rendered) }
        let type = cmark_node_get_type(node)
        if type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING,
           Block.isHTML(bytes(rendered), ofText: text, kind: kind(of: node)) {
            return type == CMARK_NODE_PARAGRAPH ? .paragraphOfText : .headingOfText
        }
        return .text(String(cString: rendered))
    }

    /// A block with raw HTML in it, without `output.raw_html`: cmark keeps the HTML (only for
    /// this block), the sanitizer keeps what GitHub would (`HTMLSanitizer`). Its images join
    /// the block's for the link check; what it dropped, the build warns of (`droppedHTML`).
    /// nil for a block of comments only: cmark's `<!-- raw HTML omitted -->` stays, as before.
    func sanitizedHTML(of node: OpaquePointer, line: Int, inline: inout InlineFeatures) -> String? {
        guard let rendered = cmark_render_html(node, renderFlags | CMARK_OPT_UNSAFE) else { return nil }
        defer { free(rendered) }
        let result = HTMLSanitizer.sanitize(String(cString: rendered), relocate: relocation.map { relocation in
            { url, isImage in relocation.relocated(url, isImage: isImage, line: line) }
        })
        if !result.droppedSomething, result.html.allSatisfy(\.isWhitespace) { return nil }
        // The markdown images were cmark's already (its URLs escaped): only the raw HTML's are new.
        var markdownImages = inline.labels.filter { $0.kind == .image }.map { $0.destination.removingPercentEncoding ?? $0.destination }
        for (src, alt) in result.images {
            if let known = markdownImages.firstIndex(of: src.removingPercentEncoding ?? src) {
                markdownImages.remove(at: known)
                continue
            }
            inline.images.append(src)
            inline.labels.append(InlineLabel(.image, text: alt, destination: src, line: line))
        }
        inline.droppedHTML = result.droppedSomething
        return result.html
    }

    func rendered(_ node: OpaquePointer) -> String {
        guard let rendered = cmark_render_html(node, renderFlags) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// How many block quotes above the innermost one each hold only the next, and that innermost
    /// one (`(0, node)` when the node is no such quote). cmark writes each as `<blockquote>` and
    /// `</blockquote>` on lines of their own around the next (html.c), so only the innermost one
    /// is rendered.
    static func nestedQuotes(_ node: OpaquePointer) -> (depth: Int, inner: OpaquePointer) {
        var depth = 0
        var current = node
        while cmark_node_get_type(current) == CMARK_NODE_BLOCK_QUOTE,
              let child = cmark_node_first_child(current), cmark_node_next(child) == nil,
              cmark_node_get_type(child) == CMARK_NODE_BLOCK_QUOTE {
            depth += 1
            current = child
        }
        return (depth, current)
    }

    /// The text a reader sees: inline markup dropped, line breaks as spaces.
    mutating func plainText(of node: OpaquePointer) -> String {
        if cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK {
            return string(cmark_node_get_literal(node))
        }
        var text = textBuffer.takeEmptied()
        defer { textBuffer = text }
        walk(node) { current, entering in
            guard entering else {
                // Separate paragraphs and items so their words do not run together.
                if isBlock(current), !text.isEmpty, !text.endsWithSpace { text.appendSpace() }
                return
            }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
                if let literal = cmark_node_get_literal(current) { text.append(bytes(literal)) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text.appendSpace()
            default:
                break
            }
        }
        return text.trimmedText()
    }

    func inlineFeatures(of node: OpaquePointer) -> InlineFeatures {
        var hasRawHTML = false
        return inlineFeatures(of: node, hasRawHTML: &hasRawHTML)
    }

    /// `hasRawHTML`: set when the node or one below it is raw HTML (a block or inline).
    func inlineFeatures(of node: OpaquePointer, hasRawHTML: inout Bool) -> InlineFeatures {
        var features = InlineFeatures()
        // The links and images still open (an image may sit inside a link), as indexes into
        // `labels`: each gathers the text below it, and passes it on to the one around it.
        // Its line is that of its first text: cmark dates a link from where its `]` closes it,
        // a line too late when its text runs over two lines.
        var open: [(index: Int, hasText: Bool)] = []
        walk(node) { current, entering in
            let type = cmark_node_get_type(current)
            let isLabelled = type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE
            guard entering else {
                if isLabelled, let index = open.popLast()?.index {
                    let text = features.labels[index].text
                    if let outer = open.last?.index { features.labels[outer].text += text }
                    features.labels[index].text = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                }
                return
            }
            // One string for both records of a URL (a long one is stored once).
            let url = isLabelled ? string(cmark_node_get_url(current)) : ""
            switch type {
            case CMARK_NODE_CODE: features.codeSpans.append(string(cmark_node_get_literal(current)))
            case CMARK_NODE_LINK: features.urls.append(url)
            case CMARK_NODE_IMAGE: features.images.append(url)
            case CMARK_NODE_EMPH: features.emphasisCount += 1
            case CMARK_NODE_STRONG: features.strongCount += 1
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE: hasRawHTML = true
            default: break
            }
            let line = max(1, Int(cmark_node_get_start_line(current)))
            if isLabelled {
                open.append((features.labels.count, false))
                features.labels.append(InlineLabel(type == CMARK_NODE_LINK ? .link : .image, text: "",
                                                   destination: url, line: line))
            } else if let (index, hasText) = open.last {
                switch type {
                case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                    features.labels[index].text += string(cmark_node_get_literal(current))
                    if !hasText {
                        // The first text of every label still open that has none yet.
                        for level in open.indices.reversed() where !open[level].hasText {
                            features.labels[open[level].index].line = min(features.labels[open[level].index].line, line)
                            open[level].hasText = true
                        }
                    }
                case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: features.labels[index].text += " "
                default: break
                }
            }
        }
        return features
    }

    func isBlock(_ node: OpaquePointer) -> Bool {
        let type = cmark_node_get_type(node).rawValue
        return type >= CMARK_NODE_FIRST_BLOCK.rawValue && type <= CMARK_NODE_LAST_BLOCK.rawValue
    }
}

/// Visits a subtree with cmark's own iterator (no recursion, so deep nesting cannot overflow the stack).
private func walk(_ root: OpaquePointer, _ visit: (OpaquePointer, _ entering: Bool) -> Void) {
    guard let iterator = cmark_iter_new(root) else { return }
    defer { cmark_iter_free(iterator) }
    while true {
        let event = cmark_iter_next(iterator)
        if event == CMARK_EVENT_DONE { break }
        if let node = cmark_iter_get_node(iterator) {
            visit(node, event == CMARK_EVENT_ENTER)
        }
    }
}

private func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
}

/// A C string's bytes, in place (CChar and UInt8 may alias).
private func bytes(_ pointer: UnsafePointer<CChar>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
}
