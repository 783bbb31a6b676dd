import Foundation
import GuideFiles
import GuideModel
import GuideRender

/// The site a build replaced, kept beside the output folder (`.NAME.guide-previous`) so that the
/// next build updates it into the new site and exchanges the two names (`FolderExchange`),
/// instead of making a new folder of hard links and removing the old one (a link and an unlink
/// per file of the site, for a one-paragraph edit). The update touches only the files that
/// differ from the current site (the last build's and this one's changes).
///
/// The two folders share the inodes of the files they have in common, so a file of the previous
/// site is never written to, only replaced: the published site does not change while the
/// previous one is brought up to date. A build compares every file again (same inode as the
/// current site's, or replaced), so one killed part-way leaves a folder the next build mends.
final class PreviousSite: Sendable {
    let path: String
    /// The folder, open and locked (`flock`) while a build updates it; closed, and so
    /// unlocked, when the value goes.
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Where the previous site of the output folder `output` (absolute, standardized) is kept.
    static func path(beside output: String) -> String {
        PathText.parent(output) + "/." + PathText.lastComponent(output) + ".guide-previous"
    }

    /// The previous site beside `output`, locked for this build: a folder (not a link) that
    /// carries `OutputGuard.mark` (a site guide wrote) and no other build holds. Nil for anything
    /// else, which is left as it is.
    static func claim(beside output: String) -> PreviousSite? {
        let path = path(beside: output)
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var mark = stat()
        guard fstatat(fd, OutputGuard.mark, &mark, AT_SYMLINK_NOFOLLOW) == 0, mark.st_mode & S_IFMT == S_IFREG,
              flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        return PreviousSite(path: path, descriptor: fd)
    }

    /// Removes everything that is not one of `files` or a folder they are in (the mark stays):
    /// pages the new site no longer has, and whatever stands where a folder or a file must go.
    /// Links are removed, never followed.
    func prune(keeping files: Set<String>) {
        var folders = Set<String>()
        for file in files {
            var folder = PathText.parent(file)
            while !folder.isEmpty, folders.insert(folder).inserted { folder = PathText.parent(folder) }
        }
        prune(descriptor, within: "", files: files.union([OutputGuard.mark]), folders: folders)
    }

    private func prune(_ fd: Int32, within: String, files: Set<String>, folders: Set<String>) {
        let (entries, subfolders) = FolderRemoval.entries(fd)
        for name in subfolders {
            let relative = within.isEmpty ? name : within + "/" + name
            guard folders.contains(relative) else {
                FolderRemoval.remove(path + "/" + relative)
                continue
            }
            let sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if sub >= 0 {
                prune(sub, within: relative, files: files, folders: folders)
                close(sub)
            }
        }
        for name in entries {
            let relative = within.isEmpty ? name : within + "/" + name
            if !files.contains(relative) || folders.contains(relative) { unlinkat(fd, name, 0) }
        }
    }

    /// Whether two open folders are on one device (so one inode number is one file in both).
    static func oneDevice(_ a: Int32, _ b: Int32) -> Bool {
        var first = stat(), second = stat()
        return fstat(a, &first) == 0 && fstat(b, &second) == 0 && first.st_dev == second.st_dev
    }
}
