import Foundation
import GuideCheck
import GuideMerge
import GuideFiles
import GuideModel
import GuideParse
import GuideRender
import GuideWrite

/// The folders one run of guide works on, made once from the command line's paths: every
/// command reads the book, opens its cache and names its files through one of these, so that
/// `check --content ./content` and `build` name and key a chapter the same way.
public struct Workspace: Sendable {
    /// Where the cache is.
    public enum CacheLocation: Sendable, Equatable {
        /// `.guide-cache/` next to the content folder (refused when it is a link).
        case besideContent
        /// A folder the command line names (`guide check --cache`).
        case folder(String)
        /// No cache: everything is made again and nothing is kept (`guide check --no-cache`).
        case none
    }

    /// The content folder (guide.yml, en/, zh/).
    public var content: String
    /// The book's templates folder (*.mustache, *.css), whose files replace the built-in theme's;
    /// nil: the built-in theme alone.
    public var templates: String?
    /// The output folder (the site).
    public var output: String
    public var cacheLocation: CacheLocation

    /// Where a book's templates folder is unless the command line names one.
    public static let defaultTemplates = "templates"

    /// `defaultTemplates` when that folder exists (in the working folder), else nil: the built-in theme alone.
    public static var localTemplates: String? {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: defaultTemplates, isDirectory: &isDirectory) && isDirectory.boolValue
            ? defaultTemplates : nil
    }

    public init(content: String = "content", templates: String? = Workspace.localTemplates, output: String = "site",
                cache: CacheLocation = .besideContent) {
        self.content = content
        self.templates = templates
        self.output = output
        self.cacheLocation = cache
    }

    /// The content folder a command reads when none is named: `content/` when it holds a
    /// `guide.yml` (this repository's layout), else the working folder when it holds one (a book
    /// kept as its maintainers keep it, after `guide init`), else `content` (whose missing
    /// `guide.yml` is then reported with what to do).
    public static var defaultContent: String {
        let files = FileManager.default
        if !files.fileExists(atPath: "content/" + ContentLoader.configName), files.fileExists(atPath: ContentLoader.configName) {
            return "."
        }
        return "content"
    }

    /// The content folder is the working folder: a book built where its maintainers keep it.
    public var buildsWhereKept: Bool {
        OutputGuard.canonical(content) == OutputGuard.canonical(FileManager.default.currentDirectoryPath)
    }

    /// How messages name the content folder: as given, relative to the working folder.
    public var displayRoot: String { ContentLoader(root: content).displayRoot }

    /// The cache folder, or nil when there is none.
    public var cacheFolder: String? {
        switch cacheLocation {
        case .besideContent: CacheStore.folder(forContent: content)
        case .folder(let folder): folder
        case .none: nil
        }
    }

    /// guide's own folders: the output, the templates and the cache. Where the content folder
    /// holds them (a book built where it is kept: `site/`, `templates/`) they are skipped, never
    /// read as the book's files, as mdBook skips its `book/` and Hugo its `public/`.
    public var ownFolders: OwnFolders {
        OwnFolders([output] + (templates.map { [$0] } ?? []) + (cacheFolder.map { [$0] } ?? []))
    }

    /// `ownFolders` below `folder`, as full paths that start with `folder` (what `guide serve` does not watch).
    public func ownFolders(inside folder: String) -> Set<String> {
        Set(ownFolders.relative(to: folder).map { folder + "/" + $0 })
    }

    /// The book, its chapters parsed (their facts through `cache` when one is given).
    public func loadBook(facts cache: CacheStore? = nil) throws -> Book {
        var loader = ContentLoader(root: content)
        loader.ownFolders = ownFolders
        loader.memo = cache.map(CachedChapters.init)
        return try loader.load()
    }

    /// The one cache every stage goes through (nil for `.none`). `memory` holds records
    /// between rebuilds (`guide serve`), which then prunes nothing from the disk.
    public func openCache(memory: CacheMemory? = nil) throws -> CacheStore? {
        switch cacheLocation {
        case .besideContent: try CacheStore(forContent: content, prunes: memory == nil, memory: memory)
        case .folder(let folder): try CacheStore(folder: folder, content: content, prunes: memory == nil, memory: memory)
        case .none: nil
        }
    }

    /// The snippet check's options for this workspace and cache; what is nil comes from the book.
    public func checkOptions(cache: CacheStore?) -> CheckOptions {
        CheckOptions(contentRoot: content, displayRoot: displayRoot, memo: cache.map(CheckCache.init))
    }
}
