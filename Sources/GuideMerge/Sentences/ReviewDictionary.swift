import GuideModel

/// The sentence review's bilingual dictionary as the reviews take it: what names it in the
/// review cache's key (its bytes' digest, known at once), and its entries, parsed only when a
/// review is made (a review read back from the cache needs none of them).
public final class ReviewDictionary: Sendable {
    /// The largest dictionary file guide reads: CC-CEDICT, the one it is made for, is under 10 MiB.
    public static let maximumSize = 64 * 1024 * 1024

    /// What names the dictionary in the review cache's key.
    public let key: String
    private let parse: @Sendable () throws -> SentenceDictionary
    private let parsed = Locked<Result<SentenceDictionary, any Error>?>(nil)

    /// `parse`: reads the entries; called once, by the first review that needs them.
    public init(key: String, parse: @escaping @Sendable () throws -> SentenceDictionary) {
        self.key = key
        self.parse = parse
    }

    /// The entries, parsed on the first call while other callers wait; a file that is no
    /// dictionary is the same error for every caller.
    public func entries() throws -> SentenceDictionary {
        try parsed.withLock { state in
            if state == nil { state = Result { try parse() } }
            return try state!.get()
        }
    }
}
