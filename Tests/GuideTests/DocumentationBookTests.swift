import Foundation
@testable import GuideParse
import Testing

/// The documentation in `docs/` is a book built by guide itself (issue #49): it must build with
/// no warning, publish both editions with every link of its pages resolving, show the Chinese
/// edition's gaps through `guide review`, and its Reference must name every command, option and
/// configuration key guide has.
@Suite struct DocumentationBookTests {
    /// `docs/` copied without its site and cache, as a fresh clone has it.
    static func freshCopyOfDocs() throws -> TempFolder {
        let folder = try TempFolder()
        try FileManager.default.copyItem(atPath: repositoryRoot + "/docs", toPath: folder.path + "/docs")
        for leftover in ["site", ".guide-cache", ".site.guide-previous"] {
            try? FileManager.default.removeItem(atPath: folder.path + "/docs/" + leftover)
        }
        return folder
    }

    @Test func theGuideBuildsWithNoWarningAndEveryLinkResolves() throws {
        let folder = try Self.freshCopyOfDocs()
        let docs = folder.path + "/docs"
        let build = try runGuide(["build"], in: docs)
        #expect(build.status == 0, "\(build.stderr)")
        let printed = build.stdout + build.stderr
        #expect(!printed.contains("warning"), "guide build in docs/ warned:\n\(printed)")
        #expect(!printed.contains("error"), "guide build in docs/ printed an error:\n\(printed)")

        // Both editions: every English chapter has a Chinese page, translated or shown in English.
        let english = try chapters(listedIn: docs + "/content/en/SUMMARY.md")
        #expect(english.count > 20)
        for chapter in english {
            let page = chapter.replacingOccurrences(of: ".md", with: ".html")
            #expect(FileManager.default.fileExists(atPath: docs + "/site/en/" + page), "no en/\(page)")
            #expect(FileManager.default.fileExists(atPath: docs + "/site/zh/" + page), "no zh/\(page)")
        }
        let chinese = try chapters(listedIn: docs + "/content/zh/SUMMARY.md")
        #expect(chinese.contains("first-book.md") && chinese.contains("reviewing.md") && chinese.contains("translators-tools.md"))
        let quickStart = try String(contentsOfFile: docs + "/site/zh/first-book.html", encoding: .utf8)
        #expect(quickStart.contains("第一本双语书"))

        let broken = try brokenLinks(inSite: docs + "/site", atLeast: 40)
        #expect(broken.isEmpty, "links that lead nowhere:\n\(broken.prefix(20).joined(separator: "\n"))")
    }

    @Test func reviewListsWhatTheChineseEditionLacks() throws {
        let folder = try Self.freshCopyOfDocs()
        let docs = folder.path + "/docs"
        let review = try runGuide(["review", "--no-check"], in: docs)
        #expect(review.status == 0, "\(review.stderr)")
        let printed = review.stdout + review.stderr
        let english = try chapters(listedIn: docs + "/content/en/SUMMARY.md")
        let chinese = Set(try chapters(listedIn: docs + "/content/zh/SUMMARY.md"))
        #expect(!chinese.isEmpty && chinese.count < english.count)
        for chapter in english {
            let lacking = printed.contains("'\(chapter)' is not translated yet")
            #expect(lacking == !chinese.contains(chapter), "\(chapter): listed as not translated yet: \(lacking)")
        }
        // The translated chapters are whole: every pair translated, nothing else to report.
        let lines = printed.split(separator: "\n")
        for chapter in chinese {
            let about = lines.filter { $0.hasPrefix("content/zh/\(chapter):") }
            #expect(about.contains { $0.contains("100% of the English translated") }, "content/zh/\(chapter) is not whole")
            #expect(!about.contains { $0.contains("warning") }, "content/zh/\(chapter):\n\(about.joined(separator: "\n"))")
        }
    }

    @Test func theReferenceNamesEveryCommandOptionAndConfigKey() throws {
        let reference = repositoryRoot + "/docs/content/en/"
        let commandsPage = try String(contentsOfFile: reference + "commands.md", encoding: .utf8)
        let commands = try subcommands(of: [])
        #expect(commands.count >= 11, "guide --help lists \(commands)")
        for command in commands {
            #expect(commandsPage.contains("`guide \(command)`"), "commands.md does not list guide \(command)")
            let page = try String(contentsOfFile: reference + command + ".md", encoding: .utf8)
            let nested = try subcommands(of: [command])
            for path in nested.isEmpty ? [[command]] : nested.map({ [command, $0] }) {
                let name = "guide " + path.joined(separator: " ")
                #expect(page.contains("`\(name)`") || nested.isEmpty, "\(command).md does not show \(name)")
                // In a table's row: the option explained, not only named in the usage line.
                let rows = page.components(separatedBy: "\n").filter { $0.hasPrefix("| `") }.joined(separator: "\n")
                for option in try options(of: path) {
                    #expect(mentions(rows, option), "\(command).md does not explain \(option) of \(name)")
                }
            }
        }

        let configPage = try String(contentsOfFile: reference + "config.md", encoding: .utf8)
        #expect(ConfigLoader.expected.count > 25)
        for key in ConfigLoader.expected.keys {
            #expect(configPage.contains("`\(key)`"), "config.md does not document \(key)")
        }
    }

    @Test func theReadmeLeadsIntoTheGuide() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 151, "README.md has \(lines.count) lines")
        let sections = lines.filter { $0.hasPrefix("## ") }
        #expect(sections.first == "## The two commands")
        #expect(readme.contains("scripts/setup.sh   # fresh machine") && readme.contains("scripts/test.sh    # all tests"))
        for target in relativeLinks(in: readme) {
            #expect(FileManager.default.fileExists(atPath: repositoryRoot + "/" + target), "README.md links \(target)")
        }
    }
}

// MARK: - Reading guide's help

/// The subcommands `guide [path] --help` lists.
private func subcommands(of path: [String]) throws -> [String] {
    section("SUBCOMMANDS:", of: try help(path)).compactMap { line in
        guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
        let name = line.dropFirst(2).prefix { $0 != " " }
        return name.isEmpty || name == "See" ? nil : String(name)
    }
}

/// Every option and argument `guide [path] --help` lists: `-o`, `--output`, `<source>`… An entry
/// starts two spaces in (its description, when long, on lines further in): names, then an
/// option's `<value>`, then the description.
private func options(of path: [String]) throws -> [String] {
    let text = try help(path)
    var found: [String] = []
    for line in section("ARGUMENTS:", of: text) + section("OPTIONS:", of: text) {
        guard line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
        for (index, word) in line.dropFirst(2).split(separator: " ").enumerated() {
            let token = word.trimmingCharacters(in: CharacterSet(charactersIn: ","))
            if token.hasPrefix("-") {
                found.append(token)
            } else if token.hasPrefix("<"), token.hasSuffix(">") {
                if index == 0 { found.append(token) }   // an argument; after an option, its value
            } else if token != "..." {
                break
            }
        }
    }
    return found
}

private func help(_ path: [String]) throws -> String {
    let run = try runGuide(path + ["--help"], in: NSTemporaryDirectory())
    #expect(run.status == 0, "guide \(path.joined(separator: " ")) --help: \(run.stderr)")
    return run.stdout
}

/// The lines after `title` up to the next blank line.
private func section(_ title: String, of text: String) -> [String] {
    let lines = text.components(separatedBy: "\n")
    guard let start = lines.firstIndex(of: title) else { return [] }
    return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
}

/// `--sentences` is mentioned only as itself, not as the start of `--sentences-x`.
private func mentions(_ page: String, _ option: String) -> Bool {
    var rest = page[...]
    while let range = rest.range(of: option) {
        let next = rest[range.upperBound...].first
        if next.map({ !($0.isLetter || $0.isNumber || $0 == "-") }) ?? true { return true }
        rest = rest[range.upperBound...]
    }
    return false
}

// MARK: - Reading the book and its site

/// The chapter files a SUMMARY.md lists, in order.
private func chapters(listedIn summary: String) throws -> [String] {
    let text = try String(contentsOfFile: summary, encoding: .utf8)
    return text.components(separatedBy: "\n").compactMap { line in
        guard let open = line.range(of: "]("), let close = line[open.upperBound...].firstIndex(of: ")") else { return nil }
        return String(line[open.upperBound..<close])
    }
}

/// The relative targets of a markdown file's links and images, outside code blocks.
private func relativeLinks(in markdown: String) -> [String] {
    var targets: [String] = [], fenced = false
    for line in markdown.components(separatedBy: "\n") {
        if line.hasPrefix("```") { fenced.toggle(); continue }
        guard !fenced else { continue }
        var rest = line[...]
        while let open = rest.range(of: "](") {
            guard let close = rest[open.upperBound...].firstIndex(of: ")") else { break }
            let target = String(rest[open.upperBound..<close])
            if !target.contains(":"), !target.hasPrefix("#") { targets.append(String(target.split(separator: "#")[0])) }
            rest = rest[close...]
        }
    }
    return targets
}
