import Foundation
import GuideModel

/// One finding of `guide review` as CI systems take it (`--format sarif`, `--format github`):
/// a rule (the status or reader check), a severity, a message, where, and the English side's place.
public struct ReviewFinding: Hashable, Sendable {
    public var rule: String
    public var severity: Diagnostic.Severity = .warning
    public var message: String
    public var location: SourceLocation
    public var english: SourceLocation?

    public init(rule: String, severity: Diagnostic.Severity = .warning, message: String, location: SourceLocation,
                english: SourceLocation? = nil) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.english = english
    }

    /// `file:line: warning: rule: message (English: file:line)`, as the text report prints it.
    public var diagnostic: Diagnostic { diagnostic(in: .en) }

    /// In Chinese the rule is named by its label, with its name after it: `未翻译 [missing]：…（英文：file:line）`.
    public func diagnostic(in language: ReviewLanguage) -> Diagnostic {
        let named = ReviewKind(rule: rule)?.named(in: language) ?? rule
        return Diagnostic(severity, named + (language == .zh ? "：" : ": ") + message + englishSuffix(in: language), at: location)
    }

    /// ` (English: file:line)`, or nothing.
    func englishSuffix(in language: ReviewLanguage) -> String {
        english.map { ReviewMessage(.englishAt, $0.description).text(in: language) } ?? ""
    }
}

extension ReviewReport {
    /// Every finding the chapters list, pairs' and readers' (each file's once), gated as `report`
    /// gates them: what `--format sarif` and `--format github` print.
    public static func findings(_ reviews: [ChapterReview], failing: Set<BeadStatus> = [], readers: Bool = false,
                                language: ReviewLanguage = .en, filter: ReviewFilter = .everything) -> [ReviewFinding] {
        var filesDone: Set<String> = []
        var out: [ReviewFinding] = []
        for review in reviews {
            if var untranslated = review.untranslatedFinding(in: language), filter.shows(.untranslated) {
                untranslated.severity = failing.contains(.missing) ? .error : .warning
                out.append(untranslated)
            }
            var typography: [ReviewFinding] = []
            for bead in review.beads where review.target.untranslated == nil {
                for finding in bead.review.findings where filter.shows(status: finding.status) {
                    var found = reviewFinding(finding, bead: bead, in: review, language: language)
                    found.severity = failing.contains(finding.status) ? .error : finding.status.isInformational ? .note : .warning
                    if finding.status == .typography && filter.summarizesTypography {
                        typography.append(found)
                    } else {
                        out.append(found)
                    }
                }
            }
            if let first = typography.first {
                let count = review.beads.reduce(0) { $0 + $1.review.typographyCount }
                out.append(ReviewFinding(rule: first.rule, severity: first.severity,
                                         message: typographySummary(count, in: language), location: first.location))
            }
            for chapter in [review.source, review.target] where filesDone.insert(chapter.displayPath).inserted {
                out += ReaderChecks.findings(in: chapter.blocks).filter { filter.shows(ReviewKind($0.kind)) }.map { finding in
                    var found = reviewFinding(finding, in: chapter, language: language)
                    found.severity = readers ? .error : .warning
                    return found
                }
            }
        }
        return out
    }

    /// The one line of a chapter's typography findings (`BeadReview.typographyCount`): how many, and the command that mends them.
    static func typographySummary(_ count: Int, in language: ReviewLanguage) -> String {
        (count == 1 ? ReviewMessage(.typographySummaryOne) : ReviewMessage(.typographySummaryMany, ReportLimit.grouped(count))).text(in: language)
    }

    /// SARIF 2.1.0: one run of the tool `guide`, a rule per status or check that has findings, one
    /// result per finding at its place, with the English side as a related location.
    /// The results' messages and the rules' descriptions are in `language`, which `run.language` names
    /// (SARIF 2.1.0, §3.14.7); the rule ids stay the names users type.
    public static func sarif(_ findings: [ReviewFinding], language: ReviewLanguage = .en) -> String {
        func location(_ place: SourceLocation) -> [String: JSONValue] {
            var region: [String: JSONValue] = ["startLine": .int(max(1, place.line ?? 1))]
            if let column = place.column, column > 0 { region["startColumn"] = .int(column) }
            return ["physicalLocation": ["artifactLocation": ["uri": .string(URLPath.encode(place.file))], "region": .object(region)]]
        }
        let rules = Array(Set(findings.map(\.rule))).sorted()
        let results: [JSONValue] = findings.map { finding in
            var result: [String: JSONValue] = [
                "ruleId": .string(finding.rule),
                "ruleIndex": .int(rules.firstIndex(of: finding.rule)!),
                "level": finding.severity == .error ? "error" : finding.severity == .note ? "note" : "warning",
                "message": ["text": .string(finding.message)],
                "locations": [.object(location(finding.location))],
            ]
            if let english = finding.english {
                var related = location(english)
                related["id"] = 0
                related["message"] = ["text": .string(ReviewMessage(.theEnglish).text(in: language))]
                result["relatedLocations"] = [.object(related)]
            }
            return .object(result)
        }
        let document: JSONValue = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": [
                    "name": "guide",
                    "informationUri": "https://github.com/objc-zen/guide",
                    "rules": .array(rules.map { rule -> JSONValue in
                        let kind = ReviewKind(rule: rule)
                        return [
                            "id": .string(rule),
                            "name": .string(kind?.label(in: language) ?? rule),
                            "shortDescription": ["text": .string(kind?.label(in: language) ?? rule)],
                            "fullDescription": ["text": .string(kind?.meaning(in: language) ?? rule)],
                            "help": ["text": .string(kind?.action(in: language) ?? rule)],
                        ]
                    }),
                ]],
                "language": .string(language.tag),
                "results": .array(results),
            ]],
        ]
        return JSONOutput.text(document)
    }

    /// GitHub Actions workflow commands, one a line: `::warning file=…,line=…,col=…,title=…::message`.
    public static func github(_ findings: [ReviewFinding], language: ReviewLanguage = .en) -> String {
        findings.map { finding in
            var properties = ["file=" + githubProperty(finding.location.file)]
            if let line = finding.location.line { properties.append("line=\(line)") }
            if let column = finding.location.column, column > 0 { properties.append("col=\(column)") }
            let named = ReviewKind(rule: finding.rule)?.named(in: language) ?? finding.rule
            properties.append("title=" + githubProperty(ReviewMessage(.githubTitle, named).text(in: language)))
            let message = finding.message + finding.englishSuffix(in: language)
            let command = finding.severity == .error ? "error" : finding.severity == .note ? "notice" : "warning"
            return "::\(command) \(properties.joined(separator: ","))::\(githubData(message))\n"
        }.joined()
    }

    /// A workflow command's message: `%`, CR and LF escaped (GitHub's runner reads them back);
    /// any other control character the same way (it stays `%1B` in the log: a chapter cannot
    /// drive the log's terminal).
    static func githubData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "%" || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                out += String(format: "%%%02X", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property value: also `:` and `,`, which end a property.
    static func githubProperty(_ text: String) -> String {
        githubData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

}
