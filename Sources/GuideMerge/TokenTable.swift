
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
        id(kind, String(decoding: bytes, as: UTF8.self))
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
        ids.sort()
        var kept = 0
        for index in ids.indices where kept == 0 || ids[kept - 1] != ids[index] {
            ids[kept] = ids[index]
            kept += 1
        }
        ids.removeLast(ids.count - kept)
    }
}
