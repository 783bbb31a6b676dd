import GuideModel

/// A growable buffer of UTF-8 bytes: the index files are written into these, not built by
/// concatenating `String`s. One owner at a time (handed from a worker to the merge, never shared).
final class ByteBuffer: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int
    /// What keeps bytes this buffer views but does not own alive (`init(viewing:owner:)`); nil
    /// once the buffer owns its bytes.
    private var owner: AnyObject?

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// A buffer of bytes it does not own (a record of the cache's pack, mapped read-only), kept
    /// alive by `owner`; read in place, and copied into memory of its own before anything changes
    /// them (its capacity is its count, so the first append moves it).
    init(viewing bytes: UnsafeRawBufferPointer, owner: AnyObject) {
        if let start = bytes.baseAddress, bytes.count > 0 {
            base = UnsafeMutablePointer(mutating: start.assumingMemoryBound(to: UInt8.self))
            count = bytes.count
            capacity = bytes.count
            self.owner = owner
        } else {
            capacity = 16
            base = .allocate(capacity: capacity)
        }
    }

    deinit { if owner == nil { base.deallocate() } }

    @inline(__always)
    func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    @inline(never)
    private func grow(_ needed: Int) {
        var newCapacity = max(capacity * 2, 16)
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        if owner == nil { base.deallocate() }
        owner = nil
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends a byte that `reserve` made room for.
    @inline(__always)
    func appendUnchecked(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ bytes: UnsafePointer<UInt8>, _ n: Int) {
        reserve(n)
        (base + count).update(from: bytes, count: n)
        count += n
    }

    func append(_ text: StaticString) {
        append(text.utf8Start, text.utf8CodeUnitCount)
    }

    func appendString(_ text: String) {
        withUTF8(text) { if let start = $0.baseAddress { append(start, $0.count) } }
    }

    /// Appends a decimal number.
    func append(decimal value: Int) {
        appendString(String(value))
    }

    func removeAll() { truncate(to: 0) }

    func truncate(to newCount: Int) {
        // A viewed buffer moves first: what is appended after must not go where its bytes are.
        if owner != nil { grow(max(count, 16)) }
        count = newCount
    }

    var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }
}

extension ByteBuffer {
    /// Appends `text` escaped as the inside of a JSON (and JavaScript) string literal: `"`, `\`,
    /// control characters and U+2028, U+2029 escaped, everything else as is.
    @inline(__always)
    func appendEscaped(_ p: UnsafePointer<UInt8>, _ n: Int) {
        reserve(n)
        var runStart = 0
        var i = 0
        while i < n {
            let byte = p[i]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0xE2 {
                i += 1
                continue
            }
            if byte == 0xE2 {
                // U+2028 and U+2029 (E2 80 A8, E2 80 A9) end a line in JavaScript source.
                if i + 2 < n && p[i + 1] == 0x80 && (p[i + 2] == 0xA8 || p[i + 2] == 0xA9) {
                    append(p + runStart, i - runStart)
                    append(p[i + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                    i += 3
                    runStart = i
                } else {
                    i += 1
                }
                continue
            }
            append(p + runStart, i - runStart)
            appendEscape(byte)
            i += 1
            runStart = i
        }
        append(p + runStart, n - runStart)
    }

    /// The escape of an ASCII byte that needs one.
    @inline(never)
    func appendEscape(_ byte: UInt8) {
        switch byte {
        case 0x22: append("\\\"")
        case 0x5C: append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            append("\\u00")
            append(hex[Int(byte >> 4)])
            append(hex[Int(byte & 0xF)])
        }
    }

    /// Appends `text` as a JSON string literal (`JSString.quote`).
    func appendQuoted(_ text: String) {
        append(0x22)
        withUTF8(text) { if let start = $0.baseAddress { appendEscaped(start, $0.count) } }
        append(0x22)
    }

    /// Appends `SearchIndex.collapseSpaces(text)` as a JSON string literal: runs of white space
    /// become one space, none at the ends.
    ///
    /// White space goes by characters (grapheme clusters), as `Character.isWhitespace` sees it: a
    /// cluster whose first scalar is white space. The bytes are read scalar by scalar, which is the
    /// same wherever a white-space scalar's neighbours cannot join its cluster (ASCII, CJK, Latin,
    /// common punctuation); a text where one might (a combining mark after a space, a prepended
    /// concatenation mark before one) is collapsed by `Character`s instead.
    func appendCollapsedQuoted(_ text: String, table: ScalarTable) {
        let start = count
        let done = withUTF8(text) { bytes -> Bool in
            guard let p = bytes.baseAddress else {
                append("\"\"")
                return true
            }
            return appendCollapsedQuoted(p, bytes.count, table: table)
        }
        if !done {
            truncate(to: start)
            appendQuoted(SearchIndex.collapseSpaces(text))
        }
    }

    /// The scalar-by-scalar collapse; false (with part of the text written) when the text needs `Character`s.
    private func appendCollapsedQuoted(_ p: UnsafePointer<UInt8>, _ n: Int, table: ScalarTable) -> Bool {
        let classes = table.byteClasses
        append(0x22)
        reserve(n + 1)
        var written = false   // some text is out: white space from now on is one space, if text follows
        var runStart = 0      // p[runStart..<i] is text to write as is
        var i = 0
        while i < n {
            var spaceLength = 1
            switch classes[Int(p[i])] {
            case ByteClass.plain:
                i += 1
                continue
            case ByteClass.escape:
                append(p + runStart, i - runStart)
                appendEscape(p[i])
                written = true
                i += 1
                runStart = i
                continue
            case ByteClass.leadOfSpace:
                let (value, length) = decodeUTF8Scalar(p + i)
                if table.flags(value) & ScalarFlags.space == 0 {
                    i += length
                    continue
                }
                spaceLength = length
            default:
                break
            }
            // White space: the scalar before it must not take it into its cluster.
            if i > 0 && p[i - 1] >= 0x80 {
                var start = i - 1
                while p[start] & 0xC0 == 0x80 { start -= 1 }
                if table.flags(decodeUTF8Scalar(p + start).value) & ScalarFlags.clusterSafe == 0 { return false }
            }
            if runStart < i {
                append(p + runStart, i - runStart)
                written = true
            }
            i += spaceLength
            while i < n {
                let byteClass = classes[Int(p[i])]
                if byteClass == ByteClass.space {
                    i += 1
                } else if byteClass == ByteClass.leadOfSpace {
                    let (value, length) = decodeUTF8Scalar(p + i)
                    guard table.flags(value) & ScalarFlags.space != 0 else { break }
                    i += length
                } else {
                    break
                }
            }
            // …and the scalar after it must not join its cluster.
            if i < n && p[i] >= 0x80 && table.flags(decodeUTF8Scalar(p + i).value) & ScalarFlags.clusterSafe == 0 {
                return false
            }
            if written && i < n { append(0x20) }
            runStart = i
        }
        append(p + runStart, n - runStart)
        append(0x22)
        return true
    }

    /// Appends ascending numbers as base-36 gaps: `[3, 10, 11]` → `3,7,1`.
    func appendGaps(_ entries: UnsafeBufferPointer<UInt32>) {
        reserve(entries.count * 8)
        var out = base + count
        var previous: UInt32 = 0
        for (index, entry) in entries.enumerated() {
            if index > 0 {
                out.pointee = 0x2C
                out += 1
            }
            var gap = entry &- previous
            previous = entry
            let digits = gap < 36 ? 1 : gap < 1296 ? 2 : gap < 46656 ? 3 : gap < 1_679_616 ? 4
                : gap < 60_466_176 ? 5 : gap < 2_176_782_336 ? 6 : 7
            var position = digits - 1
            while true {
                let digit = UInt8(truncatingIfNeeded: gap % 36)
                out[position] = digit < 10 ? digit + 0x30 : digit + (0x61 - 10)
                gap /= 36
                if position == 0 { break }
                position -= 1
            }
            out += digits
        }
        count = out - base
    }
}

/// A file of the index as pieces of bytes, put together (copied once) into a `String` by `string`.
/// The pieces point into buffers that must stay unchanged until then; their owners are kept alive here.
final class FilePlan: @unchecked Sendable {
    let path: String
    private var pieces: [UnsafeBufferPointer<UInt8>] = []
    private var kept: [AnyObject] = []

    init(path: String) { self.path = path }

    /// Bytes of a buffer that `owner` keeps alive.
    func add(_ bytes: UnsafeBufferPointer<UInt8>, of owner: AnyObject) {
        if kept.last !== owner { kept.append(owner) }
        pieces.append(bytes)
    }

    func add(_ text: StaticString) { pieces.append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)) }

    func add(_ buffer: ByteBuffer) {
        add(UnsafeBufferPointer(start: buffer.base, count: buffer.count), of: buffer)
    }

    /// The pieces joined (the index's bytes are UTF-8 by construction: the site writes them as they are).
    var bytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: pieces.reduce(0) { $0 + $1.count }) { out, initialized in
            var count = 0
            for piece in pieces {
                guard let start = piece.baseAddress, piece.count > 0 else { continue }
                (out.baseAddress! + count).update(from: start, count: piece.count)
                count += piece.count
            }
            initialized = count
        }
    }
}
