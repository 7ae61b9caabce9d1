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
/// The output lives in an `OutputBuffer` (appends through a pointer, no
/// reference count), so the writer has one owner and is not copyable; `bytes`
/// hands out a copy.
///
/// ```swift
/// JSONWriter.serialize(.array([.number(JSONNumber(1))]), pretty: false)  // "[1]"
/// ```
public struct JSONWriter: ~Copyable {
    public let pretty: Bool
    /// The output so far; callers may append to it between values.
    var buffer: OutputBuffer
    /// Where the output moves once it is large (a pipeline unit's bytes,
    /// `RootEncoding`): `spillIfFull` moves the buffer there, and a large
    /// compact value is written there directly, so that the buffer does not
    /// grow to twice the value and then be copied (`writeCompact`).
    var spill: SpilledBytes?

    public init(pretty: Bool) {
        self.init(pretty: pretty, capacity: 256)
    }

    init(pretty: Bool, capacity: Int) {
        self.pretty = pretty
        self.buffer = OutputBuffer(capacity: capacity)
    }

    /// A writer appending to `buffer`, and moving large output to `spill`.
    init(pretty: Bool, buffer: consuming OutputBuffer, spill: SpilledBytes? = nil) {
        self.pretty = pretty
        self.buffer = buffer
        self.spill = spill
    }

    /// Moves the buffer's bytes to `spill` once they are `SpilledBytes.size`
    /// or more (nothing without a spill).
    @inline(__always)
    mutating func spillIfFull() {
        if buffer.count >= SpilledBytes.size { moveToSpill() }
    }

    /// Moves the buffer's bytes to `spill`, if there is one.
    @inline(never)
    mutating func moveToSpill() {
        guard let spill else { return }
        if spill.drain != nil {
            buffer.withUnsafeBytes { spill.take($0) }
        } else {
            buffer.append(to: &spill.bytes)
        }
        buffer.removeAll()
    }

    /// A copy of the output so far.
    public var bytes: [UInt8] { buffer.array }

    /// Appends one byte between values (a separator, a line end).
    public mutating func append(_ byte: UInt8) { buffer.append(byte) }

    /// The whole value as a string.
    public static func serialize(_ value: JSONValue, pretty: Bool) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.write(value)
        return writer.buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends `value`; nested lines are indented one level deeper than `indent`.
    ///
    /// - Complexity: O(n) in the output size.
    public mutating func write(_ value: JSONValue, indent: Int = 0) {
        switch value {
        case .null: buffer.append("null")
        case .bool(let b): buffer.append(b ? "true" : "false")
        case .number(let n): writeText(n.text)
        case .string(let s): writeString(s)
        case .compact(let c): writeCompact(c, indent: indent)
        case .array(let elements):
            guard !elements.isEmpty else { buffer.append("[]"); return }
            buffer.append(JSONByte.openBracket)
            // Elements are read in place: iterating the array would copy (and
            // retain) each one.
            elements.withUnsafeBufferPointer { elements in
                for i in elements.indices {
                    if i > 0 { buffer.append(JSONByte.comma) }
                    writeNewline(indent: indent + 1)
                    write(elements[i], indent: indent + 1)
                }
            }
            writeNewline(indent: indent)
            buffer.append(JSONByte.closeBracket)
        case .object(let object):
            guard !object.isEmpty else { buffer.append("{}"); return }
            buffer.append(JSONByte.openBrace)
            object.members.withUnsafeBufferPointer { members in
                for i in members.indices {
                    if i > 0 { buffer.append(JSONByte.comma) }
                    writeNewline(indent: indent + 1)
                    writeKey(members[i].key)
                    write(members[i].value, indent: indent + 1)
                }
            }
            writeNewline(indent: indent)
            buffer.append(JSONByte.closeBrace)
        }
    }

    /// Appends `"key":` (compact) or `"key": ` (pretty).
    public mutating func writeKey(_ key: String) {
        writeString(key)
        buffer.append(JSONByte.colon)
        if pretty { buffer.append(JSONByte.space) }
    }

    /// `"\n"` plus two spaces per level when pretty; nothing when compact.
    @inline(__always)
    public mutating func writeNewline(indent: Int) {
        guard pretty else { return }
        let n = 1 + 2 * min(max(indent, 0), Self.maxIndentLevel)
        // Records nest a few levels: up to three (7 bytes), one word store of
        // the literal's first eight bytes, counting only `n` of them.
        if n <= 7 {
            let p = buffer.reserve(8)
            UnsafeMutableRawPointer(p).storeBytes(
                of: UnsafeRawPointer(Self.indentation.utf8Start).loadUnaligned(as: UInt64.self), as: UInt64.self)
            buffer.commit(n)
        } else {
            buffer.append(Self.indentation.utf8Start, count: n)
        }
    }

    /// A line break and the deepest indentation, as one literal: any shallower
    /// one is a prefix of it (one copy instead of a byte per space).
    private static var indentation: StaticString {
        "\n                                                                                                                                "
    }

    /// Pretty output indents at most this many levels (128 spaces); deeper
    /// lines stay at that indentation. Indentation costs bytes proportional to
    /// depth on every line, so a 10,000-deep recursive record would otherwise
    /// print hundreds of megabytes of spaces (quadratic in the depth); capped, the
    /// output grows linearly and stays valid JSON. Real data is far shallower.
    public static let maxIndentLevel = 64

    /// Appends `s` as a quoted JSON string.
    @inline(__always)
    public mutating func writeString(_ s: String) {
        // Native strings lend their bytes in place; others are copied once.
        if s.utf8.withContiguousStorageIfAvailable({ buffer.appendQuoted($0) }) == nil {
            var s = s
            s.withUTF8 { buffer.appendQuoted($0) }
        }
    }

    /// Appends `s` as it is (a number's source text).
    @inline(__always)
    private mutating func writeText(_ s: String) {
        if s.utf8.withContiguousStorageIfAvailable({ buffer.append($0) }) == nil {
            var s = s
            s.withUTF8 { buffer.append($0) }
        }
    }
}

extension OutputBuffer {
    /// Appends `utf8` as a quoted JSON string, escaped as `JSONWriter` documents.
    ///
    /// Most strings need no escape: one SWAR scan finds that, and the string
    /// is copied with its quotes in one reservation.
    @inline(__always)
    mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        let n = utf8.count
        let first = Self.firstEscape(utf8, from: 0)
        guard first == n else {
            appendQuoted(utf8, firstEscape: first)
            return
        }
        let p = reserve(n &+ 2)
        p[0] = JSONByte.quote
        if let start = utf8.baseAddress { Self.copy(start, to: p + 1, count: n) }
        p[n &+ 1] = JSONByte.quote
        commit(n &+ 2)
    }

    /// The same with escapes; `first` is the index of the first byte to escape.
    @inline(never)
    private mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, firstEscape first: Int) {
        let start = utf8.baseAddress.unsafelyUnwrapped
        append(JSONByte.quote)
        var runStart = 0
        var i = first
        while i < utf8.count {
            if runStart < i { append(start + runStart, count: i &- runStart) }
            let b = utf8[i]
            let p = reserve(6)
            p[0] = JSONByte.backslash
            switch b {
            case JSONByte.quote, JSONByte.backslash: p[1] = b; commit(2)
            case JSONByte.newline: p[1] = JSONByte.lowerN; commit(2)
            case JSONByte.carriageReturn: p[1] = JSONByte.lowerR; commit(2)
            case JSONByte.tab: p[1] = JSONByte.lowerT; commit(2)
            case 0x08: p[1] = JSONByte.lowerB; commit(2)
            case 0x0C: p[1] = JSONByte.lowerF; commit(2)
            default:
                // Other control characters (below 0x20): `\u00` and two lowercase hex digits.
                p[1] = JSONByte.lowerU
                p[2] = JSONByte.zero
                p[3] = JSONByte.zero
                p[4] = Self.hexDigit(b >> 4)
                p[5] = Self.hexDigit(b & 0x0F)
                commit(6)
            }
            runStart = i &+ 1
            i = Self.firstEscape(utf8, from: runStart)
        }
        if runStart < utf8.count { append(start + runStart, count: utf8.count &- runStart) }
        append(JSONByte.quote)
    }

    /// The index of the first byte at or after `start` that a JSON string must
    /// escape (`"`, `\\`, below 0x20), or `utf8.count`.
    ///
    /// Thirty-two bytes per step: text fields (an article's body) are most of
    /// the bytes written, and two 16-byte vector tests cost about half of the
    /// lexer's eight-byte SWAR test per byte. That test finds the exact position
    /// in a block that has one, and covers strings shorter than 16 bytes.
    @inline(__always)
    static func firstEscape(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        if let base = utf8.baseAddress {
            let raw = UnsafeRawPointer(base)
            let n = utf8.count
            while i &+ 32 <= n {
                let a = specialBytes(raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))
                let b = specialBytes(raw.loadUnaligned(fromByteOffset: i &+ 16, as: SIMD16<UInt8>.self))
                if !isZero(a | b) { return JSONLexer.firstSpecial(utf8, from: i) }
                i &+= 32
            }
            if i &+ 16 <= n {
                if !isZero(specialBytes(raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self))) {
                    return JSONLexer.firstSpecial(utf8, from: i)
                }
                i &+= 16
            }
            // The last bytes of a string of 16 or more: one test of its last 16
            // (overlapping bytes already tested) instead of word by word.
            if i < n && n >= 16 {
                if isZero(specialBytes(raw.loadUnaligned(fromByteOffset: n &- 16, as: SIMD16<UInt8>.self))) { return n }
            }
        }
        return JSONLexer.firstSpecial(utf8, from: i)
    }

    /// 0x80 in each lane holding `"`, `\\` or a byte below 0x20, else 0.
    ///
    /// Written with wrapping arithmetic and bitwise operators, which compile to
    /// SSE instructions (the SIMD comparison operators `.==`, `.<` compile to a
    /// loop over lanes). Per lane, `(v ^ c) &- 1` has its top bit set when `v`
    /// is `c` (or `v ^ c` is at least 0x81, which `& ~v` rules out, as `c` is
    /// ASCII), and `v &- 0x20` when `v` is below 0x20 (or at least 0xA0, ruled
    /// out the same way).
    @inline(__always)
    private static func specialBytes(_ v: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let one = SIMD16<UInt8>(repeating: 1)
        let quote = (v ^ SIMD16(repeating: JSONByte.quote)) &- one
        let backslash = (v ^ SIMD16(repeating: JSONByte.backslash)) &- one
        let control = v &- SIMD16(repeating: 0x20)
        return (quote | backslash | control) & ~v & SIMD16(repeating: 0x80)
    }

    @inline(__always)
    private static func isZero(_ v: SIMD16<UInt8>) -> Bool {
        let words = unsafeBitCast(v, to: SIMD2<UInt64>.self)
        return words[0] | words[1] == 0
    }

    @inline(__always)
    private static func hexDigit(_ d: UInt8) -> UInt8 {
        d < 10 ? JSONByte.zero &+ d : UInt8(ascii: "a") &+ (d &- 10)
    }
}

/// The bytes a `JSONWriter` moves its output to once it is large
/// (`JSONWriter.spill`). A class, so that the writer (not copyable) and the
/// code that made it both reach the same array.
final class SpilledBytes {
    /// Reached by one thread, through one writer at a time: no run-time
    /// exclusivity check (two calls into the runtime per access).
    @exclusivity(unchecked) var bytes: [UInt8]
    /// Large compact values left out of `bytes` (`JSONWriter.writeCompact`),
    /// in order, when `defers`.
    @exclusivity(unchecked) var deferred: [DeferredValue] = []
    /// Whether large compact values are deferred: whoever writes `bytes`
    /// out writes them between (a pipeline unit's output), rather than
    /// written into `bytes`.
    var defers = false
    /// Where spilled bytes go as they come, instead of `bytes`: a sink's
    /// output, so that a record of many related records (held as bytes,
    /// `FieldList`) is written out as it is encoded rather than held whole.
    let drain: ((UnsafeRawBufferPointer) -> Void)?

    init(_ bytes: consuming [UInt8] = []) {
        self.bytes = bytes
        drain = nil
    }

    init(draining drain: @escaping (UnsafeRawBufferPointer) -> Void) {
        bytes = []
        self.drain = drain
    }

    /// Takes `piece`: to `drain` when there is one, else into `bytes`.
    @inline(__always)
    func take(_ piece: UnsafeRawBufferPointer) {
        if let drain { drain(piece) } else { bytes.append(contentsOf: piece) }
    }

    /// How large the writer's buffer grows before it moves (and a compact
    /// value must be to go straight here).
    static let size = 1 << 18
}

/// A large compact value that belongs at byte `at` of an output, written
/// there from its own bytes by whoever writes the output out
/// (`JSONWriter.writeCompact(_:indent:pretty:pieces:)`), not copied into it.
struct DeferredValue {
    let at: Int
    let value: CompactJSON
    let indent: Int
    /// How the value is written when not as JSON (a form body's pairs).
    var writer: (any DeferredWriting)? = nil
}

/// Writes a deferred value other than as its JSON (`DeferredValue.writer`),
/// in pieces.
protocol DeferredWriting: Sendable {
    func write(_ value: CompactJSON, pieces: (UnsafeRawBufferPointer) throws -> Void) throws
}
