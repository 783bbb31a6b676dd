import GuideFiles

/// The files of a book's folder as `guide init` looks at them: dependencies, builds and the site
/// guide writes left out (with what `FolderWalk` leaves out), at most `limit` names.
public enum BookFolderListing {
    static let skipped: Set<String> = ["node_modules", "site", "build", "public", "vendor", "Pods", "target", "templates"]

    public static func files(in root: String, limit: Int = 50_000, depth: Int = 8) -> [String] {
        FolderWalk.files(in: root, skipping: skipped.contains, limit: limit, depth: depth)
    }
}
