/// Lower-case hex of bytes (cache keys, checksums). `String(format: "%02x")` per byte cost a
/// tenth of a no-change rebuild of a large book, through Foundation's formatter.
public enum HexText {
    private static let digits = Array("0123456789abcdef".utf8)

    public static func of<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xf)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
