import Foundation
import GuideFiles
import GuideModel
import GuideParse
import Mustache

/// The `templates/` folder: `*.mustache` files (names without the extension are
/// the partial names) and the static files (CSS…) copied into the site as they are.
public struct TemplateSet: Sendable {
    public let library: MustacheLibrary
    /// Non-template files, relative to the folder, with their bytes.
    public let staticFiles: [String: [UInt8]]
    /// `Digest` of every template's name and text: a rendered page is reusable while this holds.
    public let fingerprint: String
    /// The list templates' row skeletons, probed as lists need them (`ShapedRows`).
    let skeletons = ShapedRows.SkeletonTable()

    public init(folder: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw GuideError("the templates folder does not exist", file: folder)
        }
        var library = MustacheLibrary()
        var statics: [String: [UInt8]] = [:]
        var names: [String] = []
        let hash = Digest()
        let paths = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
        let confined = ConfinedFolder(folder, role: "the templates folder")
        for path in paths where !PathText.isHidden(path) {
            let full = folder + "/" + path
            try confined.check(full, display: full)
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue else { continue }
            // Read from the file as opened and checked again: a swap since the check reads nothing outside.
            let data = Data(try ConfinedFile.read(full, inside: confined, display: full))
            guard path.hasSuffix(".mustache") else {
                statics[path] = [UInt8](data)
                continue
            }
            let display = folder + "/" + path
            let text = try TextFile.decode(data, displayPath: display)   // the UTF-8 rules of content files
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
                             + "({{#children}}…{{/children}}) whose data ends", file: folder + "/" + cycle[0] + ".mustache")
        }
        self.library = library
        self.staticFiles = statics
        self.fingerprint = HexText.of(hash.finalize())
        for required in ["chapter", "index", "404"] where library.getTemplate(named: required) == nil {
            throw GuideError("missing template \(required).mustache", file: folder)
        }
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
