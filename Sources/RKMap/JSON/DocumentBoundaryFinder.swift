/// Finds where complete top-level JSON values end in a growing buffer, so a
/// stream (stdin, a pipe) can be mapped document by document as it arrives.
///
/// It only tracks structure (strings, escapes, bracket depth, top-level scalar
/// tokens), resuming where it stopped on each call, so a stream is scanned once
/// in total. It does not validate: the strict scanner reads each range it
/// returns and reports errors there. A raw line break inside a string (never
/// valid JSON) ends the candidate at once, so such an error is reported when the
/// line arrives instead of when the stream ends.
///
/// ```swift
/// var finder = DocumentBoundaryFinder()
/// let end = finder.completeEnd(in: buffer, atEndOfInput: false)  // map buffer[..<end]
/// ```
public struct DocumentBoundaryFinder: Sendable {
    private var position = 0
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var inScalar = false
    private var lastComplete = 0

    public init() {}

    /// The offset up to which the buffer holds only complete top-level values
    /// (and whitespace). At the end of input that is the whole buffer: what is
    /// left is the scanner's to judge.
    ///
    /// - Parameter bytes: the stream so far; each call must pass the same bytes
    ///   with possibly more appended.
    /// - Complexity: O(new bytes since the last call).
    public mutating func completeEnd(in bytes: UnsafeRawBufferPointer, atEndOfInput: Bool) -> Int {
        scan(bytes, stopAtFirstValue: false)
        if atEndOfInput {
            lastComplete = bytes.count
        }
        return lastComplete
    }

    /// True once the buffer holds the end of a top-level value (not only
    /// whitespace); stops scanning there, so asking after each read of a slow
    /// stream costs O(new bytes) and a long buffer is not scanned past its
    /// first document.
    public mutating func holdsCompleteValue(in bytes: UnsafeRawBufferPointer) -> Bool {
        scan(bytes, stopAtFirstValue: true)
        return completedValue
    }

    private var completedValue = false

    private mutating func scan(_ bytes: UnsafeRawBufferPointer, stopAtFirstValue: Bool) {
        while position < bytes.count {
            if stopAtFirstValue, completedValue { return }
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
                    if depth == 0 {
                        lastComplete = position
                        completedValue = true
                    }
                } else if b == JSONByte.newline {
                    inString = false
                    depth = 0
                    lastComplete = position
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
                lastComplete = position
                completedValue = true
                continue
            }
            position += 1
            switch b {
            case JSONByte.space, JSONByte.tab, JSONByte.newline, JSONByte.carriageReturn:
                if depth == 0 { lastComplete = position }
            case JSONByte.quote:
                inString = true
            case JSONByte.openBrace, JSONByte.openBracket:
                depth += 1
            case JSONByte.closeBrace, JSONByte.closeBracket:
                if depth > 0 { depth -= 1 }
                if depth == 0 {
                    lastComplete = position
                    completedValue = true
                }
            default:
                if depth == 0 { inScalar = true }
            }
        }
    }

    /// Forgets the first `count` bytes of the buffer (mapped and dropped by a
    /// reader); `count` must not pass the last complete end.
    public mutating func discard(_ count: Int) {
        position -= count
        lastComplete -= count
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
