import GuideModel

/// Which content files the site copies, and where they land: a language's assets
/// under its folder (`content/en/images/a.png` → `en/images/a.png`), shared ones at the root.
public enum SiteAssets {
    public static func copies(for book: Book, contentRoot: String) -> [(from: String, to: String)] {
        var copies = book.sharedAssets.map { (from: "\(contentRoot)/\($0)", to: $0) }
        for edition in book.editions {
            let code = edition.language.code
            copies += edition.assets.map { (from: "\(contentRoot)/\(code)/\($0)", to: "\(code)/\($0)") }
        }
        return copies
    }
}
