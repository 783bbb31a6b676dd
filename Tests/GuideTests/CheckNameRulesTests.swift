import GuideCheck
import Testing

/// The small judgements behind "never assume a real mistake", and the one reader of clang's
/// words (pure; the compiled cases are in CheckAssumptionTests).
struct CheckNameRulesTests {
    @Test func distancesCountSwapsAsOne() {
        #expect(NameRules.distance("NSStirng", "NSString") == 1)
        #expect(NameRules.distance("NSlog", "NSLog") == 1)
        #expect(NameRules.distance("setBut", "setbuf") == 2)
        #expect(NameRules.distance("", "abc") == 3)
    }

    @Test func aSlipIsOneLetterInALongEnoughName() {
        #expect(NameRules.isSlip("NSStirng", of: "NSString"))
        #expect(!NameRules.isSlip("err", of: "erf"))
        #expect(!NameRules.isSlip("myValue", of: "NSValue"))
    }

    @Test func aVariantIsAWordAddedOrAnUnderscore() {
        #expect(NameRules.isVariant("Photo_iPad", of: "Photo"))
        #expect(NameRules.isVariant("_title", of: "title"))
        #expect(NameRules.isVariant("UITableViewController", of: "UIViewController"))
        #expect(!NameRules.isVariant("finishedBlock", of: "finishBlock"))
        #expect(!NameRules.isVariant("completionHandler", of: "completionBlock"))
    }

    @Test func whichCorrectionsAreMistakes() {
        // To the book's own code: unless a variant.
        #expect(NameRules.correctionIsMistake(used: "completionHandler", corrected: "completionBlock", declaredByBookCode: true))
        #expect(!NameRules.correctionIsMistake(used: "Photo_iPad", corrected: "Photo", declaredByBookCode: true))
        // To the context header or the SDK: only a slip.
        #expect(NameRules.correctionIsMistake(used: "NSStirng", corrected: "NSString", declaredByBookCode: false))
        #expect(!NameRules.correctionIsMistake(used: "condition", corrected: "NSCondition", declaredByBookCode: false))
    }

    @Test func aCallThatLeavesOutAnArgument() {
        #expect(NameRules.leavesOutArguments("openTo:", declared: "openTo:animated:"))
        #expect(NameRules.leavesOutArguments("presentViewController:animated:", declared: "presentViewController:animated:completion:"))
        #expect(NameRules.leavesOutArguments("doSomethingWithData", declared: "doSomethingWithData:"))
        #expect(!NameRules.leavesOutArguments("tableView:heightForRowAtIndexPath:", declared: "tableView:didSelectRowAtIndexPath:"))
        #expect(!NameRules.leavesOutArguments("open", declared: "close"))
        #expect(!NameRules.leavesOutArguments("open:", declared: "open:"))
    }

    @Test func namesThatLookLikeMacrosAndTypes() {
        #expect(NameRules.isMacroName("ZOC_DESIGNATED_INITIALIZER") && NameRules.isMacroName("NS_ENUM"))
        #expect(!NameRules.isMacroName("ZOCEnumNone") && !NameRules.isMacroName("A") && !NameRules.isMacroName("__"))
        #expect(NameRules.isTypeLike("UIDevice") && !NameRules.isTypeLike("device"))
    }

    @Test func clangsMessagesAboutNames() {
        #expect(ClangNameMessage.read("use of undeclared identifier 'error'") == .undeclaredIdentifier("error"))
        #expect(ClangNameMessage.read("unknown type name 'OSStatus'") == .unknownTypeName("OSStatus"))
        #expect(ClangNameMessage.read("expected a type") == .expectedType)
        #expect(ClangNameMessage.read("no type or protocol named 'AspectToken'") == .unknownProtocol("AspectToken"))
        #expect(ClangNameMessage.read("cannot find protocol declaration for 'P'; did you mean 'Q'?") == .unknownProtocol("P"))
        #expect(ClangNameMessage.read("cannot find interface declaration for 'UITableViewController', superclass of 'Z'")
                == .unknownSuperclass("UITableViewController"))
        #expect(ClangNameMessage.read("cannot find interface declaration for 'ZOCEvent'") == .missingInterface("ZOCEvent"))
        #expect(ClangNameMessage.read("unknown receiver 'myValue'; did you mean 'NSValue'?") == .unknownReceiver("myValue"))
        #expect(ClangNameMessage.read("call to undeclared function 'f'; ISO C99 and later do not support implicit function declarations")
                == .undeclaredFunction("f"))
        #expect(ClangNameMessage.read("no known class method for selector 'isPad'") == .unknownClassMethod("isPad"))
        #expect(ClangNameMessage.read("no known instance method for selector 'send:'") == .unknownInstanceMethod("send:"))
        #expect(ClangNameMessage.read("no visible @interface for 'GuideContext' declares the selector 'viewDidAppear:'")
                == .unknownMethod(selector: "viewDidAppear:", className: "GuideContext"))
        #expect(ClangNameMessage.read("property 'name' not found on object of type 'ZOCPerson *'") == .unknownProperty("name", type: "ZOCPerson *"))
        #expect(ClangNameMessage.read("'ZOCEvent' cannot use 'super' because it is a root class") == .rootClassSuper("ZOCEvent"))
        #expect(ClangNameMessage.read("property 'titleLabel' cannot be found in forward class object 'UIButton'")
                == .forwardDeclaredReceiver("UIButton", property: "titleLabel"))
        #expect(ClangNameMessage.read("expected ';' after expression") == .expected)
        #expect(ClangNameMessage.read("void method 'x' should not return a value") == .other)
    }

    @Test func conversionsNameTheTypesInvolved() {
        #expect(ClangNameMessage.read("initializing 'CGFloat' (aka 'double') with an expression of incompatible type 'id'")
                == .conversion(from: "id", to: "CGFloat"))
        #expect(ClangNameMessage.read("incompatible pointer types sending 'NSError *__strong *' to parameter of type 'id'")
                == .conversion(from: "NSError *__strong *", to: "id"))
        #expect(ClangNameMessage.read("implicit conversion of an Objective-C pointer to 'SEL' is disallowed with ARC")
                == .conversion(from: nil, to: "SEL"))
        #expect(ClangNameMessage.read("statement requires expression of integer type ('id' invalid)") == .conversion(from: nil, to: "long"))
        #expect(ClangNameMessage.correction(in: "use of undeclared identifier 'finishBlock'; did you mean 'finishedBlock'?") == "finishedBlock")
        #expect(ClangNameMessage.parameter(inNote: "passing argument to parameter 'guide_x_0' here") == "guide_x_0")
    }

    @Test func statementsThatReturnAValue() {
        #expect(ReturnedValues.type(of: ["if (!error) return success;"]) == "id")
        #expect(ReturnedValues.type(of: ["if (x) return YES;\nreturn NO;"]) == "BOOL")
        #expect(ReturnedValues.type(of: ["return a > b;"]) == "BOOL")
        #expect(ReturnedValues.type(of: ["return 5;"]) == "long")
        #expect(ReturnedValues.type(of: ["dispatch_block_t b = ^{ return; };\n[self go];"]) == "void")
        #expect(ReturnedValues.type(of: ["id (^b)(void) = ^{ return self; };"]) == "void") // the block's own
        #expect(ReturnedValues.type(of: ["if (x) return;\nreturn y;"]) == "void") // clang says what is wrong
    }
}
