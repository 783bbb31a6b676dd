import Foundation
import GuideMerge
import GuideParse
import Testing

/// A developer's probe, off unless asked for: prints the scored alignment and
/// the review of a chapter pair, for tuning the aligner on real chapters.
///
///     ALIGN_PROBE_EN=en.md ALIGN_PROBE_ZH=zh.md [ALIGN_PROBE_OUT=listing.txt] swift test --filter AlignerProbe
@Suite struct AlignerProbeTests {
    static let environment = ProcessInfo.processInfo.environment

    @Test(.enabled(if: environment["ALIGN_PROBE_EN"] != nil && environment["ALIGN_PROBE_ZH"] != nil))
    func probe() throws {
        let parser = MarkdownParser()
        let source = parser.parse(try String(contentsOfFile: Self.environment["ALIGN_PROBE_EN"]!, encoding: .utf8))
        let target = parser.parse(try String(contentsOfFile: Self.environment["ALIGN_PROBE_ZH"]!, encoding: .utf8))
        let scored = Aligner().scoredAlign(source, target)
        let reviews = StatusClassifier().review(scored.map(\.bead), source: source, target: target)
        var out = ""
        for (item, review) in zip(scored, reviews) {
            let english = item.bead.source.first.map { "\(source[$0].lines.start) " + source[$0].text.prefix(40) } ?? "—"
            let chinese = item.bead.target.first.map { "\(target[$0].lines.start) " + target[$0].text.prefix(20) } ?? "—"
            let cost = String(format: "%6.2f", item.cost)
            out += "\(item.bead.source.count):\(item.bead.target.count) \(cost) \(review.status.rawValue)  \(english) <> \(chinese)\n"
            for finding in review.findings { out += "        \(finding.status.rawValue): \(finding.message)\n" }
        }
        if let path = Self.environment["ALIGN_PROBE_OUT"] {
            try out.write(toFile: path, atomically: true, encoding: .utf8)
        } else {
            print(out)
        }
    }
}
