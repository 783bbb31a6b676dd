/// What a renderer may reuse from earlier builds, each through a protocol the pipeline
/// implements (`GuidePipeline/Memos`), as the merge stage receives `ReviewMemo`: render plans
/// pages and says what each is made from (`PagePlan`); what is kept, where, and by what key is
/// not its business.
public struct RenderMemos: Sendable {
    public var highlights: any HighlightMemo
    public var sections: any SectionMemo
    public var searchChunks: any SearchChunkMemo

    public init(highlights: any HighlightMemo, sections: any SectionMemo, searchChunks: any SearchChunkMemo) {
        self.highlights = highlights
        self.sections = sections
        self.searchChunks = searchChunks
    }
}
