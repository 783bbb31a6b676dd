import Foundation

/// A cache file a tool other than guide writes (clang's precompiled header), sealed with the
/// `Digest` of its bytes in a file beside it (`NAME.xxh128`): a file whose seal does not hold,
/// damaged or replaced, is made again, never used.
public enum FileSeal {
    public static func sealPath(_ file: String) -> String { file + ".xxh128" }

    /// Writes the seal of `file` as it is now.
    public static func seal(_ file: String) {
        guard let bytes = FileBytes.read(file) else { return }
        CacheFile.write(Data(Digest.hex(bytes).utf8), to: sealPath(file))
    }

    /// True when `file` exists and its bytes match its seal.
    public static func holds(_ file: String) -> Bool {
        guard let seal = FileBytes.read(sealPath(file)), let bytes = FileBytes.read(file) else { return false }
        return Digest.hex(bytes).utf8.elementsEqual(seal)
    }
}
