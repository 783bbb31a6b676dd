import GuideModel

/// The rendered site: relative path → file contents.
public struct Site: Sendable {
    public var files: [String: [UInt8]]
    public init(files: [String: [UInt8]] = [:]) { self.files = files }
}

public struct SiteRenderer {
    public init(templatesFolder: String) throws {}
    public func render(_ book: Book) throws -> Site { Site() }
}

public struct SiteWriter {
    public init(output: String) {}
    public func write(_ site: Site, assetsFrom content: String, book: Book) throws {}
}
