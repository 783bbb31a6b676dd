import Foundation
import GuideFiles
import GuideModel
import GuideParse
import GuideTheme
import Mustache

/// The theme: `*.mustache` files (names without the extension are the partial names) and the
/// static files (CSS…) copied into the site as they are. guide's built-in theme (`BuiltInTheme`),
/// with each file a book's templates folder holds in place of the built-in one of that name
/// (and those the built-in lacks added), as mdBook's `theme/` does.
public struct TemplateSet: Sendable {
    public let library: MustacheLibrary
    /// Non-template files, relative to the folder, with their bytes.
    public let staticFiles: [String: [UInt8]]
    /// `Digest` of every template's name and text: a rendered page is reusable while this holds.
    public let fingerprint: String
    /// The list templates' row skeletons, probed as lists need them (`ShapedRows`).
    let skeletons = ShapedRows.SkeletonTable()

    /// How messages name a file of the built-in theme (it has no path on disk).
    static let builtInDisplay = "(built-in theme)"

    /// `folder`: the book's templates folder, which must exist; nil: the built-in theme alone.
    public init(folder: String?) throws {
        // path → (bytes, how messages name it); the built-in's first, the folder's over them.
        var files: [String: (bytes: [UInt8], display: String)] = [:]
        for file in BuiltInTheme.files { files[file.path] = (file.bytes, Self.builtInDisplay + "/" + file.path) }
        if let folder {
            for (path, bytes) in try Self.read(folder: folder) { files[path] = (bytes, folder + "/" + path) }
        }
        var library = MustacheLibrary()
        var statics: [String: [UInt8]] = [:]
        var names: [String] = []
        let hash = Digest()
        for path in files.keys.sorted() {
            let (bytes, display) = files[path]!
            guard path.hasSuffix(".mustache") else {
                statics[path] = bytes
                continue
            }
            let text = try TextFile.decode(Data(bytes), displayPath: display)   // the UTF-8 rules of content files
            hash.update(Array(path.utf8) + [0] + Array(text.utf8) + [0])
            do {
                let name = String(path.dropLast(".mustache".count))
                try library.register(text, named: name)
                names.append(name)
            } catch let error as MustacheTemplate.ParserError {
                throw GuideError("template error: \(error.error)", at: SourceLocation(
                    file: display, line: error.context.lineNumber, column: error.context.columnNumber))
            }
        }
        var templates: [String: MustacheTemplate] = [:]
        for name in names { templates[name] = library.getTemplate(named: name) }
        if let cycle = PartialCycles.unbounded(in: templates) {
            throw GuideError("template error: \(cycle.joined(separator: " → ")) includes itself outside any section, so it "
                             + "would render without end; a template may include itself only inside a section "
                             + "({{#children}}…{{/children}}) whose data ends", file: files[cycle[0] + ".mustache"]!.display)
        }
        self.library = library
        self.staticFiles = statics
        self.fingerprint = HexText.of(hash.finalize())
    }

    /// Every file of a book's templates folder but hidden ones, by path in it, each checked to
    /// stay inside the folder (`ConfinedFolder`) and read from the file as checked.
    private static func read(folder: String) throws -> [(path: String, bytes: [UInt8])] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw GuideError("the templates folder does not exist", file: folder)
        }
        let paths = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
        let confined = ConfinedFolder(folder, role: "the templates folder")
        var files: [(path: String, bytes: [UInt8])] = []
        for path in paths where !PathText.isHidden(path) {
            let full = folder + "/" + path
            try confined.check(full, display: full)
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue else { continue }
            // Read from the file as opened and checked again: a swap since the check reads nothing outside.
            files.append((path, try RegularFile.read(full, display: full, what: "the template file", limit: .max, inside: confined)))
        }
        return files
    }

    func render(_ view: Any, with template: String) throws -> String {
        // Debug builds (the tests) check that every view hands all its fields to the templates.
        assert(TemplateFieldsAudit.mismatches(in: view).isEmpty, "\(TemplateFieldsAudit.mismatches(in: view))")
        guard let output = library.render(view, withTemplate: template) else {
            throw GuideError("missing template \(template).mustache")
        }
        return output
    }
}
