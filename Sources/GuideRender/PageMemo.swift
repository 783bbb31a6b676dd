/// Pages and parts of pages kept between builds, as the merge stage's reviews are
/// (`ReviewMemo`): render says what a page is made from (its template and its inputs' key,
/// `PageInputs.key`) and how to make it; whether the page is kept in the output folder,
/// remembered in memory (`guide serve`) or made now, and where a page too large for memory is
/// spooled, is the pipeline's to decide (`PageReuse` in GuidePipeline).
public protocol PageMemo: Sendable {
    /// The page of `path` made with `template` from the inputs `key` (nil: a chapter made in
    /// code, which has none): kept, remembered, or `render`ed into the spool it is given (nil:
    /// in memory).
    func page(_ path: String, template: String, key: [UInt8]?, render: (PageSpool?) throws -> PageSink.Body) throws -> PageFile
    /// A small page, made whole.
    func page(_ path: String, template: String, key: [UInt8]?, render: () throws -> [UInt8]) throws -> PageFile
    /// A part of a page (a dashboard section, a print page's chapter) by its inputs' key: kept
    /// from an earlier build, or `render`ed and kept.
    func section(template: String, key: [UInt8], render: () throws -> [UInt8]) rethrows -> [UInt8]
    /// Keeps parts without reading them (the page they make was kept).
    func keepSections(template: String, keys: [[UInt8]])
    /// A page of parts (the dashboard: the parts of `keys` made with `template`, spliced into
    /// `frame`): kept when the output folder holds it as it was (its parts kept with it); else
    /// the tag it is written with (nil when pages are not published: `guide serve`).
    func pageOfSections(_ path: String, template: String, keys: [[UInt8]], frame: String) -> (kept: PageFile?, tag: String?)
}
