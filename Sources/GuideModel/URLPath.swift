/// A file path as it goes into a URL guide writes (`href`, sitemap, search index): every byte
/// but the unreserved ones (RFC 3986: letters, digits, `-._~`) and the `/` between folders is
/// percent-encoded, so a chapter named `a#b.md`, `a?b.md`, `a%20b.md` or `第一章.md` is reached
/// by the link that names it (a raw `#` or `?` would cut the path, a raw `%20` be decoded).
public enum URLPath {
    public static func encode(_ path: String) -> String {
        var out = ""
        out.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
