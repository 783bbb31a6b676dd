import Dispatch

extension Array where Element: Sendable {
    /// `map` on all cores, results in the original order (so output stays deterministic).
    /// A thrown error is rethrown after all work is done: the first in array order, not in time.
    public func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) throws -> T) throws -> [T] {
        guard count > 1 else { return try map(transform) }
        let results = ResultBuffer<T>(count: count)
        self.withUnsafeBufferPointer { elements in
            nonisolated(unsafe) let elements = elements
            DispatchQueue.concurrentPerform(iterations: count) { index in
                results.set(index, Result { try transform(elements[index]) })
            }
        }
        return try results.values.map { try $0!.get() }
    }
}

/// One slot per index, each written by exactly one iteration of `concurrentPerform`.
private final class ResultBuffer<T>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Result<T, Error>?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    func set(_ index: Int, _ value: Result<T, Error>) {
        storage[index] = value
    }

    var values: [Result<T, Error>?] { Array(storage) }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }
}

/// Work started on another thread at once, its result waited for when first asked.
public final class InBackground<T: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    private var result: T?

    public init(_ work: @escaping @Sendable () -> T) {
        done.enter()
        DispatchQueue.global().async {
            self.result = work()
            self.done.leave()
        }
    }

    /// The result, once the work is done.
    public var value: T {
        done.wait()
        return result!
    }
}
