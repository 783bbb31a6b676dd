import Foundation
import GuideModel

extension ChapterReview {
    /// This review with the pairs the book's history found stale (`StaleFromHistory`) marked so:
    /// a `stale` finding first, saying when each side last changed and what the English says now,
    /// and the evidence itself (`ReviewedBead.history`).
    public func markingStale(_ evidence: [Int: StaleFromHistory.Evidence]) -> ChapterReview {
        guard !evidence.isEmpty else { return self }
        var marked = self
        for (index, why) in evidence where index < marked.beads.count && !marked.beads[index].review.has(.stale) {
            let bead = marked.beads[index].bead
            let finding = BeadFinding(.stale, StaleFromHistory.message(why), sourceBlock: bead.source.first,
                                      targetBlock: bead.target.first)
            marked.beads[index].review = BeadReview(bead: bead, findings: [finding] + marked.beads[index].review.findings)
            marked.beads[index].history = why
        }
        // The review's key stood for its beads before these marks: pages keyed by it are keyed by the beads instead.
        marked.cacheKey = nil
        return marked
    }
}

extension StaleFromHistory {
    /// "the English changed in a1b2c3d (2024-03-01) after its translation last did in e4f5a6b
    /// (2023-05-02): … {+new words+} [-old-] …", in the review's language.
    public static func message(_ why: Evidence) -> ReviewMessage {
        let commits: [any CustomStringConvertible] = [why.english.shortCommit, day(why.english), why.chinese.shortCommit, day(why.chinese)]
        guard let diff = why.diff else { return ReviewMessage(.englishChangedInCommit, arguments: commits.map(\.description)) }
        return ReviewMessage(.englishChangedInCommitWords, arguments: commits.map(\.description) + [diff.text()])
    }

    /// The commit's day, UTC (`2024-03-01`).
    public static func day(_ origin: LineOrigin) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(origin.time)))
    }
}
