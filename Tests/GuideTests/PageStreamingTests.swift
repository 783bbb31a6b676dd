import Foundation
@testable import GuideRender
import GuideWrite
import Testing

/// Pages too large to hold in memory go to the spool as they are rendered, and from there into the site.
@Suite struct PageStreamingTests {
    @Test func aPageThatOutgrowsTheLimitIsWrittenToTheSpoolWhole() throws {
        let folder = try TempFolder()
        let spool = PageSpool(output: folder.path + "/site")
        var sink = PageSink(spool: spool, spillBytes: 100)
        let parts = (0..<50).map { Array("part \($0) 中文 ".utf8) }
        for part in parts { try sink.append(part) }
        guard case .spooled(let file) = try sink.finish() else { Issue.record("not spooled"); return }
        #expect(FileManager.default.contents(atPath: file) == Data(parts.joined()))
        #expect(file.hasPrefix(folder.path + "/.site.guide-spool-"))
        spool.remove()
        #expect(!FileManager.default.fileExists(atPath: spool.folder))
    }

    @Test func aSmallPageStaysInMemoryAndWithoutASpoolNothingSpills() throws {
        let folder = try TempFolder()
        var small = PageSink(spool: PageSpool(output: folder.path + "/site"), spillBytes: 100)
        try small.append("short")
        guard case .memory(let pieces) = try small.finish() else { Issue.record("spooled"); return }
        #expect(Array(pieces.joined()) == Array("short".utf8))
        var unspooled = PageSink(spool: nil, spillBytes: 10)
        try unspooled.append(String(repeating: "x", count: 1_000))
        guard case .memory(let all) = try unspooled.finish() else { Issue.record("spooled"); return }
        #expect(all.joined().count == 1_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// A list's slices, rendered on all cores a batch at a time, come out in order, with the
    /// text between the lists as the frame has it.
    @Test func listsAreWrittenInOrderInTheirPlaces() throws {
        let first = StreamedPage.mark("a"), second = StreamedPage.mark("b")
        let page = StreamedPage(frame: "<head>\(second)<mid>\(first)<tail>", lists: [
            .init(mark: first, count: 25_001) { range in Array(range.map { "\($0)," }.joined().utf8) },
            .init(mark: second, count: 3) { range in Array(range.map { "b\($0)" }.joined().utf8) },
        ])
        var sink = PageSink(spool: nil)
        try page.write(to: &sink)
        guard case .memory(let pieces) = try sink.finish() else { Issue.record("spooled"); return }
        let expected = "<head>b0b1b2<mid>" + (0..<25_001).map { "\($0)," }.joined() + "<tail>"
        #expect(String(decoding: pieces.joined(), as: UTF8.self) == expected)
    }

    /// Marks are found in a frame of any text: at its very start and end, between CJK text,
    /// one whose name begins another's, and a list whose mark comes twice.
    @Test func marksAreFoundAnywhereInTheFrame() throws {
        let body = StreamedPage.mark("body"), bodies = StreamedPage.mark("bodyX"), items = StreamedPage.mark("items")
        let page = StreamedPage(frame: "\(bodies)中文「标题」\(body)é\(items)\(body)", lists: [
            .init(mark: body, count: 2) { range in Array(range.map { "<p>\($0)</p>" }.joined().utf8) },
            .init(mark: bodies, count: 1) { _ in Array("X".utf8) },
            .init(mark: items, count: 0) { _ in Array("never".utf8) },
        ])
        var sink = PageSink(spool: nil)
        try page.write(to: &sink)
        guard case .memory(let pieces) = try sink.finish() else { Issue.record("spooled"); return }
        #expect(String(decoding: pieces.joined(), as: UTF8.self) == "X中文「标题」<p>0</p><p>1</p>é<p>0</p><p>1</p>")
    }

    /// A large part stays a piece of its own in memory (a section the cache holds is not copied),
    /// small ones are gathered; a page that spills writes them all, in order.
    @Test func largePartsAreKeptAsPieces() throws {
        let large = [UInt8](repeating: UInt8(ascii: "L"), count: PageSink.pieceBytes)
        var sink = PageSink(spool: nil)
        for part in [Array("a".utf8), large, Array("b".utf8), Array("c".utf8), large] { try sink.append(part) }
        guard case .memory(let pieces) = try sink.finish() else { Issue.record("spooled"); return }
        #expect(pieces.map(\.count) == [1, large.count, 2, large.count])
        let folder = try TempFolder()
        var spilling = PageSink(spool: PageSpool(output: folder.path + "/site"), spillBytes: large.count + 2)
        for part in [Array("a".utf8), large, Array("b".utf8), large] { try spilling.append(part) }
        guard case .spooled(let file) = try spilling.finish() else { Issue.record("not spooled"); return }
        #expect(FileManager.default.contents(atPath: file) == Data(Array("a".utf8) + large + Array("b".utf8) + large))
    }
}
