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
