import ArgumentParser
import Foundation
import GuideCommandLine
import GuideFiles
import GuideModel
import GuideParse
import GuidePipeline
import GuideTheme

/// `guide init`: finds how the book in this folder is kept and writes `guide.yml` for it — nothing else.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write guide.yml for the bilingual book in this folder, as it is kept (GitBook, mdBook, READMEs, Docusaurus, Hugo).",
        discussion: """
            Run it in the book's folder (or a folder holding the original's and the translation's \
            checkouts side by side). It finds each language's chapters, writes guide.yml, and says \
            what it found and what it could not decide. Then: guide build (the site goes to site/), \
            guide review, guide serve.
            """
    )

    @Flag(help: "Write over an existing guide.yml (with --theme: over the theme's files in templates/).") var force = false
    @Flag(help: "Write the built-in theme into templates/ for customizing (a file left there replaces the built-in one), and nothing else.")
    var theme = false

    func run() throws {
        try reportingErrors { printer in
            if theme {
                let written = try BuiltInTheme.write(into: Workspace.defaultTemplates, force: force)
                print("wrote the built-in theme: \(written.count) files into \(Workspace.defaultTemplates)/ "
                      + "(edit them; delete a file to get the built-in one back)")
                return
            }
            let config = ContentLoader.configName
            if FileManager.default.fileExists(atPath: config), !force {
                throw GuideError("guide.yml exists already: guide init writes it only once (pass --force to write it again)", file: config)
            }
            // This repository's own layout (content/guide.yml): set up already, and what guide build reads here.
            if FileManager.default.fileExists(atPath: "content/" + config), !force {
                throw GuideError("this book is set up already: guide build reads content/guide.yml here (pass --force to write "
                                 + "a guide.yml for the book as its files are kept instead)", file: "content/" + config)
            }
            let files = BookFolderListing.files(in: ".")
            let layout = try LayoutDetector.detect(files: files, read: { path in
                (try? RegularFile.read(path, display: path, what: "a file of the book", limit: 1 << 20, inside: ConfinedFolder(".", role: "the book's folder"))).map { String(decoding: $0, as: UTF8.self) }
            }).get()
            let previous = FileManager.default.contents(atPath: config)
            try OutputFiles.write([(path: config, text: Self.yaml(layout))], inside: ConfinedFolder(".", role: "the book's folder"))
            print("guide.yml: \(TerminalText.line(layout.kind))")
            // What the book looks like to guide now, as `guide build` will read it; a book guide
            // cannot read keeps no guide.yml of init's (the one before, with --force, is put back).
            let book: Book
            do {
                book = try Workspace(content: ".").loadBook()
            } catch {
                if let previous { try? OutputFiles.write(bytes: [(path: config, bytes: [UInt8](previous))]) } else { unlink(config) }
                throw error
            }
            // The book's title in each language: its first page's first heading (GitHub's and GitBook's title too).
            let titles = Self.titles(book)
            if !titles.isEmpty {
                try OutputFiles.write([(path: config, text: Self.yaml(layout, titles: titles))], inside: ConfinedFolder(".", role: "the book's folder"))
                print("  title: " + titles.sorted { $0.key < $1.key }.map { "\($0.key) \(TerminalText.line($0.value))" }.joined(separator: ", "))
            }
            for edition in book.editions {
                let files = Set(edition.chapters.filter { $0.untranslated == nil }.flatMap(\.files)).count
                let missing = edition.chapters.filter { $0.untranslated != nil }.count
                let source = layout.editions[edition.language.code].map { TerminalText.line($0.yaml) } ?? ""
                print("  \(edition.language.code): \(edition.chapters.count) chapters from \(files) files \(source)"
                      + (missing > 0 ? ", \(missing) not translated yet" : ""))
            }
            if book.editions.count > 1 {
                print("  chapters pair " + Self.pairing(layout, book))
            }
            for note in layout.notes { print("  note: \(TerminalText.line(note))") }
            printer.print(book.notes, to: printError)
            print("next: guide build (the site goes to site/), guide review, guide serve")
        }
    }

    /// How the chapters pair, in the words of the README.
    static func pairing(_ layout: LayoutDetector.Layout, _ book: Book) -> String {
        switch layout.editions[book.source.language.code] {
        case .file: return "by the sections at the files' top headings (by their links, pictures and code, in order)"
        case .folder: return "by path"
        default:
            let byPath = book.translations.allSatisfy { $0.chapters.allSatisfy { chapter in
                chapter.files.count == 1 && chapter.listedParts?.first?.within.hasSuffix("/" + chapter.path) != false } }
            return byPath ? "by path" : "by the tables of contents (each chapter with its nested sections, k-th with k-th)"
        }
    }

    static func titles(_ book: Book) -> [String: String] {
        var titles: [String: String] = [:]
        for edition in book.editions {
            guard let first = edition.chapters.first(where: { $0.untranslated == nil }),
                  let heading = first.blocks.first(where: { if case .heading = $0.kind { true } else { false } }) else { continue }
            let title = heading.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !title.isEmpty, title.count <= 120 { titles[edition.language.code] = title }
        }
        return titles
    }

    static func yaml(_ layout: LayoutDetector.Layout, titles: [String: String] = [:]) -> String {
        var text = "# Written by guide init: \(layout.kind). Every setting: docs/content/en/config.md in guide's repository.\n"
        if !titles.isEmpty {
            text += "title:\n"
            for code in layout.languages { if let title = titles[code] { text += "  \(code): \(EditionSource.quoted(title))\n" } }
        }
        text += "languages: [\(layout.languages.joined(separator: ", "))]\n"
        text += "editions:\n"
        for code in layout.languages { if let edition = layout.editions[code] { text += "  \(code): \(edition.yaml)\n" } }
        return text
    }
}
