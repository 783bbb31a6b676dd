/// The language `guide review` speaks to the translator: its statuses, messages, legend and the
/// dashboard's labels (the book's own text is never translated).
public enum ReviewLanguage: String, Hashable, Sendable, CaseIterable {
    case en, zh

    /// The names `--lang` and `review.lang` take.
    public static let names = allCases.map(\.rawValue)

    /// A BCP 47 tag: SARIF's `run.language`, an HTML `lang`.
    public var tag: String {
        switch self {
        case .en: "en-US"
        case .zh: "zh-CN"
        }
    }

    /// The language a POSIX locale asks for: the first of `LC_ALL`, `LC_MESSAGES` and `LANG`
    /// that is set and not empty (the order C's `setlocale` reads them in) — Chinese when it
    /// starts with `zh` (`zh_CN.UTF-8`, `zh_TW`), English for any other; nil when none is set.
    public static func fromLocale(_ environment: [String: String]) -> ReviewLanguage? {
        guard let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty })
        else { return nil }
        return locale.lowercased().hasPrefix("zh") ? .zh : .en
    }

    /// The review's language: `--lang`, else `review.lang` in guide.yml, else the locale, else English.
    /// (A published site has no reader's locale: the build passes none.)
    public static func chosen(flag: ReviewLanguage?, config: ReviewLanguage?, environment: [String: String] = [:]) -> ReviewLanguage {
        flag ?? config ?? fromLocale(environment) ?? .en
    }
}
