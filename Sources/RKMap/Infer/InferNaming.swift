/// Names for inferred specs (docs/spec.md §15): record types in singular
/// PascalCase, destinations in camelCase, source keys escaped as key paths.
///
/// ```swift
/// InferNaming.typeName(fromKey: "user_profiles")  // "UserProfile"
/// InferNaming.destination(fromKey: "publication_date")  // "publicationDate"
/// InferNaming.sourceKey("meta.version")  // "meta\\.version"
/// ```
package enum InferNaming {
    /// Whether a spec can name `key`: not "" (the nil key path), and no run
    /// of more than 30 combining marks (docs/spec.md §4, `CombiningMarks`).
    /// Members with other keys are left out, and said so.
    static func canName(_ key: String) -> Bool {
        !key.isEmpty && CombiningMarks.longRun(in: key) == nil
    }

    /// Words of a key: runs of letters and digits; everything else separates.
    static func words(_ key: String) -> [String] {
        var words: [String] = []
        var current = ""
        for ch in key {
            if ch.isLetter || ch.isNumber {
                current.append(ch)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `publication_date` → `publicationDate`, `ID` → `id`, `user_ID` → `userID`,
    /// `@id` → `id`. A key with no letters or digits becomes `field`; numbers
    /// that meet keep a `_` between them (`1.0` → `1_0`, `2024-01-31` →
    /// `2024_01_31`, `v1.2` → `v1_2`), so that `1.0` and `10` stay apart.
    package static func destination(fromKey key: String) -> String {
        if let ascii = asciiDestination(fromKey: key) { return ascii }
        return destinationByCharacters(fromKey: key)
    }

    /// `destination(fromKey:)` by `Character`s, for any key.
    static func destinationByCharacters(fromKey key: String) -> String {
        var parts = words(key)
        // `+1`/`-1` (reaction counts) keep their sign as a word.
        // By bytes: `hasPrefix` compares canonical forms, and a first
        // character of many combining marks would be normalized (quadratic).
        if key.utf8.first == UInt8(ascii: "+") { parts.insert("plus", at: 0) }
        if key.utf8.first == UInt8(ascii: "-"), key.dropFirst().first?.isNumber == true { parts.insert("minus", at: 0) }
        dropLeadingPosition(&parts)
        guard let first = parts.first else { return "field" }
        return joined(parts.dropFirst(), after: isAllUppercase(first) ? first.lowercased() : lowercasedFirst(first), uppercasedFirst)
    }

    /// `destination(fromKey:)` of an ASCII key, by bytes (nil for another):
    /// the same words, cases and joins, made without a `Character` or a
    /// `String` a word. `infer` makes a destination for every member of a
    /// sample, again as it writes each, and by `Character`s that was a
    /// quarter of its time on an object of many members.
    static func asciiDestination(fromKey key: String) -> String? {
        var key = key
        return key.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
            func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
            func isLower(_ b: UInt8) -> Bool { b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") }
            // Words as ranges of the key; "plus" and "minus" as words of their own.
            var words: [Range<Int>] = []
            var start = -1
            for (i, b) in bytes.enumerated() {
                if isLetter(b) || isDigit(b) {
                    if start < 0 { start = i }
                } else if start >= 0 {
                    words.append(start..<i)
                    start = -1
                }
            }
            if start >= 0 { words.append(start..<bytes.count) }
            var sign: String?
            if bytes.first == UInt8(ascii: "+") { sign = "plus" }
            if bytes.first == UInt8(ascii: "-"), bytes.count > 1, isDigit(bytes[1]) { sign = "minus" }
            // `dropLeadingPosition`: a number before a word that starts with a letter.
            if sign == nil, words.count > 1, words[0].allSatisfy({ isDigit(bytes[$0]) }), isLetter(bytes[words[1].lowerBound]) {
                words.removeFirst()
            }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 5)
            if let sign {
                out.append(contentsOf: sign.utf8)
            }
            for (n, word) in words.enumerated() {
                if n == 0, sign == nil {
                    // The first word: all lowercase when it has letters and
                    // none of them lowercase (`ID`), else its first letter.
                    let allUpper = word.contains { isLetter(bytes[$0]) } && !word.contains { isLower(bytes[$0]) }
                    for i in word {
                        let b = bytes[i]
                        out.append((allUpper || i == word.lowerBound) && isLetter(b) ? b | 0x20 : b)
                    }
                    continue
                }
                if let last = out.last, isDigit(last), isDigit(bytes[word.lowerBound]) { out.append(UInt8(ascii: "_")) }
                for i in word {
                    let b = bytes[i]
                    out.append(i == word.lowerBound && isLower(b) ? b & ~0x20 : b)
                }
            }
            guard !out.isEmpty else { return "field" }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// `1. open` (numbered keys) is `open`: the number is position, not name.
    /// Not before another number (a version `1.0`, a date `2024-01-31`, a
    /// timestamp `2024-01-31T10:00:00Z`), where it is part of the name.
    private static func dropLeadingPosition(_ parts: inout [String]) {
        if parts.count > 1, parts[0].allSatisfy(\.isNumber), parts[1].first?.isLetter == true {
            parts.removeFirst()
        }
    }

    /// `start` and then `parts`, each through `transform`, with `_` between a
    /// digit and a digit.
    private static func joined(_ parts: ArraySlice<String>, after start: String, _ transform: (String) -> String) -> String {
        var out = start
        for part in parts {
            if out.last?.isNumber == true, part.first?.isNumber == true { out += "_" }
            out += transform(part)
        }
        return out
    }

    /// `articles` → `Article`, `user_profile` → `UserProfile`, `categories` →
    /// `Category`. Only the last word is made singular. A name that would
    /// start with a digit starts with `Item` (`1.0` → `Item1_0`).
    package static func typeName(fromKey key: String) -> String {
        var parts = words(key)
        dropLeadingPosition(&parts)
        guard !parts.isEmpty else { return "Item" }
        parts[parts.count - 1] = singular(parts[parts.count - 1])
        let name = joined(parts[...], after: "") { isAllUppercase($0) && $0.count > 1 ? uppercasedFirst($0.lowercased()) : uppercasedFirst($0) }
        return name.first?.isNumber == true ? "Item" + name : name
    }

    /// A mapper id for a type name: `UserProfile` → `userProfile`.
    package static func mapperID(forType type: String) -> String { lowercasedFirst(type) }

    /// English singular for the common plural endings of API keys.
    package static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        let keep: Set<String> = ["data", "status", "news", "series", "species", "address", "access", "alias",
                                 "bus", "gas", "analysis", "basis", "axis", "class", "process", "canvas",
                                 "bonus", "campus", "virus", "census", "corpus", "radius", "bias", "atlas", "lens"]
        if keep.contains(lower) || lower.count <= 2 { return word }
        // The plural of one of those, alone or ending a longer name
        // (`statuses`, `aliases`, `containerStatuses`): the word itself, where
        // dropping the `s` gave `Statuse`.
        if lower.hasSuffix("es"), keep.contains(where: { $0.hasSuffix("s") && endsWithWord($0 + "es", word) }) {
            return String(word.dropLast(2))
        }
        if lower.hasSuffix("ies") && lower.count > 4 { return String(word.dropLast(3)) + (isAllUppercase(word) ? "Y" : "y") }
        for suffix in ["sses", "shes", "ches", "xes", "zzes"] where lower.hasSuffix(suffix) {
            return String(word.dropLast(2))
        }
        if lower.hasSuffix("ss") || lower.hasSuffix("us") || lower.hasSuffix("sis") || lower.hasSuffix("xis") { return word }
        if lower.hasSuffix("s") { return String(word.dropLast()) }
        return word
    }

    /// A member name as a key path of one key (docs/spec.md §4): a dot, a `[`,
    /// a backslash or a leading `@` or `(` is escaped with a backslash.
    package static func sourceKey(_ key: String) -> String {
        // Most keys need no escape: ASCII without `.`, `[` or `\\`, nor `@`
        // or `(` first, is itself.
        let plain = key.utf8.first.map { $0 != UInt8(ascii: "@") && $0 != UInt8(ascii: "(") } ?? true
            && key.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "[") && $0 != UInt8(ascii: "\\") }
        if plain { return key }
        // Scalar by scalar, as key paths are read: a combining mark after a
        // `.` makes one Character of the two, which is not `"."`.
        var out = String.UnicodeScalarView()
        for (i, scalar) in key.unicodeScalars.enumerated() {
            if scalar == "." || scalar == "[" || scalar == "\\" || (i == 0 && (scalar == "@" || scalar == "(")) { out.append("\\") }
            out.append(scalar)
        }
        return String(out)
    }

    /// `name`, or `name2`, `name3`, … : the first not in `taken` ignoring case
    /// (`UniqueNames` hands out many, in time linear in them)
    /// (SQLite names ignore case, so inferred names never collide there either).
    package static func unique(_ name: String, in taken: inout Set<SpellingKey>) -> String {
        var candidate = name
        var n = 2
        while taken.contains(SpellingKey(candidate.lowercased())) {
            candidate = "\(name)\(n)"
            n += 1
        }
        taken.insert(SpellingKey(candidate.lowercased()))
        return candidate
    }

    /// Whether `word` ends with `suffix` (lowercase) as a whole word: all of
    /// it, or a camelCase part (`containerStatuses`), or after `_` or `-`;
    /// not inside a longer word (`abuses` does not end with the word `buses`).
    static func endsWithWord(_ suffix: String, _ word: String) -> Bool {
        let chars = Array(word)
        guard chars.count >= suffix.count, String(chars.suffix(suffix.count)).lowercased() == suffix else { return false }
        let start = chars.count - suffix.count
        guard start > 0 else { return true }
        let before = chars[start - 1], first = chars[start]
        return before == "_" || before == "-" || (first.isUppercase && before.isLowercase)
    }

    /// Scalar by scalar: a `Character`'s `isLowercase` compares the case
    /// mappings of the whole cluster, in time quadratic in a run of marks.
    static func isAllUppercase(_ s: String) -> Bool {
        s.contains { $0.isLetter } && !s.unicodeScalars.contains { $0.properties.isLowercase }
    }

    static func lowercasedFirst(_ s: String) -> String {
        guard let first = s.first else { return s }
        return first.lowercased() + s.dropFirst()
    }

    static func uppercasedFirst(_ s: String) -> String {
        guard let first = s.first else { return s }
        return first.uppercased() + s.dropFirst()
    }
}

/// Names handed out once each, ignoring case, as `InferNaming.unique` gives
/// them (`name`, or `name2`, `name3`, …: the first not taken), in time
/// linear in the names: the next number to try is kept per name, where
/// counting up from 2 each time was quadratic in the names sharing one
/// (4,000 nested objects under the key `a`, `a` to `a4000`).
struct UniqueNames {
    private var taken: Set<SpellingKey> = []
    /// Per name (lowercased): every number below this one is taken.
    private var next: [SpellingKey: Int] = [:]

    mutating func unique(_ name: String) -> String {
        let lower = SpellingKey(name.lowercased())
        guard taken.contains(lower) else {
            taken.insert(lower)
            return name
        }
        var n = next[lower] ?? 2
        var candidate = "\(name)\(n)"
        while taken.contains(SpellingKey(candidate.lowercased())) {
            n += 1
            candidate = "\(name)\(n)"
        }
        next[lower] = n + 1
        taken.insert(SpellingKey(candidate.lowercased()))
        return candidate
    }
}
