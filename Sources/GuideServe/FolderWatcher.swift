import Foundation

/// Notices changes in folders by scanning them: every file's path, size and modification time.
/// Polling is portable and cheap at a book's size; a changed stamp means "rebuild".
struct FolderWatcher: Sendable {
    let folders: [String]

    func stamp() -> [String: String] {
        var stamp: [String: String] = [:]
        let fm = FileManager.default
        for folder in folders {
            guard let enumerator = fm.enumerator(atPath: folder) else { continue }
            for case let path as String in enumerator {
                let full = folder + "/" + path
                guard let attributes = try? fm.attributesOfItem(atPath: full) else { continue }
                let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
                let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                stamp[full] = "\(size):\(modified)"
            }
        }
        return stamp
    }
}
