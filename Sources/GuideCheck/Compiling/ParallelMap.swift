import Foundation
import GuideModel

/// A bounded pool of threads over a list: at most `jobs` bodies run at once.
enum ParallelMap {
    static func run<Item: Sendable, Output: Sendable>(_ items: [Item], jobs: Int,
                                                       _ body: @escaping @Sendable (Item) -> Output) -> [Output] {
        guard !items.isEmpty else { return [] }
        let box = Box<Output>(count: items.count)
        let group = DispatchGroup()
        for _ in 0..<min(jobs, items.count) {
            group.enter()
            let thread = Thread {
                while let index = box.next() {
                    box.set(index, body(items[index]))
                }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        return box.values.map { $0! }
    }

    /// The next item to run and the outputs so far, shared by the threads.
    private final class Box<Output: Sendable>: Sendable {
        private let state: Locked<(cursor: Int, values: [Output?])>

        init(count: Int) { state = Locked((0, Array(repeating: nil, count: count))) }

        func next() -> Int? {
            state.withLock { state in
                guard state.cursor < state.values.count else { return nil }
                state.cursor += 1
                return state.cursor - 1
            }
        }

        func set(_ index: Int, _ value: Output) { state.withLock { $0.values[index] = value } }

        var values: [Output?] { state.withLock { $0.values } }
    }
}
