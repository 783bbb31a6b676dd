import Foundation
import GuideFiles
import GuideMerge
import GuideModel
@testable import GuidePipeline
import Synchronization
import Testing

/// The sentence review's dictionary with nothing named (`Stages.defaultDictionary`): CC-CEDICT
/// when it is in the user's data folder (here a temporary one, through `XDG_DATA_HOME`), else
/// none; `none` names none, `learned` the lexicon learned from the book.
@Suite struct DefaultDictionaryTests {
    /// A book, and a data folder (`XDG_DATA_HOME`) of its own.
    func setUp() throws -> (folder: TempFolder, book: Book, environment: [String: String], cedict: String) {
        let folder = try TempFolder()
        try writeSmallBook(in: folder)
        let book = try Workspace(content: folder.path + "/content").loadBook()
        return (folder, book, ["XDG_DATA_HOME": folder.path + "/data", "HOME": folder.path + "/home"],
                folder.path + "/data/guide/" + UserData.cedictName)
    }

    func notes() -> (record: @Sendable (String) -> Void, read: () -> [String]) {
        let notes = Mutex<[String]>([])
        return ({ note in notes.withLock { $0.append(note) } }, { notes.withLock { $0 } })
    }

    @Test func theDataFolderFollowsXDGThenHome() {
        #expect(UserData.folder(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/u"]) == "/x/data/guide")
        // A relative XDG_DATA_HOME is to be ignored (the specification).
        #expect(UserData.folder(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/u"]) == "/home/u/.local/share/guide")
        #expect(UserData.folder(environment: [:]) == nil)
    }

    @Test func absentIsNoDictionaryWithNoNote() throws {
        let (_, book, environment, _) = try setUp()
        let (record, read) = notes()
        #expect(Stages.defaultDictionary(for: book, environment: environment, note: record)?.key == nil)
        #expect(read().isEmpty)
    }

    @Test func presentIsCEDICTNamedAsTheFlagNamesIt() throws {
        let (folder, book, environment, cedict) = try setUp()
        try folder.write("data/guide/" + UserData.cedictName, "團隊 团队 [tuan2 dui4] /team/\n")
        let (record, read) = notes()
        let dictionary = try #require(Stages.defaultDictionary(for: book, environment: environment, note: record))
        // The same key as `--dictionary` gives the file: a review made with either serves both.
        #expect(dictionary.key == (try Stages.dictionary(at: cedict)).key)
        #expect(dictionary.key != Stages.learnedLexiconKey(book))
        let words = try dictionary.entries()
        #expect(words.covered(words.english("team"), by: words.chinese("团队")) == 1)
        #expect(read().isEmpty)
        // Other bytes, another key: the reviews made with the old file are not shown.
        try folder.write("data/guide/" + UserData.cedictName, "團隊 团队 [tuan2 dui4] /team; group/\n")
        #expect(Stages.defaultDictionary(for: book, environment: environment, note: record)?.key != dictionary.key)
        // HOME's data folder when XDG_DATA_HOME names none.
        try folder.write("home/.local/share/guide/" + UserData.cedictName, "團隊 团队 [tuan2 dui4] /team/\n")
        #expect(Stages.defaultDictionary(for: book, environment: ["HOME": folder.path + "/home"], note: record)?.key == dictionary.key)
    }

    /// A folder or a FIFO where CC-CEDICT should be: no dictionary, with one note naming the file;
    /// a file that is no dictionary: the learned lexicon, with one note naming its line.
    @Test func unreadableIsNoDictionaryWithOneNote() throws {
        let (folder, book, environment, cedict) = try setUp()
        try FileManager.default.createDirectory(atPath: cedict, withIntermediateDirectories: true)
        let (record, read) = notes()
        #expect(Stages.defaultDictionary(for: book, environment: environment, note: record)?.key == nil)
        #expect(read().count == 1)
        #expect(read().first?.contains(cedict) == true && read().first?.contains("scripts/setup.sh") == true, "\(read())")

        try FileManager.default.removeItem(atPath: cedict)
        #expect(mkfifo(cedict, 0o600) == 0)
        let (fifoNote, fifoNotes) = notes()
        #expect(Stages.defaultDictionary(for: book, environment: environment, note: fifoNote)?.key == nil)
        #expect(fifoNotes().count == 1)

        try FileManager.default.removeItem(atPath: cedict)
        try folder.write("data/guide/" + UserData.cedictName, "團隊 团队 [tuan2 dui4] /team/\nnot an entry\n")
        let (badNote, badNotes) = notes()
        let bad = try #require(Stages.defaultDictionary(for: book, environment: environment, note: badNote))
        let words = try bad.entries()   // no error: the learned lexicon alone
        _ = try bad.entries()
        #expect(words.covered(words.english("team"), by: words.chinese("团队")) == 0)
        #expect(badNotes().count == 1)
        #expect(badNotes().first?.contains(cedict + ":2") == true, "\(badNotes())")
    }

    @Test func noneNamesNoDictionary() throws {
        let (folder, book, _, _) = try setUp()
        let workspace = Workspace(content: folder.path + "/content")
        #expect(try Stages.dictionary(for: book, in: workspace, path: "none") == nil)
        #expect(try Stages.dictionary(for: book, in: workspace, path: "learned")?.key == Stages.learnedLexiconKey(book))
        try folder.write("content/guide.yml", try folder.read("content/guide.yml") + "\nreview:\n  dictionary: none\n")
        let configured = try workspace.loadBook()
        #expect(configured.config.reviewWithoutDictionary && configured.config.reviewDictionary == nil)
        #expect(try Stages.dictionary(for: configured, in: workspace) == nil)
        // The book's inputs name no file called "none".
        #expect(!workspace.inputs(of: configured).contains { $0.path.hasSuffix("/none") })
        try folder.write("content/guide.yml", try folder.read("content/guide.yml").replacingOccurrences(of: "dictionary: none", with: "dictionary: learned"))
        let learning = try workspace.loadBook()
        #expect(learning.config.reviewWithLearnedWords && learning.config.reviewDictionary == nil)
        #expect(try Stages.dictionary(for: learning, in: workspace)?.key == Stages.learnedLexiconKey(learning))
        #expect(!workspace.inputs(of: learning).contains { $0.path.hasSuffix("/learned") })
    }

    /// The learned lexicon's key stands for every chapter pair: an edit to one makes another key,
    /// the same book the same key (a warm review reads its reviews back without learning).
    @Test func theLearnedKeyFollowsTheChapters() throws {
        let (folder, book, _, _) = try setUp()
        let content = folder.path + "/content"
        #expect(Stages.learnedLexiconKey(try Workspace(content: content).loadBook()) == Stages.learnedLexiconKey(book))
        let chapter = try #require(book.source.chapters.first)
        try folder.write("content/zh/" + chapter.path, try folder.read("content/zh/" + chapter.path) + "\n再说一句。\n")
        #expect(Stages.learnedLexiconKey(try Workspace(content: content).loadBook()) != Stages.learnedLexiconKey(book))
    }
}
