import Foundation

/// String tests behind the string operators, with the `[c]`/`[d]` folding.
///
/// Folded needles are prepared once at compile time; the value side takes an
/// ASCII fast path that compares bytes without building a folded copy (for
/// ASCII text, diacritic folding is the identity and case folding is a byte map).
enum PredicateStrings {
    static func fold(_ s: String, _ options: PredicateOptions) -> String {
        if options.isEmpty { return s }
        var foundation: String.CompareOptions = []
        if options.contains(.caseInsensitive) { foundation.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { foundation.insert(.diacriticInsensitive) }
        guard s.utf8.count > foldPieceBytes else { return s.folding(options: foundation, locale: nil) }
        // Foundation folds decomposed text (`a\u{316}\u{301}` repeated) in
        // time quadratic in its characters: 640,000 scalars took 3.9 s. A
        // long string is folded a piece of about `foldPieceBytes` at a time,
        // cut only where folding cannot see across: before a scalar that
        // starts a character (`startsFold`).
        var text = s
        return text.withUTF8 { bytes in
            var out = ""
            out.reserveCapacity(bytes.count)
            var start = 0
            var i = foldPieceBytes
            while i < bytes.count {
                // A scalar starts here (not a continuation byte) that folding cannot see across.
                if bytes[i] & 0xC0 != 0x80, startsFold(scalar(at: i, in: bytes)) {
                    out += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                        .folding(options: foundation, locale: nil)
                    start = i
                    i += foldPieceBytes
                } else {
                    i += 1
                }
            }
            out += String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self).folding(options: foundation, locale: nil)
            return out
        }
    }

    /// Strings longer than this are folded a piece at a time (`fold`).
    static let foldPieceBytes = 16 * 1024

    /// The scalar whose UTF-8 starts at `i` (valid UTF-8: a `String`'s).
    private static func scalar(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
        var decoder = UTF8()
        var iterator = bytes[i...].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return "\u{FFFD}" }
        return scalar
    }

    /// Whether folding treats text before `scalar` and from it on apart: a
    /// scalar of combining class 0 that is not a mark (which attaches to what
    /// precedes it) nor a Hangul jamo (which composes with the jamo before
    /// it). Nothing composes canonically with what precedes such a scalar,
    /// and case folding maps each character alone.
    private static func startsFold(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return true }
        let properties = scalar.properties
        guard properties.canonicalCombiningClass == .notReordered else { return false }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: break
        }
        switch scalar.value {
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF: return false
        default: return true
        }
    }

    private static func isASCII(_ s: String) -> Bool {
        s.utf8.allSatisfy { $0 < 0x80 }
    }

    @inline(__always)
    private static func lower(_ b: UInt8) -> UInt8 {
        b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b
    }

    /// Compares `value` (unfolded) with `needle` (already folded by `options`).
    private static func asciiEqual(_ a: Substring.UTF8View, _ b: Substring.UTF8View, caseInsensitive: Bool) -> Bool {
        guard a.count == b.count else { return false }
        if !caseInsensitive { return a.elementsEqual(b) }
        return zip(a, b).allSatisfy { lower($0) == $1 }
    }

    enum Position { case whole, prefix, suffix, anywhere }

    /// Whether `value` matches the folded `needle` as a whole, prefix, suffix or
    /// substring. An empty needle never matches a prefix, suffix or substring
    /// (NSString's `rangeOfString:` finds nothing for an empty string).
    static func find(_ needle: String, in value: String, at position: Position, options: PredicateOptions) -> Bool {
        if needle.isEmpty { return position == .whole && value.isEmpty }
        if isASCII(value), isASCII(needle) {
            let ci = options.contains(.caseInsensitive)
            let v = value[...].utf8
            let n = needle[...].utf8
            guard v.count >= n.count else { return false }
            switch position {
            case .whole:
                return asciiEqual(v, n, caseInsensitive: ci)
            case .prefix:
                return asciiEqual(v.prefix(n.count), n, caseInsensitive: ci)
            case .suffix:
                return asciiEqual(v.suffix(n.count), n, caseInsensitive: ci)
            case .anywhere:
                let bytes = Array(v)
                let pattern = Array(n)
                if pattern.count > Self.shortNeedle { return occurs(pattern, in: bytes, lowering: ci) }
                outer: for start in 0...(bytes.count - pattern.count) {
                    for k in 0..<pattern.count where (ci ? lower(bytes[start + k]) : bytes[start + k]) != pattern[k] {
                        continue outer
                    }
                    return true
                }
                return false
            }
        }
        // By code units, as `==` compares (docs/spec.md §4): never Swift's
        // canonical equivalence, which took `cafe\u{301}` to begin with
        // `caf\u{E9}` and not to contain `e`. UTF-8 is self-synchronizing,
        // so a match of its bytes is a match of whole code points.
        let folded = fold(value, options)
        return folded.utf8.withContiguousStorageIfAvailable { v in
            needle.utf8.withContiguousStorageIfAvailable { n in find(n, in: v, at: position) }
        }.flatMap { $0 } ?? find(Array(needle.utf8)[...], in: Array(folded.utf8)[...], at: position)
    }

    /// Up to this many bytes a needle is looked for by trying each start
    /// (at most this many comparisons per byte of the value); a longer one
    /// by `occurs`, whose time is linear whatever the text: tried at each
    /// start, `'a'×4n CONTAINS 'a'×n + 'b'` took time quadratic in n.
    static let shortNeedle = 16

    /// Whether `pattern` occurs in `text` (Knuth–Morris–Pratt: each byte of
    /// the text is looked at a bounded number of times on average, and the
    /// work is linear in both), the text's ASCII letters lower-cased first
    /// when `lowering` (the pattern is already folded).
    static func occurs<T: Collection<UInt8>>(_ pattern: [UInt8], in text: T, lowering: Bool) -> Bool {
        guard !pattern.isEmpty else { return true }
        // The length of the longest proper prefix of pattern[...i] that is also its suffix.
        var border = [Int](repeating: 0, count: pattern.count)
        var k = 0
        for i in pattern.indices.dropFirst() {
            while k > 0, pattern[i] != pattern[k] { k = border[k - 1] }
            if pattern[i] == pattern[k] { k += 1 }
            border[i] = k
        }
        k = 0
        for byte in text {
            let b = lowering ? lower(byte) : byte
            while k > 0, b != pattern[k] { k = border[k - 1] }
            if b == pattern[k] {
                k += 1
                if k == pattern.count { return true }
            }
        }
        return false
    }

    /// `needle`'s bytes in `value`'s at `position`.
    private static func find<C: RandomAccessCollection<UInt8>>(_ needle: C, in value: C, at position: Position) -> Bool
    where C.Index == Int {
        let (v, n) = (value, needle)
        guard v.count >= n.count else { return false }
        switch position {
        case .whole: return v.count == n.count && v.elementsEqual(n)
        case .prefix: return v.prefix(n.count).elementsEqual(n)
        case .suffix: return v.suffix(n.count).elementsEqual(n)
        case .anywhere:
            if n.count > Self.shortNeedle { return occurs(Array(n), in: v, lowering: false) }
            let first = n[n.startIndex]
            var start = v.startIndex
            let last = v.endIndex - n.count
            while start <= last {
                if v[start] == first, v[start..<(start + n.count)].elementsEqual(n) { return true }
                start += 1
            }
            return false
        }
    }

    /// Compiles a `MATCHES` pattern for a whole-string match (docs/spec.md §9):
    /// rkmap's linear-time matcher over the ICU syntax; `[c]` is `(?i)`.
    static func regex(_ pattern: String, options: PredicateOptions) throws(RegexSyntaxError) -> RegexProgram {
        try RegexProgram(pattern: pattern, caseInsensitive: options.contains(.caseInsensitive))
    }

    static func matches(_ regex: RegexProgram, _ value: String, options: PredicateOptions) -> Bool {
        // Case is handled by the program itself; only diacritics are folded here.
        let subject = options.contains(.diacriticInsensitive) ? fold(value, [.diacriticInsensitive]) : value
        return regex.matchesWhole(subject)
    }
}

/// A compiled `LIKE` pattern: `*` matches any run of code points, `?`
/// exactly one, and the whole string must match. `\*`, `\?` and `\\` are
/// literal. Text is compared by code points (docs/spec.md §4: `cafe\u{301}`
/// is five, and `caf?` does not match it), as `MATCHES` reads it.
struct LikePattern: Sendable {
    enum Element: Sendable, Equatable {
        case character(Unicode.Scalar)
        case one
        case many
    }

    let elements: [Element]
    let options: PredicateOptions

    init(_ pattern: String, options: PredicateOptions) {
        self.options = options
        var elements: [Element] = []
        var escaping = false
        for c in PredicateStrings.fold(pattern, options).unicodeScalars {
            if escaping {
                elements.append(.character(c))
                escaping = false
                continue
            }
            switch c {
            case "\\": escaping = true
            case "*": if elements.last != .many { elements.append(.many) }
            case "?": elements.append(.one)
            default: elements.append(.character(c))
            }
        }
        if escaping { elements.append(.character("\\")) }
        self.elements = elements
    }

    /// Greedy matching with a single backtrack point (the last `*`): linear for
    /// typical patterns, never exponential.
    func matches(_ value: String) -> Bool {
        let text = Array(PredicateStrings.fold(value, options).unicodeScalars)
        var t = 0, p = 0
        var star: Int?, starText = 0
        while t < text.count {
            if p < elements.count {
                switch elements[p] {
                case .many:
                    star = p
                    starText = t
                    p += 1
                    continue
                case .one:
                    t += 1; p += 1
                    continue
                case .character(let c) where c == text[t]:
                    t += 1; p += 1
                    continue
                default:
                    break
                }
            }
            guard let s = star else { return false }
            p = s + 1
            starText += 1
            t = starText
        }
        while p < elements.count, elements[p] == .many { p += 1 }
        return p == elements.count
    }
}
