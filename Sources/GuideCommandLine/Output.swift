import Foundation
import GuideModel

// Everything the commands print goes through these four, so that text from the book can never
// drive the terminal (see `TerminalText`). Files the commands write keep their text as it is.

/// Text for people on standard output: reports, summaries, listings.
public func printText(_ text: String, terminator: String = "\n") {
    print(TerminalText.escaped(text), terminator: terminator)
}

/// One line for people on standard error: errors, warnings, diagnostics, logs.
public func printError(_ line: String) {
    FileHandle.standardError.write(Data((TerminalText.escaped(line) + "\n").utf8))
}

/// JSON on standard output. The encoder escapes C0 controls already; DEL and C1 become
/// `\u007f`-style escapes too, which decode to the same text.
public func printJSON(_ json: String) {
    print(TerminalText.escaped(json, as: .json), terminator: "")
}

/// A document (a draft) on standard output: as it is when redirected to a file, escaped on a terminal.
public func printDocument(_ text: String) {
    print(isatty(STDOUT_FILENO) != 0 ? TerminalText.escaped(text) : text, terminator: "")
}
