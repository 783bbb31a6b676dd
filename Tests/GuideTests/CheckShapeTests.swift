import GuideCheck
import GuideModel
import Testing

/// The classifier and the wrapper: each shape, and the text clang gets for it.
struct CheckShapeTests {
    @Test(arguments: [
        ("@interface A : NSObject\n@end", SnippetShape.fileScope),
        ("@class A;\n\n@protocol P <NSObject>\n- (void)x;\n@end", .fileScope),
        ("#define FOO 1", .fileScope),
        ("#import <Foundation/Foundation.h>\n@interface A : NSObject\n@end", .fileScope),
        ("typedef void (^Handler)(void);", .fileScope),
        ("static NSString * const kKey = @\"k\";", .fileScope),
        ("void ZOCLog(NSString *text) {\n    NSLog(@\"%@\", text);\n}", .fileScope),
        ("- (void)tableView:(UITableView *)t didSelectRowAtIndexPath:(NSIndexPath *)i;\n- (void)x;", .methodDeclarations),
        ("@property (nonatomic, copy) NSString *name;", .methodDeclarations),
        ("\n- (CGFloat)height {\n    return 1;\n}\n", .methodDefinitions),
        ("// a comment first\n+ (instancetype)make { return nil; }", .methodDefinitions),
        ("__weak __typeof(self) weakSelf = self;\n[self foo];", .statements),
        ("MyViewController *c = [[MyViewController alloc] init];", .statements),
        ("if ([self.delegate respondsToSelector:@selector(x)]) {\n    [self.delegate x];\n}", .statements),
        ("self.block = ^{\n    NSLog(@\"%@\", self);\n}", .statements),
        ("[super respondsToSelector:@selector(tableView:heightForRowAtIndexPath:)]", .expression),
        ("Capturing 'self' strongly in this block is likely to lead to a retain cycle", .text),
        ("Capturing 'self' strongly in this block is likely to lead to a retain cycle （块里强持有了 `self`）", .text),
        ("*** Terminating app due to uncaught exception 'NSInvalidArgumentException'", .text),
        ("2014-01-01 12:00:00.000 App[1:2] hello", .text),
        // A comment line beside the message (a marker, a source) leaves it text.
        ("Capturing 'self' strongly in this block is likely to lead to a retain cycle\n// as clang words it", .text),
        ("Reading a weak pointer twice may give two answers, keep a strong one.\n// the compiler", .text),
        ("// the call\nreturn YES", .statements),
    ])
    func classifies(_ code: String, _ shape: SnippetShape) {
        #expect(ShapeClassifier.classify(code) == shape)
    }

    @Test func shortCodeIsNotText() {
        #expect(ShapeClassifier.classify("foo") == .statements)
        #expect(!ShapeClassifier.looksLikeText("return YES"))
        #expect(!ShapeClassifier.looksLikeText("x = y"))
    }

    private func part(_ code: String, _ shape: SnippetShape, line: Int = 12) -> SnippetPart {
        SnippetPart(code: code, shape: shape, file: "content/en/a.md", firstLine: line)
    }

    @Test func fileScopeIsWrittenAsItIs() {
        let unit = SnippetWrapper.wrap([part("@interface A : NSObject\n@end", .fileScope)])
        #expect(unit.text.contains("#line 12 \"content/en/a.md\"\n@interface A : NSObject\n@end\n#line 1 \"<snippet wrapper>\""))
        #expect(!unit.text.contains("@implementation"))
        #expect(unit.regions.first?.lines == 12...13)
    }

    @Test func declarationsGoInACategoryOfTheContextClass() {
        let unit = SnippetWrapper.wrap([part("- (void)x;", .methodDeclarations)])
        #expect(unit.text.contains("@interface GuideSnippet : GUIDE_SNIPPET_SUPERCLASS\n@end\n@interface GuideSnippet (GuideSnippet)\n#line 12 \"content/en/a.md\"\n- (void)x;\n#line 1 \"<snippet wrapper>\"\n@end"))
        #expect(!unit.text.contains("@implementation"))
        #expect(unit.text.contains("#define GUIDE_SNIPPET_SUPERCLASS NSObject"))
    }

    @Test func optionalAndRequiredDeclarationsGoInAProtocol() {
        let unit = SnippetWrapper.wrap([part("@optional\n- (void)x;", .methodDeclarations)])
        #expect(unit.text.contains("@protocol GuideSnippetProtocol <NSObject>\n#line 12 \"content/en/a.md\"\n@optional"))
    }

    @Test func definitionsGoInAnImplementation() {
        let unit = SnippetWrapper.wrap([part("- (void)x {\n}", .methodDefinitions)],
                                       context: WrapperContext(className: "B", superclass: "A"))
        #expect(unit.text.contains("@interface B : A\n@end\n@implementation B\n#line 12 \"content/en/a.md\"\n- (void)x {\n}\n#line 1 \"<snippet wrapper>\"\n@end"))
    }

    @Test func aClassWithoutSuperclassIsDeclaredElsewhere() {
        let unit = SnippetWrapper.wrap([part("- (void)x {\n}", .methodDefinitions)], context: WrapperContext(className: "B"))
        #expect(!unit.text.contains("@interface B"))
        #expect(unit.text.contains("@implementation B\n"))
    }

    @Test func statementsGoInAMethodBody() {
        let unit = SnippetWrapper.wrap([part("[self foo];", .statements)])
        #expect(unit.text.contains("@implementation GuideSnippet\n- (void)guideSnippet {\n#line 12 \"content/en/a.md\"\n[self foo];\n#line 1 \"<snippet wrapper>\"\n}\n@end"))
        #expect(unit.text.contains("#pragma clang diagnostic ignored \"-Wunused-variable\""))
    }

    @Test func aMissingSemicolonAfterTheLastStatementIsNotPatched() {
        let unit = SnippetWrapper.wrap([part("self.block = ^{\n}", .statements)])
        #expect(unit.text.contains("self.block = ^{\n}\n#line 1 \"<snippet wrapper>\"\n}\n@end"))
    }

    @Test func anExpressionIsEvaluated() {
        let unit = SnippetWrapper.wrap([part("[super description]", .expression)])
        #expect(unit.text.contains("(void)(\n#line 12 \"content/en/a.md\"\n[super description]\n#line 1 \"<snippet wrapper>\"\n);"))
    }

    @Test func setupLinesKeepTheirMarkdownLines() {
        var first = part("[self foo];", .statements)
        first.setup = [Annotation.SetupLine(code: "@class Z;", line: 10, column: 7)]
        first.setupFile = "content/en/a.md"
        let unit = SnippetWrapper.wrap([first])
        #expect(unit.text.contains("#line 10 \"content/en/a.md\"\n@class Z;\n"))
        #expect(unit.regions.contains { $0.kind == .setup(part: 0) && $0.lines == 10...10 && $0.indent[10] == 7 })
    }

    @Test func continuedSnippetsShareTheUnit() {
        let unit = SnippetWrapper.wrap([part("@interface A : NSObject\n@end", .fileScope, line: 3),
                                        part("A *a = nil;", .statements, line: 9),
                                        part("[a description];", .statements, line: 20)])
        let text = unit.text
        let declaration = text.range(of: "@interface A : NSObject")!.lowerBound
        let first = text.range(of: "A *a = nil;")!.lowerBound
        let second = text.range(of: "[a description];")!.lowerBound
        #expect(declaration < first && first < second)
        #expect(text.components(separatedBy: "- (void)guideSnippet {").count == 2) // one body for both
        #expect(unit.regions.map(\.kind) == [.code(part: 0), .code(part: 1), .code(part: 2)])
    }

    @Test func pathsAreQuotedForLineDirectives() {
        let unit = SnippetWrapper.wrap([SnippetPart(code: "int x;", shape: .fileScope, file: "a \"b\"\\c.md", firstLine: 2)])
        #expect(unit.text.contains("#line 2 \"a \\\"b\\\"\\\\c.md\""))
    }

    @Test func elisionBlanksDotsOutsideCommentsAndStrings() {
        let code = "id c = [[C alloc] init...];\n...\n// Probably nothing...\nNSLog(@\"...\");"
        let elided = CodeScanner.elide(code)
        #expect(elided == "id c = [[C alloc] init   ];\n   \n// Probably nothing...\nNSLog(@\"...\");")
        #expect(elided.utf8.count == code.utf8.count)
    }
}
