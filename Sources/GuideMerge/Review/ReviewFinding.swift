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
    public var diagnostic: Diagnostic {
        Diagnostic(severity, "\(rule): \(message)" + (english.map { " (English: \($0))" } ?? ""), at: location)
    }
}

extension ReviewReport {
    /// Every finding the chapters list, pairs' and readers' (each file's once), gated as `report`
    /// gates them: what `--format sarif` and `--format github` print.
    public static func findings(_ reviews: [ChapterReview], failing: Set<BeadStatus> = [], readers: Bool = false) -> [ReviewFinding] {
        var filesDone: Set<String> = []
        var out: [ReviewFinding] = []
        for review in reviews {
            if var untranslated = review.untranslatedFinding {
                untranslated.severity = failing.contains(.missing) ? .error : .warning
                out.append(untranslated)
            }
            for bead in review.beads where review.target.untranslated == nil {
                for finding in bead.review.findings {
                    var found = reviewFinding(finding, bead: bead, in: review)
                    found.severity = failing.contains(finding.status) ? .error : finding.status.isInformational ? .note : .warning
                    out.append(found)
                }
            }
            for chapter in [review.source, review.target] where filesDone.insert(chapter.displayPath).inserted {
                out += ReaderChecks.findings(in: chapter.blocks).map { finding in
                    var found = reviewFinding(finding, in: chapter)
                    found.severity = readers ? .error : .warning
                    return found
                }
            }
        }
        return out
    }

    /// SARIF 2.1.0: one run of the tool `guide`, a rule per status or check that has findings, one
    /// result per finding at its place, with the English side as a related location.
    public static func sarif(_ findings: [ReviewFinding]) -> String {
        func location(_ place: SourceLocation) -> [String: Any] {
            var region: [String: Any] = ["startLine": max(1, place.line ?? 1)]
            if let column = place.column, column > 0 { region["startColumn"] = column }
            return ["physicalLocation": ["artifactLocation": ["uri": URLPath.encode(place.file)], "region": region]]
        }
        let rules = Array(Set(findings.map(\.rule))).sorted()
        let results: [[String: Any]] = findings.map { finding in
            var result: [String: Any] = [
                "ruleId": finding.rule,
                "ruleIndex": rules.firstIndex(of: finding.rule)!,
                "level": finding.severity == .error ? "error" : finding.severity == .note ? "note" : "warning",
                "message": ["text": finding.message],
                "locations": [location(finding.location)],
            ]
            if let english = finding.english {
                var related = location(english)
                related["id"] = 0
                related["message"] = ["text": "the English"]
                result["relatedLocations"] = [related]
            }
            return result
        }
        let document: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": [
                    "name": "guide",
                    "informationUri": "https://github.com/objc-zen/guide",
                    "rules": rules.map { ["id": $0, "shortDescription": ["text": Self.ruleDescription($0)]] },
                ]],
                "results": results,
            ]],
        ]
        let data = try! JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// GitHub Actions workflow commands, one a line: `::warning file=…,line=…,col=…,title=…::message`.
    public static func github(_ findings: [ReviewFinding]) -> String {
        findings.map { finding in
            var properties = ["file=" + githubProperty(finding.location.file)]
            if let line = finding.location.line { properties.append("line=\(line)") }
            if let column = finding.location.column, column > 0 { properties.append("col=\(column)") }
            properties.append("title=" + githubProperty("guide review: " + finding.rule))
            let message = finding.message + (finding.english.map { " (English: \($0))" } ?? "")
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

    /// What each rule finds, for a CI system's list of rules.
    static func ruleDescription(_ rule: String) -> String {
        switch (BeadStatus(name: rule), ReaderFinding.Kind(rawValue: rule)) {
        case (.stale?, _): return "The English changed since the translation was accepted."
        case (.missing?, _): return "English with no translation."
        case (.extra?, _): return "A translated block with no English."
        case (.codeDrift?, _): return "Paired code blocks differ in their code."
        case (.codeCommentsTranslated?, _): return "Paired code blocks differ only in comments or string literals (translated)."
        case (.doubt?, _): return "The translator marked the translation as uncertain."
        case (.sentenceMissing?, _): return "A translated pair in which an English sentence has no translation."
        case (.sentenceExtra?, _): return "A translated pair in which a sentence of the translation renders no English one."
        case (.englishLeft?, _): return "English prose left in the translation."
        case (.glossary?, _): return "A glossary term not given its agreed translation."
        case (.typography?, _): return "Chinese typography: spacing, full-width letters, half-width punctuation."
        case (.structure?, _): return "Heading levels, list lengths or block kinds differ between the languages."
        case (_, .headingSkip?): return "A heading level skipped."
        case (_, .imageAlt?): return "An image without alt text."
        case (_, .linkText?): return "A link whose text says nothing of where it goes."
        case _ where rule == ChapterReview.untranslatedRule:
            return "A chapter the translation's SUMMARY.md does not list yet (every block missing)."

        default: return rule
        }
    }
}
