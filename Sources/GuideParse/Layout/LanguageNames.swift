/// The ways real books name a language in a folder or file name (`zh-Hans`, `zh_CN`, `cn`,
/// `chinese`, `En`…), and the code guide gives it (`zh`, `en`).
public enum LanguageNames {
    /// The code for a name, or nil when the name is no language guide knows.
    public static func code(of name: String) -> String? {
        let lowered = name.lowercased().replacingOccurrences(of: "_", with: "-")
        if let code = known[lowered] { return code }
        // `zh-hans-cn`, `zh-cn`, `en-us`: the language before the region or script.
        if let dash = lowered.firstIndex(of: "-"), let code = known[String(lowered[..<dash])],
           lowered[lowered.index(after: dash)...].allSatisfy({ $0.isLetter || $0 == "-" }) {
            return code
        }
        return nil
    }

    /// Traditional Chinese is another translation than the Simplified one this book's readers use:
    /// found, but a Simplified one is preferred when both are there.
    public static func isTraditionalChinese(_ name: String) -> Bool {
        let lowered = name.lowercased().replacingOccurrences(of: "_", with: "-")
        return ["zh-tw", "zh-hk", "zh-hant", "tw", "hk", "zh-hant-tw"].contains(lowered)
    }

    private static let known: [String: String] = [
        "en": "en", "eng": "en", "english": "en",
        "zh": "zh", "cn": "zh", "chs": "zh", "cht": "zh", "zho": "zh", "chi": "zh", "chinese": "zh",
        "zh-hans": "zh", "zh-cn": "zh", "zh-sg": "zh", "zh-hant": "zh", "zh-tw": "zh", "zh-hk": "zh", "tw": "zh",
        "ja": "ja", "jp": "ja", "ko": "ko", "kr": "ko", "fr": "fr", "de": "de", "es": "es", "ru": "ru",
        "pt": "pt", "pt-br": "pt", "it": "it", "vi": "vi", "tr": "tr", "uk": "uk", "pl": "pl", "id": "id",
    ]
}
