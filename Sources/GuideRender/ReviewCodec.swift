import GuideMerge

/// The review cache's entry format: a chapter pair's reviewed beads as compact bytes.
/// (JSON took a tenth of a rebuild of a 2,000-chapter book to decode.)
///
/// Integers are 8 bytes little-endian, strings are length-prefixed UTF-8, optionals start
/// with a 0/1 byte, statuses are their position in `BeadStatus.allCases`. Decoding checks
/// every length and returns nil on anything that does not fit.
enum ReviewCodec {
    static let magic: [UInt8] = Array("guide-review-2\n".utf8)   // 2: each bead's finding count and statuses

    static func encode(_ beads: [ChapterReview.ReviewedBead]) -> [UInt8] {
        let out = ByteWriter(bytes: magic)
        out.int(beads.count)
        for bead in beads {
            out.ints(bead.bead.source)
            out.ints(bead.bead.target)
            out.int(bead.review.findings.count)
            for finding in bead.review.findings {
                out.status(finding.status)
                out.string(finding.message)
                for number in [finding.sourceBlock, finding.targetBlock, finding.line, finding.column] { out.optional(number, out.int) }
            }
            // A bead past its chapter's listed findings lists none or some, and keeps these.
            out.int(bead.review.findingCount)
            out.int(Int(bead.review.statusMask))
            out.optional(bead.sourceHash, out.string)
            out.optional(bead.targetHash, out.string)
            out.byte(bead.accepted ? 1 : 0)
        }
        return out.bytes
    }

    /// A side's fingerprint as written (`.some(nil)` for none), nil when it is not 16 hex digits.
    private static func hashValue(_ hex: String?) -> UInt64?? {
        guard let hex else { return .some(nil) }
        return ContentHash.value(hex: hex).map { .some($0) }
    }

    static func decode(_ bytes: [UInt8]) -> [ChapterReview.ReviewedBead]? {
        guard bytes.starts(with: magic) else { return nil }
        let input = ByteReader(bytes: bytes, position: magic.count)
        guard let count = input.count() else { return nil }
        var beads: [ChapterReview.ReviewedBead] = []
        for _ in 0..<count {
            guard let source = input.ints(), let target = input.ints(), let findingCount = input.count() else { return nil }
            var findings: [BeadFinding] = []
            for _ in 0..<findingCount {
                guard let status = input.status(), let message = input.string(),
                      let sourceBlock = input.optional(input.int), let targetBlock = input.optional(input.int),
                      let line = input.optional(input.int), let column = input.optional(input.int) else { return nil }
                findings.append(BeadFinding(status, message, sourceBlock: sourceBlock, targetBlock: targetBlock,
                                            line: line, column: column))
            }
            guard let findingCount = input.count(), let mask = input.int(), let statusMask = UInt16(exactly: mask),
                  let review = BeadReview(bead: Bead(source: source, target: target), findings: findings,
                                          findingCount: findingCount, statusMask: statusMask),
                  let sourceHash = input.optional(input.string), let targetHash = input.optional(input.string),
                  let accepted = input.byte(), accepted <= 1,
                  let sourceValue = Self.hashValue(sourceHash), let targetValue = Self.hashValue(targetHash) else { return nil }
            beads.append(ChapterReview.ReviewedBead(
                review: review,
                sourceHash: sourceValue, targetHash: targetValue, accepted: accepted == 1))
        }
        return input.atEnd ? beads : nil
    }
}

private final class ByteWriter {
    var bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    func byte(_ value: UInt8) { bytes.append(value) }
    func int(_ value: Int) { withUnsafeBytes(of: Int64(value).littleEndian) { bytes += $0 } }
    func ints(_ values: [Int]) {
        int(values.count)
        for value in values { int(value) }
    }
    func string(_ value: String) {
        int(value.utf8.count)
        bytes += value.utf8
    }
    func status(_ value: BeadStatus) { byte(UInt8(BeadStatus.allCases.firstIndex(of: value)!)) }
    func optional<T>(_ value: T?, _ write: (T) -> Void) {
        guard let value else { return byte(0) }
        byte(1)
        write(value)
    }
}

private final class ByteReader {
    let bytes: [UInt8]
    var position: Int

    init(bytes: [UInt8], position: Int) {
        self.bytes = bytes
        self.position = position
    }

    var atEnd: Bool { position == bytes.count }

    func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    func int() -> Int? {
        guard bytes.count - position >= 8 else { return nil }
        let value = bytes[position..<(position + 8)].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        position += 8
        return Int(Int64(bitPattern: value))
    }

    /// A count or length: not negative, and not more than the bytes left could hold.
    func count() -> Int? {
        guard let value = int(), value >= 0, value <= bytes.count - position else { return nil }
        return value
    }

    func ints() -> [Int]? {
        guard let count = count() else { return nil }
        var values: [Int] = []
        for _ in 0..<count {
            guard let value = int() else { return nil }
            values.append(value)
        }
        return values
    }

    func string() -> String? {
        guard let length = count() else { return nil }
        defer { position += length }
        return String(decoding: bytes[position..<(position + length)], as: UTF8.self)
    }

    func status() -> BeadStatus? {
        guard let index = byte(), Int(index) < BeadStatus.allCases.count else { return nil }
        return BeadStatus.allCases[Int(index)]
    }

    /// `.some(nil)` for an absent value, nil for bytes that do not decode.
    func optional<T>(_ read: () -> T?) -> T?? {
        switch byte() {
        case 0: return .some(nil)
        case 1: return read().map { .some($0) }
        default: return nil
        }
    }
}
