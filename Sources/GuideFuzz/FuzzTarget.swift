import Foundation
import GuideParse

/// A reader of untrusted text under coverage-guided fuzzing (`scripts/fuzz.sh`): it gets
/// arbitrary bytes, decodes them as guide decodes a file, runs the reader, and traps when a
/// promise the reader makes is broken. Pure and deterministic, so that libFuzzer can replay
/// any input, and `Tests/GuideTests/FuzzRegressionTests` replays the inputs it found.
public struct FuzzTarget: Sendable {
    public var name: String
    /// What is read, for the README and `guide-fuzz --list`.
    public var summary: String
    /// Seeds from the project: the files of `content/` this reader reads (a glob's suffix).
    public var seedSuffixes: [String]
    public var run: @Sendable ([UInt8]) -> Void

    /// Every target, by name.
    public static let all: [FuzzTarget] = [
        markdown, summary, config, glossary, annotation, snippet, split, ledger, po, dictionary,
    ]

    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }

    /// The bytes as a file's text, or nil where guide refuses the file (invalid UTF-8).
    static func text(_ bytes: [UInt8]) -> String? {
        try? TextFile.decode(Data(bytes), displayPath: "fuzz")
    }
}

/// Lines as cmark counts them (and guide's line numbers): LF, CR LF and a lone CR each end one.
func lineCount(_ text: String) -> Int {
    var count = 1
    var previous: UInt8 = 0
    for byte in text.utf8 {
        if byte == 0x0A, previous != 0x0D { count += 1 }
        if byte == 0x0D { count += 1 }
        previous = byte
    }
    return count
}

/// A broken promise: trap, so that libFuzzer keeps the input.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("fuzz: " + message()) }
}
