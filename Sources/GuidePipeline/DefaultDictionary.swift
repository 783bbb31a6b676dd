import Foundation
import GuideFiles
import GuideMerge
import GuideModel

/// The sentence review's dictionary when neither `--dictionary` nor guide.yml names one (README,
/// "A bilingual dictionary"): CC-CEDICT when `scripts/setup.sh` installed it in the user's data
/// folder (`UserData.cedict`), else none. A CC-CEDICT there that cannot be read leaves none, with
/// one note saying so; one that is no dictionary, the learned lexicon.
///
/// The lexicon learned from the book's own pairs (`LearnedLexicon`) is asked for by name
/// (`learned`): learned from every chapter pair, its key changes with any chapter, so the next
/// review after an edit would review the whole book again — as a default it cost every rebuild
/// its incrementality. (Deletions found, seeds 1–3: CC-CEDICT 90, 92, 91; learned 88, 86, 86;
/// none 67, 70, 68.)
extension Stages {
    public static func defaultDictionary(for book: Book, cache: CacheStore? = nil,
                                         environment: [String: String] = ProcessInfo.processInfo.environment,
                                         note: @escaping @Sendable (String) -> Void) -> ReviewDictionary? {
        guard let file = UserData.cedict(environment: environment), FileManager.default.fileExists(atPath: file) else {
            return nil
        }
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(file, display: file, what: "CC-CEDICT", limit: ReviewDictionary.maximumSize)
        } catch {
            note("\(error); the sentence review reads no dictionary (scripts/setup.sh installs CC-CEDICT again)")
            return nil
        }
        let learn = learnedLexicon(for: book, cache: cache)
        // Named as `--dictionary` names the same file: a review made with either is the other's.
        return remembered(ReviewDictionary(key: HexText.of(Digest.of(bytes))) {
            do throws(SentenceDictionary.FormatError) {
                return try SentenceDictionary(cedict: String(decoding: bytes, as: UTF8.self))
            } catch {
                let line: Int = error.line, message: String = error.message
                note("\(file):\(line): \(message); the sentence review learns its words from the book alone "
                    + "(scripts/setup.sh installs CC-CEDICT again)")
                return learn()
            }
        }, cache: cache)
    }

    /// The lexicon learned from the book's own pairs (`review.dictionary: learned`).
    public static func learnedDictionary(for book: Book, cache: CacheStore? = nil) -> ReviewDictionary {
        remembered(ReviewDictionary(key: learnedLexiconKey(book), parse: learnedLexicon(for: book, cache: cache)), cache: cache)
    }

    static func learnedLexicon(for book: Book, cache: CacheStore?) -> @Sendable () -> SentenceDictionary {
        let align: BeadSource
        if let cache { align = AlignmentCache(cache).beads } else { align = { Aligner().align($0, $1) } }
        return { @Sendable () -> SentenceDictionary in book.learnedLexicon(align: align) }
    }

    /// What names the learned lexicon in the review cache's key (the one place it is made): how it
    /// is learned (`LearnedLexicon.version`), and every chapter pair it learns from, by path and both
    /// sides' content digests (chapters made in code: their blocks' `align` key). The glossary,
    /// which cuts the sentences it reads, is in the review's key already. Known without learning:
    /// a warm review reads its reviews back without aligning anything.
    public static func learnedLexiconKey(_ book: Book) -> String {
        let key = CacheStage.dictionary.key { hash in
            hash.updateCounted("learned lexicon \(LearnedLexicon.version)")
            for edition in book.translations {
                hash.updateCounted(edition.language.code)
                for chapter in book.source.chapters {
                    guard let target = edition.chapter(at: chapter.path) else { continue }
                    hash.updateCounted(chapter.path)
                    if let source = chapter.contentDigest, let translation = target.contentDigest {
                        hash.updateCounted(source)
                        hash.updateCounted(translation)
                    } else {
                        hash.updateCounted(AlignmentCache.key(chapter.blocks, target.blocks).bytes)
                    }
                }
            }
        }
        return "learned \(HexText.of(key.bytes))"
    }

    /// The dictionary parsed (or learned) once in `guide serve`'s memory (`CacheStage.dictionary`).
    static func remembered(_ dictionary: ReviewDictionary, cache: CacheStore?) -> ReviewDictionary {
        guard let cache else { return dictionary }
        let key = CacheStage.dictionary.key { $0.updateCounted(dictionary.key) }
        return ReviewDictionary(key: dictionary.key) { try cache.remembered(.dictionary, key) { try dictionary.entries() } }
    }
}

/// Where guide keeps data a user installs once for every book (`scripts/setup.sh`): the XDG base
/// directory specification's data home, `$XDG_DATA_HOME/guide` (an absolute path only, as the
/// specification asks), else `~/.local/share/guide`. Never inside a book or this repository.
public enum UserData {
    public static let cedictName = "cedict_1_0_ts_utf-8_mdbg.txt"

    public static func folder(environment: [String: String]) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/guide" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/share/guide" }
        return nil
    }

    /// Where CC-CEDICT is when it was installed.
    public static func cedict(environment: [String: String]) -> String? {
        folder(environment: environment).map { $0 + "/" + cedictName }
    }
}
