import RKMap

/// A tiny JSON reader for test tables only (the real reader lives elsewhere):
/// enough of RFC 8259 to write fixtures as text. Traps on malformed input.
enum TestJSON {
    static func parse(_ text: String) -> JSONValue {
        var reader = Reader(scalars: Array(text.unicodeScalars))
        let value = reader.value()
        reader.skipSpace()
        precondition(reader.index == reader.scalars.count, "trailing text in test JSON: \(text)")
        return value
    }

    struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        mutating func skipSpace() {
            while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        }

        mutating func expect(_ c: Unicode.Scalar) {
            skipSpace()
            precondition(index < scalars.count && scalars[index] == c, "expected \(c) in test JSON")
            index += 1
        }

        mutating func value() -> JSONValue {
            skipSpace()
            let c = scalars[index]
            switch c {
            case "{":
                index += 1
                var object = JSONObject()
                skipSpace()
                if scalars[index] == "}" { index += 1; return .object(object) }
                while true {
                    skipSpace()
                    let key = string()
                    expect(":")
                    object.append(key: key, value: value())
                    skipSpace()
                    if scalars[index] == "," { index += 1; continue }
                    expect("}")
                    return .object(object)
                }
            case "[":
                index += 1
                var array: [JSONValue] = []
                skipSpace()
                if scalars[index] == "]" { index += 1; return .array(array) }
                while true {
                    array.append(value())
                    skipSpace()
                    if scalars[index] == "," { index += 1; continue }
                    expect("]")
                    return .array(array)
                }
            case "\"":
                return .string(string())
            case "t": index += 4; return .bool(true)
            case "f": index += 5; return .bool(false)
            case "n": index += 4; return .null
            default:
                var text = ""
                while index < scalars.count, "+-0123456789.eE".unicodeScalars.contains(scalars[index]) {
                    text.unicodeScalars.append(scalars[index])
                    index += 1
                }
                precondition(!text.isEmpty, "bad test JSON at \(index)")
                return .number(JSONNumber(text))
            }
        }

        mutating func string() -> String {
            expect("\"")
            var out = ""
            while scalars[index] != "\"" {
                var c = scalars[index]
                index += 1
                if c == "\\" {
                    c = scalars[index]
                    index += 1
                    switch c {
                    case "n": c = "\n"
                    case "t": c = "\t"
                    case "u":
                        let hex = String(String.UnicodeScalarView(scalars[index..<index + 4]))
                        c = Unicode.Scalar(UInt32(hex, radix: 16)!)!
                        index += 4
                    default: break
                    }
                }
                out.unicodeScalars.append(c)
            }
            index += 1
            return out
        }
    }
}
