import Foundation

/// Which build of guide is running, for caches whose entries a changed guide may compute
/// differently (reviews, highlighting): the executable's size and modification time, so a
/// rebuilt or upgraded guide does not trust what an older one stored.
public enum ToolBuild {
    public static let identity: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "unknown" }
        return "\(info.st_size)-\(info.st_mtim.tv_sec)"
    }()
}
