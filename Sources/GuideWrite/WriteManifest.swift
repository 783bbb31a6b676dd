import Foundation
import GuideFiles
import GuideModel
import GuideRender

/// What the last build wrote into the output folder (`.guide-cache/written`): for each file,
/// a tag naming its bytes and the file's identity on disk (inode, size, modification time).
/// A file the next build would write with the same tag, and that nobody has touched since
/// (same identity), is hard-linked into the new site instead of written again: after a
/// one-paragraph edit, almost every file of a large book.
///
/// A tag is the `Digest` of the file's bytes in hex, or, for a page with a key, `page:` and
/// its key (`CacheStage.pages`: the hash of everything the page is made from), so that a page
/// whose inputs did not change is kept without being read (`Site.kept`); the search index's
/// `search/index.js` is tagged `index:` and the name of the whole index (`SearchIndex.siteFiles`).
///
/// A damaged or foreign manifest is ignored (every file is written); so is an entry whose
/// file changed in any way.
struct WriteManifest: Sendable {
    static let format = "guide-written-3"   // 3: XXH3 tags and checksum (Digest)

    struct Entry: Equatable, Sendable {
        var tag: String
        var identity: FileIdentity
    }

    private(set) var entries: [String: Entry] = [:]

    init() {}

    /// The manifest in `file`, or an empty one. (Read as bytes: splitting the text of a
    /// 4,000-file manifest into `Substring`s cost a few percent of a rebuild.)
    init(file: String) {
        guard let bytes = FileBytes.read(file) else { return }
        guard bytes.last == 0x0A, let checksumStart = bytes.dropLast().lastIndex(of: 0x0A) else { return }
        let body = bytes[...checksumStart], checksum = bytes[(checksumStart + 1)..<(bytes.count - 1)]
        guard Digest.hex(body).utf8.elementsEqual(checksum) else { return }
        var lines = body.split(separator: 0x0A)
        guard let header = lines.first, header.elementsEqual(Self.format.utf8) else { return }
        lines.removeFirst()
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(lines.count)
        for line in lines {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
            guard fields.count == 6, !fields[1].isEmpty, let inode = Self.number(fields[2]), let size = Self.number(fields[3]),
                  let seconds = Self.number(fields[4]), let nanoseconds = Self.number(fields[5]) else { return }
            entries[String(decoding: fields[0], as: UTF8.self)] = Entry(
                tag: String(decoding: fields[1], as: UTF8.self),
                identity: FileIdentity(inode: inode, size: Int64(bitPattern: size), seconds: Int64(bitPattern: seconds),
                                       nanoseconds: Int64(bitPattern: nanoseconds)))
        }
        self.entries = entries
    }

    /// A decimal number (a leading `-` allowed: sizes and times are signed), as its bit pattern.
    private static func number(_ digits: ArraySlice<UInt8>) -> UInt64? {
        var digits = digits[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 20 else { return nil }
        var value: UInt64 = 0
        for digit in digits {
            guard (0x30...0x39).contains(digit) else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit - 0x30))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        return negative ? 0 &- value : value
    }

    mutating func record(_ path: String, _ entry: Entry) {
        entries[path] = entry
    }

    /// The manifest's text: a header, a line per file (paths sorted), and its own `Digest`; made as bytes.
    var bytes: [UInt8] {
        var body = Array((Self.format + "\n").utf8)
        body.reserveCapacity(entries.count * 120 + 64)
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let id = entry.identity
            body += path.utf8
            body.append(0x09)
            body += entry.tag.utf8
            body.append(0x09)
            Self.appendDecimal(id.inode, to: &body)
            for number in [id.size, id.seconds, id.nanoseconds] {
                body.append(0x09)
                if number < 0 { body.append(UInt8(ascii: "-")) }
                Self.appendDecimal(number.magnitude, to: &body)
            }
            body.append(0x0A)
        }
        return body + Digest.hex(body).utf8 + [0x0A]
    }

    private static func appendDecimal(_ number: UInt64, to out: inout [UInt8]) {
        var magnitude = number, digits: [UInt8] = []
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        out += digits.reversed()
    }

    /// Whether `folder/path` is the file this manifest says was written there with `tag`,
    /// untouched since.
    func holds(_ path: String, tag: String, in folder: String) -> Bool {
        held(path, tag: tag, in: folder) != nil
    }

    /// The entry of `path` when `folder/path` is the file it describes (`holds`): a hard link
    /// to it has the same identity (a link changes only the file's change time, which the
    /// identity leaves out), so the writer records it without asking the system again.
    func held(_ path: String, tag: String, in folder: String) -> Entry? {
        guard let entry = entries[path], entry.tag == tag, FileIdentity(path: folder + "/" + path) == entry.identity else { return nil }
        return entry
    }

    /// `held`, for the file `name` of the open folder `descriptor` (which holds `path`).
    func held(_ path: String, tag: String, at descriptor: Int32, name: String) -> Entry? {
        guard let entry = entries[path], entry.tag == tag, FileIdentity(at: descriptor, name: name) == entry.identity else { return nil }
        return entry
    }
}

/// The site folder as the last build left it, with its manifest: what a build may keep.
public struct WrittenSite: Sendable {
    let folder: String
    let manifest: WriteManifest
    private let folders: OpenFolders

    public init(folder: String, manifest file: String) {
        self.folder = folder
        manifest = WriteManifest(file: file)
        folders = OpenFolders(root: folder)
    }

    public func holds(_ path: String, tag: String) -> Bool {
        guard manifest.entries[path]?.tag == tag else { return false }
        // Through its folder, open once: the system walks one name, not the whole path (a
        // rebuild asks this of every page of the site).
        guard let parent = folders.descriptor(PathText.parent(path)) else { return manifest.holds(path, tag: tag, in: folder) }
        return manifest.held(path, tag: tag, at: parent, name: PathText.lastComponent(path)) != nil
    }

    /// The files whose paths start with `prefix`, sorted, each with the tag it was written with,
    /// when the last build wrote `marker` (one of them) with `tag` and none of them changed
    /// since; nil otherwise. (A build writes every file of the site and lists each in the
    /// manifest: these are all the files of what `tag` names, as that build wrote them.)
    public func files(under prefix: String, marker: String, tag: String) -> [(path: String, tag: String)]? {
        guard manifest.entries[marker]?.tag == tag else { return nil }
        let under = manifest.entries.filter { $0.key.hasPrefix(prefix) }.sorted { $0.key < $1.key }
        guard under.allSatisfy({ holds($0.key, tag: $0.value.tag) }) else { return nil }
        return under.map { ($0.key, $0.value.tag) }
    }
}

/// A file's identity on disk: what changes when anything writes to it or replaces it.
struct FileIdentity: Equatable, Sendable {
    var inode: UInt64
    var size: Int64
    var seconds: Int64
    var nanoseconds: Int64

    /// The identity of the file at `path` (not following a final symlink), or nil.
    init?(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The identity of the file `name` in the open folder `descriptor` (not following a link).
    init?(at descriptor: Int32, name: String) {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        self.init(info)
    }

    private init?(_ info: stat) {
        guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.init(inode: UInt64(info.st_ino), size: Int64(info.st_size),
                  seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
    }

    init(inode: UInt64, size: Int64, seconds: Int64, nanoseconds: Int64) {
        self.inode = inode
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }
}


/// The folders of a site, each opened when first asked for and kept open (on any thread).
private final class OpenFolders: Sendable {
    let root: String
    private let open = Locked<[String: FolderDescriptor?]>([:])

    init(root: String) { self.root = root }

    /// The open folder `relative` (`""`: the root), nil when it cannot be opened.
    func descriptor(_ relative: String) -> Int32? {
        open.withLock { open in
            if let known = open[relative] { return known?.descriptor }
            let made = FolderDescriptor(relative.isEmpty ? root : root + "/" + relative)
            open[relative] = made
            return made?.descriptor
        }
    }
}
