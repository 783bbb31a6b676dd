import Foundation
import GuideFuzz

// Built two ways (see scripts/fuzz.sh):
// - with `-DFUZZING` and `--sanitize fuzzer --sanitize address`: libFuzzer's entry points;
//   the target is chosen by GUIDE_FUZZ_TARGET (libFuzzer's own `main` runs it);
// - plainly (`swift build`): `guide-fuzz TARGET FILE…` runs files through a target once
//   each, to replay an input without the sanitizers; `guide-fuzz --list` names the targets.

#if FUZZING
nonisolated(unsafe) private var selected: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<Int32>,
                             _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    let name = ProcessInfo.processInfo.environment["GUIDE_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget.named(name) else {
        FileHandle.standardError.write(Data("guide-fuzz: set GUIDE_FUZZ_TARGET to one of: \(FuzzTarget.all.map(\.name).joined(separator: ", "))\n".utf8))
        exit(2)
    }
    selected = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    selected?.run(bytes)
    return 0
}
#else
@main
struct Replay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--list" || arguments.isEmpty {
            for target in FuzzTarget.all { print("\(target.name)\t\(target.summary)") }
            exit(arguments.isEmpty ? 2 : 0)
        }
        guard let target = FuzzTarget.named(arguments[0]) else {
            FileHandle.standardError.write(Data("guide-fuzz: no target '\(arguments[0])'\n".utf8))
            exit(2)
        }
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("guide-fuzz: cannot read \(path)\n".utf8))
                exit(1)
            }
            target.run(Array(data))
            print("\(target.name): \(path) ok")
        }
    }
}
#endif
