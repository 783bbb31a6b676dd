import GuideModel

/// Which content files the site copies, and where they land: a language's assets
/// under its folder (`content/en/images/a.png` → `en/images/a.png`), shared ones at the root.
public enum SiteAssets {
    /// `showingSource`: translations whose pages show English (`FallbackBody`); each also gets
    /// the source's own assets it does not have, where the English's relative links look for them.
    public static func copies(for book: Book, contentRoot: String,
                              showingSource: Set<Language> = []) -> [(from: String, to: String)] {
        var copies = book.sharedAssets.map { (from: "\(contentRoot)/\($0)", to: $0) }
        // Where an edition's files are (its language's folder, or another a book laid out as kept names).
        func from(_ edition: Edition, _ asset: String) -> String {
            edition.folder.isEmpty ? "\(contentRoot)/\(asset)" : "\(contentRoot)/\(edition.folder)/\(asset)"
        }
        for edition in book.editions {
            let code = edition.language.code
            copies += edition.assets.map { (from: from(edition, $0), to: "\(code)/\($0)") }
            guard showingSource.contains(edition.language) else { continue }
            let own = Set(edition.assets)
            copies += book.source.assets.filter { !own.contains($0) }
                .map { (from: from(book.source, $0), to: "\(code)/\($0)") }
        }
        return copies
    }
}
