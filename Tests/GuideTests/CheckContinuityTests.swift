@testable import GuideCheck
import GuideModel
import Testing

/// Reading fragments: elisions, what a snippet declares, and what the chapter's earlier
/// snippets give a later one (pure; the compiled results are in CheckAssumptionTests).
struct CheckContinuityTests {
    // MARK: Elisions

    @Test func anElisionInsideAMessageIsBlanked() {
        let result = Elision.apply("Foo *foo = [[Foo alloc] init...];")
        #expect(result.code == "Foo *foo = [[Foo alloc] init   ];")
        #expect(result.closers == 0 && result.elided)
    }

    @Test func aVariadicParameterListKeepsItsDots() {
        for code in ["void logAll(NSString *format, ...);", "- (void)log:(NSString *)format, ...;"] {
            let result = Elision.apply(code)
            #expect(result.code == code && !result.elided)
        }
    }

    @Test func aBodyLeftOutClosesItsBraces() {
        let result = Elision.apply("if (a) { ...\nif (b) { ... // why\nx = 1;")
        #expect(result.closers == 2)
        #expect(!result.code.contains("..."))
        #expect(result.code.contains("// why")) // comments stay
    }

    @Test func anUnclosedBraceWithoutAnElisionStaysAMistake() {
        let result = Elision.apply("if (a) {\n    x = 1;\n...")
        #expect(result.closers == 0)
    }

    @Test func dotsInCommentsAndStringsAreText() {
        let code = "NSLog(@\"wait...\"); // and so on..."
        #expect(Elision.apply(code).code == code)
    }

    /// Code without three dots in a row is returned as it is, untokenized; two dots, or dots
    /// apart, are no elision either (the tokenized path says the same).
    @Test func codeWithoutThreeDotsIsNotElided() {
        for code in ["x = a.b.c;", "float f = 1.; f = .5;", "NSLog(@\"..\"); // ..", "", "…"] {
            #expect(!Elision.hasDots(code))
            #expect(Elision.apply(code) == Elision.Result(code: code, closers: 0, elided: false), "\(code)")
        }
        #expect(Elision.hasDots("a ... b") && Elision.hasDots("...") && Elision.hasDots("x.... y"))
    }

    /// A unit's shape (what two units that share a compile have in common) blanks the places of
    /// its `#line` directives only, line by line, as splitting it into lines of characters did.
    @Test func aUnitsShapeBlanksOnlyItsLinePlaces() {
        func reference(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("#line ") ? "#line\n" : $0 + "\n" }.joined()
        }
        for text in ["#line 12 \"en/a.md\"\nint x;\n#line 14 \"en/a.md\"\n  #line 3\n", "", "\n\n", "#line",
                     "#line 1 \"zh/章.md\"\n// 中文注释 #line 9\nNSString *s = @\"é\";", "a\n#line 2 \"x\""] {
            #expect(SharedCompiles.shape(WrappedUnit(text: text, regions: [])) == reference(text), "\(text)")
        }
    }

    // MARK: Declarations

    @Test func readsWhatAFileScopeSnippetDeclares() {
        let code = """
            #define ABC_LIMIT 3
            @class Door, Key;
            @protocol Opening;
            typedef NS_ENUM(NSInteger, DoorState) {
                DoorStateOpen,
                DoorStateShut = 4,
            };
            typedef void (^DoorHandler)(BOOL opened);
            static NSString * const DoorDidOpen = @"DoorDidOpen";
            extern NSTimeInterval DoorDelay;
            BOOL DoorIsOpen(Door *door);
            NSString *DoorName(Door *door) {
                return @"door";
            }
            @protocol Lockable <NSObject>
            - (BOOL)lockWithKey:(Key *)key error:(NSError **)error;
            @end
            @interface Door : NSObject <Lockable>
            @property (nonatomic, copy) void (^onOpen)(void);
            @property (nonatomic, weak) id<Opening> opener;
            + (instancetype)doorNamed:(NSString *)name;
            @end
            @interface Door (Painting)
            - (void)paint;
            @end
            """
        let found = DeclarationReader.fileScope(code)
        func has(_ kind: Declaration.Kind, _ name: String, owner: String? = nil) -> Bool {
            found.contains { $0.kind == kind && $0.name == name && $0.owner == owner }
        }
        #expect(has(.macro, "ABC_LIMIT"))
        #expect(has(.forwardClass, "Door") && has(.forwardClass, "Key") && has(.forwardProtocol, "Opening"))
        #expect(has(.type, "DoorState") && has(.enumConstant, "DoorStateOpen") && has(.enumConstant, "DoorStateShut"))
        #expect(has(.type, "DoorHandler"))
        #expect(has(.variable, "DoorDidOpen") && has(.variable, "DoorDelay"))
        #expect(has(.function, "DoorIsOpen") && has(.function, "DoorName"))
        #expect(found.first { $0.name == "DoorName" }?.synthesized == "NSString *DoorName(Door *door);")
        #expect(has(.protocolDefinition, "Lockable") && has(.method(instance: true), "lockWithKey:error:", owner: "Lockable"))
        #expect(has(.classInterface(superclass: "NSObject"), "Door"))
        #expect(has(.property, "onOpen", owner: "Door") && has(.property, "opener", owner: "Door"))
        #expect(has(.method(instance: false), "doorNamed:", owner: "Door"))
        #expect(has(.category("Painting"), "Door") && has(.method(instance: true), "paint", owner: "Door"))
    }

    @Test func anInterfaceWithoutItsEndIsNeverCopied() {
        let found = DeclarationReader.fileScope("@protocol Lockable <NSObject>\n\n@interface Door : NSObject\n@end")
        #expect(found.contains { $0.name == "Lockable" && !$0.complete })
        #expect(found.contains { $0.name == "Door" && $0.complete })
    }

    @Test func anImplementationDeclaresItsMethods() {
        let found = DeclarationReader.fileScope("""
            @implementation Door
            - (void)open {
                if (x) { [self close]; }
            }
            + (instancetype)doorWithKey:(id)key
            {
                return nil;
            }
            @end
            """)
        #expect(found.contains { $0.kind == .implementation && $0.name == "Door" })
        #expect(found.first { $0.name == "open" }?.synthesized == "- (void)open;")
        #expect(found.first { $0.name == "doorWithKey:" }?.synthesized == "+ (instancetype)doorWithKey:(id)key;")
        #expect(!found.contains { $0.name == "close" })
    }

    @Test func readsTheMembersOfAMethodShapedSnippet() {
        let found = DeclarationReader.members("""
            @property (nonatomic) BOOL open;
            - (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath;
            - (void)sendAction:(SEL)action :(id)target;
            - (CGFloat)height {
                return [self width] * 2;
            }
            """)
        #expect(found.map(\.name) == ["open", "tableView:didSelectRowAtIndexPath:", "sendAction::", "height"])
    }

    // MARK: Chapter context

    private func snippet(_ code: String, line: Int, shape: SnippetShape = .fileScope) -> ChapterSnippetDeclarations {
        ChapterSnippetDeclarations(code: code, file: "content/en/a.md", firstLine: line, shape: shape)
    }

    @Test func aSnippetGetsTheEarlierDeclarations() {
        let earlier = [snippet("@interface Door : NSObject\n- (void)open;\n@end", line: 3),
                       snippet("#define DOOR_COUNT 2\nstatic const CGFloat DoorWidth = 1;", line: 10)]
        let prelude = ChapterContext.prelude(earlier: earlier, current: [snippet("[door open];", line: 20, shape: .statements)],
                                             wrapperClass: nil)
        #expect(prelude.map(\.code) == ["@class Door;", "@interface Door : NSObject\n- (void)open;\n@end",
                                        "#define DOOR_COUNT 2", "static const CGFloat DoorWidth = 1;"])
        #expect(prelude[1].line == 3 && prelude[3].line == 11)
    }

    @Test func earlierDeclarationsComeWithoutTheirComments() {
        // A translation whose comments are translated gets the same declarations as its source.
        let english = snippet("@interface Door : NSObject // a door\n- (void)open; /* opens */\n@end", line: 3)
        let chinese = snippet("@interface Door : NSObject // 门\n- (void)open; /* 开门 */\n@end", line: 5)
        let current = [snippet("[door open];", line: 20, shape: .statements)]
        let fromEnglish = ChapterContext.prelude(earlier: [english], current: current, wrapperClass: nil)
        let fromChinese = ChapterContext.prelude(earlier: [chinese], current: current, wrapperClass: nil)
        #expect(fromEnglish.map(\.code) == fromChinese.map(\.code))
        #expect(fromEnglish.last?.code == "@interface Door : NSObject\n- (void)open;\n@end")
    }

    @Test func aClassShownAgainReplacesTheEarlierOne() {
        let earlier = [snippet("@interface Door : NSObject\n@end\n@interface Door (Paint)\n- (void)paint;\n@end", line: 3),
                       snippet("@interface Key : NSObject\n@end", line: 9),
                       snippet("@interface Key : NSObject\n- (void)turn;\n@end", line: 14)]
        let current = snippet("@interface Door : NSObject\n- (void)open;\n@end", line: 20)
        let prelude = ChapterContext.prelude(earlier: earlier, current: [current], wrapperClass: nil)
        // The snippet's own Door (and its categories go with the old one); the later Key.
        #expect(prelude.map(\.code) == ["@class Key;", "@interface Key : NSObject\n- (void)turn;\n@end"])
    }

    @Test func anInterfaceLineAloneAddsItsProtocols() {
        // `@interface A : B <P>` alone shows what the class adopts, not the class again.
        let earlier = [snippet("@interface Door : NSObject\n- (void)open;\n@end", line: 3),
                       snippet("@protocol Lockable <NSObject>\n@end", line: 8),
                       snippet("@interface Door : NSObject <Lockable>", line: 12)]
        let prelude = ChapterContext.prelude(earlier: earlier, current: [snippet("[door open];", line: 20, shape: .statements)],
                                             wrapperClass: nil)
        #expect(prelude.map(\.code) == ["@class Door;\n@protocol Lockable;", "@interface Door : NSObject\n- (void)open;\n@end",
                                        "@protocol Lockable <NSObject>\n@end", "@interface Door (GuideChapter) <Lockable>\n@end"])
        // Alone in the chapter, it is the class.
        let alone = ChapterContext.prelude(earlier: [earlier[1], earlier[2]], current: [], wrapperClass: nil)
        #expect(alone.last?.code == "@interface Door : NSObject <Lockable>\n@end")
    }

    @Test func aNameDeclaredAgainLeavesTheEarlierOut() {
        let earlier = [snippet("static NSString * const DoorKey = @\"door\";\ntypedef long DoorSize;", line: 3)]
        let prelude = ChapterContext.prelude(earlier: earlier,
                                             current: [snippet("extern NSString * const DoorKey;", line: 9)], wrapperClass: nil)
        #expect(prelude.map(\.code) == ["typedef long DoorSize;"])
    }

    @Test func methodsOfMethodShapedSnippetsGoToTheWrapperClass() {
        let earlier = [snippet("- (void)open;\n- (void)close;", line: 3, shape: .methodDeclarations),
                       snippet("- (BOOL)isOpen {\n    return YES;\n}", line: 8, shape: .methodDefinitions)]
        let current = snippet("- (void)close {\n}", line: 20, shape: .methodDefinitions)
        let prelude = ChapterContext.prelude(earlier: earlier, current: [current], wrapperClass: nil)
        #expect(prelude.map(\.code) == ["- (void)open;", "- (BOOL)isOpen;"])
        #expect(prelude.allSatisfy { $0.wrapperMember })
        let unit = SnippetWrapper.wrap([SnippetPart(code: current.code, shape: .methodDefinitions, file: current.file,
                                                    firstLine: 20)], context: WrapperContext(prelude: prelude))
        #expect(unit.text.contains("@interface GuideSnippet (GuideChapter)\n#line 3 \"content/en/a.md\"\n- (void)open;"))
    }

    @Test func anImplementationsMethodsAreDeclaredInACategory() {
        let earlier = [snippet("@interface Door : NSObject\n@end", line: 3),
                       snippet("@implementation Door\n- (void)open {\n}\n@end", line: 8)]
        let prelude = ChapterContext.prelude(earlier: earlier, current: [snippet("[door open];", line: 20, shape: .statements)],
                                             wrapperClass: nil)
        #expect(prelude.last?.code == "@interface Door (GuideChapter)\n- (void)open;\n@end")
    }

    @Test func theWrapperClosesWhatAnElisionLeftOpen() {
        let elided = Elision.apply("if (a) { ...")
        let unit = SnippetWrapper.wrap([SnippetPart(code: elided.code, shape: .statements, file: "content/en/a.md",
                                                    firstLine: 4, closers: elided.closers)])
        #expect(unit.text.contains("#line 4 \"content/en/a.md\"\nif (a) {    \n#line 1 \"<snippet wrapper>\"\n}\n#line 1 \"<snippet wrapper>\"\n}"))
    }
}
