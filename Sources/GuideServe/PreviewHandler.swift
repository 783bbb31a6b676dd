import FlyingFox
import Foundation
import GuideModel
import GuidePipeline
import GuideRender

/// Answers one request from the in-memory build: nothing is read from disk.
struct PreviewHandler: HTTPHandler {
    let state: PreviewState

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            return HTTPResponse(statusCode: .methodNotAllowed)
        }
        // One snapshot per request: its pages, error and version are of the same rebuild.
        let snapshot = await state.snapshot
        let (rendered, error, version) = (snapshot.rendered, snapshot.error, snapshot.version)
        if request.path == "/__guide/version" {
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/plain", .cacheControl: "no-store"],
                                body: Data("\(version)".utf8))
        }
        guard let path = SitePath.resolve(request.path) else {
            return notFound(rendered, error: error, version: version)
        }
        if let bytes = rendered?.site.bytes(at: path) {
            return page(Data(bytes), path: path, error: error, version: version)
        }
        // The bytes read when this build was made: the file at the asset's path may be another by now.
        if let data = snapshot.assets[path] {
            return HTTPResponse(statusCode: .ok, headers: [.contentType: MediaType.of(path)], body: data)
        }
        if rendered == nil, let error {
            return HTTPResponse(statusCode: .internalServerError, headers: [.contentType: "text/html; charset=utf-8"],
                                body: Data(LiveReload.inject(into: "<!DOCTYPE html><title>Build failed</title><body></body>",
                                                             error: error, version: version).utf8))
        }
        return notFound(rendered, error: error, version: version)
    }

    private func page(_ data: Data, path: String, error: String?, version: Int) -> HTTPResponse {
        var body = data
        if path.hasSuffix(".html") {
            body = Data(LiveReload.inject(into: String(decoding: data, as: UTF8.self), error: error, version: version).utf8)
        }
        return HTTPResponse(statusCode: .ok, headers: [.contentType: MediaType.of(path), .cacheControl: "no-store"], body: body)
    }

    private func notFound(_ rendered: SiteBuilder.Rendered?, error: String?, version: Int) -> HTTPResponse {
        let html = rendered?.site.files["404.html"].map { String(decoding: $0, as: UTF8.self) }
            ?? "<!DOCTYPE html><title>Not found</title><body><h1>Not found</h1></body>"
        return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/html; charset=utf-8"],
                            body: Data(LiveReload.inject(into: html, error: error, version: version).utf8))
    }
}

/// Maps a request path to a site path, or nil when it would leave the site.
enum SitePath {
    static func resolve(_ requestPath: String) -> String? {
        let raw = requestPath.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        guard let decoded = raw.removingPercentEncoding, !decoded.contains("\0"), !decoded.contains("\\") else { return nil }
        var parts: [Substring] = []
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { return nil }
            parts.append(part)
        }
        var path = parts.joined(separator: "/")
        if path.isEmpty || decoded.hasSuffix("/") { path += path.isEmpty ? "index.html" : "/index.html" }
        return path
    }
}

enum MediaType {
    static func of(_ path: String) -> String {
        let name = PathText.lastComponent(path)
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        switch (dot.map { String(name[name.index(after: $0)...]) } ?? "").lowercased() {
        case "html": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "xml": return "application/xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "svg": return "image/svg+xml"
        case "webp": return "image/webp"
        default: return "application/octet-stream"
        }
    }
}
