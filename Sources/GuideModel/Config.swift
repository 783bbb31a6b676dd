/// The book's settings, read from `content/guide.yml`.
public struct Config: Hashable, Sendable {
    /// Book title per language code.
    public var titles: [String: String]
    /// Languages in the order they are listed; `source` is one of them.
    public var languages: [Language]
    public var source: Language
    /// Let raw HTML and unsafe URLs through cmark (off: content is untrusted).
    public var rawHTML: Bool
    /// Absolute URL the site is published at (for sitemap.xml); may be empty.
    public var baseURL: String
    /// Markers that flag a translator's doubt in the translation.
    public var doubtMarkers: [String]
    /// Pair the sentences inside the block pairs (`review.sentences`): the review's
    /// `sentence-missing`/`sentence-extra` and the side-by-side pages' sentence highlighting.
    public var sentences: Bool = true
    /// A link to a heading that does not exist fails the build (else it is a warning).
    public var brokenAnchorsAreErrors: Bool
    /// The snippet harness (`guide check`): which fences, which SDK, which clang.
    public var check: CheckConfig = CheckConfig()
    /// What a translation's pages show where the translation has no text yet (`output.fallback`).
    public var fallback: FallbackMode = .inline
    /// What a reader's page shows of the snippet check under a code block (`output.snippet_badges`):
    /// the verdicts are the maintainers' (the dashboard, `guide serve`), so nothing by default.
    public var snippetBadges: SnippetBadgeMode = .none
    /// `review.dictionary`: a bilingual dictionary in CC-CEDICT's format the sentence review
    /// reads (relative to the content folder), or nil.
    public var reviewDictionary: String?
    /// `review.dictionary: none`: the sentence review reads no dictionary, neither CC-CEDICT in the
    /// user's data folder nor the lexicon learned from the book.
    public var reviewWithoutDictionary = false
    /// What names no dictionary (`review.dictionary: none`, `guide review --dictionary none`).
    public static let noDictionary = "none"
    /// `review.dictionary: learned`: the lexicon learned from the book's own pairs (`LearnedLexicon`).
    public var reviewWithLearnedWords = false
    /// What names the learned lexicon (`review.dictionary: learned`, `guide review --dictionary learned`).
    public static let learnedDictionary = "learned"
    /// `review.lang`: the language `guide review` and the review pages speak (nil: `--lang`, the
    /// locale or English decide; a built site's is this or English).
    public var reviewLanguage: ReviewLanguage?
    /// Where each language's chapters are (`editions:`); a language it does not name has today's
    /// `<code>/SUMMARY.md`.
    public var editions: [String: EditionSource] = [:]
    /// The repository the book is kept in (`repository.url`, e.g. `https://github.com/o/r`), where a link
    /// to a file of the repository that is no page of the book points (as mdBook's
    /// `git-repository-url`); empty: such links stay as written.
    public var repositoryURL: String = ""
    /// The branch those links name (`repository.branch`).
    public var repositoryBranch: String = "main"

    public init(titles: [String: String], languages: [Language], source: Language,
                rawHTML: Bool = false, baseURL: String = "", doubtMarkers: [String] = ["【疑问】"],
                brokenAnchorsAreErrors: Bool = false) {
        self.titles = titles
        self.languages = languages
        self.source = source
        self.rawHTML = rawHTML
        self.baseURL = baseURL
        self.doubtMarkers = doubtMarkers
        self.brokenAnchorsAreErrors = brokenAnchorsAreErrors
    }

    /// Where `language`'s chapters are.
    public func edition(for language: Language) -> EditionSource {
        editions[language.code] ?? .summary(language.code + "/SUMMARY.md")
    }

    public func title(for language: Language) -> String {
        titles[language.code] ?? titles[source.code] ?? "Guide"
    }
}

/// The `check:` section of `guide.yml`: how `guide check` compiles the code blocks.
public struct CheckConfig: Hashable, Sendable {
    /// Fence languages (first word of the info string) that are Objective-C, compared case-insensitively.
    public var languages: [String]
    /// SDK profile: `auto` (GNUstep on Linux, Apple on macOS), `gnustep`, `apple` or `none`.
    public var sdk: String
    /// The Apple profile's SDK, as `xcrun --sdk` names it.
    public var appleSDK: String
    /// clang's `-target` (Apple profile; empty: clang's default).
    public var target: String
    /// A clang executable; empty: `$CLANG`, then the Swift toolchain's, then `PATH`.
    public var clang: String
    /// The guide's context header, relative to the content folder (precompiled, included before every snippet).
    public var context: String
    /// Extra clang flags, after the harness's own.
    public var flags: [String]
    /// Seconds one clang process may run.
    public var timeout: Double
    /// clang processes run at once.
    public var jobs: Int
    /// MiB of memory (address space) one clang process may use.
    public var memoryLimit: Int = 1024
    /// Assume nothing: a name nothing declares fails its snippet (`guide check --strict`).
    public var strict: Bool = false

    public static let defaultLanguages = ["objective-c", "objc", "obj-c", "objectivec"]

    public init(languages: [String] = CheckConfig.defaultLanguages, sdk: String = "auto",
                appleSDK: String = "iphonesimulator", target: String = "", clang: String = "",
                context: String = "objc-context.h", flags: [String] = [], timeout: Double = 30, jobs: Int = 2) {
        self.languages = languages
        self.sdk = sdk
        self.appleSDK = appleSDK
        self.target = target
        self.clang = clang
        self.context = context
        self.flags = flags
        self.timeout = timeout
        self.jobs = jobs
    }
}

/// What the published pages show of the snippet check under each code block
/// (`output.snippet_badges` in `guide.yml`). The dashboard shows every verdict whatever the mode,
/// and `guide serve` every verdict behind its toggle.
public enum SnippetBadgeMode: String, Hashable, Sendable, CaseIterable {
    /// No badge: a reader's page is the book's text.
    case none
    /// A small badge, in the page's language, under a snippet that does not compile (no
    /// diagnostic, no line, no assumed names).
    case failing
}

/// What a translation's pages show of the source where the translation has no text yet
/// (`output.fallback` in `guide.yml`). Reviews count the gaps the same whatever the mode.
public enum FallbackMode: String, Hashable, Sendable, CaseIterable {
    /// English blocks with no translation are shown in place, marked; an untranslated
    /// chapter gets a page of its English under a banner.
    case inline
    /// A translated chapter shows only its translation, with a banner when blocks are missing;
    /// an untranslated chapter gets a page of its English under a banner.
    case banner
    /// Only the translation: no page for an untranslated chapter, nothing for missing blocks.
    case none
}
