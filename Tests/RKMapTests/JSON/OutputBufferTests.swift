import Testing
@testable import RKMap

/// The byte buffer JSON output is written into: growth past its capacity, and
/// strings escaped as docs/spec.md §10.1 says (RFC 8259: `"`, `\` and control
/// characters escaped, `\n \r \t \b \f` by name, others as lowercase `\u00xx`;
/// `/`, DEL and non-ASCII written as they are) wherever the buffer has to grow.
@Suite struct OutputBufferTests {
    /// The expected text of `s` as a JSON string, built from the rules above one
    /// scalar at a time (the writer works on bytes, eight at a time).
    static func quoted(_ s: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += Array(#"\""#.utf8)
            case "\\": out += Array(#"\\"#.utf8)
            case "\n": out += Array(#"\n"#.utf8)
            case "\r": out += Array(#"\r"#.utf8)
            case "\t": out += Array(#"\t"#.utf8)
            case "\u{8}": out += Array(#"\b"#.utf8)
            case "\u{C}": out += Array(#"\f"#.utf8)
            case let c where c.value < 0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += Array(#"\u00"#.utf8) + [hex[Int(c.value >> 4)], hex[Int(c.value & 0xF)]]
            default:
                out += Array(String(scalar).utf8)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }

    static func appendQuoted(_ s: String, to buffer: inout OutputBuffer) {
        var s = s
        s.withUTF8 { buffer.appendQuoted($0) }
    }

    @Test func bytesAppendedOneAtATimeGrowPastTheCapacity() {
        var buffer = OutputBuffer(capacity: 16)
        #expect(buffer.capacity == 16)
        let expected = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        for b in expected { buffer.append(b) }
        #expect(buffer.count == 1000)
        #expect(buffer.capacity >= 1000)
        #expect(buffer.array == expected)
    }

    /// Chunks of every size from 0 to 40 across a 16-byte start: each lands after
    /// the ones before it, whether or not the buffer grew for it.
    @Test func chunksOfEverySizeCrossTheCapacity() {
        var buffer = OutputBuffer(capacity: 16)
        var expected: [UInt8] = []
        for size in 0...40 {
            let chunk = (0..<size).map { UInt8(truncatingIfNeeded: size &+ $0) }
            chunk.withUnsafeBufferPointer { buffer.append($0) }
            expected += chunk
            #expect(buffer.array == expected, "after a chunk of \(size)")
        }
        buffer.append("[]")
        #expect(buffer.array == expected + [UInt8(ascii: "["), UInt8(ascii: "]")])
    }

    @Test func reserveAndCommitWriteInPlace() {
        var buffer = OutputBuffer(capacity: 16)
        buffer.append("0123456789abcde")
        let p = buffer.reserve(4)
        p[0] = UInt8(ascii: "X")
        p[1] = UInt8(ascii: "Y")
        buffer.commit(2)
        #expect(buffer.array == Array("0123456789abcdeXY".utf8))
    }

    @Test func removeAllKeepsTheMemoryAndForgetsTheBytes() {
        var buffer = OutputBuffer(capacity: 16)
        for _ in 0..<100 { buffer.append(UInt8(ascii: "a")) }
        let capacity = buffer.capacity
        buffer.removeAll()
        let emptied = buffer.isEmpty
        #expect(emptied)
        #expect(buffer.capacity == capacity)
        buffer.append("b")
        #expect(buffer.array == [UInt8(ascii: "b")])
        var array: [UInt8] = [1, 2]
        buffer.append(to: &array)
        #expect(array == [1, 2, UInt8(ascii: "b")])
    }

    @Test func quotedStringsWithEveryEscape() {
        let cases: [(String, String)] = [
            ("", #""""#),
            ("plain", #""plain""#),
            ("a\"b", #""a\"b""#),
            ("back\\slash", #""back\\slash""#),
            ("line\nfeed\r\ttab", #""line\nfeed\r\ttab""#),
            ("\u{8}\u{C}", #""\b\f""#),
            ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
            ("/ \u{7F}", "\"/ \u{7F}\""),
            ("é 日本語 🚀", "\"é 日本語 🚀\""),
        ]
        for (raw, written) in cases {
            var buffer = OutputBuffer(capacity: 16)
            Self.appendQuoted(raw, to: &buffer)
            #expect(buffer.array == Array(written.utf8), "\(raw.debugDescription)")
            #expect(buffer.array == Self.quoted(raw))
        }
    }

    /// Every control character, alone and between text.
    @Test func everyControlCharacter() {
        for value in 0..<0x20 {
            let c = String(UnicodeScalar(UInt8(value)))
            for raw in [c, "ab" + c + "cd", String(repeating: "x", count: 13) + c] {
                var buffer = OutputBuffer(capacity: 16)
                Self.appendQuoted(raw, to: &buffer)
                #expect(buffer.array == Self.quoted(raw), "control character \(value)")
            }
        }
    }

    /// An escaped string written after 0 to 20 bytes of a 16-byte buffer: the
    /// buffer grows before, inside or after an escape, and after non-ASCII text.
    @Test(arguments: 0...20)
    func escapesAcrossTheBufferBoundary(_ prefix: Int) {
        let raws = [
            "\"\\\n\u{1}", "abc\u{1F}def\"", "é\u{0}é\u{0}é", String(repeating: "\\", count: 9),
            "0123456789abcdef\n", "🚀\t🚀\t🚀",
        ]
        for raw in raws {
            var buffer = OutputBuffer(capacity: 16)
            let filler = [UInt8](repeating: UInt8(ascii: "-"), count: prefix)
            filler.withUnsafeBufferPointer { buffer.append($0) }
            Self.appendQuoted(raw, to: &buffer)
            #expect(buffer.array == filler + Self.quoted(raw), "\(raw.debugDescription) after \(prefix) bytes")
        }
    }

    /// Strings many times the buffer's size: without escapes (one copy), with an
    /// escape every so often, and ending in one.
    @Test func veryLongStrings() {
        let plain = String(repeating: "abcdefghij", count: 100_000)
        var withEscapes = ""
        for i in 0..<20_000 { withEscapes += "row \(i)\t\"é\"\n" }
        let endingInEscape = String(repeating: "日本", count: 50_000) + "\u{1B}"
        for raw in [plain, withEscapes, endingInEscape] {
            var buffer = OutputBuffer(capacity: 16)
            Self.appendQuoted(raw, to: &buffer)
            let expected = Self.quoted(raw)
            #expect(buffer.count == expected.count)
            #expect(buffer.array == expected)
        }
        var buffer = OutputBuffer(capacity: 16)
        Self.appendQuoted(plain, to: &buffer)
        #expect(buffer.count == plain.utf8.count + 2)
    }

    /// Every byte value at every position of blocks of 1 to 70 bytes: the scan
    /// tests 32 bytes at a time, then 8, then single bytes, and must neither
    /// miss a byte to escape nor take another byte (DEL, 0xA0, 0xA2, 0xDC: the
    /// arithmetic's near misses) for one.
    @Test func everyByteValueAtEveryPosition() {
        func escaped(_ b: UInt8) -> [UInt8] {
            switch b {
            case UInt8(ascii: "\""): return Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): return Array(#"\\"#.utf8)
            case 0x0A: return Array(#"\n"#.utf8)
            case 0x0D: return Array(#"\r"#.utf8)
            case 0x09: return Array(#"\t"#.utf8)
            case 0x08: return Array(#"\b"#.utf8)
            case 0x0C: return Array(#"\f"#.utf8)
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                return Array(#"\u00"#.utf8) + [hex[Int(b >> 4)], hex[Int(b & 0xF)]]
            default: return [b]
            }
        }
        for length in [1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 40, 63, 64, 65, 70] {
            for value in 0...255 {
                for position in 0..<length {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = UInt8(value)
                    var buffer = OutputBuffer(capacity: 16)
                    bytes.withUnsafeBufferPointer { buffer.appendQuoted($0) }
                    let expected = [UInt8(ascii: "\"")] + bytes.flatMap(escaped) + [UInt8(ascii: "\"")]
                    let written = buffer.array
                    if written != expected {
                        Issue.record("byte \(value) at \(position) of \(length): \(written)")
                        return
                    }
                }
            }
        }
    }

    /// The writer's strings and keys go through the same escaping.
    @Test func writerStringsAndKeysMatchTheRules() {
        let key = "k\"\u{2}é"
        let value = "v\\\r🚀"
        let object = JSONValue.object(JSONObject([(key, .string(value))]))
        let compact = [UInt8(ascii: "{")] + Self.quoted(key) + [UInt8(ascii: ":")] + Self.quoted(value) + [UInt8(ascii: "}")]
        #expect(Array(JSONWriter.serialize(object, pretty: false).utf8) == compact)
        let pretty = Array("{\n  ".utf8) + Self.quoted(key) + Array(": ".utf8) + Self.quoted(value) + Array("\n}".utf8)
        #expect(Array(JSONWriter.serialize(object, pretty: true).utf8) == pretty)
    }
}
