/// Checks RFC 3986 `URI-reference` syntax: an absolute URI
/// (`https://example.com/a?b#c`) or a relative reference (`/a/b`, `../c`,
/// `?q=1`, `#top`, and the empty string).
///
/// ASCII only (an IRI with raw non-ASCII must be percent-encoded first), every
/// `%` followed by two hex digits, `#` at most once, `[` `]` only around an IP
/// literal host, a port of digits only, and no `:` in the first segment of a
/// relative path (RFC 3986 §4.2: it would read as a scheme).
enum URIReference {
    static func isValid(_ text: String) -> Bool {
        let t = Array(text.utf8)
        var i = 0
        // Scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        if let colon = t.firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }),
           t[colon] == UInt8(ascii: ":") {
            guard colon > 0, isAlpha(t[0]),
                  t[1..<colon].allSatisfy({ isAlpha($0) || $0.isASCIIDigit || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
            else { return false }
            i = colon + 1
        }
        if t.count - i >= 2, t[i] == UInt8(ascii: "/"), t[i + 1] == UInt8(ascii: "/") {
            i += 2
            let end = t[i...].firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) ?? t.count
            guard isValidAuthority(t[i..<end]) else { return false }
            i = end
        }
        var sawFragment = false
        while i < t.count {
            let c = t[i]
            if c == UInt8(ascii: "%") {
                guard i + 2 < t.count, isHex(t[i + 1]), isHex(t[i + 2]) else { return false }
                i += 3
                continue
            }
            if c == UInt8(ascii: "#") {
                if sawFragment { return false }
                sawFragment = true
            } else if !isPathChar(c) && c != UInt8(ascii: "/") && c != UInt8(ascii: "?") {
                return false
            }
            i += 1
        }
        return true
    }

    /// `[ userinfo "@" ] host [ ":" port ]`.
    private static func isValidAuthority(_ a: ArraySlice<UInt8>) -> Bool {
        var rest = a
        if let at = rest.lastIndex(of: UInt8(ascii: "@")) {
            guard isValidRun(rest[..<at], extra: [UInt8(ascii: ":")]) else { return false }
            rest = rest[(at + 1)...]
        }
        if rest.first == UInt8(ascii: "[") {
            guard let close = rest.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = rest[(rest.startIndex + 1)..<close]
            guard !literal.isEmpty,
                  literal.allSatisfy({ isHex($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") || isUnreserved($0) || isSubDelim($0) })
            else { return false }
            rest = rest[(close + 1)...]
            guard rest.isEmpty || rest.first == UInt8(ascii: ":") else { return false }
        } else {
            let colon = rest.firstIndex(of: UInt8(ascii: ":")) ?? rest.endIndex
            guard isValidRun(rest[..<colon], extra: []) else { return false }
            rest = rest[colon...]
        }
        if rest.first == UInt8(ascii: ":") {
            return rest.dropFirst().allSatisfy(\.isASCIIDigit)
        }
        return rest.isEmpty
    }

    /// unreserved / pct-encoded / sub-delims, plus `extra`.
    private static func isValidRun(_ s: ArraySlice<UInt8>, extra: [UInt8]) -> Bool {
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == UInt8(ascii: "%") {
                guard i + 2 < s.endIndex, isHex(s[i + 1]), isHex(s[i + 2]) else { return false }
                i += 3
                continue
            }
            guard isUnreserved(s[i]) || isSubDelim(s[i]) || extra.contains(s[i]) else { return false }
            i += 1
        }
        return true
    }

    private static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) &- UInt8(ascii: "a") < 26 }
    private static func isHex(_ c: UInt8) -> Bool { c.isASCIIDigit || (c | 0x20) &- UInt8(ascii: "a") < 6 }
    private static func isUnreserved(_ c: UInt8) -> Bool {
        isAlpha(c) || c.isASCIIDigit || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") || c == UInt8(ascii: "_") || c == UInt8(ascii: "~")
    }
    private static func isSubDelim(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
             UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
             UInt8(ascii: "="):
            return true
        default: return false
        }
    }
    /// pchar without `%` (handled by the caller): unreserved / sub-delims / ":" / "@".
    private static func isPathChar(_ c: UInt8) -> Bool {
        isUnreserved(c) || isSubDelim(c) || c == UInt8(ascii: ":") || c == UInt8(ascii: "@")
    }
}
