import Foundation
import GuideModel

/// Reviews kept in memory between rebuilds of one `guide serve` session, in front of another
/// memo (the build's disk cache): a pair whose two chapters and settings are equal to last
/// time's gets last time's review without hashing, reading or decoding anything.
public final class ReviewMemory: ReviewMemo, @unchecked Sendable {
    private struct Entry {
        var source: Chapter
        var target: Chapter
        var settings: String
        var review: ChapterReview
    }

    private let next: ReviewMemo?
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    public init(next: ReviewMemo? = nil) {
        self.next = next
    }

    public func review(source: Chapter, target: Chapter, language: Language, settings: String,
                       make: () -> ChapterReview) -> ChapterReview {
        let key = "\(language.code)/\(source.path)"
        lock.lock()
        let known = entries[key]
        lock.unlock()
        if let known, known.settings == settings, known.source == source, known.target == target {
            return known.review
        }
        let review = next?.review(source: source, target: target, language: language, settings: settings, make: make) ?? make()
        lock.lock()
        entries[key] = Entry(source: source, target: target, settings: settings, review: review)
        lock.unlock()
        return review
    }
}
