import Foundation
import GuideMerge
import GuideModel
import GuideParse
import Testing

/// The aligner on small hand-made chapter pairs, one bead type at a time.
@Suite struct AlignerTests {
    let parser = MarkdownParser()

    func align(_ english: String, _ chinese: String) -> [Bead] {
        Aligner().align(parser.parse(english), parser.parse(chinese))
    }

    /// Beads as "source indexes:target indexes" strings, e.g. "0:0", "1:-", "-:2", "2:3,4".
    func shapes(_ beads: [Bead]) -> [String] {
        beads.map { bead in
            let side = { (indexes: [Int]) in indexes.isEmpty ? "-" : indexes.map(String.init).joined(separator: ",") }
            return side(bead.source) + ":" + side(bead.target)
        }
    }

    static let english = """
        # Blocks

        Blocks are the Objective-C version of well-known constructs called lambdas or closures available in other languages.

        They are a great way to design asynchronous APIs as so:

        ```objective-c
        - (void)downloadObjectsAtPath:(NSString *)path
                           completion:(void(^)(NSArray *objects, NSError *error))completion;
        ```

        Try to declare methods to take no more than one block and always make the blocks be the last arguments.
        """

    static let chinese = """
        # 代码块

        block 是众所周知的其他语言用的 lambda 或者 closure（闭包）的结构的 Objective-C 版本。

        这是用来设计异步 API 的好方法：

        ```objective-c
        - (void)downloadObjectsAtPath:(NSString *)path
                           completion:(void(^)(NSArray *objects, NSError *error))completion;
        ```

        尽量不要声明超过一个的 block，并且让 block 成为最后一个参数。
        """

    @Test func oneToOne() {
        #expect(shapes(align(Self.english, Self.chinese)) == ["0:0", "1:1", "2:2", "3:3", "4:4"])
    }

    @Test func untranslatedEnglishIsOneToNothing() {
        let english = Self.english.replacingOccurrences(of: "They are a great way", with: """
            Moreover, as for synchronous methods, some of Apple's APIs write garbage values to the error parameter in successful cases, so checking the error can cause false positives.

            They are a great way
            """)
        #expect(shapes(align(english, Self.chinese)) == ["0:0", "1:1", "2:-", "3:2", "4:3", "5:4"])
    }

    @Test func translatorsNoteIsNothingToOne() {
        let chinese = Self.chinese.replacingOccurrences(of: "这是用来设计异步 API 的好方法：", with: """
            （译者注：lambda 和闭包在这里指同一个东西，下文统一称为代码块。）

            这是用来设计异步 API 的好方法：
            """)
        #expect(shapes(align(Self.english, chinese)) == ["0:0", "1:1", "-:2", "2:3", "3:4", "4:5"])
    }

    @Test func paragraphSplitInTwoIsOneToTwo() {
        let english = """
            # Protocols

            In Objective-C the latter case is achieved by using protocols. For historical reasons, protocols are not so much used in Objective-C code and in general by the community.
            The concept of abstract interface is very powerful, has roots in the computer science history and there are no reasons to pretend it can't be used in Objective-C.

            The requirement is straightforward: presenting a remote RSS feed in a table view.
            """
        let chinese = """
            # 协议

            在 Objective-C 里通过 protocol 来实现它的。因为历史原因，protocol 并没有在 Objective-C 社区里面广泛使用。

            但是抽象接口的概念很有力量，它计算机科学的历史中就有起源，没有理由不在 Objective-C 中使用。

            要求很简单明了：把一个远程的 RSS 订阅展示在一个 tableview 中。
            """
        #expect(shapes(align(english, chinese)) == ["0:0", "1:1,2", "2:3"])
    }

    @Test func twoParagraphsJoinedIsTwoToOne() {
        let english = """
            # Lazy Loading

            There are cases when instantiating an object can be expensive and should be done only once, in the `init` of the class.

            In this case, instead of allocating the object in the `init`, it can be done lazily in the getter of the property.

            ```objective-c
            - (NSDateFormatter *)dateFormatter {
                return _dateFormatter;
            }
            ```
            """
        let chinese = """
            # 懒加载

            当实例化一个对象需要耗费很多资源，而且只需要在类的 `init` 里配置一次的时候，可以不在 `init` 里分配这个对象，而是在属性的 getter 里延迟地创建它。

            ```objective-c
            - (NSDateFormatter *)dateFormatter {
                return _dateFormatter;
            }
            ```
            """
        #expect(shapes(align(english, chinese)) == ["0:0", "1,2:1", "3:2"])
    }

    @Test func identicalCodeBlocksPairEvenAcrossMissingProse() {
        // The Chinese drops a paragraph and adds labels: the code blocks still pair with their copies.
        let english = """
            Prefer this:

            ```objective-c
            if (someObject) { ...
            ```

            This allows also for more consistency across files and greater visual clarity, as explained in the previous chapter.

            ```objective-c
            if (someObject == YES) { ...
            ```

            ```objective-c
            result = a > b ? x : y;
            ```
            """
        let chinese = """
            推荐这样写：

            ```objective-c
            if (someObject) { ...
            ```

            **不推荐:**

            ```objective-c
            if (someObject == YES) { ...
            ```

            **推荐:**

            ```objective-c
            result = a > b ? x : y;
            ```
            """
        let beads = shapes(align(english, chinese))
        // The dropped paragraph and the added label may come in either order.
        #expect(beads.count == 7)
        #expect(Set(beads) == ["0:0", "1:1", "2:-", "-:2", "3:3", "-:4", "4:5"])
        #expect(beads[4...] == ["3:3", "-:4", "4:5"])
    }

    @Test func headingsAndListsPairByShape() {
        let english = """
            ## Golden Path

            Some key points:

            * Blocks are created on the stack
            * Blocks can be copied to the heap
            * Blocks have their own private const copies of stack variables

            ### Under the Hood

            LLDB shows that a block is a nice piece of things.
            """
        let chinese = """
            ## 黄金大道

            一些关键点：

            * block 是在栈上创建的
            * block 可以复制到堆上
            * block 有自己的私有的栈变量的常量复制

            ### 高级技术

            用 LLDB 来展示 block 是这样子的：
            """
        let source = parser.parse(english), target = parser.parse(chinese)
        let beads = Aligner().align(source, target)
        #expect(shapes(beads) == ["0:0", "1:1", "2:2", "3:3", "4:4"])
        #expect(source[3].headingLevel == target[beads[3].target[0]].headingLevel)
    }

    @Test func labelMissingInChineseStaysOnItsOwn() {
        let english = """
            Always set a `weak` reference to any variable that could cause a retain cycle.

            **Example:**

            ```objective-c
            __weak __typeof(self) weakSelf = self;
            ```
            """
        let chinese = """
            总是对可能导致循环引用的变量使用 `weak` 引用。

            ```objective-c
            __weak __typeof(self) weakSelf = self;
            ```
            """
        #expect(shapes(align(english, chinese)) == ["0:0", "1:-", "2:1"])
    }

    @Test func emptySides() {
        let blocks = parser.parse(Self.english)
        #expect(shapes(Aligner().align(blocks, [])) == ["0:-", "1:-", "2:-", "3:-", "4:-"])
        #expect(shapes(Aligner().align([], blocks)) == ["-:0", "-:1", "-:2", "-:3", "-:4"])
        #expect(Aligner().align([], []).isEmpty)
    }

    @Test func beadsCoverEveryBlockOnceInOrder() {
        let source = parser.parse(Self.english + "\n\nA closing remark that nobody translated at all, sadly.\n")
        let target = parser.parse("（译者注：开头的说明。）\n\n" + Self.chinese)
        let beads = Aligner().align(source, target)
        #expect(beads.flatMap(\.source) == Array(source.indices))
        #expect(beads.flatMap(\.target) == Array(target.indices))
        #expect(beads.allSatisfy { !$0.source.isEmpty || !$0.target.isEmpty })
    }

    @Test func longChapterStaysOnTrack() {
        // Forty copies of the pair, with one extra Chinese note in copy 20: every code block
        // still pairs with its own copy, and the band keeps the work linear.
        let english = Array(repeating: Self.english, count: 40).joined(separator: "\n\n")
        var copies = Array(repeating: Self.chinese, count: 40)
        copies[20] = "（译者注：这一节和上一节相同。）\n\n" + copies[20]
        let source = parser.parse(english), target = parser.parse(copies.joined(separator: "\n\n"))
        let beads = Aligner().align(source, target)
        let codePairs = beads.filter { bead in bead.source.count == 1 && source[bead.source[0]].codeLiteral != nil }
        #expect(codePairs.count == 40)
        #expect(codePairs.allSatisfy { $0.target.count == 1 && target[$0.target[0]].codeLiteral == source[$0.source[0]].codeLiteral })
        #expect(beads.filter { $0.source.isEmpty }.count == 1)
        #expect(beads.count == 201)
    }

    @Test func scoredBeadsRankSurePairsFirst() {
        let scored = Aligner().scoredAlign(parser.parse(Self.english), parser.parse(Self.chinese))
        #expect(scored.map(\.bead) == align(Self.english, Self.chinese))
        // The identical code block is the surest pair.
        #expect(scored.min { $0.cost < $1.cost }?.bead == Bead(source: [3], target: [3]))
    }

    @Test func spansClipSetextHeadingsThatRunIntoTheNextBlock() {
        let blocks = parser.parse("Consider this\n-------------------\n* if a\n* if b\n\nA closing paragraph.\n")
        #expect(blocks.map(\.kind.name) == ["heading", "list", "paragraph"])
        #expect(Alignment.span([0], in: blocks) == LineRange(start: 1, end: 2))
        #expect(Alignment.span([1], in: blocks) == LineRange(start: 3, end: 4))
        #expect(Alignment.span([0, 1], in: blocks) == LineRange(start: 1, end: 4))
        #expect(Alignment.span([], in: blocks) == nil)
    }
}
