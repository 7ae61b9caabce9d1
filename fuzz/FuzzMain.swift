import Foundation

/// The single libFuzzer entry point: one binary holds every target (the
/// library is compiled once), and `RKMAP_FUZZ_TARGET` (json, spec, predicate or
/// regex) picks one. `fuzz/run.sh` sets it.
private let target: (UnsafePointer<UInt8>, Int) -> CInt = {
    switch ProcessInfo.processInfo.environment["RKMAP_FUZZ_TARGET"] {
    case "json": return jsonReaderFuzz
    case "spec": return specReaderFuzz
    case "predicate": return predicateFuzz
    case "regex": return regexFuzz
    default:
        FileHandle.standardError.write(Data("set RKMAP_FUZZ_TARGET to json, spec, predicate or regex\n".utf8))
        exit(2)
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    target(data, size)
}
