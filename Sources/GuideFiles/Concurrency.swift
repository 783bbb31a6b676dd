import Dispatch
import GuideModel

extension Array where Element: Sendable {
    /// `map` on all cores, results in the original order (so output stays deterministic).
    /// A thrown error is thrown after all work is done: the first in array order, not in time.
    /// It throws what `transform` throws (typed throws): with a transform that cannot throw,
    /// a call needs no `try`, so nothing is left to `try!` or to `try?` away.
    /// `width`: at most this many transforms at once, each lane taking the next element when its
    /// last is done (for transforms that wait on a child process: `check --jobs`); nil: as many
    /// as the cores run.
    public func concurrentMap<T: Sendable, E: Error>(width: Int? = nil,
                                                     _ transform: @Sendable (Element) throws(E) -> T) throws(E) -> [T] {
        guard count > 1 else { return try map(transform) }
        var results = [Result<T, E>?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { slots in
            // Each slot is written by exactly one iteration.
            nonisolated(unsafe) let slots = slots
            withUnsafeBufferPointer { elements in
                nonisolated(unsafe) let elements = elements
                guard let width else {
                    DispatchQueue.concurrentPerform(iterations: count) { index in
                        slots[index] = Result { () throws(E) -> T in try transform(elements[index]) }
                    }
                    return
                }
                let cursor = Locked(0)
                DispatchQueue.concurrentPerform(iterations: Swift.max(1, Swift.min(width, count))) { _ in
                    while let index = cursor.withLock({ next -> Int? in
                        guard next < elements.count else { return nil }
                        next += 1
                        return next - 1
                    }) {
                        slots[index] = Result { () throws(E) -> T in try transform(elements[index]) }
                    }
                }
            }
        }
        return try results.map { result throws(E) -> T in try result!.get() }
    }
}

/// Work started on another thread at once, its result waited for when first asked.
public final class InBackground<T: Sendable>: Sendable {
    private let done = DispatchGroup()
    private let result = Locked<T?>(nil)

    public init(_ work: @escaping @Sendable () -> T) {
        done.enter()
        DispatchQueue.global().async { [result, done] in
            let value = work()
            result.withLock { $0 = value }
            done.leave()
        }
    }

    /// The result, once the work is done.
    public var value: T {
        done.wait()
        return result.withLock { $0! }
    }
}
