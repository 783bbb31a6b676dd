import Foundation

/// A chapter's blocks and facts, each made on first use and kept: a rebuild of a large book
/// knows the facts of its unchanged chapters from the cache and parses only the chapters some
/// stage opens (the edited ones, and whatever a cache miss needs), not all of them.
///
/// Shared by the copies of a `Chapter` (a reference, so a parse happens once for all); safe
/// to use from any thread (a second reader waits for the first one's parse).
public final class ParsedChapter: @unchecked Sendable {
    private let lock = NSLock()
    private var parse: (@Sendable () throws -> [Block])?
    private var parsed: [Block]?
    private var knownFacts: ChapterFacts?
    private var parseFailure: Error?

    /// Blocks already parsed.
    public init(blocks: [Block]) {
        parsed = blocks
    }

    /// Blocks `parse` makes when first asked for, whose facts are already known. A `parse` that
    /// throws (the file no longer holds the text the facts were kept for) leaves no blocks and its
    /// error in `failure`: a stage asks for blocks where nothing can be thrown, so the pipeline
    /// asks `failure` before it keeps or writes anything.
    public init(facts: ChapterFacts, parse: @escaping @Sendable () throws -> [Block]) {
        self.parse = parse
        knownFacts = facts
    }

    public var blocks: [Block] {
        lock.lock()
        defer { lock.unlock() }
        if let parsed { return parsed }
        var blocks: [Block] = []
        do {
            blocks = try parse?() ?? []
        } catch {
            parseFailure = error
        }
        parsed = blocks
        parse = nil
        return blocks
    }

    public var facts: ChapterFacts {
        lock.lock()
        if let knownFacts {
            lock.unlock()
            return knownFacts
        }
        lock.unlock()
        let facts = ChapterFacts(blocks: blocks)
        lock.lock()
        knownFacts = facts
        lock.unlock()
        return facts
    }

    /// Why the blocks could not be made when asked for (nil: they were, or were not asked for).
    public var failure: Error? {
        lock.lock()
        defer { lock.unlock() }
        return parseFailure
    }

    /// Whether the blocks were parsed (for tests: which chapters a build opened).
    public var isParsed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return parsed != nil
    }
}
