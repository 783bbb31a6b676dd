import Foundation
import GuideModel

/// Every cache guide keeps, and what each one's key is made of: the one place that says why
/// an entry may be used instead of being made again. Every stage's entries go through
/// `CacheStore` (one pack of sealed records per stage under `.guide-cache/`, or, for files clang
/// must read by path, files named by key), and every key is made by `key(_:_:)`, which always
/// hashes the stage's `format`, the tool's build (`toolBuild`: a changed guide may compute any
/// entry differently) and the versions the stage declares it depends on (`dependencies`),
/// then the inputs the stage gives it. A record no key names any more is never read, and a
/// build that uses the stage drops it when such records would outweigh the used ones (see
/// `CacheStore`).
///
/// Besides the stages, `.guide-cache/written` describes the output folder as the last build
/// left it (`WriteManifest` in GuideRender: per file, the `pages` key it was written from, or
/// the `Digest` of its bytes, and its inode, size and time); it is not a cache of values.
public enum CacheStage: String, CaseIterable, Sendable {
    /// A chapter's `ChapterFacts`. Inputs: the chapter's content digest (`Chapter.contentDigest`:
    /// parser options, path from the content folder, title and text). Facts are a pure function of the
    /// blocks, and the blocks of the text and the options.
    case facts
    /// A chapter pair's beads (the aligner's output). Inputs: every block's markdown source, both
    /// sides in order. The aligner reads the blocks' kinds and text, which the source decides (the
    /// parser options change only HTML and link targets).
    case align
    /// A chapter pair's review, with the key of the alignment it stands on (kept while the review
    /// is). Inputs: the translation's language; both chapters' content digests (chapters made in
    /// code: their `align` key); the settings (doubt markers, glossary, the pair's accepted
    /// entries). Everything else a review reads is in the chapters.
    case review
    /// The snippet check's results of one chapter, with the keys of the compile records they come
    /// from (kept while the results are). Inputs: the context header, the flags that include it,
    /// the display paths of files clang names, the chapter's language, the checked languages, the
    /// chapter's content digest and its source chapter's, and one digest of the paths and content
    /// digests of the chapters before it in its language (their declarations are the book's, which
    /// an assumption may not contradict). A chapter with a "not checked" verdict is not stored (a
    /// time limit is not a verdict).
    case checkChapters = "check-chapters"
    /// What clang said about one wrapped snippet (`CompileRecord`). Inputs: the context header,
    /// the arguments, the wrapped text: with the compiler (clang, its version, SDK, flags, memory
    /// limit) everything clang reads.
    case compileRecords = "compile-records"
    /// The context header's copy (`KEY.h`) and clang's precompiled header of it (`KEY.pch`),
    /// files in `check/pch/` (clang reads them by path), the `.pch` sealed by a record of its
    /// `Digest` in this stage's pack. Inputs: the context header.
    case precompiledHeader = "pch"
    /// The GNUstep shim headers, a folder `check/sdk/KEY/`. Inputs: the generated headers (each
    /// name and text) and the system folders they point to.
    case sdkHeaders = "sdk"
    /// A snippet's highlighted HTML. Inputs: its language and code. Kept: what the build used and,
    /// up to a limit the build sets (twice the book's snippets), others: a build whose pages all
    /// come from the site highlights nothing, and must not forget the book's code.
    case highlight
    /// A dashboard section (a chapter's part of `review/index.html`), the dashboard's page around
    /// its sections, or a page of chapters made in code. Inputs: the template's name and
    /// `PageInputs.key` (every value the section is made from, the review and check keys standing
    /// for theirs), or, for a page, every field of its view.
    case sections
    /// A chunk of the search index (`ChunkIndex`). Inputs: each page's language, title and path,
    /// and its key (content digest and heading ids) or else its sections' text. The same stage
    /// names a whole index in `written` (not stored): inputs, the shard sizes and every chunk's
    /// key, so an index of unchanged pages is kept from the published site without being built.
    case search
    /// Not stored: the name of a whole page in `written`, so a page made from the same inputs is
    /// kept from the published site. Inputs: the template's name and `PageInputs.key`; the
    /// dashboard's, its sections' keys and the page around them.
    case pages
    /// Not stored: the sentence review's bilingual dictionary as parsed (`SentenceDictionary`),
    /// which `guide serve` keeps between rebuilds instead of parsing 120,000 entries again (a
    /// third of a second). Inputs: the file's bytes.
    case dictionary
    /// A chapter file's content digest (a build's record), or the chapter as `guide serve`
    /// loaded it (its digest and parsed blocks, kept in memory): a rebuild reads only the files
    /// that changed, and a build reads an unchanged one only when a stage opens its blocks.
    /// Inputs: the parser's options, the path (from the content folder) and title, and the file's device,
    /// inode, size, modification and change times (to the nanosecond). A file is recorded only
    /// once its times are a second old: two writes within the clock's tick could leave the same
    /// times and size (git's "racy" case).
    case chapterFile = "chapter-file"
    /// The book's history for `stale` (`BookHistory`, kept by `GuidePipeline.HistoryCache`), four kinds of record: a chapter file's
    /// blame (inputs: "blame", the repository's top folder, the file's path from it, its last
    /// commit and its bytes' `Digest`; lines not committed yet are blamed on no commit); the
    /// files' last commits (inputs: "last commits", the top, HEAD's commit, the paths); a file's
    /// text in a commit (inputs: "text at commit", the top, `commit:path`); a chapter's stale pairs with why
    /// (inputs: "staleness", both tops, the English chapter's content digest and each candidate
    /// pair: its index, both sides' newest commits and times, its English blocks changed since).
    /// A warm review asks git only which commit HEAD is, and parses no chapter for it.
    case blame

    /// What a stage's key depends on besides the tool's build and its inputs.
    public enum Dependency: Sendable {
        /// The highlighter (`CodeHighlighter.version`: its libclang, or why there is none).
        case highlighter
        /// The template set (`TemplateSet.fingerprint`: every template and static file).
        case templates
        /// The compiler session (clang's path and version, the SDK, the flags, the memory limit).
        case compiler
    }

    public var dependencies: [Dependency] {
        switch self {
        case .facts, .align, .review, .sdkHeaders, .search, .dictionary, .chapterFile, .blame: []
        case .checkChapters, .compileRecords, .precompiledHeader: [.compiler]
        case .highlight: [.highlighter]
        case .sections, .pages: [.templates, .highlighter]
        }
    }

    /// Bumped when a record's bytes change meaning in a way the tool's build would not say
    /// (it always changes with guide's code; this names the layout in the key).
    public var format: String { "guide-cache-1 " + rawValue }

    /// The folder of a stage whose entries are files clang reads by path (nil: a pack).
    public var folder: String? {
        switch self {
        case .precompiledHeader: "check/pch"
        case .sdkHeaders: "check/sdk"
        default: nil
        }
    }

    /// The versions a key depends on (`Dependency`), as the build found them.
    public struct Versions: Sendable {
        public var highlighter: String?
        public var templates: String?
        public var compiler: String?

        public init(highlighter: String? = nil, templates: String? = nil, compiler: String? = nil) {
            self.highlighter = highlighter
            self.templates = templates
            self.compiler = compiler
        }

        func of(_ dependency: Dependency) -> String? {
            switch dependency {
            case .highlighter: highlighter
            case .templates: templates
            case .compiler: compiler
            }
        }
    }

    /// The one way a key is made: the format, the tool's build, each declared dependency's
    /// version, then what `inputs` hashes (parts with their lengths: `Digest.updateCounted`).
    public func key(_ versions: Versions = Versions(), _ inputs: (Digest) -> Void) -> CacheKey {
        key(versions, build: Self.toolBuild, inputs)
    }

    /// `key` as another build of guide would make it (for tests).
    func key(_ versions: Versions, build: String, _ inputs: (Digest) -> Void) -> CacheKey {
        let hash = Digest()
        hash.updateCounted(format)
        hash.updateCounted(build)
        for dependency in dependencies {
            guard let version = versions.of(dependency) else { preconditionFailure("\(self)'s key needs the \(dependency) version") }
            hash.updateCounted(version)
        }
        inputs(hash)
        return CacheKey(hash.finalize())
    }

    /// Which build of guide is running: the executable's size and modification time, so a
    /// rebuilt or upgraded guide does not trust what an older one stored.
    public static let toolBuild: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "unknown" }
        return "\(info.st_size)-\(info.st_mtim.tv_sec)"
    }()
}
