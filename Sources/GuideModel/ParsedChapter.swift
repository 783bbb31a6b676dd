import Foundation

/// A chapter's blocks and facts, each made on first use and kept: a rebuild of a large book
/// knows the facts of its unchanged chapters from the cache and parses only the chapters some
/// stage opens (the edited ones, and whatever a cache miss needs), not all of them.
///
/// Shared by the copies of a `Chapter` (a reference, so a parse happens once for all); safe
/// to use from any thread (a second reader waits for the first one's parse).
public final class ParsedChapter: Sendable {
    private struct State {
        var parse: (@Sendable () throws -> [Block])?
        var parsed: [Block]?
        var knownFacts: ChapterFacts?
        var parseFailure: Error?
    }

    private let state: Locked<State>

    /// Blocks already parsed.
    public init(blocks: [Block]) {
        state = Locked(State(parsed: blocks))
    }

    /// Blocks `parse` makes when first asked for, whose facts are already known. A `parse` that
    /// throws (the file no longer holds the text the facts were kept for) leaves no blocks and its
    /// error in `failure`: a stage asks for blocks where nothing can be thrown, so the pipeline
    /// asks `failure` before it keeps or writes anything.
    public init(facts: ChapterFacts, parse: @escaping @Sendable () throws -> [Block]) {
        state = Locked(State(parse: parse, knownFacts: facts))
    }

    /// (Parsed under the lock: a second reader waits for the first one's parse.)
    public var blocks: [Block] {
        state.withLock { state in
            if let parsed = state.parsed { return parsed }
            var blocks: [Block] = []
            do {
                blocks = try state.parse?() ?? []
            } catch {
                state.parseFailure = error
            }
            state.parsed = blocks
            state.parse = nil
            return blocks
        }
    }

    public var facts: ChapterFacts {
        if let known = state.withLock({ $0.knownFacts }) { return known }
        let facts = ChapterFacts(blocks: blocks)
        state.withLock { $0.knownFacts = facts }
        return facts
    }

    /// Why the blocks could not be made when asked for (nil: they were, or were not asked for).
    public var failure: Error? {
        state.withLock { $0.parseFailure }
    }

    /// Whether the blocks were parsed (for tests: which chapters a build opened).
    public var isParsed: Bool {
        state.withLock { $0.parsed != nil }
    }
}
