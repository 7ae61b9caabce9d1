/// Compares an expected JSON value with an actual one as JSON: same kinds,
/// numbers numerically, objects with the same members **in the same order**,
/// arrays element by element (docs/spec.md §12 check 4).
///
/// ```swift
/// GoldenDiff.differences(expected: golden, actual: output)
/// // [($[0].title, "expected \"A\", got \"B\""), ($[1], "missing record …")]
/// ```
public enum GoldenDiff {
    public struct Difference: Sendable, Equatable, CustomStringConvertible {
        /// JSON path into the output (`$[0].title`).
        public var path: String
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    /// The first `limit` differences, in document order.
    public static func differences(expected: JSONValue, actual: JSONValue, limit: Int = 5) -> [Difference] {
        var out: [Difference] = []
        var path: [DocumentPath.Component] = []
        compare(expected, actual, path: &path, into: &out, limit: limit)
        return out
    }

    private static func compare(
        _ expected: JSONValue, _ actual: JSONValue, path: inout [DocumentPath.Component], into out: inout [Difference], limit: Int
    ) {
        guard out.count < limit else { return }
        switch (expected, actual) {
        case (.object(let e), .object(let a)):
            compareObjects(e, a, path: &path, into: &out, limit: limit)
        case (.array(let e), .array(let a)):
            for i in 0..<min(e.count, a.count) {
                path.append(.index(i))
                compare(e[i], a[i], path: &path, into: &out, limit: limit)
                path.removeLast()
            }
            for i in a.count..<max(a.count, e.count) where out.count < limit {
                path.append(.index(i))
                out.append(Difference(path: DocumentPath.render(path), message: missingMessage(e[i])))
                path.removeLast()
            }
            for i in e.count..<max(e.count, a.count) where out.count < limit {
                path.append(.index(i))
                out.append(Difference(path: DocumentPath.render(path), message: unexpectedMessage(a[i])))
                path.removeLast()
            }
        default:
            if expected != actual {
                out.append(Difference(path: DocumentPath.render(path), message: "expected \(show(expected)), got \(show(actual))"))
            }
        }
    }

    private static func compareObjects(
        _ e: JSONObject, _ a: JSONObject, path: inout [DocumentPath.Component], into out: inout [Difference], limit: Int
    ) {
        for member in e.members where out.count < limit {
            path.append(.key(member.key))
            if let value = a[member.key] {
                compare(member.value, value, path: &path, into: &out, limit: limit)
            } else {
                out.append(Difference(path: DocumentPath.render(path), message: "missing (expected \(show(member.value)))"))
            }
            path.removeLast()
        }
        for member in a.members where out.count < limit && e[member.key] == nil {
            path.append(.key(member.key))
            out.append(Difference(path: DocumentPath.render(path), message: "unexpected member, got \(show(member.value))"))
            path.removeLast()
        }
        // Same members and values but another order: member order counts.
        if out.count < limit, e.count == a.count, e.keys != a.keys, e.keys.allSatisfy({ a[$0] != nil }) {
            let shown = { (keys: [String]) in keys.map { JSONWriter.serialize(.string($0), pretty: false) }.joined(separator: ", ") }
            out.append(Difference(path: DocumentPath.render(path), message: "members in another order: expected \(shown(e.keys)), got \(shown(a.keys))"))
        }
    }

    /// Element `index` of the top-level arrays is in the golden only.
    static func missing(_ expected: JSONValue, at index: Int) -> Difference {
        Difference(path: DocumentPath.render([.index(index)]), message: missingMessage(expected))
    }

    /// Element `index` of the top-level arrays is in the output only.
    static func unexpected(_ actual: JSONValue, at index: Int) -> Difference {
        Difference(path: DocumentPath.render([.index(index)]), message: unexpectedMessage(actual))
    }

    private static func missingMessage(_ expected: JSONValue) -> String { "missing \(noun(expected)) (expected \(show(expected)))" }
    private static func unexpectedMessage(_ actual: JSONValue) -> String { "unexpected \(noun(actual)) \(show(actual))" }

    /// A record when it has `@type`, else an element.
    private static func noun(_ value: JSONValue) -> String {
        if case .object(let o) = value, o["@type"] != nil { return "record" }
        return "element"
    }

    /// Compact JSON, cut to a readable length.
    static func show(_ value: JSONValue) -> String {
        let text = JSONWriter.serialize(value, pretty: false)
        guard text.unicodeScalars.count > 60 else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(57))) + "…"
    }
}
