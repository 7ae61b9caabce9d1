/// Tells when a growing buffer holds the end of its first top-level JSON value,
/// so a reader of a stream (stdin, a pipe) knows it can stop waiting for input.
///
/// It only tracks structure (strings, escapes, bracket depth, top-level scalar
/// tokens), resuming where it stopped on each call, so a stream is scanned once
/// in total. It does not validate: the strict scanner reads the value and
/// reports errors there. A raw line break inside a string (never valid JSON)
/// ends the candidate at once, so such an error is reported when the line
/// arrives instead of when the stream ends.
///
/// ```swift
/// var finder = DocumentBoundaryFinder()
/// while !finder.holdsCompleteValue(in: buffer) { /* read more into buffer */ }
/// ```
public struct DocumentBoundaryFinder: Sendable {
    private var position = 0
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var inScalar = false

    public init() {}

    /// True once the buffer holds the end of a top-level value (not only
    /// whitespace); stops scanning there, so asking after each read of a slow
    /// stream costs O(new bytes) and a long buffer is not scanned past its
    /// first document.
    ///
    /// - Parameter bytes: the stream so far; each call must pass the same bytes
    ///   with possibly more appended.
    public mutating func holdsCompleteValue(in bytes: UnsafeRawBufferPointer) -> Bool {
        scan(bytes)
        return completedValue
    }

    private var completedValue = false

    private mutating func scan(_ bytes: UnsafeRawBufferPointer) {
        while position < bytes.count {
            if completedValue { return }
            if inString, !escaped {
                // Jump over the string's plain bytes eight at a time: most of
                // a document is string bodies.
                var high: UInt64 = 0
                position = JSONLexer.skipUnescapedRun(bytes, from: position, high: &high)
                if position == bytes.count { break }
            }
            let b = bytes[position]
            if inString {
                position += 1
                if escaped {
                    escaped = false
                } else if b == JSONByte.backslash {
                    escaped = true
                } else if b == JSONByte.quote {
                    inString = false
                    if depth == 0 { completedValue = true }
                } else if b == JSONByte.newline {
                    inString = false
                    depth = 0
                    completedValue = true
                }
                continue
            }
            if inScalar {
                if Self.continuesScalar(b) {
                    position += 1
                    continue
                }
                inScalar = false
                completedValue = true
                continue
            }
            position += 1
            switch b {
            case JSONByte.space, JSONByte.tab, JSONByte.newline, JSONByte.carriageReturn:
                break
            case JSONByte.quote:
                inString = true
            case JSONByte.openBrace, JSONByte.openBracket:
                depth += 1
            case JSONByte.closeBrace, JSONByte.closeBracket:
                if depth > 0 { depth -= 1 }
                if depth == 0 { completedValue = true }
            default:
                if depth == 0 { inScalar = true }
            }
        }
    }

    /// Bytes that can continue a number or a literal (`-12.5e+3`, `true`), and
    /// non-ASCII bytes, so that a multi-byte character (a byte order mark) is
    /// never cut in two: the scanner then sees it whole and names it.
    private static func continuesScalar(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
            || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || b == UInt8(ascii: ".") || b == UInt8(ascii: "+") || b == UInt8(ascii: "-")
    }
}
