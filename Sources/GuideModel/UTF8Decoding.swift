/// The one UTF-8 decoder of guide's byte scanners (the aligner's, the sentence counter's, the
/// search tokenizer's): the scalar whose first byte is `bytes[i]`, and its length in bytes. Only
/// for valid UTF-8, which a Swift string's bytes are: the lead byte tells the length.
@inlinable @inline(__always)
public func decodeUTF8Scalar<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at i: Int) -> (value: UInt32, length: Int)
where Bytes.Index == Int {
    let b0 = UInt32(bytes[i])
    if b0 < 0x80 { return (b0, 1) }
    if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F), 2) }
    if b0 < 0xF0 { return ((b0 & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F), 3) }
    return ((b0 & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6
        | UInt32(bytes[i + 3] & 0x3F), 4)
}
