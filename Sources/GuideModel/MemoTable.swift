/// Values made once per key and kept, asked for from any thread: the one memo table of what a
/// stage works out per chapter, list or shape while pages render on every core. A value is
/// made outside the lock (two threads asking at once may both make it; the first one kept is
/// what both get).
public final class MemoTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    // Inlinable, so each use is specialized for its key and value: a row's skeleton is looked up
    // for every row of a page, and the unspecialized path (hashing through witness tables) cost
    // a cold whole-book build a few per cent.
    @usableFromInline let values = Locked<[Key: Value]>([:])

    public init() {}

    @inlinable
    public func value(_ key: Key, make: () throws -> Value) rethrows -> Value {
        if let known = values.withLock({ $0[key] }) { return known }
        let made = try make()
        return values.withLock { values in
            if let known = values[key] { return known }
            values[key] = made
            return made
        }
    }
}
