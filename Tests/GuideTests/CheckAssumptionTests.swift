import Foundation
import GuideCheck
import GuideModel
import GuideParse
import Testing

/// Reading fragments with the real clang (Debian's GNUstep): each kind of name guide assumes,
/// and each kind of real mistake it must never assume away. Every scenario is a chapter of its
/// own in one book, checked once.
struct CheckAssumptionTests {
    /// Chapter name → its snippets' code, in order.
    static let scenarios: [(String, [String])] = [
        // Assumed: free variables, and statements that return a value.
        ("variables", ["if (!failure) {\n    return outcome;\n}"]),
        ("variables-again", ["NSLog(@\"%@\", failure);"]),
        ("class-type", ["Gadget *gadget = nil;\nNSLog(@\"%@\", gadget);"]),
        ("class-receiver", ["id thing = [Gizmo sharedGizmo];"]),
        ("method-on-self", ["[self reloadEverything];\n[self loadPage:3 animated:YES];"]),
        ("method-out-parameter", ["NSError *problem = nil;\nif (![self saveWithError:&problem]) {\n    NSLog(@\"%@\", problem);\n}"]),
        ("property", ["self.spinner = nil;\nif (visitor.isWelcome) {\n}"]),
        ("protocol", ["id<Pluggable> plug = nil;\n[plug plugIn];"]),
        ("scalar-type", ["- (void)waitFor:(Seconds)delay;"]),
        ("function", ["ResetCounters(3);"]),
        ("enum-constant", ["switch (mode) {\n    case ModeFast:\n        break;\n    default:\n        break;\n}"]),
        ("macro", ["@interface Lamp : NSObject\n- (void)glow LAMP_DEPRECATED(\"use shine\");\n@end"]),
        ("implementation", ["@implementation Engine\n- (instancetype)init {\n    if ((self = [super init])) {\n        _speed = 0;\n    }\n    return self;\n}\n@end"]),
        ("typed-from-use", ["CGFloat width = [self measuredWidth];\nSEL action = chosenAction;\n[self performSelector:action];"]),
        // Read, not assumed: the chapter's earlier snippets, elisions.
        ("continuity", ["@interface Door : NSObject\n- (void)open;\n@end", "Door *door = [Door new];\n[door open];"]),
        ("elision", ["NSString *name = [[NSString alloc] init...];\nif (name.length) { ..."]),
        // Real mistakes.
        ("typo-of-a-local", ["void (^finishedBlock)(void) = ^{};\nid handler = finishBlock;"]),
        ("slip-of-an-sdk-name", ["NSStirng *title = @\"x\";\nNSLog(@\"%@\", title);"]),
        ("block-parameter-outside", ["- (void)fetch:(void (^)(NSArray *rows))done {\n    if (rows) {\n    }\n}"]),
        ("declared-later", ["Lantern *lantern = nil;\n[lantern self];", "@interface Lantern : NSObject\n@end"]),
        ("argument-left-out", ["@interface Valve : NSObject\n- (void)openTo:(NSInteger)percent animated:(BOOL)animated;\n@end",
                               "Valve *valve = [Valve new];\n[valve openTo:50];"]),
        ("not-a-missing-name", ["NSString *label = caption\nNSLog(@\"%@\", label);"]),
        ("void-returns-a-value", ["- (void)giveMeTen {\n    return 10;\n}"]),
        ("renamed-variable", ["- (BOOL)isReady {\n    BOOL engineReady = [self checkEngine];\n    return isEngineReady;\n}"]),
        // Strict: nothing assumed.
        ("strict-annotation", ["<!-- snippet: strict -->\n", "if (!failure) {\n}"]),
    ]

    static let report = CheckFixtures.checkedScenarios(scenarios)

    static func results(_ chapter: String) -> [SnippetResult] {
        report.results.filter { $0.chapterPath == chapter + ".md" }
    }

    static func last(_ chapter: String) -> SnippetResult? { results(chapter).last }

    private func assumed(_ chapter: String) -> [String] {
        (Self.last(chapter)?.assumed ?? []).map(\.label)
    }

    private func explain(_ chapter: String) -> String {
        guard let result = Self.last(chapter) else { return "no result" }
        return "\(result.outcome) \(result.reason ?? "") " + result.diagnostics.map(\.message).joined(separator: " | ")
    }

    // MARK: Each kind of assumption

    @Test func freeVariablesInStatementsThatReturn() {
        #expect(Self.last("variables")?.outcome == .assumed, "\(explain("variables"))")
        #expect(assumed("variables") == ["failure", "outcome"])
        #expect(Self.last("variables")?.assumed.map(\.declaration) == ["extern id failure;", "extern id outcome;"])
    }

    @Test func aTypeOnlyPointedToIsAForwardClass() {
        #expect(Self.last("class-type")?.outcome == .assumed, "\(explain("class-type"))")
        #expect(Self.last("class-type")?.assumed.map(\.declaration) == ["@class Gadget;"])
    }

    @Test func aReceiverIsAClassWithItsClassMethods() {
        #expect(Self.last("class-receiver")?.outcome == .assumed, "\(explain("class-receiver"))")
        #expect(assumed("class-receiver") == ["Gizmo", "+[Gizmo sharedGizmo]"])
    }

    @Test func methodsSentToSelfTakeTheirArgumentsTypes() {
        let result = Self.last("method-on-self")
        #expect(result?.outcome == .assumed, "\(explain("method-on-self"))")
        #expect(result?.assumed.map(\.declaration).sorted()
                == ["- (id)loadPage:(long)arg1 animated:(BOOL)arg2;", "- (id)reloadEverything;"])
    }

    @Test func anOutParameterIsAPointerToTheVariablesType() {
        #expect(Self.last("method-out-parameter")?.outcome == .assumed, "\(explain("method-out-parameter"))")
        #expect(Self.last("method-out-parameter")?.assumed.map(\.declaration) == ["- (id)saveWithError:(NSError **)arg1;"])
    }

    @Test func propertiesAndVariablesWithProperties() {
        #expect(Self.last("property")?.outcome == .assumed, "\(explain("property"))")
        #expect(Set(assumed("property")) == ["visitor", ".isWelcome", ".spinner"])
        #expect(Self.last("property")?.assumed.first { $0.name == "visitor" }?.declaration == "extern NSObject *visitor;")
    }

    @Test func aProtocolAndWhatItsObjectsAreSent() {
        #expect(Self.last("protocol")?.outcome == .assumed, "\(explain("protocol"))")
        #expect(assumed("protocol") == ["Pluggable", "-plugIn"])
    }

    @Test func aTypeWithoutAPointerIsAScalar() {
        #expect(Self.last("scalar-type")?.outcome == .assumed, "\(explain("scalar-type"))")
        #expect(Self.last("scalar-type")?.assumed.map(\.declaration) == ["typedef long Seconds;"])
    }

    @Test func aCallToNothingDeclaredIsAFunction() {
        #expect(Self.last("function")?.outcome == .assumed, "\(explain("function"))")
        #expect(Self.last("function")?.assumed.map(\.declaration) == ["id ResetCounters();"])
    }

    @Test func aCaseLabelIsAnEnumConstant() {
        #expect(Self.last("enum-constant")?.outcome == .assumed, "\(explain("enum-constant"))")
        #expect(Self.last("enum-constant")?.assumed.map(\.declaration) == ["enum { ModeFast };", "extern long mode;"])
    }

    @Test func capitalsWhereClangExpectedSomethingElseAreAMacro() {
        #expect(Self.last("macro")?.outcome == .assumed, "\(explain("macro"))")
        #expect(Self.last("macro")?.assumed.map(\.declaration) == ["#define LAMP_DEPRECATED(...)"])
    }

    @Test func anImplementationWithoutItsInterface() {
        #expect(Self.last("implementation")?.outcome == .assumed, "\(explain("implementation"))")
        #expect(assumed("implementation") == ["Engine", "_speed"])
    }

    @Test func aGuessedTypeIsCorrectedByWhatClangNeeds() {
        let result = Self.last("typed-from-use")
        #expect(result?.outcome == .assumed, "\(explain("typed-from-use"))")
        #expect(Set(result?.assumed.map(\.declaration) ?? [])
                == ["extern SEL chosenAction;", "- (CGFloat)measuredWidth;"])
    }

    // MARK: Read, not assumed

    @Test func aSnippetCompilesWithTheChaptersEarlierDeclarations() {
        #expect(Self.results("continuity").map(\.outcome) == [.pass, .pass], "\(explain("continuity"))")
    }

    @Test func elisionsAreCodeLeftOut() {
        #expect(Self.last("elision")?.outcome == .pass, "\(explain("elision"))")
    }

    // MARK: Real mistakes stay failures

    @Test func aCorrectionToANameTheSnippetDeclares() {
        #expect(Self.last("typo-of-a-local")?.outcome == .fail, "\(explain("typo-of-a-local"))")
        #expect(Self.last("typo-of-a-local")?.diagnostics.first?.message.contains("did you mean 'finishedBlock'") == true)
    }

    @Test func aSlipInAnSDKName() {
        #expect(Self.last("slip-of-an-sdk-name")?.outcome == .fail, "\(explain("slip-of-an-sdk-name"))")
    }

    @Test func aBlocksParameterUsedOutsideTheBlock() {
        #expect(Self.last("block-parameter-outside")?.outcome == .fail, "\(explain("block-parameter-outside"))")
        #expect(Self.last("block-parameter-outside")?.reason?.contains("'rows' is declared in the snippet") == true)
    }

    @Test func aNameTheChapterDeclaresLater() {
        #expect(Self.results("declared-later").map(\.outcome) == [.fail, .pass], "\(explain("declared-later"))")
        #expect(Self.results("declared-later").first?.reason?.contains("declared later in the chapter") == true)
    }

    @Test func aCallThatLeavesOutAnArgument() {
        #expect(Self.last("argument-left-out")?.outcome == .fail, "\(explain("argument-left-out"))")
        #expect(Self.last("argument-left-out")?.reason?.contains("'openTo:animated:'") == true)
    }

    @Test func anErrorThatIsNotAMissingNameKeepsEveryDiagnostic() {
        let result = Self.last("not-a-missing-name")
        #expect(result?.outcome == .fail, "\(explain("not-a-missing-name"))")
        #expect(result?.assumed.isEmpty == true)
        #expect(result?.diagnostics.contains { $0.message.contains("undeclared identifier 'caption'") } == true)
    }

    @Test func aVoidMethodThatReturnsAValue() {
        #expect(Self.last("void-returns-a-value")?.outcome == .fail, "\(explain("void-returns-a-value"))")
    }

    @Test func aVariableRenamedHalfway() {
        #expect(Self.last("renamed-variable")?.outcome == .fail, "\(explain("renamed-variable"))")
        #expect(Self.last("renamed-variable")?.reason?.contains("'engineReady'") == true)
    }

    // MARK: Strict

    @Test func theStrictAnnotationAssumesNothing() {
        #expect(Self.last("strict-annotation")?.outcome == .fail, "\(explain("strict-annotation"))")
    }

    @Test func theDraftOfTheContextHeaderHasEachDeclarationOnce() {
        let draft = ContextDraft.draft(Self.report.results)
        #expect(draft.contains("@class Gadget;"))
        #expect(draft.contains("@interface Gizmo : NSObject\n@end"))
        #expect(draft.contains("@interface Gizmo (GuideAssumed)\n+ (id)sharedGizmo;\n@end"))
        #expect(draft.contains("@protocol Pluggable <NSObject>\n@end"))
        #expect(draft.contains("typedef long Seconds;"))
        #expect(draft.contains("#define LAMP_DEPRECATED(...)"))
        #expect(draft.contains("- (id)loadPage:(long)arg1 animated:(BOOL)arg2;"))
        #expect(draft.contains("extern id failure;") && draft.contains("id ResetCounters();"))
        // Two chapters assumed `failure` (the strict snippet did not): drafted once.
        #expect(Self.last("variables-again")?.outcome == .assumed)
        #expect(draft.components(separatedBy: "extern id failure;").count == 2)
        #expect(ContextDraft.draft([]).isEmpty)
    }

    @Test func assumptionNeedsAFewCompilesAtMost() {
        // Every scenario's snippets, with the rounds they took: never more than 1 + maximumRounds each.
        #expect(Self.report.compiled <= Self.report.results.count * 5)
    }
}
