/// HTML text escaping as cmark escapes text and code (`&`, `<`, `>`, `"`; not `'`), by bytes: the
/// parser derives a block's HTML with it and the highlighter escapes code with it.
public enum HTMLText {
    @inlinable
    public static func escape(_ bytes: some Sequence<UInt8>, into out: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            default: out.append(byte)
            }
        }
    }

    @inlinable
    public static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        escape(text.utf8, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The inverse of `escape`; nil when the HTML holds markup or other entities (not cmark's code text).
    public static func unescape(_ html: Substring) -> String? {
        unescape(ArraySlice(html.utf8))
    }

    /// `unescape` of UTF-8 bytes (the highlighter's code blocks, read from a page's bytes): the
    /// runs between entities are copied whole.
    public static func unescape(_ bytes: ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            guard let special = bytes[i...].firstIndex(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") }) else {
                out += bytes[i...]
                break
            }
            out += bytes[i..<special]
            guard bytes[special] == UInt8(ascii: "&") else { return nil }
            let rest = bytes[special...]
            if rest.starts(with: "&amp;".utf8) { out.append(UInt8(ascii: "&")); i = special + 5 }
            else if rest.starts(with: "&lt;".utf8) { out.append(UInt8(ascii: "<")); i = special + 4 }
            else if rest.starts(with: "&gt;".utf8) { out.append(UInt8(ascii: ">")); i = special + 4 }
            else if rest.starts(with: "&quot;".utf8) { out.append(UInt8(ascii: "\"")); i = special + 6 }
            else { return nil }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
