import Foundation

/// A value that threads share behind a lock: `withLock` is the only way to it.
///
/// In place of the standard library's `Synchronization.Mutex`, whose Linux implementation
/// waits on a futex from an uninstrumented library: ThreadSanitizer sees none of its
/// locking, and reported every access it guards as a race (165 reports over the suite on
/// 2026-11-29, none of them real), which left `scripts/sanitize.sh thread` unable to find a real
/// one. `NSLock` is a pthread mutex, which ThreadSanitizer intercepts.
public final class Locked<State>: @unchecked Sendable {
    private let lock = NSLock()
    // Only read or written inside `withLock`.
    private var state: State

    public init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with the value while no other thread can reach it.
    public func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
