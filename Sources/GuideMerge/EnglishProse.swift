import GuideModel

/// Finding English prose in a Chinese block: the text outside code spans,
/// links, URLs and HTML (which a translation rightly keeps), cut into runs of
/// Latin words wherever a Chinese character occurs. A run reads as English
/// prose when it is long and made with English function words, so kept terms
/// (`block`, `retain cycle`, `Kazuki Sakamoto`) are not mistaken for it.
enum EnglishProse {
    /// Markdown constructs whose words a translation keeps: code spans, images,
    /// links (text and target), autolinks, bare URLs, HTML tags, reference definitions.
    nonisolated(unsafe) static let keptConstructs: [Regex<AnyRegexOutput>] = [
        #"(`+)[\s\S]*?\1"#,
        #"!?\[[^\]]*\]\([^)]*\)"#,
        #"!?\[[^\]]*\]\[[^\]]*\]"#,
        #"<[a-zA-Z][a-zA-Z0-9+.-]*:[^>\s]*>"#,
        #"[a-zA-Z][a-zA-Z0-9+.-]*://\S+"#,
        #"</?[a-zA-Z][^>]*>"#,
        #"(?m)^\s*\[[^\]]+\]:\s*\S+.*$"#,
    ].map { try! Regex($0) }

    static let functionWords: Set<String> = [
        "a", "about", "all", "also", "an", "and", "any", "are", "as", "at", "be", "been", "being", "but", "by",
        "can", "could", "do", "does", "for", "from", "has", "have", "he", "her", "his", "if", "in", "into",
        "is", "it", "its", "just", "more", "no", "not", "of", "on", "only", "or", "our", "she", "should",
        "so", "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those",
        "to", "was", "we", "were", "what", "when", "which", "will", "with", "would", "you", "your",
    ]

    /// Source text with the kept constructs removed.
    static func proseSource(_ markdown: String) -> String {
        // The regex engine is slow for a check made on every Chinese block; most are
        // single-scalar text, which `KeptConstructs` matches the same way directly.
        if let scalars = SingleScalarText.scalars(markdown) {
            return Unicode.Scalar.string(KeptConstructs.removed(from: scalars))
        }
        return proseSourceByRegex(markdown)
    }

    /// `proseSource` as the patterns say it, for any text.
    static func proseSourceByRegex(_ markdown: String) -> String {
        var text = markdown
        for pattern in keptConstructs { text = text.replacing(pattern, with: " ") }
        return text
    }

    /// Runs of Latin words between Chinese characters, each as its words.
    static func runs(_ text: String) -> [[String]] {
        var runs: [[String]] = [[]]
        var word = ""
        func endWord() {
            if !word.isEmpty { runs[runs.count - 1].append(word) }
            word = ""
        }
        for scalar in text.unicodeScalars {
            if Script.isCJK(scalar) {
                endWord()
                if !runs[runs.count - 1].isEmpty { runs.append([]) }
            } else if scalar.isASCII && scalar.isLetter || scalar == "'" && !word.isEmpty {
                word.unicodeScalars.append(scalar)
            } else {
                endWord()
            }
        }
        endWord()
        return runs.filter { !$0.isEmpty }
    }

    static func functionWordCount(_ words: [String]) -> Int {
        words.filter { functionWords.contains($0.lowercased()) }.count
    }

    /// An English sentence (or a long piece of one) left inside Chinese text.
    static func isEnglishRun(_ words: [String]) -> Bool {
        words.count >= 5 && functionWordCount(words) >= 2
    }

    /// The block's prose is English: enough Latin words and next to no Chinese.
    /// `words`: its runs' words, when the caller has them.
    static func isEnglishBlock(proseSource: String, words: [String]? = nil) -> Bool {
        let words = words ?? Array(runs(proseSource).joined())
        guard words.count >= 4, functionWordCount(words) >= 1 else { return false }
        let measure = TextMeasure.scan(proseSource) { _ in }
        return measure.cjk * 10 <= measure.latin
    }

    /// A short quotation of a run for messages.
    static func excerpt(_ words: [String], limit: Int = 8) -> String {
        // Cut too when the words are long (a "word" may be a megabyte of letters).
        Excerpt.cut(words.prefix(limit).joined(separator: " "), length: 300) + (words.count > limit ? " …" : "")
    }
}
