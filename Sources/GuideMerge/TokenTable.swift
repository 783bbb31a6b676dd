import Foundation

/// Interns the strings the signatures compare, so comparing is merging sorted integer arrays.
/// Ids count up in order of first sight, across all kinds.
struct TokenTable: Sendable {
    /// What a token is; equal texts of different kinds are different tokens.
    enum Kind: UInt8, Sendable {
        case word, codeSpan, url, literal, codeToken, html
    }

    private struct Key: Hashable {
        var kind: Kind
        var text: String
    }

    /// By string: Swift's string equality (canonical equivalence) decides what is the same token.
    private var index: [Key: Int] = [:]
    /// By exact spelling, in front of `index`: a chapter repeats most of its words
    /// and code tokens, and a repeat is found here without making a string or hashing one.
    private var spellings = SpellingTable()

    var count: Int { index.count }

    mutating func id(_ kind: Kind, _ text: String) -> Int {
        let key = Key(kind: kind, text: text)
        if let id = index[key] { return id }
        let id = index.count
        index[key] = id
        return id
    }

    /// The id of the token spelled by these UTF-8 bytes.
    mutating func id(_ kind: Kind, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if let id = spellings.find(kind, bytes) { return id }
        let id = id(kind, String(decoding: bytes, as: UTF8.self))
        spellings.insert(kind, bytes, id: id)
        return id
    }

    /// Sorted, unique ids.
    mutating func ids(_ tokens: [(Kind, String)]) -> [Int] {
        Self.sortedUnique(tokens.map { id($0.0, $0.1) })
    }

    static func sortedUnique(_ ids: [Int]) -> [Int] {
        var ids = ids
        sortUnique(&ids)
        return ids
    }

    /// Sorts and removes repeats in place (no copy of the array).
    static func sortUnique(_ ids: inout [Int]) {
        if ids.count <= 32 {
            // A block's few tokens: insertion sort beats the library's general sort.
            for next in ids.indices.dropFirst() {
                let id = ids[next]
                var slot = next
                while slot > 0, ids[slot - 1] > id {
                    ids[slot] = ids[slot - 1]
                    slot -= 1
                }
                ids[slot] = id
            }
        } else {
            ids.sort()
        }
        var kept = 0
        for index in ids.indices where kept == 0 || ids[kept - 1] != ids[index] {
            ids[kept] = ids[index]
            kept += 1
        }
        ids.removeLast(ids.count - kept)
    }
}

/// An open-addressing hash table from a kind and a byte string to an id.
/// Two spellings of one token (canonically equivalent strings) get two
/// entries with the same id, which `TokenTable.index` decides.
struct SpellingTable: Sendable {
    /// A slot's key (hash, kind, where its bytes are) and id; id -1 marks an empty slot.
    private struct Slot: Sendable {
        var hash: UInt64 = 0
        var start: Int32 = 0   // into `bytes`
        var count: Int32 = 0
        var kind: TokenTable.Kind = .word
        var id: Int32 = -1
    }

    private var slots = [Slot](repeating: Slot(), count: 1024)
    private var bytes: [UInt8] = []
    private var used = 0

    func find(_ kind: TokenTable.Kind, _ key: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = Self.hash(kind, key)
        return slots.withUnsafeBufferPointer { slots in
            bytes.withUnsafeBufferPointer { bytes in
                let mask = slots.count - 1
                var index = Self.home(hash, mask)
                while slots[index].id >= 0 {
                    let slot = slots[index]
                    if slot.hash == hash, slot.kind == kind, Int(slot.count) == key.count,
                       key.isEmpty || memcmp(bytes.baseAddress! + Int(slot.start), key.baseAddress!, key.count) == 0 {
                        return Int(slot.id)
                    }
                    index = (index + 1) & mask
                }
                return nil
            }
        }
    }

    mutating func insert(_ kind: TokenTable.Kind, _ key: UnsafeBufferPointer<UInt8>, id: Int) {
        if 2 * (used + 1) > slots.count { grow() }
        place(Slot(hash: Self.hash(kind, key), start: Int32(bytes.count), count: Int32(key.count), kind: kind, id: Int32(id)))
        bytes.append(contentsOf: key)
        used += 1
    }

    private mutating func place(_ slot: Slot) {
        let mask = slots.count - 1
        var index = Self.home(slot.hash, mask)
        while slots[index].id >= 0 { index = (index + 1) & mask }
        slots[index] = slot
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: 2 * old.count)
        for slot in old where slot.id >= 0 { place(slot) }
    }

    /// FNV-1a.
    private static func hash(_ kind: TokenTable.Kind, _ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(kind.rawValue)
        for byte in key { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The first slot to try: FNV's low bits mix poorly, so fold the high ones in.
    private static func home(_ hash: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
    }
}
