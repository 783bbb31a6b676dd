import Foundation
import GuideParse
@testable import GuideRender
import Testing

/// Highlighting speed over the guide's snippets; runs only from scripts/bench-highlight.sh
/// (GUIDE_BENCH_HIGHLIGHT=1), which prints the figures.
@Suite struct HighlightBenchTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GUIDE_BENCH_HIGHLIGHT"] != nil))
    func benchHighlight() throws {
        var groups: [String: [(language: HighlightLanguage, code: String)]] = [:]
        // The C family per chapter, as a build lexes it (one batch per page and language).
        var chapters: [String: [[String]]] = [:]
        for path in try markdownFiles() {
            let group = path.contains("/shared/corpus/") ? "corpus (objc-zen-book/en)" : "repo content (en + zh)"
            let markdown = try String(contentsOfFile: path, encoding: .utf8)
            for block in MarkdownParser().parse(markdown) {
                guard let code = block.codeLiteral, let fence = block.codeLanguage,
                      let language = HighlightLanguage(fence: fence) else { continue }
                groups[group, default: []].append((language, code))
            }
            let codes = MarkdownParser().parse(markdown).compactMap { block -> String? in
                guard let fence = block.codeLanguage, HighlightLanguage(fence: fence) == .objectiveC else { return nil }
                return block.codeLiteral
            }
            chapters[group, default: []].append(codes)
        }
        // Other languages: the same snippets are too few, so time fixed samples.
        groups["swift (sample x200)"] = Array(repeating: (.swift, Self.swiftSample), count: 200)
        groups["shell (sample x200)"] = Array(repeating: (.shell, Self.shellSample), count: 200)

        print("libclang: \(CodeHighlighter.clangVersion ?? "not loaded")")
        for name in groups.keys.sorted() {
            let snippets = groups[name]!
            let bytes = snippets.reduce(0) { $0 + $1.code.utf8.count }
            var tokens = 0
            let clock = ContinuousClock()
            let elapsed = clock.measure {
                for snippet in snippets { tokens += CodeHighlighter.tokens(snippet.code, language: snippet.language).count }
            }
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            print(String(format: "%@: %d snippets, %d bytes, %d tokens, %.1f ms total, %.3f ms per snippet",
                         name, snippets.count, bytes, tokens, ms, ms / Double(max(snippets.count, 1))))
        }
        for name in chapters.keys.sorted() {
            let files = chapters[name]!
            let count = files.reduce(0) { $0 + $1.count }
            let clock = ContinuousClock()
            let elapsed = clock.measure {
                for codes in files { _ = ClangLexer.shared.tokens(codes, language: .objectiveC) }
            }
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            print(String(format: "%@, batched per chapter: %d objective-c snippets in %d batches, %.1f ms total, %.3f ms per snippet",
                         name, count, files.count, ms, ms / Double(max(count, 1))))
        }
        if let dump = ProcessInfo.processInfo.environment["GUIDE_BENCH_DUMP"] {
            var html = ""
            for snippets in groups.values.sorted(by: { $0.count < $1.count }) {
                for snippet in snippets.prefix(40) {
                    html += "<pre><code>" + CodeHighlighter.html(snippet.code, language: snippet.language) + "</code></pre>\n"
                }
            }
            try html.write(toFile: dump, atomically: true, encoding: .utf8)
        }
    }

    static let swiftSample = #"""
        import Foundation

        /// Downloads objects; calls back on the main actor.
        @MainActor
        final class Downloader {
            private let session: URLSession
            var retries = 3

            init(session: URLSession = .shared) { self.session = session }

            func download(at path: String) async throws -> [Object] {
                guard let url = URL(string: "https://example.com/\(path)") else { throw DownloadError.badPath(path) }
                let (data, _) = try await session.data(from: url)
                return try JSONDecoder().decode([Object].self, from: data) // decoded
            }
        }
        """#

    static let shellSample = #"""
        #!/usr/bin/env bash
        # Build the site and open it.
        set -euo pipefail
        cd "$(dirname "$0")/.."
        for chapter in content/en/*.md; do
            echo "checking ${chapter##*/}: $(wc -l < "$chapter") lines"
        done
        if [ ! -d site ]; then swift build -c release && .build/release/guide build; fi
        open site/index.html 2>/dev/null || xdg-open site/index.html
        """#
}
