/// Collects a block's visible text as UTF-8 bytes and makes one `String` at the end
/// (appending a `String` per text node, and trimming with `dropLast`, which counts the
/// whole string each time, made this a visible part of parsing).
///
/// The result is exactly what concatenating `String`s and trimming by `Character` gives:
/// the two places where graphemes matter are spelled out below.
struct PlainTextBuilder {
    private var bytes: [UInt8] = []

    var isEmpty: Bool { bytes.isEmpty }

    /// This builder's buffer, emptied but keeping its capacity, for the next text;
    /// `self` is left without one.
    mutating func takeEmptied() -> PlainTextBuilder {
        var taken = PlainTextBuilder()
        swap(&taken, &self)
        taken.bytes.removeAll(keepingCapacity: true)
        return taken
    }

    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: piece)
    }

    mutating func appendSpace() {
        bytes.append(.space)
    }

    /// Whether the last `Character` is a space: the last byte is a space that does
    /// not belong to a longer grapheme. Only a Prepend character (U+0600…) joins
    /// with a following space, so the scalar before the space decides.
    var endsWithSpace: Bool {
        guard let last = bytes.last, last == .space else { return false }
        guard bytes.count > 1, bytes[bytes.count - 2] >= 0x80 else { return true }
        var previous = bytes.count - 2
        while previous > 0, bytes[previous] & 0xC0 == 0x80 { previous -= 1 }
        return String(decoding: bytes[previous...], as: UTF8.self).last == " "
    }

    /// The text without whitespace around it: without the `Character`s at either end
    /// whose first scalar is whitespace (what `Character.isWhitespace` tests).
    /// ASCII ends are trimmed on the bytes; an end the bytes cannot decide is left to `Character`s.
    func trimmedText() -> String {
        var start = 0
        var end = bytes.count
        var decided = true
        while start < end {
            let next: UInt8? = start + 1 < end ? bytes[start + 1] : nil
            let edge = Self.edge(bytes[start], neighbour: next)
            if edge == Edge.whitespace { start += 1 } else { decided = edge == Edge.text; break }
        }
        while decided, start < end {
            let previous: UInt8? = end - 1 > start ? bytes[end - 2] : nil
            let edge = Self.edge(bytes[end - 1], neighbour: previous)
            if edge == Edge.whitespace { end -= 1 } else { decided = edge == Edge.text; break }
        }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        return decided ? text : Self.trimmedByCharacters(text)
    }

    private enum Edge { case whitespace, text, undecided }

    /// What one byte at an end of the text says about the `Character` there, given
    /// the byte next to it on the inside.
    private static func edge(_ byte: UInt8, neighbour: UInt8?) -> Edge {
        switch byte {
        case 0x09...0x0D:
            // Tab, line feed… stand alone as `Character`s (a CR LF pair is whitespace as well).
            return .whitespace
        case .space:
            // A space joins a combining mark after it or a Prepend scalar before it,
            // both non-ASCII.
            return neighbour.map { $0 < 0x80 } ?? true ? .whitespace : .undecided
        case ..<0x80:
            // Not whitespace. At the start it begins its `Character`; at the end its
            // `Character` begins with it or with a Prepend scalar, not whitespace either.
            return .text
        default:
            return .undecided
        }
    }

    private static func trimmedByCharacters(_ text: String) -> String {
        var start = text.startIndex
        var end = text.endIndex
        while start < end, text[start].isWhitespace { start = text.index(after: start) }
        while start < end {
            let before = text.index(before: end)
            guard text[before].isWhitespace else { break }
            end = before
        }
        return String(text[start..<end])
    }
}
