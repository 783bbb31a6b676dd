import Foundation
import GuideFiles
import GuideModel

/// Finds the SDK on this machine and prepares what the profile needs (the GNUstep shim headers,
/// written once into the cache folder). An edge of the harness: it reads system folders, runs
/// `gcc`/`xcrun`, and writes files.
public struct SDKSetup {
    public var kind: SDKProfile.Kind
    /// Where generated headers go (`CheckMemo.sdkHeaders`).
    var memo: any CheckMemo
    public var runner: ProcessRunner
    public var environment: [String: String]
    public var appleSDK: String
    public var target: String

    init(kind: SDKProfile.Kind, memo: any CheckMemo, runner: ProcessRunner, environment: [String: String],
                appleSDK: String = "iphonesimulator", target: String = "") {
        self.kind = kind
        self.memo = memo
        self.runner = runner
        self.environment = environment
        self.appleSDK = appleSDK
        self.target = target
    }

    public struct Problem: Error, Hashable, Sendable {
        public var message: String
    }

    /// Where Debian puts GNUstep's headers.
    public static let gnustepHeaderCandidates = ["/usr/include/GNUstep", "/usr/GNUstep/System/Library/Headers",
                                                 "/usr/local/include/GNUstep"]

    public func resolve() -> Result<SDKProfile, Problem> {
        switch kind {
        case .none:
            return .success(SDKProfile(kind: .none, flags: [], fingerprint: "none"))
        case .apple:
            return resolveApple()
        case .gnustep:
            return resolveGNUstep()
        }
    }

    private func resolveGNUstep() -> Result<SDKProfile, Problem> {
        let manager = FileManager.default
        guard let headers = Self.gnustepHeaderCandidates.first(where: {
            manager.fileExists(atPath: $0 + "/Foundation/Foundation.h")
        }) else {
            return .failure(Problem(message: "GNUstep's Foundation headers are not installed "
                + "(apt-get install --no-install-recommends libgnustep-base-dev; scripts/setup.sh does it)"))
        }
        guard let gccInclude = gccIncludeFolder() else {
            return .failure(Problem(message: "gcc's Objective-C runtime headers (objc/objc.h, from libobjc-*-dev, "
                + "which libgnustep-base-dev brings) were not found"))
        }
        guard let runtime = try? String(contentsOfFile: gccInclude + "/objc/runtime.h", encoding: .utf8) else {
            return .failure(Problem(message: "cannot read \(gccInclude)/objc/runtime.h"))
        }
        let generated: [String: String]
        switch GNUstepShim.headers(gccRuntimeHeader: runtime) {
        case .success(let headers): generated = headers
        case .failure(let problem): return .failure(Problem(message: problem.message))
        }
        let (shim, fingerprint) = memo.sdkHeaders(madeFrom: generated.keys.sorted().flatMap { [$0, generated[$0]!] }
                                                  + [headers, gccInclude])
        // clang reads the folder first on its include path: it is used only when it holds exactly
        // the generated files, byte for byte (a damaged or added header would change every
        // verdict, and verdicts are cached); anything else is removed and written again.
        if !ShimFolder.holds(generated, at: shim) {
            FolderRemoval.remove(shim)
            // Written beside and renamed: two checks at once never see half a folder.
            let temporary = PathText.parent(shim) + "/.tmp-" + UUID().uuidString
            do {
                for (path, text) in generated {
                    let file = temporary + "/" + path
                    try manager.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
                    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
                }
                if (try? manager.moveItem(atPath: temporary, toPath: shim)) == nil {
                    try? manager.removeItem(atPath: temporary)
                }
            } catch {
                try? manager.removeItem(atPath: temporary)
                return .failure(Problem(message: "cannot write the GNUstep shim headers into \(shim): \(error.localizedDescription)"))
            }
            guard ShimFolder.holds(generated, at: shim) else {
                return .failure(Problem(message: "cannot write the GNUstep shim headers into \(shim)"))
            }
        }
        return .success(SDKProfile(kind: .gnustep,
                                   flags: GNUstepShim.flags(shim: shim, gnustepHeaders: headers, gccInclude: gccInclude),
                                   fingerprint: fingerprint))
    }

    /// `gcc -print-file-name=include`, else the newest `/usr/lib/gcc/*/*/include` with objc/objc.h.
    func gccIncludeFolder() -> String? {
        let manager = FileManager.default
        if let gcc = ClangLocator.searchPath("gcc", environment: environment, isExecutable: manager.isExecutableFile(atPath:)) {
            let output = runner.run(gcc, ["-print-file-name=include"])
            let folder = output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            if output.status == 0, folder.hasPrefix("/"), manager.fileExists(atPath: folder + "/objc/objc.h") {
                return folder
            }
        }
        let root = "/usr/lib/gcc"
        let triples = (try? manager.contentsOfDirectory(atPath: root)) ?? []
        let candidates = triples.sorted().flatMap { triple -> [String] in
            let versions = (try? manager.contentsOfDirectory(atPath: root + "/" + triple)) ?? []
            return versions.sorted { $0.compare($1, options: .numeric) == .orderedAscending }
                .map { root + "/" + triple + "/" + $0 + "/include" }
        }
        return candidates.last { manager.fileExists(atPath: $0 + "/objc/objc.h") }
    }

    private func resolveApple() -> Result<SDKProfile, Problem> {
        guard let xcrun = ClangLocator.searchPath("xcrun", environment: environment,
                                                  isExecutable: FileManager.default.isExecutableFile(atPath:)) else {
            return .failure(Problem(message: "the apple SDK profile needs xcrun (Xcode's command-line tools)"))
        }
        let sdkPath = runner.run(xcrun, ["--sdk", appleSDK, "--show-sdk-path"])
        let path = sdkPath.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard sdkPath.status == 0, !path.isEmpty else {
            return .failure(Problem(message: "xcrun --sdk \(appleSDK) --show-sdk-path failed: \(sdkPath.stderr)"))
        }
        let clang = runner.run(xcrun, ["--sdk", appleSDK, "--find", "clang"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        var flags = ["-isysroot", path]
        if !target.isEmpty {
            flags += ["-target", target]
        } else if appleSDK.hasPrefix("iphonesimulator") {
            // UIKit is an iOS framework: aim at the simulator of this Mac's architecture.
            #if arch(arm64)
            flags += ["-target", "arm64-apple-ios15.0-simulator"]
            #else
            flags += ["-target", "x86_64-apple-ios15.0-simulator"]
            #endif
        }
        return .success(SDKProfile(kind: .apple, flags: flags, clang: clang.isEmpty ? nil : clang,
                                   fingerprint: "apple:" + appleSDK + ":" + path))
    }
}
