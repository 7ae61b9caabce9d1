/// libFuzzer entry point for the JSON document reader (docs/spec.md §1).
///
/// Properties checked beyond "no crash, no hang":
/// - every document the reader accepts is written back with `JSONWriter` and
///   read again, and the second read must give the same value (the writer never
///   emits text the reader rejects or reads differently);
/// - reading the first document through a projection (what `apply` and `eval`
///   do) fails exactly when the full read fails, with the same error, and
///   otherwise gives the full tree cut down to the projection, exact or
///   case-insensitive, checked or trusted (the pipeline's workers read bytes
///   the splitter validated without checking them again).

func jsonReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    checkProjections(bytes)
    var reader = JSONDocumentReader(bytes: bytes, maxDepth: 64)
    var documents = 0
    while documents < 64 {
        let value: JSONValue?
        do { value = try reader.next() } catch { break }
        guard let value else { break }
        documents += 1
        let text = JSONWriter.serialize(value, pretty: documents % 2 == 0)
        var again = JSONDocumentReader(bytes: Array(text.utf8), maxDepth: 128)
        guard let reread = try? again.next(), reread == value else {
            fatalError("writer/reader round trip changed the value: \(text)")
        }
    }
    return 0
}

/// Names short enough for mutations to hit: plain, escaped in documents
/// (`"\u0061"` is `a`), non-ASCII, and differing only in case.
private let fuzzProjection = JSONProjection.nothing
    .adding(["a"])
    .adding(["b", "c"])
    .adding(["B", "d"])
    .adding(["é", "x", "y"])
    .adding(["items"], then: JSONProjection.nothing.adding(["id"]).adding(["tags"], then: .nothing))
private let fuzzPlans = [ProjectionPlan(fuzzProjection), ProjectionPlan(fuzzProjection, caseInsensitive: true)]

private func checkProjections(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buf in
        var full = JSONScanner(bytes: buf, offset: 0, maxDepth: 64)
        let whole: Result<JSONValue, JSONSyntaxError>
        do throws(JSONSyntaxError) { whole = .success(try full.readValue()) } catch { whole = .failure(error) }
        for plan in fuzzPlans {
            var scanner = JSONScanner(bytes: buf, offset: 0, maxDepth: 64)
            let projected: Result<JSONValue, JSONSyntaxError>
            do throws(JSONSyntaxError) { projected = .success(try scanner.readValue(projection: plan)) } catch { projected = .failure(error) }
            switch (whole, projected) {
            case (.failure(let a), .failure(let b)):
                guard a == b else { fatalError("projected read failed differently: \(b) instead of \(a)") }
            case (.success(let value), .success(let read)):
                guard scanner.offset == full.offset else { fatalError("projected read ended at \(scanner.offset), not \(full.offset)") }
                let expected = cut(value, plan.projection, caseInsensitive: plan.caseInsensitive)
                guard read == expected else { fatalError("projected read \(read) is not the cut-down tree \(expected)") }
                // The same bytes, trusted (validated before): the same value.
                let end = full.offset
                var trusted = JSONScanner(bytes: UnsafeRawBufferPointer(rebasing: buf[..<end]), offset: 0, maxDepth: 64, trusted: true)
                guard (try? trusted.readValue(projection: plan)) == expected else { fatalError("trusted projected read differs") }
            default:
                fatalError("projected read disagrees with the full read on whether the document is valid: \(whole) / \(projected)")
            }
        }
    }
}

/// `value` as a projection reads it: members not named left out (by their
/// lowercased names when case-insensitive), arrays element by element,
/// scalars as they are, `nothing` as null.
private func cut(_ value: JSONValue, _ projection: JSONProjection, caseInsensitive: Bool) -> JSONValue {
    switch projection {
    case .everything: return value
    case .nothing: return .null
    case .members(var map):
        if caseInsensitive {
            var folded: [String: JSONProjection] = [:]
            for (name, sub) in map { folded[name.lowercased()] = (folded[name.lowercased()] ?? .nothing).merged(with: sub) }
            map = folded
        }
        switch value {
        case .object(let object):
            var members: [JSONObject.Member] = []
            for member in object.members {
                guard let sub = map[caseInsensitive ? member.key.lowercased() : member.key] else { continue }
                members.append(JSONObject.Member(key: member.key, value: cut(member.value, sub, caseInsensitive: caseInsensitive)))
            }
            return .object(JSONObject(uniqueMembers: members))
        case .array(let elements):
            return .array(elements.map { cut($0, projection, caseInsensitive: caseInsensitive) })
        default:
            return value
        }
    }
}
