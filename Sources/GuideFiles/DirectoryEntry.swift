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

    /// The names in `folder` that are not hidden (`.git`, and `.` and `..`: no build reads
    /// them, `PathText.isHidden`), each with its entry type (`DT_DIR`, `DT_LNK`, `DT_UNKNOWN`…),
    /// in the order the system lists them; empty when the folder cannot be read.
    public static func visible(in folder: String) -> [(name: String, type: UInt8)] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var entries: [(name: String, type: UInt8)] = []
        while let entry = readdir(directory) {
            let name = name(entry)
            if !name.hasPrefix(".") { entries.append((name, entry.pointee.d_type)) }
        }
        return entries
    }
}
