/// What a renderer may reuse from earlier builds, each through a protocol the pipeline
/// implements (`GuidePipeline/Memos`), as the merge stage receives `ReviewMemo`: render makes
/// pages and says what each is made from; what is kept, where, and by what key is not its
/// business.
public struct RenderMemos: Sendable {
    public var highlights: any HighlightMemo
    public var pages: any PageMemo
    public var searchChunks: any SearchChunkMemo

    public init(highlights: any HighlightMemo, pages: any PageMemo, searchChunks: any SearchChunkMemo) {
        self.highlights = highlights
        self.pages = pages
        self.searchChunks = searchChunks
    }
}
