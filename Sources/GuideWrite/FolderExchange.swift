import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Puts a new folder in the place of an old one so that the name is never empty: Linux's
/// `renameat2(…, RENAME_EXCHANGE)` swaps the two names in one step. Where the system or the
/// file system has no exchange, the old folder is moved aside first and put back by the next
/// build if a kill came between the two moves (`SiteWriter.removeLeftovers`).
public enum FolderExchange {
    /// Swaps `new` and `old` (both exist); false when the system cannot (the caller falls back).
    public static func exchange(_ new: String, _ old: String) -> Bool {
        #if canImport(Glibc)
        // Looked up at run time: glibc declares renameat2 only under _GNU_SOURCE, which the
        // Glibc module is not built with.
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let renameExchange: UInt32 = 1 << 1
        return renameat2(AT_FDCWD, new, AT_FDCWD, old, renameExchange) == 0
        #else
        return false
        #endif
    }
}
