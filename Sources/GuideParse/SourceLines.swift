import Foundation
import GuideModel

/// A markdown text split into lines, for cutting out a block's source by its line range.
///
/// Lines are found on the UTF-8 bytes (splitting by `Character` ran grapheme breaking
/// over every file). The bytes reproduce what a `Character` split on "\n" gives:
/// - a line ends at every LF that is not part of a CR LF pair ("\r\n" is one
///   `Character`, so it never matched "\n" and stays inside its line);
/// - a CR is dropped from the end of the last line only (every other line is followed
///   by a lone LF, so it cannot end with a CR).
struct SourceLines {
    let text: String
    /// Byte offset where each line starts. A line ends where the next one starts, before its LF;
    /// the last one at `lastEnd` (kept as one array: two took 16 bytes a line).
    private let starts: [Int]
    private let lastEnd: Int

    init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
        self.text = text
        (starts, lastEnd) = Self.lineBounds(text)
    }

    private static func lineBounds(_ text: String) -> (starts: [Int], lastEnd: Int) {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            // Counted first, so the array is made once at its size (not grown by doubling).
            var starts = [0]
            starts.reserveCapacity(Self.lineFeedCount(bytes) + 1)
            for offset in bytes.indices where bytes[offset] == .lineFeed {
                if offset > 0, bytes[offset - 1] == .carriageReturn { continue }
                starts.append(offset + 1)
            }
            return (starts, bytes.last == .carriageReturn ? bytes.count - 1 : bytes.count)
        }!
    }

    /// Where line `index` (from 0) ends: before the LF the next line starts after.
    private func end(of index: Int) -> Int {
        index + 1 < starts.count ? starts[index + 1] - 1 : lastEnd
    }

    private static func lineFeedCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard var at = bytes.baseAddress else { return 0 }
        let end = at + bytes.count
        var count = 0
        while at < end, let found = memchr(at, Int32(UInt8.lineFeed), end - at) {
            count += 1
            at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return count
    }

    var count: Int { starts.count }

    /// The text's UTF-8 bytes, without copying them.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        // `init` made the text contiguous, so the storage is always there.
        try text.utf8.withContiguousStorageIfAvailable(body)!
    }

    /// The range without trailing blank lines (cmark counts them into lists and items).
    func trimmed(_ range: LineRange) -> LineRange {
        var end = min(range.end, count)
        withBytes { bytes in
            while end > range.start, isBlank(line: end - 1, in: bytes) { end -= 1 }
        }
        return LineRange(start: range.start, end: max(end, range.start))
    }

    /// Only spaces and tabs (or nothing).
    private func isBlank(line index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes[starts[index]..<end(of: index)].allSatisfy { $0 == .space || $0 == .tab }
    }

    /// How many bytes `text(of:)` has for the range, without making it.
    func byteCount(of range: LineRange) -> Int {
        let start = max(range.start, 1) - 1
        let end = min(range.end, count)
        return start < end ? self.end(of: end - 1) - starts[start] : 0
    }

    /// The lines of a range joined by "\n": since lines are separated by one LF,
    /// that is the bytes from the first line's start to the last line's end.
    func text(of range: LineRange) -> String {
        let start = max(range.start, 1) - 1
        let end = min(range.end, count)
        guard start < end else { return "" }
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: starts[start])
        let to = utf8.index(utf8.startIndex, offsetBy: self.end(of: end - 1))
        return String(text[from..<to])
    }
}

extension UInt8 {
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
}
