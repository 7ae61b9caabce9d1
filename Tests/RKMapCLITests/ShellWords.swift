/// Splits a `cmd` line into words the way a shell would for the simple cases
/// golden cases need: blanks separate words; `"…"` groups (with `\"` and `\\`
/// escapes inside); `'…'` groups literally; a backslash outside quotes escapes
/// the next character. No variables, globs or redirections.
enum ShellWords {
    struct Malformed: Error, CustomStringConvertible {
        var line: String
        var reason: String
        var description: String { "cmd line \(reason): \(line)" }
    }

    static func split(_ line: String) throws -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var chars = line[...]
        while let c = chars.popFirst() {
            switch c {
            case " ", "\t", "\n", "\r":
                if inWord { words.append(current); current = ""; inWord = false }
            case "\"":
                inWord = true
                var closed = false
                while let d = chars.popFirst() {
                    if d == "\"" { closed = true; break }
                    if d == "\\", let next = chars.first, next == "\"" || next == "\\" {
                        current.append(chars.removeFirst())
                    } else {
                        current.append(d)
                    }
                }
                if !closed { throw Malformed(line: line, reason: "has an unclosed double quote") }
            case "'":
                inWord = true
                guard let end = chars.firstIndex(of: "'") else {
                    throw Malformed(line: line, reason: "has an unclosed single quote")
                }
                current += chars[..<end]
                chars = chars[chars.index(after: end)...]
            case "\\":
                inWord = true
                guard let next = chars.popFirst() else {
                    throw Malformed(line: line, reason: "ends with a backslash")
                }
                current.append(next)
            default:
                inWord = true
                current.append(c)
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
