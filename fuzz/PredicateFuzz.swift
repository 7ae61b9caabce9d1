/// libFuzzer entry point for the predicate parser and evaluator (docs/spec.md §9).
///
/// The input is split at the first NUL byte: the part before is the predicate,
/// the part after (if it is JSON) the representation it is evaluated against.
/// A parse must succeed or throw a `PredicateSyntaxError` whose column lies
/// inside the predicate (or just past its end); evaluation must terminate.

func predicateFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let cut = bytes.firstIndex(of: 0) ?? bytes.count
    let source = String(decoding: bytes[..<cut], as: UTF8.self)
    let predicate: Predicate
    do {
        predicate = try Predicate(parsing: source)
    } catch {
        let scalars = source.unicodeScalars.count
        if error.column < 1 || error.column > scalars + 1 {
            fatalError("column \(error.column) outside the predicate (\(scalars) scalars): \(error.message)")
        }
        return 0
    }
    var value = JSONValue.object(JSONObject([("name", .string("abc")), ("n", .number(JSONNumber("12")))]))
    if cut < bytes.count {
        var reader = JSONDocumentReader(bytes: Array(bytes[(cut + 1)...]), maxDepth: 32)
        if let v = try? reader.next() { value = v }
    }
    let context = KeyPathContext(root: value)
    _ = try? predicate.evaluate(value, context: context)
    return 0
}
