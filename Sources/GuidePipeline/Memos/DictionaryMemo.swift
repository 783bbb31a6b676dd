import GuideFiles
import GuideMerge
import GuideModel

/// The keys of the review's dictionaries, and the one memo of their entries: a dictionary is
/// parsed (or learned) once in `guide serve`'s memory (`CacheStage.dictionary`); a review keys
/// its records by the dictionary's own key (`ReviewSettings.dictionary`).
extension Stages {
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

    /// The dictionary parsed (or learned) once in `guide serve`'s memory (`CacheStage.dictionary`),
    /// by its key.
    static func remembered(_ dictionary: ReviewDictionary, cache: CacheStore?) -> ReviewDictionary {
        guard let cache else { return dictionary }
        let key = CacheStage.dictionary.key { $0.updateCounted(dictionary.key) }
        return ReviewDictionary(key: dictionary.key) { try cache.remembered(.dictionary, key) { try dictionary.entries() } }
    }
}
