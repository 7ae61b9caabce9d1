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
