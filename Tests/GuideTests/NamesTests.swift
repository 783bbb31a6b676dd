import Foundation
import Testing

/// Every legal name works and nothing is dropped: chapter files whose names need encoding in
/// a URL are reached by every link guide writes, heading ids never take an id the templates
/// use, and SUMMARY.md entries are never lost without a word.
@Suite struct NamesTests {
    let templates = ["--templates", repositoryRoot + "/templates"]
    let names = ["a#b", "a?b", "a%20b", "第三章", "a b", "a&b", "100%"]

    /// Relative links of a page or script, resolved against `base` (a folder of the site).
    func links(in text: String) -> [String] {
        var found: [String] = []
        for pattern in [#"(?:href|src)="([^"]*)""#, #"(?:href|src)=\\"([^"\\]*)\\""#, #"<loc>([^<]*)</loc>"#,
                        #"\["[a-z]+","[^"]*","([^"]*)",\d+\]"#] {
            let regex = try! NSRegularExpression(pattern: pattern)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                found.append(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return found.map { $0.replacingOccurrences(of: "&amp;", with: "&") }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") && !$0.contains(":") }
    }

    @Test func fileNamesThatNeedEncodingAreReachedByEveryLink() throws {
        let folder = try TempFolder()
        try folder.write("content/guide.yml", "languages: [en, zh]\n")
        for language in ["en", "zh"] {
            let entries = (["one"] + names).map { name -> String in
                let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
                return "* [\(name)](\(encoded).md)"
            }
            try folder.write("content/\(language)/SUMMARY.md", "# S\n\n" + entries.joined(separator: "\n") + "\n")
            for name in ["one"] + names {
                try folder.write("content/\(language)/\(name).md", "# Title \(name)\n\nSee [the hash one](a%23b.md).\n")
            }
        }
        let result = try runGuide(["build", "--no-check"] + templates, in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let site = folder.path + "/site"
        var checked = 0
        for case let path as String in FileManager.default.enumerator(atPath: site)! {
            guard [".html", ".js", ".xml"].contains(where: path.hasSuffix) else { continue }
            let text = try String(contentsOfFile: site + "/" + path, encoding: .utf8)
            // Pages link relative to themselves; the table of contents, search index and sitemap to the site root.
            let base = path.hasSuffix(".html") ? (path as NSString).deletingLastPathComponent : ""
            for link in links(in: text) {
                var target = link
                if let cut = target.firstIndex(where: { $0 == "#" || $0 == "?" }) { target = String(target[..<cut]) }
                let decoded = try #require(target.removingPercentEncoding, "\(link) in \(path)")
                let full = URL(fileURLWithPath: site + "/" + base + "/" + decoded).standardizedFileURL.path
                #expect(FileManager.default.fileExists(atPath: full), "\(path) links to \(link), which leads nowhere")
                checked += 1
            }
        }
        #expect(checked > 100)
        for name in names { #expect(folder.exists("site/en/\(name).html")) }
    }

    @Test func headingIdsNeverTakeTheTemplatesIds() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        try folder.write("content/en/second.md", "# Second\n\n## Main\n\nText.\n\n## Pair 1\n\nText.\n\n## Pair 2\n\nMore.\n")
        try folder.write("content/zh/second.md", "# 第二章\n\n## 主要\n\n文字。\n\n## 第一对\n\n文字。\n\n## 第二对\n\n更多。\n")
        let result = try runGuide(["build", "--no-check"] + templates, in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let page = try folder.read("site/en/second.html")
        #expect(page.contains("<h2 id=\"main-1\" data-place=\"1\">") && page.contains("<h2 id=\"pair-1-1\" data-place=\"3\">"), "\(page)")
        for case let path as String in FileManager.default.enumerator(atPath: folder.path + "/site")!
        where path.hasSuffix(".html") {
            let text = try folder.read("site/" + path)
            let regex = try NSRegularExpression(pattern: #" id="([^"]*)""#)
            let ids = regex.matches(in: text, range: NSRange(text.startIndex..., in: text))
                .map { String(text[Range($0.range(at: 1), in: text)!]) }
            #expect(Set(ids).count == ids.count, "\(path) repeats an id: \(ids)")
        }
    }

    @Test func aSummaryNestedTooDeepIsAnErrorNotALoss() throws {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        var summary = "# Summary\n\n* [Intro](intro.md)\n"
        for depth in 1...33 { summary += String(repeating: "  ", count: depth) + "* [Deep \(depth)](deep.md)\n" }
        summary += "* [Second](second.md)\n"
        try folder.write("content/en/SUMMARY.md", summary)
        let result = try runGuide(["build", "--no-check"] + templates, in: folder.path)
        #expect(result.status != 0)
        #expect(result.stderr.contains("content/en/SUMMARY.md:"), "\(result.stderr)")
        #expect(result.stderr.contains("nests lists deeper than 32 levels"), "\(result.stderr)")
    }
}
