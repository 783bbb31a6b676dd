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
        var out: [UInt8] = []
        let bytes = Array(html.utf8)
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "<") { return nil }
            if byte == UInt8(ascii: "&") {
                let rest = bytes[i...]
                if rest.starts(with: "&amp;".utf8) { out.append(UInt8(ascii: "&")); i += 5; continue }
                if rest.starts(with: "&lt;".utf8) { out.append(UInt8(ascii: "<")); i += 4; continue }
                if rest.starts(with: "&gt;".utf8) { out.append(UInt8(ascii: ">")); i += 4; continue }
                if rest.starts(with: "&quot;".utf8) { out.append(UInt8(ascii: "\"")); i += 6; continue }
                return nil
            }
            out.append(byte)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
