import Foundation
@testable import GuideMerge
import GuideModel
import GuideParse
import Testing

/// A long chapter's search in pieces (`Aligner.searchInPieces`), tried with small pieces on
/// chapters of a few hundred blocks: the same beads as the whole search where the path is
/// plain, and always every block once, in order.
@Suite struct AlignerPiecesTests {
    let parser = MarkdownParser()

    /// A chapter pair of `count` paragraphs of varying length, an identical code block every
    /// 25 (the anchors), with the Chinese leaving out the paragraphs in `missing` and cutting
    /// those in `split` in two.
    func chapters(_ count: Int, missing: Set<Int> = [], split: Set<Int> = []) -> ([Block], [Block]) {
        var english = "", chinese = ""
        for index in 0..<count {
            let words = index % 17 + 3
            english += "Paragraph \(index) says " + String(repeating: "something ", count: words) + "here.\n\n"
            if !missing.contains(index) {
                let text = "第\(index)段说" + String(repeating: "一些内容", count: words)
                if split.contains(index) {
                    chinese += String(text.prefix(text.count / 2)) + "。\n\n" + String(text.dropFirst(text.count / 2)) + "。\n\n"
                } else {
                    chinese += text + "。\n\n"
                }
            }
            if index % 25 == 24 {
                let code = "```objective-c\nNSInteger value\(index) = \(index);\n```\n\n"
                english += code
                chinese += code
            }
        }
        return (parser.parse(english), parser.parse(chinese))
    }

    func coversEveryBlockInOrder(_ beads: [Bead], _ source: Int, _ target: Int) -> Bool {
        beads.flatMap(\.source) == Array(0..<source) && beads.flatMap(\.target) == Array(0..<target)
    }

    @Test func aPlainTranslationGivesTheSameBeadsInPieces() {
        let (english, chinese) = chapters(400)
        let whole = Aligner().align(english, chinese)
        let pieces = Aligner(pieceRows: 60).align(english, chinese)
        #expect(pieces == whole)
        #expect(whole.allSatisfy { $0.source.count == 1 && $0.target.count == 1 })
    }

    @Test func gapsAndSplitsAwayFromTheCutsGiveTheSameBeads() {
        let (english, chinese) = chapters(400, missing: [10, 130, 250, 370], split: [70, 190, 310])
        let whole = Aligner().align(english, chinese)
        let pieces = Aligner(pieceRows: 60).align(english, chinese)
        #expect(coversEveryBlockInOrder(pieces, english.count, chinese.count))
        #expect(pieces == whole)
        #expect(pieces.contains { $0.source.count == 1 && $0.target.isEmpty })
        #expect(pieces.contains { $0.source.count == 1 && $0.target.count == 2 })
    }

    @Test func anyCutStillGivesOneWholeAlignment() {
        // Without anchors, unequal sides, pieces of every size down to the smallest.
        let (english, chinese) = chapters(300, missing: Set(stride(from: 3, to: 300, by: 7)), split: Set(stride(from: 5, to: 300, by: 11)))
        for pieceRows in [2, 3, 10, 45, 100] {
            let beads = Aligner(pieceRows: pieceRows).align(english, chinese)
            #expect(coversEveryBlockInOrder(beads, english.count, chinese.count), "pieces of \(pieceRows)")
        }
    }

    @Test func aChapterShorterThanTwoPiecesIsSearchedWhole() {
        let (english, chinese) = chapters(100, missing: [40])
        #expect(Aligner(pieceRows: 60).align(english, chinese) == Aligner().align(english, chinese))
    }

    @Test func piecesEndAtAnAnchorNearTheirPlannedEndElseInTheBand() {
        let anchors = [Anchors.Pair(source: 104, target: 98)]
        let band = SearchBand(anchors: anchors, sourceCount: 300, targetCount: 290, margin: 5)
        let ends = Aligner.pieceEnds(band: band, anchors: anchors, pieceRows: 100)
        #expect(ends.count == 4)   // three pieces
        #expect(ends.first! == (0, 0) && ends.last! == (300, 290))
        #expect(ends[1] == (104, 98))   // the anchor, 4 rows from row 100
        #expect(ends[2].row == 200 && (band.lower[200]...band.upper[200]).contains(ends[2].column))
        // Too far from any planned end, an anchor is not taken; a short chapter is one piece.
        #expect(Aligner.pieceEnds(band: band, anchors: [Anchors.Pair(source: 150, target: 145)], pieceRows: 100)[1].row == 100)
        #expect(Aligner.pieceEnds(band: band, anchors: anchors, pieceRows: 200).count == 2)
    }
}
