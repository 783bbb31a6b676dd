/// Unicode scalars read straight from a string's UTF-8 bytes. The aligner's
/// scanners (`TextMeasure`, `CodeTokens`) look at every byte of a chapter;
/// most are ASCII, which needs no decoding, no index validation and no
/// Unicode property table.
extension UnsafeBufferPointer where Element == UInt8 {
    /// The scalar whose first byte is at `offset`, and its length in bytes.
    /// Swift strings hold valid UTF-8, so the lead byte tells the length.
    @inline(__always)
    func scalar(at offset: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = UInt32(self[offset])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        func continuation(_ index: Int) -> UInt32 { UInt32(self[offset + index]) & 0x3F }
        let value: UInt32, length: Int
        if lead < 0xE0 {
            value = (lead & 0x1F) << 6 | continuation(1)
            length = 2
        } else if lead < 0xF0 {
            value = (lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2)
            length = 3
        } else {
            value = (lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3)
            length = 4
        }
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
