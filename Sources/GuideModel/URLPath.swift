/// A file path as it goes into a URL guide writes (`href`, sitemap, search index): every byte
/// but the unreserved ones (RFC 3986: letters, digits, `-._~`) and the `/` between folders is
/// percent-encoded, so a chapter named `a#b.md`, `a?b.md`, `a%20b.md` or `第一章.md` is reached
/// by the link that names it (a raw `#` or `?` would cut the path, a raw `%20` be decoded).
public enum URLPath {
    public static func encode(_ path: String) -> String {
        // A path with nothing to escape (nearly every page's) is returned as it is; the rest are
        // written as bytes (appending to a `String` a scalar at a time was most of the cost).
        guard !(path.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(isKept) }) ?? path.utf8.allSatisfy(isKept)) else {
            return path
        }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count * 3)
        for byte in path.utf8 {
            if isKept(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Unreserved characters and `/`, which a path keeps as they are.
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }
}
