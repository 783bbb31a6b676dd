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
    /// Byte offset where each line starts, and where it ends (before its LF).
    private let starts: [Int]
    private let ends: [Int]

    init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
        self.text = text
        (starts, ends) = Self.lineBounds(text)
    }

    private static func lineBounds(_ text: String) -> (starts: [Int], ends: [Int]) {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var starts = [0]
            var ends: [Int] = []
            for offset in bytes.indices where bytes[offset] == .lineFeed {
                if offset > 0, bytes[offset - 1] == .carriageReturn { continue }
                ends.append(offset)
                starts.append(offset + 1)
            }
            ends.append(bytes.last == .carriageReturn ? bytes.count - 1 : bytes.count)
            return (starts, ends)
        }!
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
        bytes[starts[index]..<ends[index]].allSatisfy { $0 == .space || $0 == .tab }
    }

    /// The lines of a range joined by "\n": since lines are separated by one LF,
    /// that is the bytes from the first line's start to the last line's end.
    func text(of range: LineRange) -> String {
        let start = max(range.start, 1) - 1
        let end = min(range.end, count)
        guard start < end else { return "" }
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: starts[start])
        let to = utf8.index(utf8.startIndex, offsetBy: ends[end - 1])
        return String(text[from..<to])
    }
}

extension UInt8 {
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
}
