/// `rkmap fmt` of a spec written as strict JSON (what `infer` and `fmt` write),
/// without its tree: the located tree of a spec of many members costs about
/// four times its text, and the canonical text, built whole, one and a half
/// times more. Members keep their source order (`SpecFormatter`), so the
/// canonical text can be written as the bytes are read: validated in one
/// pass, then written in pieces in a second. A spec with comments or relaxed
/// syntax is formatted from its tree, as before.
///
/// ```swift
/// if SpecFormatter.isStrictJSON(bytes) {
///     try SpecFormatter.formatStrict(bytes) { piece in try stdout.write(piece) }
/// }
/// ```
extension SpecFormatter {
    /// Whether `bytes` are one strict JSON document (RFC 8259; a leading
    /// byte order mark is skipped, as the tree reader skips it), which
    /// `formatStrict` formats.
    package static func isStrictJSON(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buf in
            var scanner = JSONScanner(bytes: buf, offset: 0)
            do throws(JSONSyntaxError) {
                guard try !scanner.atEnd() else { return false }
                // Only an object here: anything else goes the tree's way,
                // which refuses what is no spec where `lint` does (a top-level
                // array, rare, has its elements' kinds checked there).
                guard try scanner.peekKind() == .object else { return false }
                try scanner.skipValue()
                return try scanner.atEnd()
            } catch {
                return false
            }
        }
    }

    /// Hands `emit` the canonical text of `bytes` (strict JSON, as
    /// `isStrictJSON` found) in pieces of about 64 KiB, in order: the text
    /// `format` returns for them.
    /// - Throws: what `emit` throws (a closed output, a full disk).
    package static func formatStrict(_ bytes: [UInt8], emit: ([UInt8]) throws -> Void) throws {
        try withoutActuallyEscaping(emit) { emit in
            var out = Pieces(emit: emit)
            try bytes.withUnsafeBytes { buf in
                var scanner = JSONScanner(bytes: buf, offset: 0, trusted: true)
                try write(&scanner, role: .spec, indent: 0, into: &out)
            }
            out.append("\n")
            try out.flush()
        }
    }

    /// As `write(_:role:indent:into:)` writes a value of the tree.
    private static func write(_ scanner: inout JSONScanner, role: Role, indent: Int, into out: inout Pieces) throws {
        switch try scanner.peekKind() {
        case .array:
            try scanner.enterArray()
            guard try scanner.nextElement() else {
                out.append("[]")
                return
            }
            // A spec that is an array holds descriptors.
            let elementRole: Role = role == .spec ? .descriptor : role
            out.append("[\n")
            repeat {
                out.spaces(indent + 2)
                try write(&scanner, role: elementRole, indent: indent + 2, into: &out)
                let more = try scanner.nextElement()
                out.append(more ? ",\n" : "\n")
                try out.flushIfFull()
                if !more { break }
            } while true
            out.spaces(indent)
            out.append("]")
        case .object:
            try scanner.enterObject()
            guard var key = try scanner.nextKey() else {
                out.append("{}")
                return
            }
            let booleans = role.booleanFields
            out.append("{\n")
            while true {
                out.spaces(indent + 2)
                out.append(JSONWriter.serialize(.string(key), pretty: false))
                out.append(": ")
                let kind = try scanner.peekKind()
                if booleans.contains(key), kind == .string || kind == .bool {
                    let value = try scanner.readValue()
                    // As the tree's `booleanValue` reads it (`"YES"` is true).
                    let kind: SpecValue.Kind
                    switch value {
                    case .bool(let b): kind = .bool(b)
                    case .string(let s): kind = .string(s)
                    default: kind = .null
                    }
                    if let b = SpecValue(kind, at: SourceLocation(line: 1, column: 1)).booleanValue {
                        out.append(b ? "true" : "false")
                    } else {
                        writeScalar(value, into: &out)
                    }
                } else {
                    try write(&scanner, role: role.child(key), indent: indent + 2, into: &out)
                }
                guard let next = try scanner.nextKey() else {
                    out.append("\n")
                    break
                }
                out.append(",\n")
                try out.flushIfFull()
                key = next
            }
            out.spaces(indent)
            out.append("}")
        default:
            writeScalar(try scanner.readValue(), into: &out)
        }
    }

    private static func writeScalar(_ value: JSONValue, into out: inout Pieces) {
        switch value {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .number(let n): out.append(n.text)
        // Strings as the data output writes them (`writeString`).
        default: out.append(JSONWriter.serialize(value, pretty: false))
        }
    }

    /// The canonical text on its way to `emit`, a piece at a time.
    private struct Pieces {
        let emit: ([UInt8]) throws -> Void
        var buffer: [UInt8] = []

        init(emit: @escaping ([UInt8]) throws -> Void) {
            self.emit = emit
            buffer.reserveCapacity(1 << 16 + 4096)
        }

        mutating func append(_ text: String) { buffer.append(contentsOf: text.utf8) }

        mutating func spaces(_ n: Int) { buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: n)) }

        mutating func flushIfFull() throws {
            if buffer.count >= 1 << 16 { try flush() }
        }

        mutating func flush() throws {
            guard !buffer.isEmpty else { return }
            try emit(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }
}

/// The canonical text of compact strict JSON, made as its bytes come: what
/// `SpecFormatter.formatStrict` gives for the whole, without the whole ever
/// held. `infer` writes its spec through it (docs/spec.md §15): the compact
/// text of a sample object of a million members is about two and a half
/// times the sample, and held whole it was the largest part of `infer`'s
/// memory.
///
/// The input is what `JSONWriter(pretty: false)` writes: no space between
/// tokens, strings as `writeString` escapes them (`formatStrict` reads and
/// writes them again, the same), and the members that hold booleans
/// (`entity`, `many`, …) as `true` or `false`, which `formatStrict` leaves
/// as they are. So the layout is in the punctuation alone: a line per
/// member and element, two spaces per level, `{}` and `[]` when empty.
///
/// ```swift
/// var layout = CompactSpecLayout()
/// try layout.feed(piece) { try stdout.write($0) }   // as pieces come
/// try layout.finish { try stdout.write($0) }
/// ```
package struct CompactSpecLayout {
    private var inString = false
    private var escaped = false
    private var indent = 0
    /// An opening bracket or brace not written yet: `[]` and `{}` stay on
    /// one line, so what follows decides how it is written.
    private var open: UInt8 = 0
    private var out: [UInt8] = []

    package init() {
        out.reserveCapacity(1 << 16 + 4096)
    }

    /// Lays out `bytes`, the next part of the compact text, handing `emit`
    /// pieces of about 64 KiB.
    /// - Throws: what `emit` throws.
    package mutating func feed(_ bytes: UnsafeRawBufferPointer, emit: ([UInt8]) throws -> Void) throws {
        var i = 0
        let n = bytes.count
        while i < n {
            let byte = bytes[i]
            i += 1
            if open != 0 {
                let closer = open == JSONByte.openBrace ? JSONByte.closeBrace : JSONByte.closeBracket
                out.append(open)
                open = 0
                if byte == closer {
                    out.append(byte)
                    continue
                }
                indent += 2
                newline()
            }
            if inString {
                out.append(byte)
                if escaped {
                    escaped = false
                } else if byte == JSONByte.backslash {
                    escaped = true
                } else if byte == JSONByte.quote {
                    inString = false
                }
                // The rest of a plain run of the string at once.
                if inString, !escaped {
                    let start = i
                    while i < n, bytes[i] != JSONByte.quote, bytes[i] != JSONByte.backslash { i += 1 }
                    if i > start { out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<i])) }
                }
                continue
            }
            switch byte {
            case JSONByte.quote:
                inString = true
                out.append(byte)
            case JSONByte.openBrace, JSONByte.openBracket:
                open = byte
            case JSONByte.closeBrace, JSONByte.closeBracket:
                indent -= 2
                newline()
                out.append(byte)
            case JSONByte.comma:
                out.append(byte)
                newline()
                if out.count >= 1 << 16 {
                    try emit(out)
                    out.removeAll(keepingCapacity: true)
                }
            case JSONByte.colon:
                out.append(byte)
                out.append(JSONByte.space)
            default:
                out.append(byte)
            }
        }
    }

    /// Ends the text with a newline and hands `emit` what is left.
    /// - Throws: what `emit` throws.
    package mutating func finish(emit: ([UInt8]) throws -> Void) throws {
        if open != 0 {
            // Not from a complete document: written as it came.
            out.append(open)
            open = 0
        }
        out.append(JSONByte.newline)
        try emit(out)
        out.removeAll(keepingCapacity: true)
    }

    private mutating func newline() {
        out.append(JSONByte.newline)
        out.append(contentsOf: repeatElement(JSONByte.space, count: indent))
    }
}
