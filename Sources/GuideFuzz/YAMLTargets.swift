import GuideParse

extension FuzzTarget {
    /// guide.yml: a Config or an error, never a crash.
    static let config = FuzzTarget(
        name: "config", summary: "ConfigLoader.parse (guide.yml: YAML through Yams, known keys)",
        seedSuffixes: ["guide.yml"]
    ) { bytes in
        guard let text = text(bytes) else { return }
        _ = try? ConfigLoader.parse(text, displayPath: "guide.yml")
    }

    /// glossary.yml: a Glossary or an error, never a crash.
    static let glossary = FuzzTarget(
        name: "glossary", summary: "GlossaryLoader.parse (glossary.yml: YAML through Yams, known keys)",
        seedSuffixes: ["glossary.yml"]
    ) { bytes in
        guard let text = text(bytes) else { return }
        _ = try? GlossaryLoader.parse(text, displayPath: "glossary.yml")
    }
}
