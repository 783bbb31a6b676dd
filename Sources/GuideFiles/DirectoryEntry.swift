import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one reading of a `readdir` entry's name. The record is only as long as its name
/// (`d_reclen`), not `sizeof(dirent)`: copying the whole `d_name` field (256 bytes, as
/// `withUnsafeBytes(of: entry.pointee.d_name)` does) read past the end of glibc's buffer for
/// the last entries of a large folder (AddressSanitizer: heap-buffer-overflow, 5,000 chapters).
/// The name is read in place, up to its NUL.
public enum DirectoryEntry {
    public static func name(_ entry: UnsafeMutablePointer<dirent>) -> String {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        return String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
    }
}
