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
}
