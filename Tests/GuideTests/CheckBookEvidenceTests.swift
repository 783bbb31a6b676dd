import Foundation
@testable import GuideCheck
import GuideModel
import GuideParse
import Testing

/// What the book itself shows, with the real clang (Debian's GNUstep): a snippet's own
/// `#warning`/`#error` is its intended output; a class declared without a superclass is probed
/// so that `-Wobjc-root-class` fires; and no assumption hides what the book's own declarations
/// disprove. Every scenario is a chapter of its own in one book, checked once.
struct CheckBookEvidenceTests {
    /// Chapter name → its snippets' code, in order.
    static let scenarios: [(String, [String])] = [
        // Intended diagnostics.
        ("intended-warning", ["- (void)sync {\n#warning \"not written yet\"\n}"]),
        ("intended-error", ["- (int)ratio:(int)a over:(int)b {\n#error \"check b for zero first\"\n    return a / b;\n}"]),
        ("intended-beside-a-mistake", ["#warning \"tidy up\"\nNSLog(@\"%d\", 1)\nNSLog(@\"%d\", 2);"]),
        ("intended-with-an-assumed-name", ["#warning \"stub\"\n[self refreshAllPanels];"]),
        // Root classes.
        ("root-class", ["@interface Kettle\n+ (instancetype)kettleWithVolume:(int)litres;\n@end"]),
        ("root-class-implemented", ["@interface Teapot\n@end\n@implementation Teapot\n@end"]),
        ("class-with-superclass", ["@interface Saucer : NSObject\n@property (nonatomic) int size;\n@end"]),
        // What the book disproves.
        ("keyword-left-out-on-a-class-variable", [
            "+ (id)hookMethod:(SEL)selector options:(int)options block:(id)block error:(NSError **)error;",
            "- (void)install:(Class)target {\n    [target hookMethod:@selector(description) options:0 block:nil];\n}",
        ]),
        ("keyword-added-on-an-object", [
            "@interface Pump : NSObject\n- (void)startAt:(int)speed;\n@end",
            "Pump *pump = [Pump new];\n[pump startAt:3 quietly:YES];",
        ]),
        ("member-of-another-class", [
            "@interface Oven : NSObject\n- (void)preheat;\n@property (nonatomic) int temperature;\n@end\n\n@interface Fridge : NSObject\n@end",
            "Fridge *fridge = [Fridge new];\n[fridge preheat];",
            "Fridge *fridge = [Fridge new];\nfridge.temperature = 4;",
            // Sent to the wrapper's class, or to a class the chapter does not show: assumed as before.
            "[self preheat];",
        ]),
        // A chapter after `keyword-added-on-an-object`, which declares `startAt:` on Pump.
        ("an-earlier-chapter-declares-it", ["id machine = nil;\n[machine startAt:3 quietly:YES];"]),
        ("function-called-with-other-arguments", ["void Chime(int times) {\n}", "Chime(2, YES);"]),
        ("a-type-of-its-own", ["typedef struct {\n    int width;\n    int height;\n} Crate;"]),
        // Chapters after those two: the function and the type are the earlier chapters'.
        ("an-earlier-chapters-function", ["Chime(2, YES);", "Chime(3);"]),
        ("an-earlier-chapters-type", [
            "Crate crate = {2, 3};\nint volume = crate.width * crate.height * crate.depth;\n(void)volume;",
            "Crate crate = {2, 3};\nint area = crate.width * crate.height;\n(void)area;",
        ]),
    ]

    static let report = CheckFixtures.checkedScenarios(scenarios)

    static func results(_ chapter: String) -> [SnippetResult] {
        report.results.filter { $0.chapterPath == chapter + ".md" }
    }

    static func last(_ chapter: String) -> SnippetResult? { results(chapter).last }

    private func explain(_ chapter: String) -> String {
        guard let result = Self.last(chapter) else { return "no result" }
        return "\(result.outcome) \(result.reason ?? "") " + result.diagnostics.map(\.message).joined(separator: " | ")
    }

    // MARK: Intended diagnostics

    @Test func aSnippetsOwnWarningIsItsIntendedOutput() {
        let result = Self.last("intended-warning")
        #expect(result?.outcome == .intended, "\(explain("intended-warning"))")
        #expect(result?.diagnostics.map(\.message) == ["\"not written yet\""])
        #expect(result?.diagnostics.allSatisfy(\.expected) == true)
        // Counted apart, never printed as a failure.
        #expect(result?.diagnostics(failing: false).isEmpty == true)
        #expect(Self.report.count(.intended) == 3)
    }

    @Test func aSnippetsOwnErrorIsItsIntendedOutput() {
        #expect(Self.last("intended-error")?.outcome == .intended, "\(explain("intended-error"))")
        #expect(Self.last("intended-error")?.reason == nil)
    }

    @Test func anyOtherDiagnosticStillFails() {
        let result = Self.last("intended-beside-a-mistake")
        #expect(result?.outcome == .fail, "\(explain("intended-beside-a-mistake"))")
        #expect(result?.diagnostics.contains { !$0.expected && $0.message.hasPrefix("expected ';'") } == true)
    }

    @Test func namesAreStillAssumedBesideIt() {
        let result = Self.last("intended-with-an-assumed-name")
        #expect(result?.outcome == .intended, "\(explain("intended-with-an-assumed-name"))")
        #expect(result?.assumed.map(\.label) == ["-refreshAllPanels"])
    }

    // MARK: Root classes

    @Test func aClassWithoutASuperclassWarnsAsClangWouldOnceItIsImplemented() {
        let result = Self.last("root-class")
        #expect(result?.outcome == .warn, "\(explain("root-class"))")
        #expect(result?.diagnostics.map(\.flag) == ["-Wobjc-root-class"])
        #expect(result?.diagnostics.first?.location == SourceLocation(file: "content/en/root-class.md", line: 4, column: 12))
        // Its own implementation gives the warning once, and the probe adds nothing.
        #expect(Self.last("root-class-implemented")?.diagnostics.map(\.flag) == ["-Wobjc-root-class"],
                "\(explain("root-class-implemented"))")
        #expect(Self.last("class-with-superclass")?.outcome == .pass, "\(explain("class-with-superclass"))")
    }

    // MARK: What the book disproves

    @Test func aSelectorSentToAClassVariableWithAKeywordLeftOut() {
        let result = Self.last("keyword-left-out-on-a-class-variable")
        #expect(result?.outcome == .fail, "\(explain("keyword-left-out-on-a-class-variable"))")
        #expect(result?.assumed.isEmpty == true)
        #expect(result?.reason?.contains("'hookMethod:options:block:error:'") == true)
        // clang's own diagnostic, with a note at the book's declaration.
        let error = result?.diagnostics.first { $0.severity == .error }
        #expect(error?.message.contains("hookMethod:options:block:") == true)
        #expect(error?.notes.contains { $0.location?.file == "content/en/keyword-left-out-on-a-class-variable.md"
                                         && $0.location?.line == 4 } == true, "\(String(describing: error))")
    }

    @Test func aSelectorWithAKeywordAdded() {
        let result = Self.last("keyword-added-on-an-object")
        #expect(result?.outcome == .fail, "\(explain("keyword-added-on-an-object"))")
        #expect(result?.reason?.contains("'startAt:'") == true)
        #expect(result?.diagnostics.first { $0.severity == .error }?.notes.contains { $0.location?.line == 5 } == true)
    }

    @Test func aMemberSentToAnotherClassOfTheChapter() {
        let results = Self.results("member-of-another-class")
        #expect(results.map(\.outcome) == [.pass, .fail, .fail, .assumed], "\(results.map { "\($0.outcome) \($0.reason ?? "")" })")
        #expect(results[1].reason?.contains("'preheat' is sent to Fridge, and the book declares it on Oven") == true)
        #expect(results[2].reason?.contains("'temperature' is read on Fridge, and the book declares it on Oven") == true)
        // Each error points at the member's declaration in the first snippet (lines 5 and 6 of the file).
        #expect(results[1].diagnostics.first { $0.severity == .error }?.notes.map(\.location?.line) == [5])
        #expect(results[2].diagnostics.first { $0.severity == .error }?.notes.map(\.location?.line) == [6])
    }

    /// The chapters before this one in the book's order count too; the note names their file.
    @Test func aSelectorAnEarlierChapterDeclaresWithAnotherKeyword() {
        let result = Self.last("an-earlier-chapter-declares-it")
        #expect(result?.outcome == .fail, "\(explain("an-earlier-chapter-declares-it"))")
        #expect(result?.reason?.contains("where the book declares 'startAt:'") == true)
        #expect(result?.diagnostics.first { $0.severity == .error }?.notes.map(\.location)
                == [SourceLocation(file: "content/en/keyword-added-on-an-object.md", line: 5)])
    }

    /// A chapter's cached results depend on the chapters before it in its language: one digest
    /// of them, made in one pass, changes when any of them does.
    @Test func theChaptersBeforeOneAreInItsCacheKey() {
        func chapter(_ path: String, _ digest: [UInt8]?) -> Chapter {
            Chapter(path: path, displayPath: "content/x/" + path, title: path, blocks: [], contentDigest: digest)
        }
        let en = Language("en"), zh = Language("zh")
        let book = [(en, chapter("a.md", [1])), (en, chapter("b.md", [2])), (en, chapter("c.md", [3])), (zh, chapter("a.md", [4]))]
        let digests = ChapterResults.earlierDigests(book.map { (language: $0.0, chapter: $0.1) })
        #expect(digests[0] == [] && digests[3] == [])
        #expect(digests[1] != nil && digests[1] != [] && digests[2] != digests[1])
        var edited = book
        edited[0].1 = chapter("a.md", [9])
        let again = ChapterResults.earlierDigests(edited.map { (language: $0.0, chapter: $0.1) })
        #expect(again[1] != digests[1] && again[2] != digests[2] && again[3] == [])
        // A chapter with no digest (not read from a file) leaves those after it uncached.
        edited[0].1 = chapter("a.md", nil)
        let unknown = ChapterResults.earlierDigests(edited.map { (language: $0.0, chapter: $0.1) })
        #expect(unknown[0] == [] && unknown[1] == nil && unknown[2] == nil && unknown[3] == [])
    }

    /// Arguments that do not fit the chapter's own declaration are clang's error, never assumed away.
    @Test func aFunctionCalledWithOtherArguments() {
        let result = Self.last("function-called-with-other-arguments")
        #expect(result?.outcome == .fail, "\(explain("function-called-with-other-arguments"))")
        #expect(result?.assumed.isEmpty == true)
    }

    /// A function an earlier chapter declares is compiled with that declaration: a call that
    /// does not fit it is clang's error with its note at the declaring snippet, never assumed;
    /// a call that fits passes (the book's own declaration is no assumption).
    @Test func aFunctionAnEarlierChapterDeclares() {
        let results = Self.results("an-earlier-chapters-function")
        #expect(results.map(\.outcome) == [.fail, .pass], "\(results.map { "\($0.outcome) \($0.reason ?? "")" })")
        #expect(results.first?.reason?.contains("'Chime' is used otherwise than the book declares it") == true)
        let notes = results.first?.diagnostics.first { $0.severity == .error }?.notes.compactMap(\.location) ?? []
        #expect(notes.contains { $0.file == "content/en/function-called-with-other-arguments.md" && $0.line == 4 }, "\(notes)")
        #expect(results.allSatisfy { $0.assumed.isEmpty })
    }

    /// The same for a type: a member the earlier chapter's struct lacks is the mistake.
    @Test func aTypeAnEarlierChapterDeclares() {
        let results = Self.results("an-earlier-chapters-type")
        #expect(results.map(\.outcome) == [.fail, .pass], "\(results.map { "\($0.outcome) \($0.reason ?? "") \($0.diagnostics.map(\.message))" })")
        #expect(results.first?.reason?.contains("'Crate' is used otherwise than the book declares it") == true)
        #expect(results.first?.diagnostics.first { $0.severity == .error }?.notes.compactMap(\.location)
                == [SourceLocation(file: "content/en/a-type-of-its-own.md", line: 4)])
        #expect(results.allSatisfy { $0.assumed.isEmpty })
    }
}
