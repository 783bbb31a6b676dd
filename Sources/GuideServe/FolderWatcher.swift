import Foundation
import GuideFiles
import GuideModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices changes in folders by scanning them: every file's path, size, modification time
/// (to the nanosecond), inode and mode, and every folder's path, folded into one digest. Polling is portable; a changed
/// digest means "rebuild". It asks the system directly (`readdir`, `stat`): Foundation's
/// enumerator reads every file's attributes at every poll.
struct FolderWatcher: Sendable {
    let folders: [String]
    /// Folders below them that are guide's own (`Workspace.ownFolders`), as `folder/…` paths:
    /// not watched, so a `guide build` writing `site/` inside the book starts no rebuild.
    var skipping: Set<String> = []

    func stamp() -> [UInt8] {
        let hash = Digest()
        for folder in folders { scan(folder, into: hash) }
        return hash.finalize()
    }

    /// A folder's entries in name order (so that the digest does not depend on the order the
    /// system lists them in), and the folders below it; linked folders are not entered.
    private func scan(_ folder: String, into hash: Digest) {
        for name in DirectoryEntry.visible(in: folder).map(\.name).sorted() {
            let path = folder + "/" + name
            if skipping.contains(path) { continue }
            var own = stat(), target = stat()
            guard lstat(path, &own) == 0 else { continue }
            // A link counts by what it leads to (a chapter may be one); a broken one by itself.
            let followed = stat(path, &target) == 0 ? target : own
            hash.updateCounted(path)
            let isFolder = own.st_mode & S_IFMT == S_IFDIR
            // A folder by its mode only: its entries say what changed in it (its own time also
            // moves when a hidden file in it is written).
            let numbers = isFolder ? [Int64(own.st_mode)]
                : [Int64(followed.st_size), Int64(followed.st_mtim.tv_sec), Int64(followed.st_mtim.tv_nsec),
                   Int64(followed.st_ino), Int64(followed.st_mode), Int64(own.st_mode)]
            for number in numbers { withUnsafeBytes(of: number.littleEndian) { hash.update($0) } }
            if isFolder { scan(path, into: hash) }
        }
    }
}
