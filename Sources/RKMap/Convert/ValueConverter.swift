/// Converts attribute values to their declared types (docs/spec.md §6).
///
/// ```swift
/// ValueConverter.convert(.string("12.50"), to: .decimal, dates: parser)  // .success(.number(12.50))
/// ValueConverter.convert(.string("abc"), to: .int, dates: parser)
/// // .failure(cannot convert string "abc" to int)
/// ```
///
/// `null` converts to `null` for every type. Numbers are read from their
/// source text digit by digit, never rounded through `Double` except for the
/// `double` type itself.
public enum ValueConverter {
    public static func convert(_ value: JSONValue, to type: ValueType, dates: DateParser) -> Result<JSONValue, ConversionError> {
        if case .null = value { return .success(.null) }
        switch type {
        case .any: return .success(value)
        case .string: return toString(value)
        case .int: return toInt(value)
        case .double: return toDouble(value)
        case .decimal: return toDecimal(value)
        case .bool: return toBool(value)
        case .date: return toDate(value, dates: dates)
        case .url: return toURL(value)
        case .array: return toArray(value)
        case .set: return toSet(value)
        }
    }

    private static func toString(_ value: JSONValue) -> Result<JSONValue, ConversionError> {
        switch value {
        case .string: return .success(value)
        case .number(let n): return .success(.string(n.text))
        case .bool(let b): return .success(.string(b ? "true" : "false"))
        default: return .failure(failure(value, .string))
        }
    }

    private static func toInt(_ value: JSONValue) -> Result<JSONValue, ConversionError> {
        switch value {
        case .number(let n):
            // Fast path: a JSON integer literal is already canonical (no `+`,
            // no leading zeros); only `-0` needs rewriting.
            if n.isIntegerLiteral, Int64(n.text) != nil, !n.text.hasPrefix("-0") { return .success(value) }
            guard let decimal = DecimalText(n.text.utf8, lenient: true) else { return .failure(failure(value, .int)) }
            guard let (i, exact) = decimal.scaledFloor(power: 0) else {
                return .failure(failure(value, .int, because: "out of 64-bit range"))
            }
            guard exact else { return .failure(failure(value, .int, because: "not a whole number")) }
            return .success(.number(JSONNumber(String(i))))
        case .string(let s):
            // Only an optional `-` and digits: `+1`, ` 1`, `1.0` and `1e3` are not integers as text.
            let body = s.utf8.first == UInt8(ascii: "-") ? s.utf8.dropFirst() : s.utf8[...]
            guard !body.isEmpty, body.allSatisfy(\.isASCIIDigit) else { return .failure(failure(value, .int)) }
            guard let i = Int64(s) else { return .failure(failure(value, .int, because: "out of 64-bit range")) }
            return .success(.number(JSONNumber(String(i))))
        default:
            return .failure(failure(value, .int))
        }
    }

    private static func toDouble(_ value: JSONValue) -> Result<JSONValue, ConversionError> {
        let text: String
        switch value {
        case .number(let n): text = n.text
        case .string(let s):
            guard let decimal = DecimalText(s.utf8, lenient: true) else { return .failure(failure(value, .double)) }
            text = decimal.jsonText
        default: return .failure(failure(value, .double))
        }
        guard let d = Double(text), d.isFinite else {
            return .failure(failure(value, .double, because: "out of range"))
        }
        // Underflow: a number that is not zero would read as 0 (`1e-400`).
        if d == 0, let decimal = DecimalText(text.utf8, lenient: true), !decimal.isZero {
            return .failure(failure(value, .double, because: "too small for a double, which would hold 0"))
        }
        return .success(.number(JSONNumber(d)))
    }

    private static func toDecimal(_ value: JSONValue) -> Result<JSONValue, ConversionError> {
        switch value {
        case .number: return .success(value)
        case .string(let s):
            guard let decimal = DecimalText(s.utf8, lenient: true) else { return .failure(failure(value, .decimal)) }
            return .success(.number(JSONNumber(decimal.jsonText)))
        default: return .failure(failure(value, .decimal))
        }
    }

    private static let trueWords: Set<String> = ["true", "yes", "t", "y", "1"]
    private static let falseWords: Set<String> = ["false", "no", "f", "n", "0"]

    private static func toBool(_ value: JSONValue) -> Result<JSONValue, ConversionError> {
        switch value {
        case .bool: return .success(value)
        case .number(let n):
            guard let decimal = DecimalText(n.text.utf8, lenient: true) else { return .failure(failure(value, .bool)) }
            return .success(.bool(!decimal.isZero))
        case .string(let s) where s.utf8.count <= 5:
            let word = s.lowercased()
            if trueWords.contains(word) { return .success(.bool(true)) }
            if falseWords.contains(word) { return .success(.bool(false)) }
            return .failure(failure(value, .bool))
        default: return .failure(failure(value, .bool))
        }
    }

    private static func toDate(_ value: JSONValue, dates: DateParser) -> Result<JSONValue, ConversionError> {
        switch value {
        case .string(let s):
            guard let ms = dates.parse(s) else { return .failure(failure(value, .date, because: "no date format matches")) }
            return writableDate(ms, from: value, dates: dates)
        case .number(let n):
            guard let ms = dates.epochMilliseconds(fromNumberText: n.text) else {
                return .failure(failure(value, .date, because: "outside the years 0001–9999"))
            }
            return writableDate(ms, from: value, dates: dates)
        default: return .failure(failure(value, .date))
        }
    }

    /// A date ISO 8601 can write (years 0001–9999), else a conversion failure:
    /// never a `+055840-…` string that no reader accepts (docs/spec.md §6).
    private static func writableDate(_ ms: Int64, from value: JSONValue, dates: DateParser) -> Result<JSONValue, ConversionError> {
        guard DateParser.writableMilliseconds.contains(ms) else {
            var reason = "outside the years 0001–9999"
            // The common cause: epoch milliseconds read as seconds.
            if dates.numericDates == .seconds, ms > DateParser.writableMilliseconds.upperBound,
               isNumeric(value), DateParser.writableMilliseconds.contains(ms / 1000) {
                reason += " (if it counts milliseconds, set \"numericDates\": \"milliseconds\")"
            }
            return .failure(failure(value, .date, because: reason))
        }
        return .success(.string(DateParser.format(epochMilliseconds: ms)))
    }

    private static func isNumeric(_ value: JSONValue) -> Bool {
        switch value {
        case .number: return true
        case .string(let s): return DecimalText(s.utf8, lenient: false) != nil
        default: return false
        }
    }

    private static func toURL(_ value: JSONValue) -> Result<JSONValue, ConversionError> {
        guard case .string(let s) = value else { return .failure(failure(value, .url)) }
        guard URIReference.isValid(s) else {
            return .failure(failure(value, .url, because: "not a valid URL reference (RFC 3986)"))
        }
        return .success(value)
    }

    /// `cannot convert string "abc" to int`, with an optional reason.
    static func failure(_ value: JSONValue, _ type: ValueType, because reason: String? = nil) -> ConversionError {
        let what: String
        switch value {
        case .null: what = "null"
        case .bool(let b): what = "bool \(b)"
        case .number(let n): what = "number \(truncated(n.text))"
        case .string(let s): what = "string \(quoted(truncated(s)))"
        case .array: what = "an array"
        case .object: what = "an object"
        case .compact(let c): what = c.kind == .array ? "an array" : "an object"
        }
        return ConversionError(message: "cannot convert \(what) to \(type.rawValue)" + (reason.map { ": \($0)" } ?? ""))
    }

    private static func truncated(_ s: String) -> String {
        let limit = 40
        guard s.count > limit else { return s }
        return String(s.prefix(limit)) + "…"
    }

    private static func quoted(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if c.value < 0x20 {
                    let hex = String(c.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out + "\""
    }
}
