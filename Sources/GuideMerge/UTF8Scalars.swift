import GuideModel

/// Unicode scalars read straight from a string's UTF-8 bytes. The aligner's
/// scanners (`TextMeasure`, `CodeTokens`) look at every byte of a chapter;
/// most are ASCII, which needs no decoding, no index validation and no
/// Unicode property table.
extension UnsafeBufferPointer where Element == UInt8 {
    /// The scalar whose first byte is at `offset`, and its length in bytes.
    /// Swift strings hold valid UTF-8, so the lead byte tells the length.
    @inline(__always)
    func scalar(at offset: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let (value, length) = decodeUTF8Scalar(self, at: offset)
        return (Unicode.Scalar(value)!, length)
    }
}

extension String {
    /// Calls `body` with the string's UTF-8 bytes (contiguous for native strings, so no copy).
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        var string = self
        return try string.withUTF8(body)
    }
}
