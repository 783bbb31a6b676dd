import FlyingSocks
import Foundation

extension sockaddr_un {
    /// A socket address only this machine's processes can reach, and no browser: on Linux a
    /// name in the abstract namespace (nothing left on disk after a Ctrl-C), elsewhere a path
    /// in a new temporary folder only this user may enter (left behind when the server stops).
    static func privateAddress() -> sockaddr_un {
        let name = "guide-serve-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        #if os(Linux)
        return .unix(abstractNamespace: name)
        #else
        let folder = NSTemporaryDirectory() + name
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        return .unix(path: folder + "/http.sock")
        #endif
    }
}
