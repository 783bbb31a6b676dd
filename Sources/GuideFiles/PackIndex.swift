import Foundation
import GuideModel

/// A pack's index kept beside it (`STAGE.pack.index`): every record's key and place, for the
/// pack file as it was when a build saved it (its `FileIdentity`). A rebuild reads it instead
/// of walking the pack's records, which would fault in nearly every page of a large pack to
/// read a few hundred records. An index that was not saved for the pack as it is now, or whose
/// seal fails, is ignored (the pack is walked); and since every record read is checked against
/// its own seal, a place the index gets wrong can only make a record missing.
enum PackIndex {
    static let header = Array("guide-pack-index-1\n".utf8)
    /// A key, then where its record starts and ends.
    static let entrySize = 16 + 8 + 8

    static func path(of pack: String) -> String { pack + ".index" }

    /// The records of the pack `identity` names, and where the last one ends (its size); nil
    /// when the index is missing, damaged, saved for another state of the pack, or names a place
    /// outside it.
    static func read(for pack: String, identity: FileIdentity, size: Int) -> (records: RecordTable, end: Int)? {
        guard let bytes = FileBytes.read(path(of: pack)), bytes.count >= header.count + 8 + Digest.byteCount else { return nil }
        return bytes.withUnsafeBytes { raw -> (records: RecordTable, end: Int)? in
            let body = UnsafeRawBufferPointer(rebasing: raw[..<(raw.count - Digest.byteCount)])
            let seal = Digest()
            seal.update(body)
            guard body.starts(with: header), seal.finalize().elementsEqual(raw[body.count...]) else { return nil }
            var reader = ByteReader(UnsafeRawBufferPointer(rebasing: body[header.count...]))
            let saved = Digest()
            identity.hash(into: saved)
            guard let stamp = reader.bytes(Digest.byteCount), stamp.elementsEqual(saved.finalize()),
                  let count = reader.count(atLeast: entrySize) else { return nil }
            var records = RecordTable(capacity: count)
            let smallest = CacheStore.head + CacheStore.seal
            for _ in 0..<count {
                guard let key = reader.bytes(16), let start = reader.integer(UInt64.self).map(Int.init),
                      let end = reader.integer(UInt64.self).map(Int.init),
                      start >= CacheStore.header.count, end <= size, end - start >= smallest else { return nil }
                records[CacheKey(key, at: 0)] = start..<end
            }
            return reader.isAtEnd ? (records, size) : nil
        }
    }

    /// Saves the index of `pack` as its file is now, which must be as `expected` (the file the
    /// records' places were taken from; another build may have changed it since): `records`,
    /// each key's place. Best effort: a pack without an index is walked.
    static func write(_ records: [(key: CacheKey, range: Range<Int>)], for pack: String, expected: FileIdentity) {
        guard let identity = FileIdentity(pack), identity.sameWrites(as: expected) else { return }
        var out = ByteWriter()
        out.bytes.reserveCapacity(header.count + Digest.byteCount + 8 + records.count * entrySize + Digest.byteCount)
        out.bytes += header
        let stamp = Digest()
        identity.hash(into: stamp)
        out.bytes += stamp.finalize()
        out.integer(UInt64(records.count))
        for (key, range) in records {
            out.bytes += key.bytes
            out.integer(UInt64(range.lowerBound))
            out.integer(UInt64(range.upperBound))
        }
        out.bytes += Digest.of(out.bytes)
        FileBytes.replace(path(of: pack), with: out.bytes)
    }
}
