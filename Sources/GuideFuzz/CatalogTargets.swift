import GuideExchange
import GuideMerge
import GuideModel
import GuideParse

extension FuzzTarget {
    /// A PO catalog as `guide import po` takes it: read or refused at a line of the file; what
    /// guide writes of it reads back the same (export writes with the same writer); put into a
    /// chapter pair of every block kind, refused only at the line of one of its messages.
    static let po = FuzzTarget(
        name: "po", summary: "POReader.read and CatalogImport.apply (guide import po: the reader, the write-back, its checks)",
        seedSuffixes: [".po"]
    ) { bytes in
        guard let text = text(bytes) else { return }
        // The reader's lines: a line feed (alone or after a CR) ends one.
        let lines = text.utf8.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        let catalog: POCatalog
        do throws(POReader.Failure) { catalog = try POReader.read(text) } catch {
            require(error.line >= 1 && error.line <= lines, "an error at line \(error.line) of \(lines)")
            return
        }
        require(catalog.headerLine >= 0 && catalog.headerLine <= lines, "the header at line \(catalog.headerLine) of \(lines)")
        for message in catalog.messages {
            require(message.line >= 1 && message.line <= lines, "a message at line \(message.line) of \(lines)")
        }
        let written = catalog.text
        let again: POCatalog
        do throws(POReader.Failure) { again = try POReader.read(written) } catch {
            fatalError("fuzz: the catalog written does not read back (line \(error.line): \(error.message)):\n\(written)")
        }
        require(again.header.map { "\($0.name): \($0.value)" } == catalog.header.map { "\($0.name): \($0.value)" },
                "the header written does not read back the same:\n\(written)")
        require(again.messages.map(\.strings) == catalog.messages.map(\.strings), "a message written does not read back the same:\n\(written)")

        switch CatalogImport.apply(catalog, to: FuzzChapter.messages, parse: MarkdownParser().parse) {
        case .failure(let refusal):
            let messageLines = Set(catalog.messages.map(\.line))
            for problem in refusal.problems {
                require(messageLines.contains(problem.line), "refused at line \(problem.line), no message's: \(problem.message)")
            }
        case .success:
            break
        }
    }

    /// The review's bilingual dictionary (CC-CEDICT's format), read as `Stages.dictionary` reads
    /// it and then used by the sentence aligner: entries, or an error at a line of the file.
    static let dictionary = FuzzTarget(
        name: "dictionary", summary: "SentenceDictionary(cedict:) (review.dictionary), and the sentence aligner reading it",
        seedSuffixes: [".u8"]
    ) { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        do throws(SentenceDictionary.FormatError) {
            let words = try SentenceDictionary(cedict: text)
            let (sentences, _) = ChapterSentences.aligned(source: FuzzChapter.english, target: FuzzChapter.chinese,
                                                          beads: FuzzChapter.beads, glossary: nil, dictionary: words)
            require(sentences.count == FuzzChapter.beads.count, "\(sentences.count) beads of sentences for \(FuzzChapter.beads.count)")
        } catch {
            require(error.line >= 1 && error.line <= lines, "an error at line \(error.line) of \(lines)")
        }
    }
}

private extension POMessage {
    /// What import reads of a message: its context, English and translation.
    var strings: [String?] { [context, id, translation] }
}

/// A chapter pair with a block of every kind, as the import and the aligner get one.
enum FuzzChapter {
    static let englishText = """
        # Objects

        Objects talk through `messages`. A delegate answers for another object.

        * one list item
        * another item

        > A quote that stays.

        ```objc
        int x = 1;
        ```

        <!-- a note kept in both -->

        | a | b |
        | - | - |
        | 1 | 2 |

        The last paragraph. It ends the chapter.

        """
    static let chineseText = """
        # 对象

        对象通过`messages`交谈。委托替另一个对象作答。

        * 一个列表项
        * 另一项

        > 一段留下的引文。

        ```objc
        int x = 1;
        ```

        <!-- a note kept in both -->

        | a | b |
        | - | - |
        | 1 | 2 |

        最后一段。它结束本章。

        """
    static let english = MarkdownParser().parse(englishText)
    static let chinese = MarkdownParser().parse(chineseText)
    static let beads = Aligner().align(english, chinese)
    static let messages: ChapterMessages = {
        let review = ChapterReview.make(
            source: Chapter(path: "a.md", displayPath: "content/en/a.md", title: "A", blocks: english),
            target: Chapter(path: "a.md", displayPath: "content/zh/a.md", title: "A", blocks: chinese),
            language: Language("zh"), ledger: AcceptLedger(), doubtMarkers: ["【疑问】"])
        return ChapterMessages(review: review, english: englishText, chinese: chineseText, sourceFile: "en/a.md", targetFile: "zh/a.md")
    }()
}
