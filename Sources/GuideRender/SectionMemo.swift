/// Parts of pages kept between builds (a dashboard section, a print page's chapter), as the
/// merge stage's reviews are (`ReviewMemo`): render says what a part is made from (its
/// template and its inputs' key, `PageInputs.key`) and how to make it; the pipeline keeps it
/// (`PageReuse` in GuidePipeline, which resolves whole pages from their plans too).
public protocol SectionMemo: Sendable {
    /// The part of `key` made with `template`: kept from an earlier build, or `render`ed and kept.
    func section(template: String, key: [UInt8], render: () throws -> [UInt8]) rethrows -> [UInt8]
}
