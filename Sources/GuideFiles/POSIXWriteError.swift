import Foundation

/// A file or folder guide could not write: its path and the system's reason.
public struct POSIXWriteError: LocalizedError {
    public var path: String
    public var code: Int32

    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    public var errorDescription: String? { "\(path): \(String(cString: strerror(code)))" }
}
