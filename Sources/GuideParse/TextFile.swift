import Foundation
import GuideFiles
import GuideModel

/// Decoding a content file's bytes into text, refusing what is not UTF-8 text.
public enum TextFile {
    /// No chapter of a book comes near this; a larger file is a mistake or an attack.
    public static let maximumSize = 16 * 1024 * 1024

    /// The file's text; a byte order mark is dropped unless `keepingByteOrderMark` (for
    /// `guide merge`, which gives a chapter back byte for byte). `limit`: the largest file read
    /// (a PO catalog holds a chapter pair and more: `guide import po` reads larger ones), and
    /// `kind` how the error names such files. `inside`: the folder the file must lie in, checked
    /// on the file as opened and read from that one descriptor (`ConfinedFile`), so a swap after
    /// the check reads nothing outside.
    public static func read(path: String, displayPath: String, keepingByteOrderMark: Bool = false,
                            limit: Int = maximumSize, kind: String = "text files",
                            inside folder: ConfinedFolder? = nil) throws -> String {
        let bytes = try RegularFile.read(path, display: displayPath, what: "the file", kind: kind, limit: limit, inside: folder)
        let mark = keepingByteOrderMark && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? "\u{FEFF}" : ""
        if let text = bytes.withUnsafeBufferPointer(validText) { return mark + text }
        return try mark + decode(Data(bytes), displayPath: displayPath)
    }

    public static func decode(_ data: Data, displayPath: String) throws -> String {
        // The usual case, a clean file, takes one pass of the standard library's validator;
        // the slower scans below only find where a bad file goes wrong.
        if let text = data.withUnsafeBytes({ validText($0.assumingMemoryBound(to: UInt8.self)) }) {
            return text
        }
        let bytes = [UInt8](data)
        if let nul = bytes.firstIndex(of: 0) {
            throw GuideError("the file contains a NUL byte (is it a binary file?)",
                             file: displayPath, line: lineNumber(at: nul, in: bytes))
        }
        if let bad = firstInvalidUTF8(bytes) {
            throw GuideError("the file is not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)))",
                             file: displayPath, line: lineNumber(at: bad, in: bytes))
        }
        return withoutByteOrderMark(String(decoding: bytes, as: UTF8.self))
    }

    /// The text when the bytes are valid UTF-8 without a NUL, else nil.
    private static func validText(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.isEmpty || memchr(bytes.baseAddress!, 0, bytes.count) == nil,
              let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return withoutByteOrderMark(text)
    }

    private static func withoutByteOrderMark(_ text: String) -> String {
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text
    }

    /// Offset of the first byte that does not start or continue a valid UTF-8 sequence.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return nil
            case .error:
                return min(offset, bytes.count - 1)
            }
        }
    }

    static func lineNumber(at offset: Int, in bytes: [UInt8]) -> Int {
        1 + bytes[..<offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}
