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
}
