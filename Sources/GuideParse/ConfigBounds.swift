import GuideModel

/// Bounds on what `guide.yml` may ask for: it comes with the book (in pull requests), and each
/// of these values is used many times over (a doubt marker is looked for in every paragraph, a
/// flag is given to every clang run). Past a bound is an error at the value's line, saying it.
enum ConfigBounds {
    static let maximumListLength = 256
    static let maximumTextLength = 4096
    static let maximumLanguages = 32
    static let maximumTimeout = 3600.0

    static func check(_ file: ConfigLoader.File, text: String, displayPath: String) throws {
        func fail(_ path: [String], _ message: String) -> GuideError {
            GuideError(message, at: KnownKeys.valueLocation(text, path: path, displayPath: displayPath))
        }
        func list(_ values: [String]?, _ path: [String], maximum: Int = maximumListLength) throws {
            guard let values else { return }
            let name = path.joined(separator: ".")
            if values.count > maximum {
                throw fail(path, "'\(name)' lists \(values.count) values; guide takes at most \(maximum)")
            }
            try values.forEach { try long($0, path) }
        }
        func long(_ value: String?, _ path: [String]) throws {
            guard let value, value.utf8.count > maximumTextLength else { return }
            throw fail(path, "a value of '\(path.joined(separator: "."))' is \(value.utf8.count) bytes long; "
                       + "guide takes at most \(maximumTextLength)")
        }
        try list(file.languages, ["languages"], maximum: maximumLanguages)
        try long(file.source, ["source"])
        for (language, title) in file.title ?? [:] { try long(title, ["title", language]) }
        try long(file.output?.base_url, ["output", "base_url"])
        // The sitemap and every page print it: a control character in it has no place in a URL.
        if let url = file.output?.base_url, url.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) {
            throw fail(["output", "base_url"], "'output.base_url' holds a control character; write the URL without it")
        }
        try list(file.review?.doubt_markers, ["review", "doubt_markers"])
        if file.review?.doubt_markers?.contains("") == true {
            throw fail(["review", "doubt_markers"], "'review.doubt_markers' holds an empty marker, which every text would hold")
        }
        try long(file.review?.dictionary, ["review", "dictionary"])
        guard let check = file.check else { return }
        try list(check.languages, ["check", "languages"])
        try list(check.flags, ["check", "flags"])
        for (value, key) in [(check.sdk, "sdk"), (check.apple_sdk, "apple_sdk"), (check.target, "target"),
                             (check.clang, "clang"), (check.context, "context")] {
            try long(value, ["check", key])
        }
        if let timeout = check.timeout, !(timeout <= maximumTimeout) {
            throw fail(["check", "timeout"], "'check.timeout' is \(timeout) s; guide waits at most \(Int(maximumTimeout)) s a snippet")
        }
    }
}
