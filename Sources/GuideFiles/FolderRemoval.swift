import Foundation
import GuideModel
#if canImport(Glibc)
import Glibc
#endif

/// Removes a folder and everything in it, as `rm -rf` does, its top folders on both cores:
/// `guide build` removes the previous site (thousands of pages) after every swap, and
/// Foundation's removal took a third more than the system's own unlinking, on one core.
/// Everything is reached from its folder's descriptor and opened without following links: a
/// link is removed, never followed, even one put in a folder's place while it is removed.
public enum FolderRemoval {
    /// Removes `path` (a file, a link or a folder); true when nothing is left of it.
    @discardableResult
    public static func remove(_ path: String) -> Bool {
        let parent = PathText.parent(path), name = PathText.lastComponent(path)
        let parentFD = open(parent.isEmpty ? "." : parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parentFD >= 0 else { return false }
        defer { close(parentFD) }
        let fd = openat(parentFD, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return unlinkat(parentFD, name, 0) == 0 || errno == ENOENT }
        let (files, folders) = entries(fd)
        for file in files { unlinkat(fd, file, 0) }
        _ = folders.concurrentMap { folder in removeTree(in: fd, folder) }
        close(fd)
        return unlinkat(parentFD, name, Int32(AT_REMOVEDIR)) == 0
    }

    /// The folder `name` in the folder `parent`, and everything in it (a file or link in its
    /// place is unlinked).
    private static func removeTree(in parent: Int32, _ name: String) -> Bool {
        let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return unlinkat(parent, name, 0) == 0 }
        let (files, folders) = entries(fd)
        for file in files { unlinkat(fd, file, 0) }
        for folder in folders { _ = removeTree(in: fd, folder) }
        close(fd)
        return unlinkat(parent, name, Int32(AT_REMOVEDIR)) == 0
    }

    /// A folder's files (links too) and folders, by name; `fd` stays open.
    public static func entries(_ fd: Int32) -> (files: [String], folders: [String]) {
        let own = dup(fd)
        guard own >= 0, let directory = fdopendir(own) else { return ([], []) }
        defer { closedir(directory) }
        var files: [String] = [], folders: [String] = []
        while let entry = readdir(directory) {
            let name = DirectoryEntry.name(entry)
            if name == "." || name == ".." { continue }
            var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                var status = stat()
                isFolder = fstatat(fd, name, &status, Int32(AT_SYMLINK_NOFOLLOW)) == 0 && status.st_mode & S_IFMT == S_IFDIR
            }
            if isFolder { folders.append(name) } else { files.append(name) }
        }
        return (files, folders)
    }
}
