import Foundation
import GuideModel

/// The one cache: `.guide-cache/` beside the content folder, which every stage (`CacheStage`)
/// reads and writes through here, by keys `CacheStage.key` made.
///
/// A stage's records are one pack, `STAGE.pack`: a header, then records (key, length, bytes,
/// and the `Digest` of those three, its seal). A pack is mapped, indexed on first use and a
/// record checked and decoded only when asked for: a record whose seal fails, or which `decode`
/// refuses, reads as missing and is made again; a pack cut short loses the records past the cut.
/// Records made during a build go to a temporary file beside the pack as they are made, and
/// `save` (once, at the end of the build) appends them to the pack, which moves nothing another
/// build has mapped; or, when the records the build did not use would then weigh more than
/// those it did (or the pack ends in a record cut short), writes the pack whole under a
/// temporary name with the records the build used, and renames it over the old one. Nothing is
/// synced to disk: a cache is disposable, and a record a crash cut is made again.
///
/// Files clang reads by path (`CacheStage.folder`) are named by their key and kept by the same
/// rule. The one rule: a stage the build used keeps the records and files it used (read,
/// written, or kept as the base of another: a review keeps its alignment), and unused records
/// only while they weigh less than those (so a rebuild after an edit writes a few records, not
/// every pack again, and a pack stays under twice what the book uses); a stage it did not
/// touch stays as it is. `guide serve` keeps decoded values in memory between rebuilds
/// (`CacheMemory`) in front of the packs, so it uses few records of them: it adds its new
/// records to the packs (`prunes: false`) and removes none.
public final class CacheStore: Sendable {
    public let root: String
    public let prunes: Bool
    /// Values of earlier builds of this process (`guide serve`), asked before the packs.
    public let memory: CacheMemory?
    private let state = Locked(State())

    private struct State {
        var packs: [CacheStage: Pack] = [:]
        var files: [CacheStage: Set<String>] = [:]
        var limits: [CacheStage: Int] = [:]
    }

    /// The store in `root` (made absolute: clang reads its files from a folder of its own).
    public init(root: String, prunes: Bool = true, memory: CacheMemory? = nil) {
        self.root = URL(fileURLWithPath: root).standardizedFileURL.path
        self.prunes = prunes
        self.memory = memory
    }

    /// The cache beside `content`, refused when it or a folder or file of guide's in it is a
    /// link (`CacheFolders`): a build reads, writes and prunes its entries, and a link could
    /// lead them anywhere (or into the book itself).
    public convenience init(forContent content: String, prunes: Bool = true, memory: CacheMemory? = nil) throws {
        let folder = Self.folder(forContent: content)
        try CacheFolders.check(folder, display: PathText.displayed(folder))
        self.init(root: folder, prunes: prunes, memory: memory)
    }

    /// A cache folder the command line names (`guide check --cache`), checked as the one beside
    /// the content is, and refused inside the content folder: pruning it would remove chapters.
    public convenience init(folder: String, content: String, prunes: Bool = true, memory: CacheMemory? = nil) throws {
        try CacheFolders.check(folder, display: PathText.displayed(folder))
        if ConfinedFolder(content, role: "the content folder").contains(folder) {
            throw GuideError("refused: the cache folder is inside the content folder, and guide removes what it does not "
                             + "use from its cache: name a folder outside the book", file: PathText.displayed(folder))
        }
        self.init(root: folder, prunes: prunes, memory: memory)
    }

    /// `.guide-cache/` next to the content folder (git-ignored).
    public static func folder(forContent content: String) -> String {
        var folder = content
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        var parent = PathText.parent(folder)
        if parent.isEmpty, folder.hasPrefix("/") { parent = "/" }
        return (parent.isEmpty ? "." : parent) + "/.guide-cache"
    }

    private func pack(_ stage: CacheStage) -> Pack {
        state.withLock { state in
            if let pack = state.packs[stage] { return pack }
            let pack = Pack(root + "/" + stage.rawValue + ".pack")
            state.packs[stage] = pack
            return pack
        }
    }

    /// The value of `key` in memory, or its record as `decode` reads it (nil: none, damaged, or
    /// refused); a value read counts as used.
    public func read<T>(_ stage: CacheStage, _ key: CacheKey, _ decode: (UnsafeRawBufferPointer) -> T?) -> T? {
        if let known: T = memory?.value(stage, key) { return known }
        let value = pack(stage).read(key, decode)
        if let value { memory?.keep(stage, key, value) }
        return value
    }

    /// Adds a record (the last of a key counts).
    public func write(_ stage: CacheStage, _ key: CacheKey, _ bytes: [UInt8]) {
        pack(stage).write(key, bytes)
    }

    /// Keeps the record of `key` (if there is one) without reading it.
    public func keep(_ stage: CacheStage, _ key: CacheKey) {
        memory?.use(stage, key)
        pack(stage).keep(key)
    }

    /// The stored value of `key`, or `make()`'s, stored.
    public func value<T>(_ stage: CacheStage, _ key: CacheKey, decode: (UnsafeRawBufferPointer) -> T?,
                         encode: (T) -> [UInt8], make: () throws -> T) rethrows -> T {
        if let known = read(stage, key, decode) { return known }
        let made = try make()
        write(stage, key, encode(made))
        memory?.keep(stage, key, made)
        return made
    }

    /// The value of `key` from memory, or `make()`'s (kept there): values that are not stored,
    /// such as parsed chapters and whole pages, which serve keeps and a build does not.
    public func remembered<T>(_ stage: CacheStage, _ key: CacheKey, make: () throws -> T) rethrows -> T {
        guard let memory else { return try make() }
        if let known: T = memory.value(stage, key) { return known }
        let made = try make()
        memory.keep(stage, key, made)
        return made
    }

    /// The value `remember` left under `key` in memory (`guide serve`'s), if any.
    public func recalled<T>(_ stage: CacheStage, _ key: CacheKey) -> T? {
        memory?.value(stage, key)
    }

    /// Keeps `value` in memory under `key` (nothing without memory: a build stores no such value).
    public func remember(_ stage: CacheStage, _ key: CacheKey, _ value: Any) {
        memory?.keep(stage, key, value)
    }

    /// Besides what it used, `stage` keeps up to `count` records in all (`CacheStage.highlight`).
    public func keepUnused(_ stage: CacheStage, upTo count: Int) {
        state.withLock { _ = $0.limits[stage] = count }
    }

    /// The path of `stage`'s file named by `key` (its folder made), which counts as used.
    public func file(_ stage: CacheStage, _ key: CacheKey, suffix: String = "") -> String {
        let folder = root + "/" + stage.folder!
        state.withLock { _ = $0.files[stage, default: []].insert(key.hex) }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/" + key.hex + suffix
    }

    /// Seals `stage`'s file of `key` as it is now: the `Digest` of its bytes, a record of the stage.
    public func sealFile(_ stage: CacheStage, _ key: CacheKey, suffix: String = "") {
        if let bytes = FileBytes.read(file(stage, key, suffix: suffix)) { write(stage, key, Digest.of(bytes)) }
    }

    /// True when `stage`'s file of `key` exists and matches its seal.
    public func fileHolds(_ stage: CacheStage, _ key: CacheKey, suffix: String = "") -> Bool {
        guard let bytes = FileBytes.read(file(stage, key, suffix: suffix)),
              let seal = read(stage, key, { Array($0) }) else { return false }
        return Digest.of(bytes) == seal
    }

    /// Ends the build's use of `stages`: each changed pack written (see the type's rule) and the
    /// unused files removed. The store can then serve another build.
    public func save(_ stages: [CacheStage] = CacheStage.allCases) {
        for stage in stages {
            let (pack, files, limit) = state.withLock { state in
                (state.packs.removeValue(forKey: stage), state.files.removeValue(forKey: stage), state.limits[stage])
            }
            pack?.save(prunes: prunes, limit: limit)
            memory?.save(stage)
            // Only a folder of guide's is pruned, and only through it: a link is never followed.
            guard prunes, let files, let folder = stage.folder.map({ root + "/" + $0 }),
                  CacheFolders.isOwnFolder(folder) else { continue }
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            where !entry.contains(".tmp-") && !files.contains(String(entry.prefix(Digest.hexCount))) {
                FolderRemoval.remove(folder + "/" + entry)
            }
        }
        // Temporary packs of builds that were killed, and the cache of guides before packs (only
        // in a folder of guide's own: `guide check --cache` may name any folder).
        guard PathText.lastComponent(root) == ".guide-cache" else { return }
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
            if let mark = entry.range(of: ".tmp-"), let pid = Int32(entry[mark.upperBound...].prefix { $0 != "-" }),
               kill(pid, 0) != 0, errno == ESRCH {
                unlink(root + "/" + entry)
            }
        }
        for legacy in ["align", "review", "pages", "search", "facts", "highlight", "check/results", "check/chapters"]
        where CacheFolders.isOwnFolder(PathText.parent(root + "/" + legacy)) {
            FolderRemoval.remove(root + "/" + legacy)
        }
    }

    static let header = Array("guide-pack-1\n".utf8)
    /// A record's key and length before its bytes, and its seal after.
    static let head = 16 + 8, seal = Digest.byteCount
}

/// Decoded values kept between the builds of one process (`guide serve`), by stage and key, in
/// front of the packs: a value whose key a rebuild makes again is taken as it was, without
/// reading or decoding anything. Each build's `save` forgets, of each stage it used, the values
/// it did not use: the packs' rule.
public final class CacheMemory: Sendable {
    private struct State {
        var values: [CacheStage: [CacheKey: Any]] = [:]
        var used: [CacheStage: Set<CacheKey>] = [:]
        var hits: [CacheStage: Int] = [:]
    }

    private let state = Locked(State())

    public init() {}

    /// How many values of `stage` were taken from memory so far (for tests).
    public func hits(_ stage: CacheStage) -> Int { state.withLock { $0.hits[stage] ?? 0 } }

    func value<T>(_ stage: CacheStage, _ key: CacheKey) -> T? {
        state.withLock { state in
            guard let value = state.values[stage]?[key] as? T else { return nil }
            state.used[stage, default: []].insert(key)
            state.hits[stage, default: 0] += 1
            return value
        }
    }

    func keep(_ stage: CacheStage, _ key: CacheKey, _ value: Any) {
        state.withLock { state in
            state.values[stage, default: [:]][key] = value
            state.used[stage, default: []].insert(key)
        }
    }

    func use(_ stage: CacheStage, _ key: CacheKey) {
        state.withLock { _ = $0.used[stage, default: []].insert(key) }
    }

    func save(_ stage: CacheStage) {
        state.withLock { state in
            guard let used = state.used.removeValue(forKey: stage) else { return }
            state.values[stage] = state.values[stage]?.filter { used.contains($0.key) }
        }
    }
}

/// One stage's pack: the old file mapped and indexed, the records used, the records added.
private final class Pack: @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    private var mapping: Mapping?
    private var index: RecordTable?
    /// Where the old pack's last whole record ends.
    private var indexedEnd = 0
    private var used = Set<CacheKey>()
    private var added: [CacheKey: Range<Int>] = [:]
    private var writer: PackWriter?
    private var unwritable = false
    /// The old pack was indexed by walking it (it had no index of its own, or not this one).
    private var walked = false

    init(_ path: String) { self.path = path }

    /// The old pack's records (under `lock`), read on first use: from the index saved beside
    /// it (`PackIndex`) when that was saved for the pack as it is, else by walking the pack.
    private func stored() -> RecordTable {
        if let index { return index }
        mapping = Mapping(path)
        var read = mapping.flatMap { PackIndex.read(for: path, identity: $0.identity, size: $0.raw.count) }
        if read == nil, let mapping {
            read = Self.index(mapping.raw)
            walked = true
        }
        index = read?.records ?? RecordTable(capacity: 0)
        indexedEnd = read?.end ?? 0
        return index!
    }

    func read<T>(_ key: CacheKey, _ decode: (UnsafeRawBufferPointer) -> T?) -> T? {
        lock.lock()
        if let range = added[key] {
            // From the writer's buffer while the record is still there; else read from its file
            // after the lock is let go (pages read records on every core at once).
            let writer = self.writer, place = writer?.place(range)
            lock.unlock()
            guard let writer, let place else { return nil }
            let record: [UInt8]?
            switch place {
            case .buffer(let bytes): record = bytes
            case .file: record = writer.readFile(range)
            }
            return record?.withUnsafeBytes { Self.body($0, key).flatMap(decode) }
        }
        let range = stored()[key], mapping = self.mapping
        lock.unlock()
        guard let range, let mapping,
              let value = Self.body(UnsafeRawBufferPointer(rebasing: mapping.raw[range]), key).flatMap(decode) else { return nil }
        lock.withLock { _ = used.insert(key) }
        return value
    }

    func write(_ key: CacheKey, _ body: [UInt8]) {
        let head = key.bytes + withUnsafeBytes(of: UInt64(body.count).littleEndian) { Array($0) }
        let hash = Digest()
        hash.update(head)
        hash.update(body)
        let seal = hash.finalize()
        lock.lock()
        defer { lock.unlock() }
        guard !unwritable else { return }
        if writer == nil { writer = PackWriter(for: path) }
        guard let writer, let range = writer.append([head, body, seal]) else { return unwritable = true }
        added[key] = range
    }

    func keep(_ key: CacheKey) {
        lock.withLock { _ = used.insert(key) }
    }

    func save(prunes: Bool, limit: Int?) {
        lock.lock()
        defer { lock.unlock() }
        let old = stored()
        // The old records that stay: those this build used (all without pruning), then, up to
        // `limit` records, unused ones in key order. Counted and weighed from the records used
        // and added alone, and listed (sorted, where some must go) only when the pack is written
        // anew: a rebuild changes few packs, and the largest hold hundreds of thousands of records.
        var usedCount = 0, usedBytes = 0, replacedCount = 0, replacedBytes = 0
        for key in used where added[key] == nil {
            if let range = old[key] { usedCount += 1; usedBytes += range.count }
        }
        for key in added.keys {
            if let range = old[key] { replacedCount += 1; replacedBytes += range.count }
        }
        let unusedCount = old.count - usedCount - replacedCount, unusedBytes = old.bytes - usedBytes - replacedBytes
        let keptUnused = !prunes ? unusedCount : limit.map { max(0, min(unusedCount, $0 - usedCount - added.count)) } ?? 0
        guard !unwritable, !added.isEmpty || usedCount + keptUnused != old.count else {
            // Unchanged, but walked: its index saved, for the next build to read instead.
            if walked, let mapping, indexedEnd == mapping.raw.count {
                PackIndex.write(old.keys.map { ($0, old[$0]!) }, for: path, expected: mapping.identity)
            }
            return writer = nil
        }
        // The new records go after the old ones, in place (appending moves nothing a reader has),
        // while the records no build uses weigh less than those it does; past that the pack is
        // written anew with the used ones only. So a rebuild after an edit writes its few records,
        // not the whole pack again (a 145 MB pack of sections at ×200), and a pack stays under
        // twice what the book uses. Serve, which prunes nothing, always appends.
        let whole = mapping.map { $0.raw.starts(with: CacheStore.header) && indexedEnd == $0.raw.count } == true
        let addedBytes = added.values.reduce(0) { $0 + $1.count }
        // Unused records kept up to a count weigh, for this rule, their average.
        let keptUnusedBytes = keptUnused == unusedCount ? unusedBytes : unusedBytes / max(1, unusedCount) * keptUnused
        let live = usedBytes + keptUnusedBytes + addedBytes
        let total = (mapping.map { $0.raw.count - CacheStore.header.count } ?? 0) + addedBytes
        if whole, !prunes || total <= 2 * live {
            guard !added.isEmpty else { return writer = nil }
            guard let writer else { return }
            self.writer = nil
            // The new records' places: where the appended bytes began, less the writer's header.
            // Indexed only when they went right after the records this build indexed, in the
            // same file: another build may have appended meanwhile, or written the pack anew.
            guard let appended = writer.append(to: path), let mapped = mapping?.identity,
                  appended.start == indexedEnd, appended.file.sameFile(as: mapped) else { return }
            let shift = appended.start - CacheStore.header.count
            var records = old
            for (key, range) in added { records[key] = (range.lowerBound + shift)..<(range.upperBound + shift) }
            PackIndex.write(records.keys.map { ($0, records[$0]!) }, for: path, expected: appended.file)
            return
        }
        guard let writer = writer ?? PackWriter(for: path) else { return }
        self.writer = nil
        let replaced = { (key: CacheKey) in self.added[key] != nil }
        let oldKeys = old.keys
        var kept = oldKeys.filter { !replaced($0) && (!prunes || used.contains($0)) }
        if keptUnused > 0, prunes {
            let unused = oldKeys.filter { !replaced($0) && !used.contains($0) }
            kept += keptUnused == unused.count ? unused : Array(unused.sorted().prefix(keptUnused))
        }
        var records = added.map { (key: $0.key, range: $0.value) }
        kept.sort()
        for key in kept {
            let range = writer.append(UnsafeRawBufferPointer(rebasing: mapping!.raw[old[key]!]))
            records.append((key, range))
        }
        if let written = writer.finish(as: path) { PackIndex.write(records, for: path, expected: written) }
    }

    /// Where each whole record of a pack is (the last of a key counts), and where the last one
    /// ends (before a record cut short); nil for a foreign file.
    static func index(_ raw: UnsafeRawBufferPointer) -> (records: RecordTable, end: Int)? {
        guard raw.starts(with: CacheStore.header) else { return nil }
        // Room for records of ~2 KB each to start with (the table grows when they are smaller).
        var index = RecordTable(capacity: raw.count / 2048)
        var offset = CacheStore.header.count
        let overhead = CacheStore.head + CacheStore.seal
        while raw.count - offset >= overhead {
            let length = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            guard length <= UInt64(raw.count - offset - overhead) else { break }
            let end = offset + overhead + Int(length)
            index[CacheKey(raw, at: offset)] = offset..<end
            offset = end
        }
        return (index, offset)
    }

    /// A record's bytes, when it is `key`'s and its seal holds.
    static func body(_ record: UnsafeRawBufferPointer, _ key: CacheKey) -> UnsafeRawBufferPointer? {
        let end = record.count - CacheStore.seal
        guard end >= CacheStore.head, CacheKey(record, at: 0) == key,
              UInt64(littleEndian: record.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) == UInt64(end - CacheStore.head)
        else { return nil }
        let hash = Digest()
        hash.update(UnsafeRawBufferPointer(rebasing: record[..<end]))
        guard hash.finalize().elementsEqual(record[end...]) else { return nil }
        return UnsafeRawBufferPointer(rebasing: record[CacheStore.head..<end])
    }
}

/// A pack file mapped read-only (packs are replaced by renaming, never changed in place).
private final class Mapping: @unchecked Sendable {
    let raw: UnsafeRawBufferPointer
    /// The file as it was mapped (its saved index names it).
    let identity: FileIdentity

    init?(_ path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_size > 0,
              let base = mmap(nil, Int(status.st_size), PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return nil }
        raw = UnsafeRawBufferPointer(start: base, count: Int(status.st_size))
        identity = FileIdentity(status)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: raw.baseAddress), raw.count) }
}

/// The next version of a pack, written beside it as records come (through a buffer), readable
/// meanwhile; removed unless `finish` renames it.
private final class PackWriter {
    let path: String
    private var fd: Int32
    private var buffer = CacheStore.header
    private var written = 0
    private var failed = false

    init?(for pack: String) {
        path = pack + ".tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0, errno == ENOENT {
            try? FileManager.default.createDirectory(atPath: PathText.parent(path), withIntermediateDirectories: true)
            fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        }
        guard fd >= 0 else { return nil }
    }

    deinit {
        if fd >= 0 {
            close(fd)
            unlink(path)
        }
    }

    /// Where the parts went, one after the other; nil once a write failed.
    @discardableResult
    func append(_ parts: [[UInt8]]) -> Range<Int>? {
        let start = written + buffer.count
        for part in parts { _ = part.withUnsafeBytes { append($0) } }
        return failed ? nil : start..<(written + buffer.count)
    }

    /// Where the bytes went in the file.
    @discardableResult
    func append(_ bytes: UnsafeRawBufferPointer) -> Range<Int> {
        let start = written + buffer.count
        if bytes.count >= 1 << 20 {
            flush()
            emit(bytes)
        } else {
            buffer += bytes
            if buffer.count >= 1 << 20 { flush() }
        }
        return start..<(start + bytes.count)
    }

    func read(_ range: Range<Int>) -> [UInt8]? {
        flush()
        guard !failed else { return nil }
        return readFile(range)
    }

    enum Place {
        /// The record's bytes, copied from the buffer.
        case buffer([UInt8])
        /// In the file (flushed as far as it needs): `readFile` reads it.
        case file
    }

    /// Where a record is (under the pack's lock); nil once a write failed.
    func place(_ range: Range<Int>) -> Place? {
        guard !failed else { return nil }
        if range.lowerBound >= written {
            let start = range.lowerBound - written
            return .buffer(Array(buffer[start..<start + range.count]))
        }
        if range.upperBound > written { flush() }
        return failed ? nil : .file
    }

    /// Bytes of the file already written: beside appends, which only add after them, on any thread.
    func readFile(_ range: Range<Int>) -> [UInt8]? {
        var done = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, count in
            while done < range.count {
                let read = pread(fd, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { break }
                done += read
            }
            count = done
        }
        return done == range.count ? bytes : nil
    }

    /// Renames the file to `pack`, whole (or removes it when a write failed); the file renamed.
    @discardableResult
    func finish(as pack: String) -> FileIdentity? {
        flush()
        var status = stat()
        let known = fstat(fd, &status) == 0
        let closed = close(fd) == 0
        fd = -1
        if failed || !closed || !known || rename(path, pack) != 0 {
            unlink(path)
            return nil
        }
        return FileIdentity(status)
    }

    /// Appends the records (not the header) to the end of `pack` (the file is removed when the
    /// writer goes); where in `pack` they begin, and which file that was, when all were written.
    func append(to pack: String) -> (start: Int, file: FileIdentity)? {
        flush()
        guard let records = read(CacheStore.header.count..<written) else { return nil }
        let out = open(pack, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW)
        guard out >= 0 else { return nil }
        defer { close(out) }
        // Where they went: the end after the write, less what was written (another build may
        // have appended meanwhile: `O_APPEND` puts each write at the end as it is then).
        guard records.withUnsafeBytes({ Self.write($0, to: out) }) else { return nil }
        var status = stat()
        let end = lseek(out, 0, SEEK_END)
        guard end >= 0, fstat(out, &status) == 0 else { return nil }
        return (Int(end) - records.count, FileIdentity(status))
    }

    private func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { emit($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func emit(_ bytes: UnsafeRawBufferPointer) {
        if !failed, Self.write(bytes, to: fd) { written += bytes.count } else { failed = true }
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let count = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }
}

/// A pack's records by key: where each is in the pack (the last one written with a key counts).
struct RecordTable {
    private var places: [CacheKey: Range<Int>]
    /// The records' bytes, all told.
    private(set) var bytes = 0

    init(capacity: Int) {
        places = Dictionary(minimumCapacity: capacity)
    }

    var count: Int { places.count }

    subscript(key: CacheKey) -> Range<Int>? {
        get { places[key] }
        set {
            guard let newValue, newValue.upperBound > 0 else { preconditionFailure("a record is never removed or empty") }
            bytes += newValue.count - (places.updateValue(newValue, forKey: key)?.count ?? 0)
        }
    }

    /// Every key, in no particular order.
    var keys: [CacheKey] { Array(places.keys) }
}
