#if canImport(Glibc)
import Glibc
#endif

/// Where the file system puts the files of the folders a build makes.
///
/// On ext4 without a journal (this kind of machine), allocating an inode steps over every inode
/// of its block group freed in the last minute or more, a buffer-cache look-up each
/// (`recently_deleted` in fs/ext4/ialloc.c). A site written just after the last one was removed
/// (a rebuild from scratch, a benchmark, guide's own swap of the previous site) paid for every
/// page removed, for every page made: at ×40 of the whole book the write stage took 0.5–0.7 s
/// instead of 0.05 s. ext4 spreads the folders made inside a top folder (the root, or one
/// flagged `FS_TOPDIR_FL`, what `chattr +T` sets) over block groups with more free inodes than
/// average, so flagging the staging folder puts its subfolders' pages in groups nothing was
/// just freed in. A hint only: elsewhere (another file system, another system) nothing changes.
public enum FolderPlacement {
    /// Flags `folder` as a top folder, so that folders made in it are spread (best effort:
    /// false where the file system has no such flag).
    @discardableResult
    public static func spreadSubfolders(of folder: String) -> Bool {
        withFlags(of: folder) { descriptor, flags in
            guard flags & topFolder == 0 else { return true }
            var flagged = flags | topFolder
            return ioctl(descriptor, setFlags, &flagged) == 0
        }
    }

    /// Whether `folder` carries the flag (`spreadSubfolders`).
    public static func spreadsSubfolders(_ folder: String) -> Bool {
        withFlags(of: folder) { _, flags in flags & topFolder != 0 }
    }

    /// `body` with the open folder and its flags; false where there are none to read.
    private static func withFlags(of folder: String, _ body: (_ descriptor: Int32, _ flags: CInt) -> Bool) -> Bool {
        #if os(Linux)
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var flags: CInt = 0
        return ioctl(descriptor, getFlags, &flags) == 0 && body(descriptor, flags)
        #else
        return false
        #endif
    }

    // linux/fs.h: FS_IOC_GETFLAGS and FS_IOC_SETFLAGS (_IOR/_IOW('f', 1/2, long), which the
    // kernel reads as an int), and FS_TOPDIR_FL. Function-like macros: Swift does not import them.
    static let getFlags: UInt = 0x8008_6601
    static let setFlags: UInt = 0x4008_6602
    static let topFolder: CInt = 0x0002_0000
}
