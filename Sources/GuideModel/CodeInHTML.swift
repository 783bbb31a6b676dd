/// A code block in a block's HTML (the block itself, or one nested in its list items or
/// quotes), as the parse stage found it in cmark's tree: a renderer highlights code from these
/// values, never by reading the HTML back.
public struct CodeInHTML: Hashable, Sendable {
    /// UTF-8 offsets in the block's `html`: where cmark's `<pre>` starts, where the code starts
    /// (after `<pre><code…>`), and where `</code></pre>` starts.
    public var start: Int
    public var codeStart: Int
    public var codeEnd: Int
    /// The fence's language as cmark reads it (the info string's first word; "" for none).
    public var fence: String
    /// The code as written (cmark's literal).
    public var code: String

    public init(start: Int, codeStart: Int, codeEnd: Int, fence: String, code: String) {
        self.start = start
        self.codeStart = codeStart
        self.codeEnd = codeEnd
        self.fence = fence
        self.code = code
    }

    /// cmark's `</code></pre>`, which ends every code block's HTML.
    public static let close = "</code></pre>"
}
