import GuideModel

/// `sitemap.xml`: every HTML page of the site, under the configured base URL.
/// Without a base URL the locations are relative to the site root (search engines
/// need absolute ones: set `output.base_url` in guide.yml when publishing).
enum Sitemap {
    static func xml(pages: [String], baseURL: String) -> String {
        // Pages' paths are percent-encoded; guide.yml's base URL may hold a character XML forbids.
        let base = XMLCharacters.replacingForbidden(baseURL.isEmpty || baseURL.hasSuffix("/") ? baseURL : baseURL + "/")
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages.sorted() where page != "404.html" {
            out += "  <url><loc>\(HTMLEscape.text(base + URLPath.encode(page)))</loc></url>\n"
        }
        return out + "</urlset>\n"
    }
}
