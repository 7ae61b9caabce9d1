/// Reads one `application/x-www-form-urlencoded` document (docs/spec.md §14,
/// RestKit's `RKURLEncodedSerialization` plus bracket nesting): pairs split on
/// `&`, key and value on the first `=`, both percent-decoded with `+` as a
/// space; the key is decoded before its brackets are read. A pair without `=`
/// has the value `null`. `a[b]=v` nests, `a[]=v` appends, `a[][k]=v` starts a
/// new object in `a` whenever `k` repeats, and a plain key that repeats
/// becomes an array of its values. Values are strings.
///
/// ```swift
/// try FormDecoder.decode("user[name]=Blake%20Watters&tags[]=a")
/// // {"user": {"name": "Blake Watters"}, "tags": ["a"]}
/// ```
package enum FormDecoder {
    /// A problem in a form line, with its 1-based column (in Unicode scalars).
    package struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        package var message: String
        package var column: Int
        package var description: String { "\(column): \(message)" }
    }

    package static func decode(_ line: String) throws(SyntaxError) -> JSONObject {
        try decode(Array(line.utf8))
    }

    /// Decodes `bytes` (one line, without its newline).
    /// - Parameter compacting: the objects of an array that are done (every
    ///   one but the last: nothing but the last element of an array is ever
    ///   added to) are held as text, `runLength` of them at a time, in one
    ///   element that is a compact JSON array (`JSONValue.compact`), for a
    ///   caller that only writes the document out as JSON and splices each
    ///   such run into its array (`FormDocuments.writeSplicing`): one line of
    ///   12 MB of `items[][k]=v` pairs took 6× its size as a tree. A run is
    ///   the only compact value the decoder makes.
    package static func decode(_ bytes: [UInt8], compacting: Bool = false) throws(SyntaxError) -> JSONObject {
        try bytes.withUnsafeBufferPointer { bytes throws(SyntaxError) in try decode(bytes, compacting: compacting) }
    }

    /// `decode(_:compacting:)` of bytes in place (a line in `apply`'s window,
    /// not copied: one line may be the whole input).
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, compacting: Bool = false) throws(SyntaxError) -> JSONObject {
        var result = JSONObject()
        try decode(bytes, into: &result, compacting: compacting)
        return result
    }

    /// Decodes `bytes` into `result`, as if they followed the pairs that
    /// made it (`FormReadBack.difference(holding:)`).
    static func decode(_ bytes: [UInt8], into result: inout JSONObject) throws(SyntaxError) {
        try bytes.withUnsafeBufferPointer { bytes throws(SyntaxError) in try decode(bytes, into: &result, compacting: false) }
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into result: inout JSONObject, compacting: Bool) throws(SyntaxError) {
        var start = 0
        // The column of `start`, counted on from the last pair's: counted
        // from the line's start for every pair, a line of 100,000 pairs took
        // minutes.
        var column = 1
        var counted = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                column += scalarCount(bytes, counted..<start)
                counted = start
                try decodePair(bytes, start..<end, column: column, into: &result, compacting: compacting)
            }
            start = end + 1
        }
    }

    private static func decodePair(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, column: Int, into result: inout JSONObject, compacting: Bool
    ) throws(SyntaxError) {
        var equals: Int?
        for i in range where bytes[i] == UInt8(ascii: "=") { equals = i; break }
        let keyRange = range.lowerBound..<(equals ?? range.upperBound)
        let key = try percentDecode(bytes, keyRange)
        let value: JSONValue = try equals.map { eq throws(SyntaxError) in .string(try percentDecode(bytes, (eq + 1)..<range.upperBound)) } ?? .null
        let segments = try split(key, column: column)
        if segments.count == 1 {
            let name = segments[0]
            var existing = take(name, from: &result)
            if var list = takeArray(&existing) {
                // A key repeated again, or `a[]=x&a=y`: the value joins the array.
                list.append(value)
                result[name] = .array(list)
            } else if case .object? = existing {
                throw SyntaxError(message: "key '\(name)' is given a value after '\(name)[…]' made it an object", column: column)
            } else if let existing {
                result[name] = .array([existing, value])
            } else {
                result[name] = value
            }
            return
        }
        try insert(into: &result, segments[...], value: value, key: key, column: column, compacting: compacting)
    }

    /// Splits `name[a][][b]` into `["name", "a", "", "b"]`. Brackets are
    /// ASCII, so the key's UTF-8 splits at them into whole scalars.
    private static func split(_ key: String, column: Int) throws(SyntaxError) -> [String] {
        let open = UInt8(ascii: "["), close = UInt8(ascii: "]")
        let bytes = Array(key.utf8)
        guard let first = bytes.firstIndex(of: open) else {
            guard !key.isEmpty else { throw SyntaxError(message: "empty key", column: column) }
            return [key]
        }
        guard first > 0 else { throw SyntaxError(message: "key '\(key)' has no name before '['", column: column) }
        var segments = [String(decoding: bytes[..<first], as: UTF8.self)]
        var i = first
        while i < bytes.count {
            guard bytes[i] == open else {
                throw SyntaxError(message: "key '\(key)' has text after ']'; expected '[' or the end of the key", column: column)
            }
            guard let end = bytes[i...].firstIndex(of: close) else {
                throw SyntaxError(message: "key '\(key)' has an unclosed '['", column: column)
            }
            segments.append(String(decoding: bytes[(i + 1)..<end], as: UTF8.self))
            i = end + 1
        }
        return segments
    }

    /// Rack-style nesting: `segments[0]` is a key of `object`; the rest say
    /// what it holds.
    private static func insert(
        into object: inout JSONObject, _ segments: ArraySlice<String>, value: JSONValue, key: String, column: Int, compacting: Bool
    ) throws(SyntaxError) {
        let name = segments.first!
        let rest = segments.dropFirst()
        var existing = take(name, from: &object)
        guard let next = rest.first else {
            // Taken out of `existing` first: appended inside a `switch` on
            // it, which holds the array for the statement, it was copied at
            // every pair (`o[name]=…` repeated 16,000 times took 2.3 s, a
            // 3 MB line 9 minutes).
            if var list = takeArray(&existing) {
                list.append(value)
                object[name] = .array(list)
                return
            }
            switch existing {
            case nil: object[name] = value
            case .object?:
                throw SyntaxError(message: "key '\(key)' gives a value where another pair made an object", column: column)
            case let existing?:
                // A repeated nested key collects its values, as a plain key does.
                object[name] = .array([existing, value])
            }
            return
        }
        if next.isEmpty {
            var list = takeArray(&existing) ?? []
            if let other = existing {
                throw SyntaxError(message: "key '\(key)' appends to '\(name)', which holds \(describe(other))", column: column)
            }
            let inner = rest.dropFirst()
            if inner.isEmpty {
                list.append(value)
            } else {
                guard !inner.first!.isEmpty else {
                    throw SyntaxError(message: "key '\(key)' nests arrays directly ('[][]'), which form encoding cannot express", column: column)
                }
                if case .object(var last)? = list.last, !has(last, inner) {
                    list[list.count - 1] = .null
                    try insert(into: &last, inner, value: value, key: key, column: column, compacting: compacting)
                    list[list.count - 1] = .object(last)
                } else {
                    var fresh = JSONObject()
                    try insert(into: &fresh, inner, value: value, key: key, column: column, compacting: compacting)
                    if compacting { compactRun(&list) }
                    list.append(.object(fresh))
                }
            }
            object[name] = .array(list)
            return
        }
        var child: JSONObject
        switch existing {
        case nil: child = JSONObject()
        case .object(let o)?: child = o
        case let other?:
            throw SyntaxError(message: "key '\(key)' nests under '\(name)', which holds \(describe(other))", column: column)
        }
        existing = nil
        try insert(into: &child, rest, value: value, key: key, column: column, compacting: compacting)
        object[name] = .object(child)
    }

    /// How many done objects make a run (`decode(_:compacting:)`): a run
    /// costs one allocation, its text, beside the objects' text.
    static let runLength = 64

    /// With `list`'s last object done (another is about to follow), its
    /// trailing objects as one run once there are `runLength` of them.
    private static func compactRun(_ list: inout [JSONValue]) {
        var first = list.count
        while first > 0, list.count - first < runLength, case .object = list[first - 1] { first -= 1 }
        guard list.count - first == runLength else { return }
        var writer = JSONWriter(pretty: false)
        writer.write(.array(Array(list[first...])))
        var text = CompactBuilder()
        writer.buffer.withUnsafeBytes { text.append($0) }
        list.replaceSubrange(first..., with: [.compact(CompactJSON(kind: .array, builder: text))])
    }

    /// The value of `name` in `object`, left there as `null` (its place
    /// kept) until the caller puts the changed value back: the caller then
    /// holds the only reference once it lets go of the one returned, and
    /// changes it in place. Changed while `object` still held it, an array
    /// was copied at every pair appended to it (minutes for 100,000 pairs).
    /// A pair that fails leaves it so; the whole line fails with it.
    private static func take(_ name: String, from object: inout JSONObject) -> JSONValue? {
        guard let value = object[name] else { return nil }
        object[name] = .null
        return value
    }

    /// The array `existing` holds, `existing` left `nil`, so that the array
    /// is the only reference to its storage and grows in place (a binding
    /// of it that outlives the append makes every append copy it, in a
    /// debug build at least).
    private static func takeArray(_ existing: inout JSONValue?) -> [JSONValue]? {
        guard case .array(let list)? = existing else { return nil }
        existing = nil
        return list
    }

    /// True when `object` already has the keys of `segments` up to the first `[]`.
    private static func has(_ object: JSONObject, _ segments: ArraySlice<String>) -> Bool {
        guard let first = segments.first, let value = object[first] else { return false }
        let rest = segments.dropFirst()
        guard let next = rest.first, !next.isEmpty else { return true }
        if case .object(let o) = value { return has(o, rest) }
        return true
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .compact(let c): return describe(c.expanded)
        }
    }

    /// 1-based column of byte `offset` (Unicode scalars before it, plus one).
    static func column(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
        1 + scalarCount(bytes, 0..<offset)
    }

    /// The Unicode scalars that start in `range` (bytes that are not UTF-8 continuation bytes).
    private static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        for i in range where bytes[i] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func percentDecode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(SyntaxError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var i = range.lowerBound
        while i < range.upperBound {
            let b = bytes[i]
            if b == UInt8(ascii: "%") {
                guard i + 2 < range.upperBound, let hi = hexValue(bytes[i + 1]), let lo = hexValue(bytes[i + 2]) else {
                    let shown = String(decoding: bytes[i..<min(i + 3, range.upperBound)], as: UTF8.self)
                    throw SyntaxError(message: "malformed percent escape '\(shown)': '%' must be followed by two hex digits (write '%25' for a literal '%')", column: column(bytes, i))
                }
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(b == UInt8(ascii: "+") ? UInt8(ascii: " ") : b)
                i += 1
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else {
            let escaped = bytes[range].contains(UInt8(ascii: "%"))
            throw SyntaxError(
                message: escaped ? "percent escapes do not decode to UTF-8 text" : "invalid UTF-8: the text is not UTF-8 (percent-encode other bytes)",
                column: column(bytes, range.lowerBound))
        }
        return s
    }
}
