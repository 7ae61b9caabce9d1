/// Named byte constants for the JSON readers: the scanners compare raw bytes,
/// never `Character`s (a `Character` comparison walks grapheme breaking rules).
enum JSONByte {
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let colon = UInt8(ascii: ":")
    static let comma = UInt8(ascii: ",")
    static let quote = UInt8(ascii: "\"")
    static let singleQuote = UInt8(ascii: "'")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let star = UInt8(ascii: "*")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let lowerE = UInt8(ascii: "e")
    static let upperE = UInt8(ascii: "E")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let underscore = UInt8(ascii: "_")
    static let lowerT = UInt8(ascii: "t")
    static let lowerF = UInt8(ascii: "f")
    static let lowerN = UInt8(ascii: "n")
    static let lowerU = UInt8(ascii: "u")
    static let lowerB = UInt8(ascii: "b")
    static let lowerR = UInt8(ascii: "r")

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- zero < 10 }

    /// RFC 8259 insignificant whitespace: space, tab, line feed, carriage return.
    @inline(__always) static func isWhitespace(_ b: UInt8) -> Bool {
        b == space || b == newline || b == carriageReturn || b == tab
    }

    @inline(__always) static func isLetter(_ b: UInt8) -> Bool {
        (b | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// Letters, digits and `_`: the characters of a bare word (`YES`, `2XX`, `foo`).
    @inline(__always) static func isWordByte(_ b: UInt8) -> Bool {
        isLetter(b) || isDigit(b) || b == underscore
    }

    @inline(__always) static func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }
}
