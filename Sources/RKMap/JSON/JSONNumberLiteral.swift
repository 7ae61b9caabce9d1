extension JSONNumber {
    /// Whether `text` is a number in JSON's grammar (`199.00`, `-1e3`; not
    /// ` 5`, `+5` or `5.`): what `@sum` reads from a string, and a `valueMap`
    /// key that matches a number by its text.
    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isLiteral(_ text: String.UTF8View) -> Bool {
        var i = text.startIndex
        let end = text.endIndex
        func digits() -> Int {
            var n = 0
            while i < end, text[i] >= UInt8(ascii: "0"), text[i] <= UInt8(ascii: "9") {
                i = text.index(after: i)
                n += 1
            }
            return n
        }
        if i < end, text[i] == UInt8(ascii: "-") { i = text.index(after: i) }
        let integerStart = i
        let integer = digits()
        guard integer > 0, integer == 1 || text[integerStart] != UInt8(ascii: "0") else { return false }
        if i < end, text[i] == UInt8(ascii: ".") {
            i = text.index(after: i)
            guard digits() > 0 else { return false }
        }
        if i < end, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i = text.index(after: i)
            if i < end, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i = text.index(after: i) }
            guard digits() > 0 else { return false }
        }
        return i == end
    }
}
