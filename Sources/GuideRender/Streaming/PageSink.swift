import Foundation
import GuideFiles
import GuideModel

/// Where a page's bytes go while it is rendered: into memory, and, once the page grows past
/// `spillBytes`, into a file of the build's spool instead, so that a chapter of millions of
/// rows never has its page (hundreds of megabytes) in memory, let alone the copies that
/// building one string and then an array of it made.
public struct PageSink {
    /// Past this, a page is written out as it grows. Far above any page of a real book
    /// (the largest of the whole book is under 1 MB), so those stay in memory.
    static let spillBytes = 16 << 20

    private let spool: (any PageSpill)?
    private let spill: Int
    /// In memory: the page so far, as pieces (a large part, such as a section the cache holds,
    /// is kept as it is, not copied), and the small parts since the last piece.
    private var pieces: [[UInt8]] = []
    private var bytes: [UInt8] = []
    private var count = 0
    private var file: (path: String, descriptor: Int32)?

    /// From this size on, a part is a piece of its own.
    static let pieceBytes = 16 << 10

    /// Without a spool, everything stays in memory (`guide serve` serves from memory).
    init(spool: (any PageSpill)?, spillBytes: Int = PageSink.spillBytes) {
        self.spool = spool
        spill = spillBytes
    }

    mutating func append(_ part: some Collection<UInt8>) throws {
        if let file {
            try Self.write(part, to: file)
            return
        }
        guard let spool, count + part.count > spill else {
            count += part.count
            if let whole = part as? [UInt8], whole.count >= Self.pieceBytes {
                if !bytes.isEmpty { pieces.append(bytes) }
                bytes = []
                pieces.append(whole)
            } else {
                bytes += part
            }
            return
        }
        // A large part goes to the file as it is, not through a copy in memory.
        let opened = try spool.create()
        file = opened
        for piece in pieces + [bytes] { try Self.write(piece, to: opened) }
        pieces = []
        bytes = []
        try Self.write(part, to: opened)
    }

    mutating func append(_ text: String) throws {
        try append(text.utf8)
    }

    /// What was rendered: the bytes, or the spool file that holds them (closed).
    consuming func finish() throws -> Body {
        guard let file else {
            // The small parts were appended, so their array may hold up to twice its bytes; the
            // page stays in memory until the site is written, so it keeps only its bytes.
            if bytes.capacity > bytes.count + bytes.count / 4 { bytes = bytes.withUnsafeBufferPointer { Array($0) } }
            return .memory(bytes.isEmpty && !pieces.isEmpty ? pieces : pieces + [bytes])
        }
        guard close(file.descriptor) == 0 else { throw POSIXWriteError(path: file.path, code: errno) }
        return .spooled(file.path)
    }

    public enum Body: Sendable {
        /// The page's bytes in pieces, in order.
        case memory([[UInt8]])
        case spooled(String)
    }

    private static func write(_ part: some Collection<UInt8>, to file: (path: String, descriptor: Int32)) throws {
        let done: Bool? = part.withContiguousStorageIfAvailable { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(file.descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        if let done {
            guard done else { throw POSIXWriteError(path: file.path, code: errno) }
            return
        }
        try write(Array(part), to: file)
    }
}

/// Where a page too large to hold in memory is written as it is made: the write stage's
/// `PageSpool`, a folder beside the output that the writer moves the pages from.
public protocol PageSpill: Sendable {
    /// A new, empty file, open for writing.
    func create() throws -> (path: String, descriptor: Int32)
}
