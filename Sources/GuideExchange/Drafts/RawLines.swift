import GuideMerge
import GuideModel

/// A text's exact bytes cut into lines as cmark numbers them: a line ends at a LF, a CR LF
/// or a lone CR, and keeps its end. (The parser makes every line end a LF before cmark sees
/// the text, which keeps the numbering; this keeps the bytes, for drafts that must give
/// back a chapter byte for byte.)
struct RawLines {
    let bytes: [UInt8]
    /// Byte offset where each line starts, and where its content ends (before its line end).
    private var starts: [Int] = []
    private var contentEnds: [Int] = []

    init(_ text: String) {
        bytes = Array(text.utf8)
        var offset = 0
        starts.append(0)
        while offset < bytes.count {
            let byte = bytes[offset]
            guard byte == .lineFeed || byte == .carriageReturn else { offset += 1; continue }
            contentEnds.append(offset)
            offset += byte == .carriageReturn && offset + 1 < bytes.count && bytes[offset + 1] == .lineFeed ? 2 : 1
            starts.append(offset)
        }
        // The last line: empty when the text ends with a line end.
        contentEnds.append(bytes.count)
    }

    /// Lines, counting the empty one after a final line end.
    var count: Int { starts.count }

    /// Offset of the first byte of a line (1-based); past the last line, the end of the text.
    func start(of line: Int) -> Int { line > count ? bytes.count : starts[line - 1] }

    func contentEnd(of line: Int) -> Int { contentEnds[line - 1] }

    /// Only spaces and tabs (what cmark calls a blank line).
    func isBlank(_ line: Int) -> Bool {
        bytes[starts[line - 1]..<contentEnds[line - 1]].allSatisfy { $0 == .space || $0 == .tab }
    }

    /// The last non-blank line in `lines`, if any.
    func lastNonBlank(in lines: ClosedRange<Int>) -> Int? {
        lines.reversed().first { $0 <= count && !isBlank($0) }
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The line number holding a byte offset.
    func line(at offset: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }
}

/// Line ends in a run of text: LF, CR LF and lone CR each count once.
enum LineEnds {
    static func count(_ text: String) -> Int {
        var count = 0
        var previousWasCR = false
        for byte in text.utf8 {
            if byte == .carriageReturn || (byte == .lineFeed && !previousWasCR) { count += 1 }
            previousWasCR = byte == .carriageReturn
        }
        return count
    }

    /// The text up to and including its first line end ("" when it has none).
    static func throughFirst(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard let first = bytes.firstIndex(where: { $0 == .lineFeed || $0 == .carriageReturn }) else { return "" }
        let end = bytes[first] == .carriageReturn && first + 1 < bytes.count && bytes[first + 1] == .lineFeed ? first + 2 : first + 1
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The text without its last line and the line end before it (all of it when it is one line).
    static func droppingLastLine(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard let end = bytes.lastIndex(where: { $0 == .lineFeed || $0 == .carriageReturn }) else { return "" }
        let cut = bytes[end] == .lineFeed && end > 0 && bytes[end - 1] == .carriageReturn ? end - 1 : end
        return String(decoding: bytes[..<cut], as: UTF8.self)
    }
}

extension UInt8 {
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
}
