/// libFuzzer entry point for the spec reader: the relaxed JSON parser plus the
/// spec compiler (docs/spec.md §1–§3, §8, §9). Any input must give a graph or
/// diagnostics, never a crash or a hang; a graph and an error together would
/// be a contradiction.

func specReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = SpecLoader.load(bytes: bytes, file: "fuzz.json")
    if result.graph == nil, result.diagnostics.isEmpty {
        fatalError("spec rejected without a diagnostic")
    }
    return 0
}
