import GuideModel

/// The review stage's record (`CacheStage.review`, after the alignment's key): a chapter pair's reviewed beads in `ByteWriter`'s fields
/// (a status is one byte, its position in `BeadStatus.allCases`), not JSON, which is slow to
/// decode. Decoding checks every length and returns nil on anything that does not fit.
public enum ReviewCodec {
    public static func encode(_ beads: [ChapterReview.ReviewedBead]) -> [UInt8] {
        var out = ByteWriter()
        out.list(beads) { out, bead in
            out.bead(bead.bead)
            out.list(bead.review.findings) { out, finding in
                out.integer(UInt8(finding.status.ordinal))
                out.string(finding.explanation.id.rawValue)
                out.list(finding.explanation.arguments) { $0.string($1) }
                out.optional(finding.explanation.note) { $0.string($1) }
                // A confidence is kept in thousandths (what a report shows, and exactly the same on every read).
                for number in [finding.sourceBlock, finding.targetBlock, finding.line, finding.column, finding.sourceLine,
                               finding.confidence.map { Int(($0 * 1000).rounded()) }] {
                    out.optional(number) { $0.int($1) }
                }
            }
            // A bead past its chapter's listed findings lists none or some, and keeps these.
            out.int(bead.review.findingCount)
            out.int(Int(bead.review.statusMask))
            // The fingerprints as numbers (as hex text each was a string to make and parse again).
            out.optional(bead.sourceHashValue) { $0.integer($1) }
            out.optional(bead.targetHashValue) { $0.integer($1) }
            out.bool(bead.accepted)
            out.optional(bead.sentences) { out, marks in
                for side in [marks.source, marks.target] {
                    out.list(side) { out, mark in
                        out.int(mark.link)
                        out.optional(mark.visible) { $0.int($1) }
                    }
                }
            }
        }
        return out.bytes
    }

    public static func decode(_ raw: UnsafeRawBufferPointer) -> [ChapterReview.ReviewedBead]? {
        var input = ByteReader(raw)
        let beads = input.list { input -> ChapterReview.ReviewedBead? in
            guard let bead = input.bead(), let findings = input.list({ $0.finding() }),
                  let findingCount = input.int(), let statusMask = input.int().flatMap({ UInt16(exactly: $0) }),
                  let review = BeadReview(bead: bead, findings: findings,
                                          findingCount: findingCount, statusMask: statusMask),
                  let sourceHash = input.optional({ $0.integer(UInt64.self) }),
                  let targetHash = input.optional({ $0.integer(UInt64.self) }),
                  let accepted = input.bool(), let sentences = input.optional({ $0.sentenceMarks() }) else { return nil }
            return ChapterReview.ReviewedBead(review: review, sourceHash: sourceHash, targetHash: targetHash,
                                              accepted: accepted, sentences: sentences)
        }
        return input.isAtEnd ? beads : nil
    }
}

private extension ByteReader {
    mutating func sentenceMarks() -> SentenceMarks? {
        func side(_ input: inout ByteReader) -> [SentenceMarks.Mark]? {
            input.list { input in
                guard let link = input.int(), let visible = input.optional({ $0.int() }) else { return nil }
                return SentenceMarks.Mark(link: link, visible: visible)
            }
        }
        guard let source = side(&self), let target = side(&self) else { return nil }
        return SentenceMarks(source: source, target: target)
    }

    mutating func finding() -> BeadFinding? {
        guard let index = integer(UInt8.self), Int(index) < BeadStatus.byOrdinal.count,
              let id = string().flatMap(ReviewMessage.ID.init(rawValue:)), let arguments = list({ $0.string() }),
              let note = optional({ $0.string() }),
              let sourceBlock = optional({ $0.int() }), let targetBlock = optional({ $0.int() }),
              let line = optional({ $0.int() }), let column = optional({ $0.int() }),
              let sourceLine = optional({ $0.int() }), let permille = optional({ $0.int() }) else { return nil }
        return BeadFinding(BeadStatus.byOrdinal[Int(index)], ReviewMessage(id, arguments: arguments, note: note), sourceBlock: sourceBlock, targetBlock: targetBlock,
                           line: line, column: column, sourceLine: sourceLine, confidence: permille.map { Double($0) / 1000 })
    }
}

/// A bead as the alignment and review caches store it: its source indexes, then its target's.
extension ByteWriter {
    public mutating func bead(_ bead: Bead) {
        list(bead.source) { $0.int($1) }
        list(bead.target) { $0.int($1) }
    }
}

extension ByteReader {
    public mutating func bead() -> Bead? {
        guard let source = list({ $0.int() }), let target = list({ $0.int() }) else { return nil }
        return Bead(source: source, target: target)
    }
}
