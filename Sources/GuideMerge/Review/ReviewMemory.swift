import Foundation
import GuideModel
import Synchronization

/// Reviews kept in memory between rebuilds of one `guide serve` session, in front of the
/// build's cache (`over`): a pair whose two chapters and settings are equal to last time's gets
/// last time's review without hashing, reading or decoding anything.
public final class ReviewMemory: ReviewMemo {
    private struct Entry {
        var source: Chapter
        var target: Chapter
        var settings: String
        var review: ChapterReview
    }

    private let entries = Mutex<[String: Entry]>([:])

    public init() {}

    public func review(source: Chapter, target: Chapter, language: Language, settings: String,
                       make: () -> ChapterReview) -> ChapterReview {
        let key = "\(language.code)/\(source.path)"
        if let known = entries.withLock({ $0[key] }), known.settings == settings, known.source == source, known.target == target {
            return known.review
        }
        let review = make()
        entries.withLock { $0[key] = Entry(source: source, target: target, settings: settings, review: review) }
        return review
    }

    /// This memory in front of `next` (a build's cache): what it does not hold, `next` gives.
    public func over(_ next: ReviewMemo) -> ReviewMemo { Layered(memory: self, next: next) }

    private struct Layered: ReviewMemo {
        let memory: ReviewMemory
        let next: ReviewMemo

        func review(source: Chapter, target: Chapter, language: Language, settings: String,
                    make: () -> ChapterReview) -> ChapterReview {
            memory.review(source: source, target: target, language: language, settings: settings) {
                next.review(source: source, target: target, language: language, settings: settings, make: make)
            }
        }
    }
}
