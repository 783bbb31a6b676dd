/// Translation units that differ only in where their lines come from: a snippet and its
/// translation whose code is the same (a book's code blocks mostly are, comments aside), with
/// the same earlier declarations. Their text differs only in the `#line` directives, so one
/// compile serves both: the other's diagnostics are the same, moved region by region to its
/// own lines (byte columns too: every line is the same).
enum SharedCompiles {
    /// The unit's text without the places its `#line` directives name.
    /// (By bytes: a unit holds its chapter's earlier declarations, and splitting it into lines
    /// of `Character`s was a seventh of a cold check's own work.)
    static func shape(_ unit: WrappedUnit) -> String {
        let marker = Array("#line ".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(unit.text.utf8.count + 1)
        var text = unit.text
        text.withUTF8 { bytes in
            var start = 0
            while true {
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                let line = bytes[start..<end]
                if line.starts(with: marker) { out += marker.dropLast() } else { out += line }
                out.append(0x0A)
                guard end < bytes.count else { break }
                start = end + 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `record`, compiled from `source`, as compiling `target` (of the same shape) gives it; nil
    /// when a diagnostic's place cannot be moved.
    static func translate(_ record: CompileRecord, from source: WrappedUnit, to target: WrappedUnit) -> CompileRecord? {
        guard source.regions.count == target.regions.count else { return nil }
        func move(_ diagnostic: RawDiagnostic) -> RawDiagnostic? {
            var moved = diagnostic
            if let file = diagnostic.file, let line = diagnostic.line,
               let index = source.regions.firstIndex(where: { $0.file == file && $0.lines.contains(line) }) {
                let from = source.regions[index], to = target.regions[index]
                guard from.lines.count == to.lines.count else { return nil }
                moved.file = to.file
                moved.line = to.lines.lowerBound + (line - from.lines.lowerBound)
            } else if let file = diagnostic.file, source.regions.contains(where: { $0.file == file }) {
                // A markdown line outside any region: not a place this unit can have.
                return nil
            }
            var notes: [RawDiagnostic] = []
            for note in diagnostic.notes {
                guard let movedNote = move(note) else { return nil }
                notes.append(movedNote)
            }
            moved.notes = notes
            return moved
        }
        var translated = record
        translated.diagnostics = []
        for diagnostic in record.diagnostics {
            guard let moved = move(diagnostic) else { return nil }
            translated.diagnostics.append(moved)
        }
        return translated
    }
}
