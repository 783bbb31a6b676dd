import Foundation
import GuideFiles

/// The generated SDK headers as a folder in the cache (`CacheStage.sdkHeaders`), checked before
/// clang is pointed at it.
enum ShimFolder {
    /// True when `folder` is a folder (no link) holding exactly `files` (path → text), each a
    /// plain file with those bytes, and nothing else.
    static func holds(_ files: [String: String], at folder: String) -> Bool {
        guard let found = plainFiles(in: folder), found == Set(files.keys) else { return false }
        return files.allSatisfy { path, text in
            FileBytes.read(folder + "/" + path, limit: text.utf8.count).map { $0.elementsEqual(text.utf8) } ?? false
        }
    }

    /// The relative paths of every file under `folder`; nil when it, or anything in it, is a
    /// link or neither a file nor a folder.
    private static func plainFiles(in folder: String, prefix: String = "") -> Set<String>? {
        var status = stat()
        guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        var found: Set<String> = []
        for name in names {
            let path = folder + "/" + name
            guard lstat(path, &status) == 0 else { return nil }
            switch status.st_mode & S_IFMT {
            case S_IFREG: found.insert(prefix + name)
            case S_IFDIR:
                guard let inner = plainFiles(in: path, prefix: prefix + name + "/") else { return nil }
                found.formUnion(inner)
            default: return nil
            }
        }
        return found
    }
}
