/// Highlighted snippets kept between builds, as the merge stage's reviews are (`ReviewMemo`):
/// render asks for a snippet's HTML and hands over what it highlighted; what keeps them, and by
/// what key, is the pipeline's (`HighlightStore` in GuidePipeline).
public protocol HighlightMemo: Sendable {
    /// The snippet's HTML when an earlier build or this one highlighted it.
    func html(_ code: String, language: HighlightLanguage) -> String?
    /// Keeps a snippet this build highlighted.
    func add(_ html: String, code: String, language: HighlightLanguage)
}
