import GuideModel
#if canImport(Glibc)
import Glibc
#endif

/// Gives the pages of freed memory back to the system (glibc's `malloc_trim`).
///
/// The parser frees a chapter's cmark tree node by node while the blocks are made: without this,
/// glibc kept the freed nodes for later allocations of the same size, none came, and the tree
/// (about 250 bytes a tiny paragraph, hundreds of megabytes for a block quote nested millions
/// deep) stayed resident next to the blocks. Looked up at run time, like `mallopt` in
/// MallocTuning: <malloc.h> is not part of the Glibc module; without it, nothing is given back.
/// The review of a long chapter gives back the aligner's working memory the same way (its
/// stretches are reviewed on several threads, whose allocator arenas kept it from the render).
public enum FreedMemory {
    private typealias Trim = @convention(c) (Int) -> Int32

    private static let trim: Trim? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
        #else
        return nil
        #endif
    }()

    public static func giveBack() {
        _ = trim?(0)
    }

    private typealias Mallopt = @convention(c) (Int32, Int32) -> Int32

    /// Undoes `MallocTuning`'s keeping for a book with a chapter of megabytes (called as the first
    /// is read): blocks of 4 MB and more are mapped and unmapped, freed memory past 32 MB goes back,
    /// and at most two allocator arenas keep what their threads freed. Kept, the aligner's and the
    /// review's working memory stayed resident under the pages (10 MB of headings: 1.05 GiB peak,
    /// 0.9 with this); a book of ordinary chapters keeps the faster tuning.
    public static func preferReturning() {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-3, 4 << 20)    // M_MMAP_THRESHOLD
        _ = mallopt(-2, 0)          // M_TOP_PAD
        _ = mallopt(-1, 32 << 20)   // M_TRIM_THRESHOLD
        _ = mallopt(-8, 2)          // M_ARENA_MAX
        #endif
    }
}
