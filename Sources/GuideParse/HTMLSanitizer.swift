import CLibxml2
import GuideModel

/// Raw HTML as GitHub shows it: a block's HTML read by libxml2's HTML parser and written back
/// with only what GitHub's sanitizer (html-pipeline's `SanitizationFilter`) keeps.
///
/// Content is untrusted: an element off the allow-list is dropped (its text kept, but for
/// `script`, `style` and the like, whose text is code); an attribute off it, an `on…` handler
/// and a URL of any scheme but http(s) (and mailto for links) never reach the page. Every text
/// and attribute value is escaped again on the way out. Comments go silently (a reader never
/// sees them); anything else dropped is counted for the build's one warning per block.
public enum HTMLSanitizer {
    public struct Result: Equatable, Sendable {
        public var html: String
        /// The kept images' `src` and `alt`, for the link check (`InlineLabel`).
        public var images: [(src: String, alt: String)]
        /// Whether anything but comments was dropped.
        public var droppedSomething: Bool

        public static func == (a: Result, b: Result) -> Bool {
            a.html == b.html && a.droppedSomething == b.droppedSomething
                && a.images.map(\.src) == b.images.map(\.src) && a.images.map(\.alt) == b.images.map(\.alt)
        }
    }

    /// `relocate`: a kept `src` or `href` as the page that shows the block writes it (a section
    /// file's pictures, seen from its chapter's page: `LinkRelocation`), or nil to keep it.
    public static func sanitize(_ html: String, relocate: ((_ url: String, _ isImage: Bool) -> String?)? = nil) -> Result {
        // Inside a body of its own, so that libxml2 neither adds a paragraph around leading text
        // nor moves elements to a head.
        let wrapped = Array("<!DOCTYPE html><html><body>".utf8) + Array(html.utf8) + Array("</body></html>".utf8)
        let options = Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        let document = wrapped.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { htmlReadMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", options) }
        }
        var writer = Writer()
        writer.relocate = relocate
        if let document {
            defer { xmlFreeDoc(document) }
            if let body = Self.body(of: document) { writer.children(of: body) }
        } else {
            writer.result.droppedSomething = !html.isEmpty
        }
        return writer.result
    }

    static func body(of document: htmlDocPtr) -> xmlNodePtr? {
        var node = xmlDocGetRootElement(document)?.pointee.children
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE, name(current) == "body" { return current }
            node = current.pointee.next
        }
        return nil
    }

    static func name(_ node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    private struct Writer {
        var result = Result(html: "", images: [], droppedSomething: false)
        var relocate: ((String, Bool) -> String?)?

        mutating func children(of node: xmlNodePtr) {
            var child = node.pointee.children
            while let current = child {
                self.node(current)
                child = current.pointee.next
            }
        }

        mutating func node(_ node: xmlNodePtr) {
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                result.html += HTMLAllowList.escaped(content(of: node), quotes: false)
            case XML_ELEMENT_NODE:
                element(node)
            case XML_COMMENT_NODE:
                break
            default:
                result.droppedSomething = true
            }
        }

        mutating func element(_ node: xmlNodePtr) {
            let name = HTMLSanitizer.name(node).lowercased()
            guard HTMLAllowList.elements.contains(name) else {
                result.droppedSomething = true
                if !HTMLAllowList.droppedWithContent.contains(name) { children(of: node) }
                return
            }
            var attributes: [(String, String)] = []
            var property = node.pointee.properties
            while let current = property {
                let attribute = String(cString: current.pointee.name).lowercased()
                let value = self.value(of: current)
                if var kept = HTMLAllowList.attribute(attribute, value: value, on: name) {
                    if attribute == "src" || attribute == "href", let moved = relocate?(kept, attribute == "src") { kept = moved }
                    attributes.append((attribute, kept))
                } else {
                    result.droppedSomething = true
                }
                property = current.pointee.next
            }
            if name == "img" {
                // `src` first: the renderer finds images by `<img src="` (`ImageBase`).
                attributes.sort { $0.0 == "src" && $1.0 != "src" }
                if let src = attributes.first(where: { $0.0 == "src" })?.1 {
                    result.images.append((src, attributes.first { $0.0 == "alt" }?.1 ?? ""))
                }
            }
            result.html += "<" + name
            for (attribute, value) in attributes {
                result.html += " \(attribute)=\"\(HTMLAllowList.escaped(value, quotes: true))\""
            }
            result.html += ">"
            guard !HTMLAllowList.voidElements.contains(name) else { return }
            children(of: node)
            result.html += "</\(name)>"
        }

        func content(of node: xmlNodePtr) -> String {
            guard let text = xmlNodeGetContent(node) else { return "" }
            defer { guide_xml_free(text) }
            return String(cString: text)
        }

        func value(of attribute: xmlAttrPtr) -> String {
            guard let text = xmlNodeListGetString(attribute.pointee.doc, attribute.pointee.children, 1) else { return "" }
            defer { guide_xml_free(text) }
            return String(cString: text)
        }
    }
}
