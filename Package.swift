// swift-tools-version:6.0
import PackageDescription

// The pipeline shows in the targets: parse → merge → check → render,
// around a small shared model, with a thin command-line target on top.
let package = Package(
    name: "guide",
    platforms: [.macOS(.v15)],   // 15: Synchronization's Mutex and Atomic
    products: [
        .executable(name: "guide", targets: ["guide"]),
        .executable(name: "guide-serve", targets: ["guide-serve"]),
        // Coverage-guided fuzzing of the readers of untrusted text (scripts/fuzz.sh builds it with libFuzzer).
        .executable(name: "guide-fuzz", targets: ["guide-fuzz"]),
        // The snippet check's worker: many units a process through libclang (BatchRunner).
        .executable(name: "guide-compile-units", targets: ["guide-compile-units"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // TOML front matter (Hugo) and mdBook's book.toml, read by `guide init` and the parse stage.
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // Debian's libcmark-dev, found through pkg-config.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // Debian's libclang-dev: clang's tokenizer for highlighting C and Objective-C (loaded at run time).
        .systemLibrary(
            name: "CClang",
            providers: [.apt(["libclang-dev"])]
        ),
        // Debian's libpcre2-dev: the book's regular expressions (annotations), matched under a step budget.
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"])]
        ),
        // Debian's libxxhash-dev: XXH3-128, the hash of every cache key, seal and fingerprint (GuideModel's Digest).
        .systemLibrary(
            name: "CXXHash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"])]
        ),
        // Debian's libssl-dev (OpenSSL's libcrypto): SHA-256 of the accept ledgers' content hashes only.
        .systemLibrary(
            name: "CLibcrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // Debian's libxml2-dev: its HTML parser reads the raw HTML of a chapter for the sanitizer
        // (`HTMLSanitizer`), only in blocks that hold some.
        .systemLibrary(
            name: "CLibxml2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // Value types shared by every stage: blocks, chapters, the book, diagnostics.
        .target(name: "GuideModel", dependencies: ["CXXHash"]),
        // The edge every stage reads and writes through: files kept inside their root
        // (`ConfinedFolder`), atomic writes (`OutputFiles`), the one cache (`CacheStore`).
        .target(name: "GuideFiles", dependencies: ["GuideModel"]),
        // Stage 1: markdown (through cmark) and the content folder → model.
        .target(name: "GuideParse", dependencies: ["GuideModel", "GuideFiles", "CCmark", "CLibxml2", "Yams", "TOMLKit"]),
        // Stage 2: English/Chinese alignment and bead statuses.
        .target(name: "GuideMerge", dependencies: ["GuideModel", "GuideFiles", "CLibcrypto"]),
        // Translators' exchange formats, from the merge stage's pairs: interleaved drafts
        // (merge/split), PO catalogs and the TMX memory (export/import).
        .target(name: "GuideExchange", dependencies: ["GuideModel", "GuideMerge"]),
        // Stage 3: the snippet harness (clang -fsyntax-only).
        .target(name: "GuideCheck", dependencies: ["GuideModel", "GuideFiles", "CPCRE2"]),
        // The book's history, for `stale` from git: each chapter file's blame through the `git`
        // command (sandboxed as clang is), mapped to the chapters' lines.
        .target(name: "GuideHistory", dependencies: ["GuideModel", "GuideFiles", "GuideParse", "GuideMerge", "GuideCheck"]),
        // The built-in theme: the repository's templates/ compiled into the binary, so that a book
        // needs no templates folder (one of its own only overrides files). Sources/GuideTheme/templates
        // is a symlink to ../../templates, which stays the one copy of the theme. `.embedInCode`
        // (SwiftPM's own) rather than a build-tool plugin: SwiftPM regenerates its PackageResources
        // when a file of the folder is edited, added or removed (tried through the symlink), while a
        // plugin reading a folder outside its target was not run again when a file was added.
        .target(name: "GuideTheme", dependencies: ["GuideModel", "GuideFiles"], resources: [.embedInCode("templates")]),
        // Stage 4: view models + Mustache templates → site/.
        .target(name: "GuideRender", dependencies: [
            "GuideModel", "GuideFiles", "GuideParse", "GuideMerge", "GuideCheck", "GuideTheme", "CClang",
            .product(name: "Mustache", package: "swift-mustache"),
        ]),
        // Stage 5: the rendered site → the output folder, swapped in whole; what the last build wrote.
        .target(name: "GuideWrite", dependencies: ["GuideModel", "GuideFiles", "GuideRender"]),
        // The pipeline every command runs: a `Workspace` from the command line's paths, the
        // cache injected once, parse → merge → check → render → write.
        .target(name: "GuidePipeline", dependencies: [
            "GuideModel", "GuideFiles", "GuideParse", "GuideMerge", "GuideCheck", "GuideHistory", "GuideRender", "GuideWrite",
        ]),
        // The preview server (`guide serve`): serves a build from memory, rebuilds on change;
        // a gate in front bounds what clients may send before FlyingFox reads it.
        .target(name: "GuideServe", dependencies: [
            "GuideModel", "GuideFiles", "GuideRender", "GuideWrite", "GuidePipeline",
            .product(name: "FlyingFox", package: "FlyingFox"),
            .product(name: "FlyingSocks", package: "FlyingFox"),   // the gate's own sockets
        ]),
        // The snippet check's worker, in C (it runs in the sandbox, where nothing else of guide is).
        .executableTarget(name: "guide-compile-units", path: "Sources/GuideCompileUnits",
                         cSettings: [.headerSearchPath("../CClang")]),   // shim.h: the libclang API, loaded at run time
        // What the two executables share: the folders' options, the printers, `main`.
        .target(name: "GuideCommandLine", dependencies: [
            "GuideModel", "GuidePipeline", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "guide", dependencies: [
            "GuideModel", "GuideFiles", "GuideParse", "GuideTheme", "GuideMerge", "GuideExchange", "GuideCheck", "GuideRender", "GuidePipeline",
            "GuideCommandLine", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: [
            // The Swift runtime and Foundation linked into guide, not loaded (release only): every
            // command starts 5 ms sooner (no dynamic symbol look-ups), and the runtime's calls
            // (reference counting is a tenth of a build's CPU) go direct, not through the PLT: a
            // one-paragraph edit of the whole book ×200 rebuilds 35 ms faster, ×2 10 ms
            // (scripts/bench-edits.sh). The binary is 99 MB instead of 28. The modules are compiled
            // as for the shared libraries (so the tests link to those), which name Foundation
            // alone: its static parts are named here. Not guide-serve: static FoundationNetworking
            // wants libcurl's development files.
            .unsafeFlags(["-static-stdlib", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims", "-l_FoundationCollections",
                          "-lFoundationEssentials", "-lFoundationInternationalization", "-lFoundationXML", "-l_CFXMLInterface", "-lxml2",
                          "-lswiftSynchronization", "-lswift_RegexParser", "-lswift_StringProcessing", "-lswiftDispatch", "-lstdc++"],
                         .when(configuration: .release)),
        ]),
        // `guide serve`, which guide becomes (`execv`): the HTTP library links FoundationNetworking
        // (libcurl and its TLS libraries), which cost every other command ~7 ms to load.
        .executableTarget(name: "guide-serve", dependencies: [
            "GuideModel", "GuideFiles", "GuideRender", "GuideWrite", "GuidePipeline", "GuideServe", "GuideCommandLine",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The fuzz targets: one per reader of untrusted text, pure (bytes in, a trap on a broken promise).
        .target(name: "GuideFuzz", dependencies: ["GuideModel", "GuideFiles", "GuideParse", "GuideMerge", "GuideExchange", "GuideCheck"]),
        // libFuzzer's entry points with -DFUZZING (scripts/fuzz.sh); otherwise a replay of files.
        .executableTarget(name: "guide-fuzz", dependencies: ["GuideFuzz"]),
        .testTarget(name: "GuideTests", dependencies: [
            "GuideModel", "GuideFiles", "GuideParse", "GuideMerge", "GuideExchange", "GuideCheck", "GuideRender", "GuideWrite", "GuidePipeline", "GuideServe",
            "GuideFuzz", "GuideTheme", "GuideHistory",
        ]),
    ]
)

// The tests build against the release build (scripts/test.sh): the binary users run is the one
// the end-to-end tests run, and a fresh machine compiles guide once, not once per configuration
// (a debug build of the modules was 43 s of the test command after `scripts/setup.sh`). So the
// release modules are compiled for testing (`@testable import`); measured, the cold build of
// the whole book ×40 is as fast with it (1.99 s against 2.00 s, six interleaved pairs).
for target in package.targets where target.type == .regular && target.name.hasPrefix("Guide") {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-enable-testing"], .when(configuration: .release))]
}
// The tests themselves are not optimized: as one optimized module they took 4 minutes of one
// core; unoptimized in batches, 32 s on two. (The driver then says it ignores the release
// configuration's `-num-threads`, which is for whole-module builds: harmless.)
for target in package.targets where target.type == .test {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .unsafeFlags(["-Onone", "-no-whole-module-optimization", "-enable-batch-mode"], .when(configuration: .release)),
    ]
}
