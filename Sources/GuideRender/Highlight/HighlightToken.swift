/// What a highlighted stretch of code is; the raw value is the CSS class suffix (`tok-keyword`…).
public enum TokenClass: String, Sendable, CaseIterable {
    case keyword
    case type
    case string
    case number
    /// `YES`, `nil`, `true`, `NULL`…
    case constant
    case comment
    /// `#import`, `#define`, `#pragma mark …` (C family); `#if`, `#selector` (Swift).
    case preprocessor
    /// Objective-C `@interface`, `@property`, `@selector`…; Swift attributes (`@objc`, `@MainActor`).
    case atKeyword = "at-keyword"
    /// Shell variables and expansions (`$HOME`, `${1}`).
    case variable
    /// Shell: the command a line runs.
    case function

    public var cssClass: String { "tok-\(rawValue)" }
}

/// A classified stretch of a snippet, as UTF-8 byte offsets into the code.
public struct HighlightToken: Hashable, Sendable {
    public var start: Int
    public var end: Int
    public var kind: TokenClass

    public init(start: Int, end: Int, kind: TokenClass) {
        self.start = start
        self.end = end
        self.kind = kind
    }
}

/// The fence languages the highlighter knows, with the names a fence may give them.
public enum HighlightLanguage: String, Sendable, CaseIterable {
    case objectiveC = "objective-c"
    case objectiveCpp = "objective-c++"
    case c
    case cpp = "c++"
    case swift
    case shell

    /// The language of a fence's info word (`objc`, `obj-c`, `sh`…), case-insensitively; nil if unknown.
    public init?(fence: String) {
        switch fence.lowercased() {
        case "objective-c", "objectivec", "objc", "obj-c", "m", "h": self = .objectiveC
        case "objective-c++", "objectivec++", "objc++", "obj-c++", "objcpp", "mm": self = .objectiveCpp
        case "c": self = .c
        case "c++", "cpp", "cxx", "cc", "hpp": self = .cpp
        case "swift": self = .swift
        case "sh", "bash", "shell", "zsh", "ksh": self = .shell
        default: return nil
        }
    }
}
