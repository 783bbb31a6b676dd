import Foundation
import GuideCheck
import GuideMerge
@testable import GuideFiles
import GuideModel
import GuideParse
import GuidePipeline

/// Helpers shared by the snippet-harness tests (Check*.swift).
enum CheckFixtures {
    /// One book of English chapters, a chapter per scenario (its name, then its snippets' code,
    /// each fenced; a code starting with `<!--` is written as it is, an annotation), checked once
    /// with the real clang (Debian's GNUstep).
    static func checkedScenarios(_ scenarios: [(String, [String])]) -> CheckReport {
        let folder = try! TempFolder()
        var chapters: [Chapter] = []
        for (name, codes) in scenarios {
            var markdown = "# \(name)\n\n"
            for code in codes {
                if code.hasPrefix("<!--") { markdown += code; continue }
                markdown += "```objective-c\n\(code)\n```\n\n"
            }
            try! folder.write("content/en/\(name).md", markdown)
            chapters.append(Chapter(path: "\(name).md", displayPath: "content/en/\(name).md", title: name,
                                    blocks: MarkdownParser().parse(markdown)))
        }
        var config = Config(titles: ["en": "T"], languages: [Language("en")], source: Language("en"))
        config.check.sdk = "gnustep"
        let book = Book(config: config, editions: [Edition(language: Language("en"), title: "T", toc: [], chapters: chapters,
                                                           assets: [])])
        return SnippetChecker(options: CheckOptions(contentRoot: folder.path + "/content", displayRoot: "content",
                                                    sdk: .gnustep)).run(book: book)
    }

    /// A chapter parsed from markdown, as the content loader would give it.
    static func chapter(_ markdown: String, language: String = "en", path: String = "a.md") -> Chapter {
        Chapter(path: path, displayPath: "content/\(language)/\(path)", title: "A",
                blocks: MarkdownParser().parse(markdown))
    }

    static func snippets(_ markdown: String, language: String = "en") -> [CodeSnippet] {
        CodeSnippet.all(in: chapter(markdown, language: language), language: Language(language))
    }

    /// A book of one chapter per language, also written to `folder/content` (the checker reads
    /// the chapters' text for the annotations).
    static func book(en: String, zh: String, in folder: TempFolder, check: CheckConfig = CheckConfig()) throws -> Book {
        try folder.write("content/en/a.md", en)
        try folder.write("content/zh/a.md", zh)
        var config = Config(titles: ["en": "T", "zh": "T"], languages: [Language("en"), Language("zh")], source: Language("en"))
        config.check = check
        let editions = [("en", en), ("zh", zh)].map { code, text in
            Edition(language: Language(code), title: "T", toc: [],
                    chapters: [Chapter(path: "a.md", displayPath: "content/\(code)/a.md", title: "A",
                                       blocks: MarkdownParser().parse(text))], assets: [])
        }
        return Book(config: config, editions: editions)
    }

    /// A stand-in for clang: answers `--version`, logs each compile to `log`, creates the `-o`
    /// file (a precompiled header), then runs `body` (shell) with the translation unit on
    /// standard input.
    static func fakeClang(in folder: TempFolder, body: String) throws -> (clang: String, log: String) {
        let clang = folder.path + "/bin/clang"
        let log = folder.path + "/clang.log"
        try folder.write("bin/clang", """
            #!/bin/sh
            if [ "$1" = "--version" ]; then echo "fake clang 1.0"; exit 0; fi
            echo compile >> '\(log)'
            previous=""
            for argument in "$@"; do
              if [ "$previous" = "-o" ]; then : > "$argument"; fi
              previous="$argument"
            done
            # The translation unit is the last argument: make it standard input for the body.
            case "$previous" in *.m) exec < "$previous";; esac
            \(body)
            """)
        chmod(clang, 0o755)
        return (clang, log)
    }

    static func calls(_ log: String) -> Int {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// Options for a run with no SDK (the fake clang needs none), outside the sandbox: the
    /// fake clang writes its log beside itself (the sandbox is tested with the real clang).
    static func options(_ folder: TempFolder, clang: String, cache: Bool = true, timeout: Double? = nil,
                        sdk: SDKProfile.Kind = .none) -> CheckOptions {
        var environment = ProcessInfo.processInfo.environment
        environment["GUIDE_SANDBOX"] = "off"
        return CheckOptions(contentRoot: folder.path + "/content", displayRoot: "content",
                            memo: cache ? CheckCache(CacheStore(root: folder.path + "/.guide-cache")) : nil, clang: clang, timeout: timeout,
                            sdk: sdk, environment: environment)
    }
}

extension SnippetChecker {
    /// The checker as a command without a cache makes it: the aligner itself inherits annotations.
    init(options: CheckOptions) {
        self.init(options: options, align: { Aligner().align($0, $1) })
    }
}
