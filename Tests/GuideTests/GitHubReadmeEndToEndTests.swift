import Foundation
import Testing

/// A book written for GitHub's renderer (GitHub anchors, images beside chapters in subfolders,
/// an allow-listed diagram in raw HTML) built by the real binary: every image loads and every
/// in-page link lands on the Chinese, English and side-by-side pages.
@Suite struct GitHubReadmeEndToEndTests {
    func writeBook(in folder: TempFolder) throws {
        try folder.write("content/guide.yml", "title:\n  en: \"Book\"\n  zh: \"书\"\nlanguages: [zh, en]\nsource: zh\n")
        try folder.write("content/zh/SUMMARY.md", "# 目录\n\n* [前言](intro.md)\n* [深入](sub/deep.md)\n")
        try folder.write("content/en/SUMMARY.md", "# Summary\n\n* [Preface](intro.md)\n* [Deep](sub/deep.md)\n")
        try folder.write("content/zh/intro.md", """
            # 前言

            见[代码块](#blocks-代码块)、[前言](#前言)和[深入的图](sub/deep.md#图示)。

            <p align="center"><img src="images/diagram.png" width="400" alt="图"></p>

            ## Blocks 代码块

            内容。

            """)
        try folder.write("content/en/intro.md", """
            # Preface

            See [blocks](#blocks), [preface](#preface) and [the deep picture](sub/deep.md#picture).

            <p align="center"><img src="images/diagram.png" width="400" alt="diagram"></p>

            ## Blocks

            Text.

            """)
        try folder.write("content/zh/sub/deep.md", "# 深入\n\n## 图示\n\n![乙](images/b.png)\n\n![甲](../images/diagram.png)\n")
        try folder.write("content/en/sub/deep.md", "# Deep\n\n## Picture\n\n![b](images/b.png)\n\n![a](../images/diagram.png)\n")
        for file in ["zh/images/diagram.png", "en/images/diagram.png", "zh/sub/images/b.png", "en/sub/images/b.png"] {
            try folder.write("content/" + file, Data([1]))
        }
    }

    /// The values of `attribute="…"` in a page (the pages quote every attribute).
    func values(_ attribute: String, in page: String) -> [String] {
        page.components(separatedBy: " \(attribute)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func imagesLoadAndInPageLinksLand() throws {
        let folder = try TempFolder()
        try writeBook(in: folder)
        let result = try runGuide(["build", "--templates", repositoryRoot + "/templates"], in: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("warning"), "\(result.stderr)")
        let site = folder.path + "/site/"
        for path in ["zh/intro.html", "en/intro.html", "bilingual/intro.html", "zh/sub/deep.html", "bilingual/sub/deep.html",
                     "zh/print.html", "en/print.html"] {
            let page = try String(contentsOfFile: site + path, encoding: .utf8)
            let folderURL = URL(fileURLWithPath: site + path).deletingLastPathComponent()
            let images = values("src", in: page).filter { !$0.hasSuffix(".js") }
            #expect(!images.isEmpty || path.hasSuffix("intro.html") == false, "\(path) shows no image")
            for src in images {
                let file = folderURL.appendingPathComponent(src.removingPercentEncoding ?? src).standardizedFileURL.path
                #expect(FileManager.default.fileExists(atPath: file), "\(path): image \(src) does not load")
            }
            guard !path.contains("print") else { continue }   // the print page prefixes its ids
            let ids = Set(values("id", in: page))
            for href in values("href", in: page) where href.hasPrefix("#") && href.count > 1 {
                let id = String(href.dropFirst()).removingPercentEncoding ?? ""
                #expect(ids.contains(id), "\(path): link \(href) lands nowhere")
            }
        }
        let zh = try String(contentsOfFile: site + "zh/intro.html", encoding: .utf8)
        #expect(zh.contains("<p align=\"center\"><img src=\"images/diagram.png\" width=\"400\" alt=\"图\"></p>"))
        let bilingual = try String(contentsOfFile: site + "bilingual/intro.html", encoding: .utf8)
        #expect(bilingual.contains("<img src=\"../zh/images/diagram.png\" width=\"400\" alt=\"图\">"))
        #expect(bilingual.contains("<img src=\"../en/images/diagram.png\" width=\"400\" alt=\"diagram\">"))
    }
}
