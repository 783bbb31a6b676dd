import Foundation
import GuideModel
import Testing

@Suite struct ConcurrentMapTests {
    struct Failed: Error, Equatable { var index: Int }

    @Test func keepsOrderAndThrowsTheFirstErrorInArrayOrder() {
        let numbers = Array(0..<1_000)
        #expect(numbers.concurrentMap { $0 * 2 } == numbers.map { $0 * 2 })   // cannot throw: no `try`
        #expect(throws: Failed(index: 10)) {
            try numbers.concurrentMap { number throws(Failed) in
                if number % 10 == 0 && number > 0 { throw Failed(index: number) }
                return number
            }
        }
    }

    /// With a width, no more transforms run at once than it says (each lane takes the next
    /// element when done), and the results keep their order.
    @Test func aWidthBoundsHowManyRunAtOnce() {
        let running = Locked((now: 0, most: 0))
        let numbers = Array(0..<40)
        let doubled = numbers.concurrentMap(width: 2) { number -> Int in
            running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            Thread.sleep(forTimeInterval: 0.002)   // a child process's wait
            running.withLock { $0.now -= 1 }
            return number * 2
        }
        #expect(doubled == numbers.map { $0 * 2 })
        #expect(running.withLock { $0.most } <= 2)
        #expect([7].concurrentMap(width: 3) { $0 + 1 } == [8])
    }
}
