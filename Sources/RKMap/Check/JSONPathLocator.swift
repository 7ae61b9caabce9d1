/// Finds where a JSON path of the report (`$.articles[3].title`,
/// `$.articles[*].subtitle`, `$["odd key"]`) is in a JSON file, so GitHub
/// annotations can point at a line. A wildcard (`[*]`, `.*`) takes the first
/// element or member under which the rest of the path exists.
///
/// ```swift
/// JSONPathLocator.location(of: "$.article.id", in: bytes)  // 3:11, where the value starts
/// ```
public enum JSONPathLocator {
    enum Step: Equatable {
        case key(String)
        case index(Int)
        case anyIndex
        case anyKey
    }

    /// Where the value at `path` starts, or `nil` when the path does not parse,
    /// is not in the document, or the document is not JSON.
    public static func location(of path: String, in bytes: [UInt8]) -> SourceLocation? {
        guard let steps = parse(path) else { return nil }
        return bytes.withUnsafeBytes { raw -> SourceLocation? in
            var scanner = JSONScanner(bytes: raw)
            guard let offset = locate(steps[...], &scanner) else { return nil }
            return scanner.location(ofOffset: offset)
        }
    }

    private static func locate(_ steps: ArraySlice<Step>, _ s: inout JSONScanner) -> Int? {
        do throws(JSONSyntaxError) {
            let kind = try s.peekKind()
            guard let step = steps.first else { return s.offset }
            let rest = steps.dropFirst()
            switch step {
            case .key, .anyKey:
                guard kind == .object else { return nil }
                try s.enterObject()
                while let key = try s.nextKey() {
                    if step == .anyKey {
                        var trial = s
                        if let found = locate(rest, &trial) { return found }
                    } else if case .key(key) = step {
                        return locate(rest, &s)
                    }
                    try s.skipValue()
                }
            case .index, .anyIndex:
                guard kind == .array else { return nil }
                try s.enterArray()
                var i = 0
                while try s.nextElement() {
                    if step == .anyIndex {
                        var trial = s
                        if let found = locate(rest, &trial) { return found }
                    } else if case .index(i) = step {
                        return locate(rest, &s)
                    }
                    try s.skipValue()
                    i += 1
                }
            }
            return nil
        } catch {
            return nil
        }
    }

    /// Splits a rendered path into steps; `nil` when it is not one.
    static func parse(_ path: String) -> [Step]? {
        var scalars = Substring(path).unicodeScalars[...]
        guard scalars.first == "$" else { return nil }
        scalars = scalars.dropFirst()
        var steps: [Step] = []
        while let c = scalars.first {
            scalars = scalars.dropFirst()
            if c == "." {
                if scalars.first == "*" {
                    scalars = scalars.dropFirst()
                    steps.append(.anyKey)
                    continue
                }
                var key = String.UnicodeScalarView()
                while let k = scalars.first, k != ".", k != "[" {
                    key.append(k)
                    scalars = scalars.dropFirst()
                }
                guard !key.isEmpty else { return nil }
                steps.append(.key(String(key)))
            } else if c == "[" {
                if scalars.first == "\"" {
                    // A JSON string literal: read it with the JSON reader.
                    var end = scalars.startIndex
                    var escaped = false
                    var closed = false
                    for i in scalars.indices.dropFirst() {
                        let k = scalars[i]
                        if escaped { escaped = false } else if k == "\\" { escaped = true } else if k == "\"" {
                            end = scalars.index(after: i)
                            closed = true
                            break
                        }
                    }
                    guard closed else { return nil }
                    var reader = JSONDocumentReader(bytes: Array(String(scalars[..<end]).utf8))
                    guard case .string(let key)? = try? reader.next() else { return nil }
                    steps.append(.key(key))
                    scalars = scalars[end...]
                } else {
                    var text = ""
                    while let k = scalars.first, k != "]" {
                        text.unicodeScalars.append(k)
                        scalars = scalars.dropFirst()
                    }
                    if text == "*" {
                        steps.append(.anyIndex)
                    } else {
                        guard let i = Int(text), i >= 0 else { return nil }
                        steps.append(.index(i))
                    }
                }
                guard scalars.first == "]" else { return nil }
                scalars = scalars.dropFirst()
            } else {
                return nil
            }
        }
        return steps
    }
}
