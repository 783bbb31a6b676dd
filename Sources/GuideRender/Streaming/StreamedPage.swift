import Foundation
import GuideModel
import GuideFiles

/// A page whose long lists (a chapter's blocks, the side-by-side rows, the outline) are not
/// rendered inside it by the template engine: the page's template prints a mark where each
/// list goes, and each list is rendered a slice at a time, on every core, into a `PageSink`.
///
/// Rendered whole, a chapter of a million paragraphs made a page string that grew by doubling,
/// then an array of it, and a view of a million rows: gigabytes, on one core. A slice at a
/// time, memory holds a few slices, and the bytes are the same (the lists' templates are the
/// sections the page template had, cut out).
struct StreamedPage {
    struct List: Sendable {
        /// What the page's template printed in the list's place (see `mark(_:)`).
        var mark: String
        var count: Int
        /// The HTML of the list's items in `range`, in pieces (a part the cache holds whole,
        /// such as a print page's chapter section, is not copied into a slice).
        var slice: @Sendable (Range<Int>) throws -> [[UInt8]]

        init(mark: String, count: Int, slice: @escaping @Sendable (Range<Int>) throws -> [UInt8]) {
            self.mark = mark
            self.count = count
            self.slice = { [try slice($0)] }
        }

        /// A list whose slices come in pieces.
        static func pieced(mark: String, count: Int, slice: @escaping @Sendable (Range<Int>) throws -> [[UInt8]]) -> List {
            var list = List(mark: mark, count: count) { _ in [] }
            list.slice = slice
            return list
        }
    }

    /// The page with a mark in place of each list.
    var frame: String
    var lists: [List]

    /// Items per slice: big enough that a slice costs more than handing it to a thread.
    static let sliceSize = 1_000
    /// Slices rendered at once (then written in order): bounds what is in memory.
    static let batchSize = 8

    /// The text a list's place holds in the frame: no chapter or template text holds one
    /// (content with a NUL byte is refused).
    static func mark(_ name: String) -> String { "\u{0}guide:list:\(name)\u{0}" }

    /// The frame with each list written in its mark's place. The marks are found by their
    /// first byte, NUL, which nothing else in a page holds (not by Foundation's `range(of:)`,
    /// which bridges each frame to an NSString).
    func write(to sink: inout PageSink) throws {
        var frame = self.frame
        let marks = lists.map { Array($0.mark.utf8) }
        try frame.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var written = 0, next = 0
            while next < bytes.count, let found = memchr(base + next, 0, bytes.count - next) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                next = at + 1
                guard let index = marks.firstIndex(where: { mark in
                    at + mark.count <= bytes.count && mark.indices.allSatisfy { base[at + $0] == mark[$0] }
                }) else { continue }
                try sink.append(UnsafeBufferPointer(rebasing: bytes[written..<at]))
                try write(lists[index], to: &sink)
                written = at + marks[index].count
                next = written
            }
            try sink.append(UnsafeBufferPointer(rebasing: bytes[written...]))
        }
    }

    private func write(_ list: List, to sink: inout PageSink) throws {
        let slices = stride(from: 0, to: list.count, by: Self.sliceSize).map { $0..<min($0 + Self.sliceSize, list.count) }
        for start in stride(from: 0, to: slices.count, by: Self.batchSize) {
            let batch = Array(slices[start..<min(start + Self.batchSize, slices.count)])
            for parts in try batch.concurrentMap(list.slice) {
                for part in parts { try sink.append(part) }
            }
        }
    }
}
