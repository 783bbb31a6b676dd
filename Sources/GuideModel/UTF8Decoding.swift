/// The one UTF-8 decoder of guide's byte scanners (the aligner's, the sentence counter's, the
/// search tokenizer's): the scalar whose first byte is at `p[0]`, and its length in bytes. Only
/// for valid UTF-8, which a Swift string's bytes are: the lead byte tells the length.
@inlinable @inline(__always)
public func decodeUTF8Scalar(_ p: UnsafePointer<UInt8>) -> (value: UInt32, length: Int) {
    let b0 = UInt32(p[0])
    if b0 < 0x80 { return (b0, 1) }
    if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(p[1] & 0x3F), 2) }
    if b0 < 0xF0 { return ((b0 & 0x0F) << 12 | UInt32(p[1] & 0x3F) << 6 | UInt32(p[2] & 0x3F), 3) }
    return ((b0 & 0x07) << 18 | UInt32(p[1] & 0x3F) << 12 | UInt32(p[2] & 0x3F) << 6 | UInt32(p[3] & 0x3F), 4)
}
