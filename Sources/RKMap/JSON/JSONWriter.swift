/// Writes JSON bytes in rkmap's one output format (docs/spec.md §10.1), which golden
/// files depend on byte for byte.
///
/// - pretty: two-space indentation, `"key": value`, each element or member on
///   its own line, empty containers as `[]` and `{}`;
/// - compact: no whitespace at all (`{"a":1,"b":[1,2]}`).
///
/// Strings are UTF-8 with only `"`, `\` and control characters escaped
/// (`\n \r \t \b \f`, others as `\u001f`); `/` and non-ASCII are written as is.
/// Numbers are written as their source text. `write` adds no trailing newline.
///
/// ```swift
/// JSONWriter.serialize(.array([.number(JSONNumber(1))]), pretty: false)  // "[1]"
/// ```
public struct JSONWriter {
    public let pretty: Bool
    /// The output so far; callers may append to it between values.
    public var bytes: [UInt8] = []

    public init(pretty: Bool) {
        self.pretty = pretty
    }

    /// The whole value as a string.
    public static func serialize(_ value: JSONValue, pretty: Bool) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.write(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Appends `value`; nested lines are indented one level deeper than `indent`.
    ///
    /// - Complexity: O(n) in the output size.
    public mutating func write(_ value: JSONValue, indent: Int = 0) {
        switch value {
        case .null: append("null")
        case .bool(let b): append(b ? "true" : "false")
        case .number(let n): appendUTF8(n.text)
        case .string(let s): writeString(s)
        case .array(let elements):
            guard !elements.isEmpty else { append("[]"); return }
            bytes.append(JSONByte.openBracket)
            for (i, element) in elements.enumerated() {
                if i > 0 { bytes.append(JSONByte.comma) }
                writeNewline(indent: indent + 1)
                write(element, indent: indent + 1)
            }
            writeNewline(indent: indent)
            bytes.append(JSONByte.closeBracket)
        case .object(let object):
            guard !object.isEmpty else { append("{}"); return }
            bytes.append(JSONByte.openBrace)
            for (i, member) in object.members.enumerated() {
                if i > 0 { bytes.append(JSONByte.comma) }
                writeNewline(indent: indent + 1)
                writeKey(member.key)
                write(member.value, indent: indent + 1)
            }
            writeNewline(indent: indent)
            bytes.append(JSONByte.closeBrace)
        }
    }

    /// Appends `"key":` (compact) or `"key": ` (pretty).
    public mutating func writeKey(_ key: String) {
        writeString(key)
        bytes.append(JSONByte.colon)
        if pretty { bytes.append(JSONByte.space) }
    }

    /// `"\n"` plus two spaces per level when pretty; nothing when compact.
    public mutating func writeNewline(indent: Int) {
        guard pretty else { return }
        bytes.append(JSONByte.newline)
        if indent > 0 { bytes.append(contentsOf: repeatElement(JSONByte.space, count: 2 * min(indent, Self.maxIndentLevel))) }
    }

    /// Pretty output indents at most this many levels (128 spaces); deeper
    /// lines stay at that indentation. Indentation costs bytes proportional to
    /// depth on every line, so a 10,000-deep recursive record would otherwise
    /// print hundreds of megabytes of spaces (quadratic in the depth); capped, the
    /// output grows linearly and stays valid JSON. Real data is far shallower.
    public static let maxIndentLevel = 64

    /// Appends `s` as a quoted JSON string.
    public mutating func writeString(_ s: String) {
        bytes.append(JSONByte.quote)
        var s = s
        s.withUTF8 { utf8 in
            // Most strings need no escape: one SWAR scan, one bulk copy.
            let first = JSONLexer.firstSpecial(utf8, from: 0)
            if first == utf8.count {
                bytes.append(contentsOf: utf8)
            } else {
                appendEscaped(utf8, firstEscape: first)
            }
        }
        bytes.append(JSONByte.quote)
    }

    /// Appends `utf8` with escapes; `first` is the index of its first byte to escape.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, firstEscape first: Int) {
        var runStart = 0
        var i = first
        while i < utf8.count {
            if runStart < i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i])) }
            let b = utf8[i]
            bytes.append(JSONByte.backslash)
            switch b {
            case JSONByte.quote, JSONByte.backslash: bytes.append(b)
            case JSONByte.newline: bytes.append(JSONByte.lowerN)
            case JSONByte.carriageReturn: bytes.append(JSONByte.lowerR)
            case JSONByte.tab: bytes.append(JSONByte.lowerT)
            case 0x08: bytes.append(JSONByte.lowerB)
            case 0x0C: bytes.append(JSONByte.lowerF)
            default:
                bytes.append(JSONByte.lowerU)
                bytes.append(JSONByte.zero)
                bytes.append(JSONByte.zero)
                bytes.append(Self.hexDigits[Int(b >> 4)])
                bytes.append(Self.hexDigits[Int(b & 0x0F)])
            }
            runStart = i + 1
            i = JSONLexer.firstSpecial(utf8, from: runStart)
        }
        if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func append(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private mutating func appendUTF8(_ s: String) {
        var s = s
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }
}
