import Foundation
@testable import GuideFiles
@testable import GuideModel
import Testing

/// The one cache: keys say what each stage depends on, no more; packs survive damage; a build
/// keeps exactly what it used.
@Suite struct CacheStoreTests {
    static let versions = CacheStage.Versions(highlighter: "clang 1", templates: "t1", compiler: "cc 1")

    static func key(_ stage: CacheStage, _ versions: CacheStage.Versions = versions, build: String = "build 1",
                    input: String = "input") -> CacheKey {
        stage.key(versions, build: build) { $0.updateCounted(input) }
    }

    /// Every stage's key changes with the tool's build, each version the stage declares and its
    /// inputs, and with nothing else: a version it does not declare leaves it as it is.
    @Test func eachStagesKeyChangesWithWhatItDependsOnOnly() {
        var all = Set<CacheKey>()
        for stage in CacheStage.allCases {
            let base = Self.key(stage)
            #expect(all.insert(base).inserted, "\(stage) shares a key with another stage")
            #expect(Self.key(stage) == base)
            #expect(Self.key(stage, build: "build 2") != base, "\(stage): the tool's build")
            #expect(Self.key(stage, input: "input 2") != base, "\(stage): the input")
            let changed: [(CacheStage.Dependency, CacheStage.Versions)] = [
                (.highlighter, CacheStage.Versions(highlighter: "clang 2", templates: "t1", compiler: "cc 1")),
                (.templates, CacheStage.Versions(highlighter: "clang 1", templates: "t2", compiler: "cc 1")),
                (.compiler, CacheStage.Versions(highlighter: "clang 1", templates: "t1", compiler: "cc 2")),
            ]
            for (dependency, versions) in changed {
                let declared = stage.dependencies.contains { "\($0)" == "\(dependency)" }
                #expect((Self.key(stage, versions) != base) == declared, "\(stage): the \(dependency) version")
            }
        }
        // The key the stores use is this build's.
        #expect(CacheStage.align.key { $0.updateCounted("input") } == Self.key(.align, build: CacheStage.toolBuild))
    }

    /// Each save leaves the pack's index beside it (`PackIndex`), which names every record where
    /// walking the pack finds it: after a first build, an append and a rewrite. A later store
    /// reads its records through it. A pack changed since (by a byte), or a damaged index, is not
    /// trusted: its records are walked, and read all the same.
    @Test func eachSaveLeavesAnIndexThatNamesWhatTheWalkFinds() throws {
        let folder = try TempFolder()
        let pack = folder.path + "/align.pack"
        func indexed() -> [String: Range<Int>]? {
            guard let identity = FileIdentity(pack), let size = FileBytes.read(pack)?.count,
                  let read = PackIndex.read(for: pack, identity: identity, size: size) else { return nil }
            return Dictionary(uniqueKeysWithValues: read.records.keys.map { ($0.hex, read.records[$0]!) })
        }
        func walked() -> [String: Range<Int>] {
            Dictionary(packRecords(pack).map { ($0.key, $0.range) }) { _, last in last }
        }
        func store(_ inputs: [String], reading: [String] = []) -> [String: String] {
            let cache = CacheStore(root: folder.path)
            var found: [String: String] = [:]
            for input in reading {
                found[input] = cache.read(.align, Self.key(.align, input: input)) { String(decoding: $0, as: UTF8.self) }
            }
            for input in inputs { cache.write(.align, Self.key(.align, input: input), Array("value of \(input)".utf8)) }
            cache.save()
            return found
        }
        _ = store(["a", "b", "c"])
        #expect(indexed() == walked() && walked().count == 3)
        // An append: the new records' places in the pack, the old ones as they were.
        #expect(store(["d"], reading: ["a", "b", "c"]) == ["a": "value of a", "b": "value of b", "c": "value of c"])
        #expect(indexed() == walked() && walked().count == 4)
        // A rewrite (the unused weigh more than the used): the kept records moved.
        _ = store(["e"], reading: ["d"])
        #expect(indexed() == walked() && walked().count == 2)
        #expect(store([], reading: ["d", "e", "a"]) == ["d": "value of d", "e": "value of e"])
        // The pack changed behind the index's back: the index is not trusted, the pack is walked.
        let bytes = FileBytes.read(pack)!
        #expect(FileBytes.write(bytes + [0], to: pack))
        #expect(indexed() == nil)
        #expect(store([], reading: ["d", "e"]) == ["d": "value of d", "e": "value of e"])
        // A damaged index is not trusted either.
        _ = store(["f"], reading: ["d", "e"])
        var index = FileBytes.read(PackIndex.path(of: pack))!
        index[index.count / 2] ^= 1
        #expect(FileBytes.write(index, to: PackIndex.path(of: pack)))
        #expect(indexed() == nil)
        #expect(store([], reading: ["d", "e", "f"]) == ["d": "value of d", "e": "value of e", "f": "value of f"])
    }

    /// Two builds on one cache (`guide serve` and `guide build`): one appends, or writes the pack
    /// anew, between the other's first read and its save. The later save then leaves no index of
    /// its own (its places could be wrong), and every record of both is read by the next build.
    @Test func aSaveAfterAnotherBuildsLeavesNoIndexThatHidesRecords() throws {
        let folder = try TempFolder()
        let pack = folder.path + "/align.pack"
        func value(_ input: String) -> [UInt8] { Array("value of \(input)".utf8) }
        func readAll(_ inputs: [String]) -> [String] {
            let cache = CacheStore(root: folder.path)
            return inputs.filter { cache.read(.align, Self.key(.align, input: $0)) { Array($0) } == value($0) }
        }
        let first = CacheStore(root: folder.path)
        for input in ["a", "b", "c", "d"] { first.write(.align, Self.key(.align, input: input), value(input)) }
        first.save()
        // An append meanwhile.
        let slow = CacheStore(root: folder.path, prunes: false), quick = CacheStore(root: folder.path, prunes: false)
        #expect(slow.read(.align, Self.key(.align, input: "a")) { Array($0) } == value("a"))
        _ = quick.read(.align, Self.key(.align, input: "b")) { Array($0) }
        quick.write(.align, Self.key(.align, input: "e"), value("e"))
        quick.save()
        slow.write(.align, Self.key(.align, input: "f"), value("f"))
        slow.save()
        #expect(readAll(["a", "b", "c", "d", "e", "f"]) == ["a", "b", "c", "d", "e", "f"])
        // The pack written anew meanwhile (the other build used one record of six).
        let late = CacheStore(root: folder.path, prunes: false)
        #expect(late.read(.align, Self.key(.align, input: "a")) { Array($0) } == value("a"))
        let pruning = CacheStore(root: folder.path)
        _ = pruning.read(.align, Self.key(.align, input: "c")) { Array($0) }
        pruning.save()
        late.write(.align, Self.key(.align, input: "g"), value("g"))
        late.save()
        #expect(readAll(["c", "g"]) == ["c", "g"])
        if let identity = FileIdentity(pack), let size = FileBytes.read(pack)?.count,
           let index = PackIndex.read(for: pack, identity: identity, size: size) {
            #expect(Set(index.records.keys.map(\.hex)) == Set(packRecords(pack).map(\.key)))
        }
    }

    /// An index naming a place outside its pack is refused as a whole (read places must be in the file).
    @Test func anIndexNamingPlacesOutsideItsPackIsRefused() throws {
        let folder = try TempFolder()
        let pack = folder.path + "/align.pack"
        let cache = CacheStore(root: folder.path)
        cache.write(.align, Self.key(.align), Array("value".utf8))
        cache.save()
        let size = FileBytes.read(pack)!.count
        PackIndex.write([(Self.key(.align), 13..<(size + 1))], for: pack, expected: FileIdentity(pack)!)
        #expect(PackIndex.read(for: pack, identity: FileIdentity(pack)!, size: size) == nil)
        PackIndex.write([(Self.key(.align), 13..<size)], for: pack, expected: FileIdentity(pack)!)
        #expect(PackIndex.read(for: pack, identity: FileIdentity(pack)!, size: size) != nil)
        #expect(CacheStore(root: folder.path).read(.align, Self.key(.align)) { String(decoding: $0, as: UTF8.self) } == "value")
    }

    /// The packs' index: every record found by its key, the last place written for a key
    /// counting, keys whose leading bits collide kept apart, through the table's growth.
    @Test func theRecordTableFindsEveryKey() {
        func key(_ first: UInt64, _ second: UInt64) -> CacheKey {
            withUnsafeBytes(of: (first.bigEndian, second.bigEndian)) { CacheKey($0, at: 0) }
        }
        var table = RecordTable(capacity: 0)
        var expected: [CacheKey: Range<Int>] = [:]
        var generator = SystemRandomNumberGenerator()
        for n in 0..<5_000 {
            // A third of the keys share their leading bits with some 25 others.
            let k = n % 3 == 0 ? key(UInt64(n % 64), UInt64(n)) : key(generator.next(), generator.next())
            let place = (16 + n)..<(100 + n)
            table[k] = place
            expected[k] = place
        }
        table[key(0, 0)] = 1_000..<2_000   // the last record of a key counts
        expected[key(0, 0)] = 1_000..<2_000
        #expect(table.count == expected.count)
        #expect(Set(table.keys) == Set(expected.keys))
        for (k, place) in expected { #expect(table[k] == place) }
        #expect(table[key(0, 1)] == nil && table[key(123_456_789, 1)] == nil)
    }

    @Test func keysAreTheirBytes() {
        let samples = (0..<50).map { n in (0..<16).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ n &* 11 &+ ($0 == 15 ? n : 0)) } }
        for bytes in samples { #expect(CacheKey(bytes).bytes == bytes && CacheKey(bytes).hex == HexText.of(bytes)) }
        let sorted = samples.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(samples.map { CacheKey($0) }.sorted() == sorted.map { CacheKey($0) })
    }

    static func text(_ raw: UnsafeRawBufferPointer) -> String? { String(decoding: raw, as: UTF8.self) }

    /// Writes `names` as records of the align stage, one build.
    static func build(_ folder: TempFolder, writing names: [String] = [], reading: [String] = [], keeping: [String] = [],
                      prunes: Bool = true) -> [String: String] {
        let cache = CacheStore(root: folder.path, prunes: prunes)
        var read: [String: String] = [:]
        for name in reading { read[name] = cache.read(.align, key(.align, input: name), text) ?? "missing" }
        for name in keeping { cache.keep(.align, key(.align, input: name)) }
        for name in names { cache.write(.align, key(.align, input: name), Array("value of \(name)".utf8)) }
        cache.save()
        return read
    }

    var pack: (TempFolder) -> String { { $0.path + "/align.pack" } }

    /// A build appends its new records; the records no build used stay only while they weigh
    /// less than the used ones, then the pack is written anew with the used ones alone.
    @Test func aBuildKeepsWhatItUsedAndUnusedRecordsUpToAsMuch() throws {
        let folder = try TempFolder()
        _ = Self.build(folder, writing: ["a", "b", "c"])
        #expect(packRecords(pack(folder)).count == 3)
        // Read one, keep one unread, add one: the unused third stays (one unused for three used).
        let read = Self.build(folder, writing: ["d"], reading: ["a", "x"], keeping: ["b"])
        #expect(read["a"] == "value of a" && read["x"] == "missing")
        #expect(Set(packRecords(pack(folder)).map(\.key)) == Set(["a", "b", "c", "d"].map { Self.key(.align, input: $0).hex }))
        // Using one of four, adding one: the unused outweigh the used, so only the used are written.
        let few = Self.build(folder, writing: ["e"], reading: ["a"])
        #expect(few["a"] == "value of a")
        #expect(Set(packRecords(pack(folder)).map(\.key)) == Set(["a", "e"].map { Self.key(.align, input: $0).hex }))
        _ = Self.build(folder, writing: ["b", "d"], reading: ["a", "e"])
        let all = Self.build(folder, reading: ["a", "b", "c", "d"])
        #expect(all["a"] == "value of a" && all["b"] == "value of b" && all["c"] == "missing" && all["d"] == "value of d")
        // A build that used all and added nothing leaves the file as it was.
        func inode() throws -> UInt64? {
            (try FileManager.default.attributesOfItem(atPath: pack(folder))[.systemFileNumber] as? NSNumber)?.uint64Value
        }
        let before = try inode()
        _ = Self.build(folder, reading: ["a", "b", "d"])
        #expect(try inode() == before)
        // A build that does not touch the stage leaves it too.
        let other = CacheStore(root: folder.path)
        other.write(.facts, Self.key(.facts), [1])
        other.save()
        #expect(packRecords(pack(folder)).count == 4 && packRecords(folder.path + "/facts.pack").count == 1)
        // Serve (no pruning) adds to the pack and removes nothing; a second record of a key is read back.
        let records = packRecords(pack(folder)).count
        _ = Self.build(folder, writing: ["f"], reading: ["a"], prunes: false)
        #expect(packRecords(pack(folder)).count == records + 1)
        let served = Self.build(folder, reading: ["f"])
        #expect(served["f"] == "value of f")
        #expect(packRecords(pack(folder)).count == 1)
        // Nothing but the packs and their indexes is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == ["align.pack", "align.pack.index", "facts.pack", "facts.pack.index"])
    }

    /// Rebuilds that each replace a record append it: the pack is written anew only when its
    /// unused records outweigh the used ones, so it never grows past twice what a build uses. A
    /// pack cut short (a killed append) is written anew, not appended to.
    @Test func appendedPacksStayUnderTwiceTheirUse() throws {
        let folder = try TempFolder()
        let names = (0..<10).map { "record \($0)" }
        _ = Self.build(folder, writing: names)
        var rewrites = 0
        var inode = try FileManager.default.attributesOfItem(atPath: pack(folder))[.systemFileNumber] as? NSNumber
        for round in 0..<30 {
            // One record replaced by another of the same size (an edited chapter's new review).
            let live = names.dropFirst() + ["edit \(round % 10)"]
            _ = Self.build(folder, writing: ["edit \(round % 10)"], reading: Array(live.dropLast()))
            let now = try FileManager.default.attributesOfItem(atPath: pack(folder))[.systemFileNumber] as? NSNumber
            if now != inode { rewrites += 1 }
            inode = now
            #expect(packRecords(pack(folder)).count <= 2 * live.count)
        }
        #expect(rewrites >= 1 && rewrites <= 4)
        // Cut inside its last record: the next build writes the pack anew, and every record reads.
        let whole = try Data(contentsOf: URL(fileURLWithPath: pack(folder)))
        try whole.dropLast(5).write(to: URL(fileURLWithPath: pack(folder)))
        _ = Self.build(folder, writing: ["after the cut"], reading: Array(names.dropFirst(8)))
        let read = Self.build(folder, reading: Array(names.dropFirst(8)) + ["after the cut"])
        #expect(read.values.allSatisfy { $0 != "missing" })
    }

    /// A record made in a build is read back in that build (before the pack is written).
    @Test func aBuildReadsWhatItWrote() throws {
        let folder = try TempFolder()
        let cache = CacheStore(root: folder.path)
        let large = [UInt8](repeating: 7, count: 3 << 20)
        cache.write(.search, Self.key(.search), [9])   // the last of a key counts
        cache.write(.search, Self.key(.search), large)
        cache.write(.search, Self.key(.search, input: "small"), [1, 2])
        #expect(cache.read(.search, Self.key(.search)) { Array($0) } == large)
        #expect(cache.read(.search, Self.key(.search, input: "small")) { Array($0) } == [1, 2])
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/search.pack"))
        cache.save()
        #expect(CacheStore(root: folder.path).read(.search, Self.key(.search)) { Array($0) } == large)
    }

    /// A flipped byte anywhere in a record, or a cut, reads as missing; the others are read.
    /// Records written this build are read back while more are written, on several threads:
    /// from the writer's buffer, from its file (after a flush), or across the two (a record a
    /// flush cut), and after the save from the pack, each as it was written.
    @Test func recordsReadBackWhileOthersAreWritten() throws {
        let folder = try TempFolder()
        let store = CacheStore(root: folder.path + "/cache")
        // Sizes that fill the writer's 1 MB buffer at odd places, so records straddle flushes.
        let bodies = (0..<64).map { n in [UInt8](repeating: UInt8(n), count: (n % 5 == 0 ? 300_000 : 1 + n * 977) + n) }
        let keys = bodies.indices.map { Self.key(.highlight, input: "record \($0)") }
        // Read back only what is written already: an earlier index may still be on its way on
        // another thread (a sanitizer's slowness once made one read it before it was written).
        let written = Locked(Set<Int>())
        _ = Array(bodies.indices).concurrentMap { n in
            store.write(.highlight, keys[n], bodies[n])
            written.withLock { _ = $0.insert(n) }
            for earlier in stride(from: n, through: 0, by: -7) where written.withLock({ $0.contains(earlier) }) {
                #expect(store.read(.highlight, keys[earlier]) { Array($0) } == bodies[earlier])
            }
        }
        for n in bodies.indices { #expect(store.read(.highlight, keys[n]) { Array($0) } == bodies[n]) }
        store.save()
        let again = CacheStore(root: folder.path + "/cache")
        for n in bodies.indices { #expect(again.read(.highlight, keys[n]) { Array($0) } == bodies[n]) }
    }

    @Test func damagedRecordsReadAsMissing() throws {
        let folder = try TempFolder()
        let names = (0..<6).map { "record \($0)" }
        _ = Self.build(folder, writing: names)
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pack(folder))))
        let records = packRecords(pack(folder))
        for (index, record) in records.enumerated() {
            // Each byte of the record: its key, its length, its bytes or its seal.
            for offset in stride(from: record.range.lowerBound, to: record.range.upperBound, by: 3) {
                var bytes = whole
                bytes[offset] ^= 0x01
                try Data(bytes).write(to: URL(fileURLWithPath: pack(folder)))
                let cache = CacheStore(root: folder.path)
                let damaged = names.first { Self.key(.align, input: $0).hex == record.key }!
                #expect(cache.read(.align, Self.key(.align, input: damaged), Self.text) == nil, "byte \(offset)")
                // Records before the damage still read.
                for name in names where name != damaged && records.firstIndex(where: { $0.key == Self.key(.align, input: name).hex })! < index {
                    #expect(cache.read(.align, Self.key(.align, input: name), Self.text) == "value of \(name)")
                }
            }
        }
        // Cut short: the whole records before the cut read, the cut one does not.
        try Data(whole.prefix(records[3].range.lowerBound + 5)).write(to: URL(fileURLWithPath: pack(folder)))
        let cut = CacheStore(root: folder.path)
        let found = names.filter { cut.read(.align, Self.key(.align, input: $0), Self.text) != nil }
        #expect(found.count == 3)
        // A foreign file is no pack.
        try Data("not a pack".utf8).write(to: URL(fileURLWithPath: pack(folder)))
        #expect(Self.build(folder, reading: names).values.allSatisfy { $0 == "missing" })
    }

    /// A limit keeps unused records too, the used ones first, when the pack is written anew.
    @Test func aLimitKeepsUnusedRecordsUpToIt() throws {
        let folder = try TempFolder()
        let cache = CacheStore(root: folder.path)
        for name in ["a", "b", "c", "e", "f", "g"] { cache.write(.highlight, Self.key(.highlight, input: name), [1]) }
        cache.save()
        let next = CacheStore(root: folder.path)
        next.write(.highlight, Self.key(.highlight, input: "d"), [2])
        next.keepUnused(.highlight, upTo: 3)
        next.save()
        let kept = Set(packRecords(folder.path + "/highlight.pack").map(\.key))
        #expect(kept.count == 3 && kept.contains(Self.key(.highlight, input: "d").hex))
    }

    /// A build that adds nothing to a pack over its limit leaves it as it is while the records
    /// it used and the unused ones the limit keeps weigh half of it or more; else the pack is
    /// written anew with those (the used one, then the first unused by key).
    @Test func aLimitedPackIsWrittenAnewOnlyPastTwiceWhatItKeeps() throws {
        let folder = try TempFolder()
        let names = ["a", "b", "c", "d", "e", "f"]
        let cache = CacheStore(root: folder.path)
        for name in names { cache.write(.highlight, Self.key(.highlight, input: name), Array("value of \(name)".utf8)) }
        cache.save()
        let pack = folder.path + "/highlight.pack"
        func build(limit: Int) {
            let next = CacheStore(root: folder.path)
            #expect(next.read(.highlight, Self.key(.highlight, input: "e"), Self.text) == "value of e")
            next.keepUnused(.highlight, upTo: limit)
            next.save()
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: pack))
        build(limit: 3)   // one used and two unused kept: half the pack
        #expect(try Data(contentsOf: URL(fileURLWithPath: pack)) == before)
        build(limit: 2)   // one used and one unused kept: a third
        let firstUnused = names.filter { $0 != "e" }.map { Self.key(.highlight, input: $0) }.min()!
        #expect(Set(packRecords(pack).map(\.key)) == [Self.key(.highlight, input: "e").hex, firstUnused.hex])
    }

    /// Files clang reads are named by key and kept by the same rule; a file's seal is a record.
    @Test func filesAreKeptWhileUsedAndSealed() throws {
        let folder = try TempFolder()
        let cache = CacheStore(root: folder.path)
        let (a, b) = (Self.key(.precompiledHeader, input: "a"), Self.key(.precompiledHeader, input: "b"))
        for key in [a, b] {
            try Data("pch \(key.hex)".utf8).write(to: URL(fileURLWithPath: cache.file(.precompiledHeader, key, suffix: ".pch")))
            cache.sealFile(.precompiledHeader, key, suffix: ".pch")
        }
        try Data().write(to: URL(fileURLWithPath: folder.path + "/check/pch/x.pch.tmp-1"))
        #expect(cache.fileHolds(.precompiledHeader, a, suffix: ".pch"))
        cache.save()
        let next = CacheStore(root: folder.path)
        #expect(next.fileHolds(.precompiledHeader, b, suffix: ".pch"))
        try Data("damaged".utf8).write(to: URL(fileURLWithPath: next.file(.precompiledHeader, b, suffix: ".pch")))
        #expect(!next.fileHolds(.precompiledHeader, b, suffix: ".pch"))
        next.save()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/check/pch").sorted()
                == [b.hex + ".pch", "x.pch.tmp-1"])
    }

    /// The folders of guides before packs, and the temporary packs of killed builds, go from
    /// `.guide-cache`; a folder named by `guide check --cache` keeps what is not guide's.
    @Test func oldLayoutsAndStrayFilesGoOnlyFromGuidesOwnFolder() throws {
        let folder = try TempFolder()
        for root in [".guide-cache", "mine"] {
            try folder.write("\(root)/align/0123", "an old entry")
            try folder.write("\(root)/search.pack.tmp-999999999-1", "a killed build's")
            let cache = CacheStore(root: folder.path + "/" + root)
            cache.write(.facts, Self.key(.facts), [1])
            cache.save()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/.guide-cache").sorted()
                == ["facts.pack", "facts.pack.index"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/mine").count == 4)
    }
}
