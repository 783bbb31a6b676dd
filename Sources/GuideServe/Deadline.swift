/// Thrown when a socket operation outlives its deadline.
struct DeadlinePassed: Error {}

/// Runs `work`, cancelling it and throwing `DeadlinePassed` if it has not finished by `deadline`.
/// FlyingSocks' reads and writes end on cancellation, so a silent client costs a suspended task, not a thread.
func withDeadline<T: Sendable>(_ deadline: ContinuousClock.Instant,
                               _ work: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await work() }
        group.addTask {
            try await Task.sleep(until: deadline, clock: .continuous)
            return nil
        }
        defer { group.cancelAll() }
        guard let value = try await group.next() ?? nil else { throw DeadlinePassed() }
        return value
    }
}

/// At most `count` holders at once; the others wait their turn, first come first served.
actor Slots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) {
        free = count
    }

    func acquire() async {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    /// Takes a place if one is free, without waiting; false when none is.
    func acquireIfFree() -> Bool {
        guard free > 0 else { return false }
        free -= 1
        return true
    }

    func release() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}
