#if canImport(Glibc)
import Glibc
#endif

/// glibc's allocator, tuned for one build of a large book: memory freed by one stage is kept
/// for the next instead of going back to the system, and large blocks come from the heap,
/// not from fresh `mmap`s, so the stages stop paying for page faults and `mprotect` calls.
/// A one-shot process only: `guide serve` keeps the defaults, so its memory can shrink.
enum MallocTuning {
    static func forOneBuild() {
        #if canImport(Glibc)
        // Looked up at run time: <malloc.h> is not part of the Glibc module (nor is mallopt in
        // every libc); without it the defaults stay.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-3, 32 << 20)   // M_MMAP_THRESHOLD: glibc's largest
        _ = mallopt(-2, 64 << 20)   // M_TOP_PAD
        _ = mallopt(-1, 1 << 30)    // M_TRIM_THRESHOLD
        #endif
    }
}
