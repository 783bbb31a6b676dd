import GuideModel
import Foundation
import GuideFiles

/// Terms interned to integer ids (0, 1, 2… in order of first sight): their bytes in one arena,
/// found again through an open-addressing hash table. One owner at a time.
///
/// A slot of the table holds a term of up to 8 bytes itself (the usual terms: a Chinese bigram
/// is 6), so finding one costs one memory access; a longer term's slot holds its hash. (Terms are
/// never empty and hold no zero byte: a short term's key, its bytes zero-padded, has a non-zero
/// low byte; a long term's key has a zero low byte.)
final class TermTable: @unchecked Sendable {
    struct Slot {
        var key: UInt64
        /// -1: an empty slot.
        var id: Int32
        /// A number for the owner's use (the last section a term was seen in); -1 for a new term.
        var mark: Int32
    }

    private(set) var count = 0
    private let bytes: ByteBuffer
    /// Term `id` is `bytes[starts[id]..<starts[id + 1]]`.
    private var starts: UnsafeMutablePointer<Int>
    private var hashes: UnsafeMutablePointer<UInt64>
    private var idCapacity: Int
    private var slots: UnsafeMutablePointer<Slot>
    private var mask: Int

    init(capacity: Int = 1024) {
        idCapacity = max(capacity, 16)
        bytes = ByteBuffer(capacity: idCapacity * 8)
        starts = .allocate(capacity: idCapacity + 1)
        starts[0] = 0
        hashes = .allocate(capacity: idCapacity)
        var slotCount = 16
        while slotCount < idCapacity * 2 { slotCount *= 2 }
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: Slot(key: 0, id: -1, mark: -1), count: slotCount)
        mask = slotCount - 1
    }

    /// A table that only lists terms, each once, in id order (a chunk read back from the
    /// cache, to be merged): nothing is looked up in it (`slot` must not be asked of it), so no
    /// slots are made, which took as long as the reading at ×200.
    convenience init(listing capacity: Int) {
        self.init(capacity: 8)
        growIds(to: max(capacity, 16))
    }

    /// A listing table of the terms `blob` holds one after another, term `id` ending at
    /// `ends[id]`, with the hashes `hashes` (as `slot` computes them): copied whole, nothing
    /// computed per term. Nil unless every term has a byte or more and the blob holds no zero.
    convenience init?(blob: UnsafeRawBufferPointer, ends: [UInt32], hashes: [UInt64]) {
        guard ends.count == hashes.count, Int(ends.last ?? 0) == blob.count,
              blob.isEmpty || memchr(blob.baseAddress!, 0, blob.count) == nil else { return nil }
        self.init(listing: ends.count)
        var last: UInt32 = 0
        for (id, end) in ends.enumerated() {
            guard end > last else { return nil }
            starts[id + 1] = Int(end)
            last = end
        }
        if let base = blob.baseAddress { bytes.append(base.assumingMemoryBound(to: UInt8.self), blob.count) }
        hashes.withUnsafeBufferPointer { if let base = $0.baseAddress { self.hashes.update(from: base, count: $0.count) } }
        count = ends.count
    }

    /// The hash of term `id` (what `init(blob:ends:hashes:)` takes).
    func hash(_ id: Int) -> UInt64 { hashes[id] }

    deinit {
        starts.deallocate()
        hashes.deallocate()
        slots.deallocate()
    }

    /// The bytes of a term (valid until the next new term).
    @inline(__always)
    func term(_ id: Int) -> (bytes: UnsafePointer<UInt8>, count: Int) {
        (UnsafePointer(bytes.base + starts[id]), starts[id + 1] - starts[id])
    }

    /// A term's slot key and hash.
    @inline(__always)
    static func key(_ p: UnsafePointer<UInt8>, _ n: Int) -> (key: UInt64, hash: UInt64) {
        if n > 8 {
            let hash = termHash(p, n)
            return (hash & ~0xFF, hash)
        }
        let raw = UnsafeRawPointer(p)
        let key: UInt64
        if n >= 4 {
            key = UInt64(raw.loadUnaligned(as: UInt32.self))
                | UInt64(raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)) << (8 * UInt64(n - 4))
        } else {
            key = UInt64(p[0]) | (n > 1 ? UInt64(p[1]) << 8 : 0) | (n > 2 ? UInt64(p[2]) << 16 : 0)
        }
        return (key, mix(key ^ 0xE703_7ED1_A0B4_28DB, 0xA076_1D64_78BD_642F))
    }

    /// The slot of a term, which is new (`id == count - 1`, `mark == -1`) if it was never seen.
    /// Valid until the next call.
    @inline(__always)
    func slot(_ p: UnsafePointer<UInt8>, _ n: Int) -> UnsafeMutablePointer<Slot> {
        let (key, hash) = Self.key(p, n)
        return slot(p, n, key: key, hash: hash)
    }

    /// `slot(p, n)` when the key and hash are known.
    @inline(__always)
    func slot(_ p: UnsafePointer<UInt8>, _ n: Int, key: UInt64, hash: UInt64) -> UnsafeMutablePointer<Slot> {
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots + index
            let id = Int(slot.pointee.id)
            if id < 0 { break }
            if slot.pointee.key == key
                && (n <= 8 || (starts[id + 1] - starts[id] == n && termBytesEqual(bytes.base + starts[id], p, n))) {
                return slot
            }
            index = (index + 1) & mask
        }
        return insert(p, n, key: key, hash: hash, at: index)
    }

    /// The id of term `id` of `other`, new here if it was never seen.
    func intern(_ id: Int, of other: TermTable) -> Int {
        let (p, n) = other.term(id)
        let hash = other.hashes[id]
        let key = n > 8 ? hash & ~0xFF : Self.key(p, n).key
        return Int(slot(p, n, key: key, hash: hash).pointee.id)
    }

    @inline(never)
    private func insert(_ p: UnsafePointer<UInt8>, _ n: Int, key: UInt64, hash: UInt64, at index: Int) -> UnsafeMutablePointer<Slot> {
        if count == idCapacity { growIds() }
        let id = count
        bytes.append(p, n)
        starts[id + 1] = bytes.count
        hashes[id] = hash
        slots[index] = Slot(key: key, id: Int32(id), mark: -1)
        count += 1
        if count * 2 <= mask { return slots + index }
        rehash()
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot].id != Int32(id) { slot = (slot + 1) & mask }
        return slots + slot
    }

    private func growIds(to newCapacity: Int? = nil) {
        let newCapacity = newCapacity ?? idCapacity * 2
        func moved<T>(_ old: UnsafeMutablePointer<T>, _ n: Int, _ capacity: Int) -> UnsafeMutablePointer<T> {
            let new = UnsafeMutablePointer<T>.allocate(capacity: capacity)
            new.moveInitialize(from: old, count: n)
            old.deallocate()
            return new
        }
        starts = moved(starts, count + 1, newCapacity + 1)
        hashes = moved(hashes, count, newCapacity)
        idCapacity = newCapacity
    }

    private func rehash() {
        let old = slots, oldCount = mask + 1
        let slotCount = oldCount * 2
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: Slot(key: 0, id: -1, mark: -1), count: slotCount)
        mask = slotCount - 1
        for index in 0..<oldCount where old[index].id >= 0 {
            var slot = Int(truncatingIfNeeded: hashes[Int(old[index].id)]) & mask
            while slots[slot].id >= 0 { slot = (slot + 1) & mask }
            slots[slot] = old[index]
        }
        old.deallocate()
    }

    /// The term ids in JavaScript's string order (UTF-16 code units).
    func sortedIds() -> [Int32] {
        // By the first four UTF-16 code units, then (rarely needed) by the whole term; in parts on
        // all cores, then merged.
        let keys: [SortKey] = (0..<count).map { id in
            let (p, n) = term(id)
            return SortKey(prefix: utf16Prefix(p, n), id: Int32(id))
        }
        let partSize = max(16 * 1024, (count + 3) / 4)
        var parts = stride(from: 0, to: count, by: partSize).map { $0..<min($0 + partSize, count) }
            .concurrentMap { [keys] range in keys[range].sorted { self.less($0, $1) } }
        while parts.count > 1 {
            var merged: [[SortKey]] = []
            for index in stride(from: 0, to: parts.count, by: 2) {
                merged.append(index + 1 < parts.count ? merge(parts[index], parts[index + 1]) : parts[index])
            }
            parts = merged
        }
        return (parts.first ?? []).map(\.id)
    }

    struct SortKey: Sendable {
        var prefix: UInt64
        var id: Int32
    }

    @inline(__always)
    private func less(_ a: SortKey, _ b: SortKey) -> Bool {
        if a.prefix != b.prefix { return a.prefix < b.prefix }
        let (pa, na) = term(Int(a.id)), (pb, nb) = term(Int(b.id))
        return utf16Less(pa, na, pb, nb)
    }

    private func merge(_ a: [SortKey], _ b: [SortKey]) -> [SortKey] {
        var out: [SortKey] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if less(b[j], a[i]) {
                out.append(b[j])
                j += 1
            } else {
                out.append(a[i])
                i += 1
            }
        }
        out += a[i...]
        out += b[j...]
        return out
    }
}

/// Terms packed in sorted order: term `k` is `bytes[starts[k]..<starts[k + 1]]`.
final class SortedTerms: Sendable {
    let count: Int
    private let bytes: ByteBuffer
    private let starts: [Int]

    init(_ table: TermTable, order: [Int32]) {
        count = order.count
        var total = 0
        for id in order { total += table.term(Int(id)).count }
        bytes = ByteBuffer(capacity: total + 16)
        var starts = [0]
        starts.reserveCapacity(order.count + 1)
        for id in order {
            let (p, n) = table.term(Int(id))
            bytes.append(p, n)
            starts.append(bytes.count)
        }
        self.starts = starts
    }

    @inline(__always)
    func term(_ k: Int) -> (bytes: UnsafePointer<UInt8>, count: Int) {
        (UnsafePointer(bytes.base + starts[k]), starts[k + 1] - starts[k])
    }
}

/// A hash of a term's bytes (short terms, the usual ones, in a few loads and one multiplication).
@inline(__always)
func termHash(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
    let raw = UnsafeRawPointer(p)
    var a: UInt64, b: UInt64
    var seed: UInt64 = 0xA076_1D64_78BD_642F ^ UInt64(truncatingIfNeeded: n)
    if n <= 16 {
        if n >= 8 {
            a = raw.loadUnaligned(as: UInt64.self)
            b = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 {
            a = UInt64(raw.loadUnaligned(as: UInt32.self))
            b = UInt64(raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self))
        } else if n > 0 {
            a = UInt64(p[0]) << 16 | UInt64(p[n >> 1]) << 8 | UInt64(p[n - 1])
            b = 0
        } else {
            a = 0
            b = 0
        }
    } else {
        var i = 0
        while i + 16 < n {
            seed = mix(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ 0xE703_7ED1_A0B4_28DB,
                       raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self) ^ seed)
            i += 16
        }
        a = raw.loadUnaligned(fromByteOffset: n - 16, as: UInt64.self)
        b = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
    }
    return mix(a ^ 0xE703_7ED1_A0B4_28DB, b ^ seed) ^ seed
}

@inline(__always)
func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b)
    return product.high ^ product.low
}

/// Whether two byte strings of length `n` are equal.
@inline(__always)
func termBytesEqual(_ p: UnsafePointer<UInt8>, _ q: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    let a = UnsafeRawPointer(p), b = UnsafeRawPointer(q)
    if n >= 8 {
        if n > 16 { return memcmp(p, q, n) == 0 }
        return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
            && a.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
    }
    if n >= 4 {
        return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
            && a.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
    }
    return n == 0 || (p[0] == q[0] && p[n >> 1] == q[n >> 1] && p[n - 1] == q[n - 1])
}

/// A scalar's place in UTF-16 order: code point order, except that the supplementary planes
/// (surrogate pairs, D800…DFFF) come before U+E000…U+FFFF.
@inline(__always)
private func utf16Rank(_ scalar: UInt32) -> UInt32 {
    if scalar < 0xD800 { return scalar }
    if scalar < 0x10000 { return scalar + 0x100000 }
    return scalar - 0x10000 + 0xD800
}

/// The first four UTF-16 code units of UTF-8 text, big-endian, zero-padded: ordering these orders
/// the texts (no term holds U+0000), except between texts that share them.
private func utf16Prefix(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
    var key: UInt64 = 0, units = 0, i = 0
    while i < n && units < 4 {
        var value = UInt32(p[i]), length = 1
        if value >= 0x80 { (value, length) = decodeUTF8Scalar(p + i) }
        if value >= 0x10000 {
            key = key << 16 | UInt64(0xD800 + ((value - 0x10000) >> 10))
            units += 1
            if units < 4 {
                key = key << 16 | UInt64(0xDC00 + ((value - 0x10000) & 0x3FF))
                units += 1
            }
        } else {
            key = key << 16 | UInt64(value)
            units += 1
        }
        i += length
    }
    return key << (16 * UInt64(4 - units))
}

/// `a < b` in UTF-16 code unit order, for UTF-8 texts.
private func utf16Less(_ a: UnsafePointer<UInt8>, _ na: Int, _ b: UnsafePointer<UInt8>, _ nb: Int) -> Bool {
    let common = min(na, nb)
    var i = 0
    while i < common && a[i] == b[i] { i += 1 }
    if i == common { return na < nb }
    // Back to the start of the scalar where they differ (the same place in both).
    while i > 0 && a[i] & 0xC0 == 0x80 { i -= 1 }
    func scalar(_ p: UnsafePointer<UInt8>) -> UInt32 { p[0] < 0x80 ? UInt32(p[0]) : decodeUTF8Scalar(p).value }
    return utf16Rank(scalar(a + i)) < utf16Rank(scalar(b + i))
}

/// A run of sorted terms written for the term shards: the terms (escaped for a JSON string, each
/// followed by `\n`) and their postings (each `"…",`), with where each term ends in both, so a
/// shard is cut from one or more runs with a copy per run.
final class EncodedTerms: Sendable {
    private let terms: ByteBuffer
    private let postings: ByteBuffer
    private let termEnds: [Int]
    private let postingEnds: [Int]
    /// What a term counts towards the size of its shard: its bytes, its postings', and 4.
    private let sizes: [Int]

    var count: Int { termEnds.count }

    /// Terms `range` of `table`; term `k`'s postings are `postings[offsets[k]..<offsets[k + 1]]`.
    init(_ range: Range<Int>, terms table: SortedTerms, offsets: [Int], postings entries: [UInt32]) {
        let terms = ByteBuffer(capacity: range.count * 16)
        let postings = ByteBuffer(capacity: (offsets[range.upperBound] - offsets[range.lowerBound]) * 4 + range.count * 4)
        var termEnds: [Int] = [], postingEnds: [Int] = [], sizes: [Int] = []
        termEnds.reserveCapacity(range.count)
        postingEnds.reserveCapacity(range.count)
        sizes.reserveCapacity(range.count)
        entries.withUnsafeBufferPointer { entries in
            for k in range {
                let (p, n) = table.term(k)
                terms.appendEscaped(p, n)
                terms.append("\\n")
                termEnds.append(terms.count)
                postings.append(0x22)
                let start = postings.count
                postings.appendGaps(UnsafeBufferPointer(rebasing: entries[offsets[k]..<offsets[k + 1]]))
                sizes.append(n + postings.count - start + 4)
                postings.append("\",")
                postingEnds.append(postings.count)
            }
        }
        self.terms = terms
        self.postings = postings
        self.termEnds = termEnds
        self.postingEnds = postingEnds
        self.sizes = sizes
    }

    @inline(__always)
    func size(_ term: Int) -> Int { sizes[term] }

    /// Terms `first…last`, separated by `\n` (to the end of the run, with the separator after
    /// the last, when `last` is nil: more terms follow).
    func terms(from first: Int, through last: Int?) -> UnsafeBufferPointer<UInt8> {
        let start = first == 0 ? 0 : termEnds[first - 1]
        let end = last.map { termEnds[$0] - 2 } ?? terms.count
        return UnsafeBufferPointer(start: terms.base + start, count: end - start)
    }

    /// The postings of terms `first…last`, as `terms(from:through:)`.
    func postings(from first: Int, through last: Int?) -> UnsafeBufferPointer<UInt8> {
        let start = first == 0 ? 0 : postingEnds[first - 1]
        let end = last.map { postingEnds[$0] - 1 } ?? postings.count
        return UnsafeBufferPointer(start: postings.base + start, count: end - start)
    }
}
