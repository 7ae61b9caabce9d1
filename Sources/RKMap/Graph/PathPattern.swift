/// A RestKit path pattern (docs/spec.md §2): `/articles/:articleID`, `/:file\.json`.
///
/// `:name` (letters, digits, `_` and `.`) captures a non-empty run of characters
/// up to the next `/` or the first following occurrence of the next literal
/// character of the pattern, without backtracking. A dot right after a
/// parameter belongs to its name unless escaped as `\.`.
public struct PathPattern: Sendable, Equatable, CustomStringConvertible {
    enum Part: Sendable, Equatable {
        case literal([Unicode.Scalar])
        case parameter(String)
    }

    public let source: String
    let parts: [Part]

    public var description: String { source }

    /// Names of the parameters, in order.
    public var parameterNames: [String] {
        parts.compactMap { if case .parameter(let n) = $0 { return n } else { return nil } }
    }

    public struct SyntaxError: Error, Sendable, Equatable {
        public var message: String
        /// 0-based offset in Unicode scalars.
        public var offset: Int
    }

    public init(parsing source: String) throws(SyntaxError) {
        self.source = source
        var scalars = Array(source.unicodeScalars)
        var offsetShift = 0
        if scalars.first == "/" { scalars.removeFirst(); offsetShift = 1 }
        while scalars.count > 0, scalars.last == "/" { scalars.removeLast() }
        var parts: [Part] = []
        var literal: [Unicode.Scalar] = []
        var i = 0
        func isNameScalar(_ s: Unicode.Scalar) -> Bool {
            s == "_" || s == "." || (s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s)))
        }
        while i < scalars.count {
            let s = scalars[i]
            if s == "\\", i + 1 < scalars.count {
                literal.append(scalars[i + 1])
                i += 2
                continue
            }
            if s == ":" {
                var j = i + 1
                var name = ""
                while j < scalars.count, isNameScalar(scalars[j]) {
                    name.unicodeScalars.append(scalars[j])
                    j += 1
                }
                guard !name.isEmpty else {
                    throw SyntaxError(message: "':' in path pattern '\(source)' must be followed by a parameter name", offset: i + offsetShift)
                }
                if case .parameter? = parts.last, literal.isEmpty {
                    throw SyntaxError(message: "two parameters in a row in path pattern '\(source)' cannot be told apart", offset: i + offsetShift)
                }
                if !literal.isEmpty { parts.append(.literal(literal)); literal = [] }
                parts.append(.parameter(name))
                i = j
                continue
            }
            literal.append(s)
            i += 1
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    /// Matches a request path (query string and trailing `/` ignored; a leading
    /// `/` optional). Returns the percent-decoded parameters, or `nil` on no match.
    public func match(_ path: String) -> [(name: String, value: String)]? {
        var text = Self.requestPath(path)
        if let q = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<q]) }
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "/" { scalars.removeFirst() }
        while scalars.count > 0, scalars.last == "/" { scalars.removeLast() }

        var captures: [(name: String, value: String)] = []
        var i = 0
        for (k, part) in parts.enumerated() {
            switch part {
            case .literal(let lit):
                guard i + lit.count <= scalars.count, Array(scalars[i..<(i + lit.count)]) == lit else { return nil }
                i += lit.count
            case .parameter(let name):
                var stop: Unicode.Scalar? = nil
                if k + 1 < parts.count, case .literal(let next) = parts[k + 1] { stop = next.first }
                let start = i
                while i < scalars.count, scalars[i] != "/", scalars[i] != stop { i += 1 }
                guard i > start else { return nil }
                var raw = ""
                raw.unicodeScalars.append(contentsOf: scalars[start..<i])
                captures.append((name, PathPattern.percentDecode(raw)))
            }
        }
        return i == scalars.count ? captures : nil
    }

    /// The path part of `text`: a full URL as pasted from curl or a browser
    /// (`https://api.example.com/v1/articles?page=2`) loses its scheme and host
    /// (docs/spec.md §11; the query is dropped by matching anyway). Anything
    /// that does not start with `SCHEME://` is already a path and is returned
    /// as is.
    public static func requestPath(_ text: String) -> String {
        let utf8 = text.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon != utf8.startIndex else { return text }
        let scheme = utf8[..<colon]
        guard let first = scheme.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20),
              scheme.allSatisfy({ b in
                  let lower = b | 0x20
                  return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
                      || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
              })
        else { return text }
        let rest = text[text.index(after: colon)...]
        guard rest.hasPrefix("//") else { return text }
        let authority = rest.dropFirst(2)
        // The host ends at the path, the query or the fragment.
        guard let end = authority.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else { return "/" }
        return String(authority[end...])
    }

    /// Decodes `%XX` escapes as UTF-8; malformed escapes are kept as written, and
    /// so is the whole parameter when its escapes do not decode to valid UTF-8
    /// (`%C3` alone), rather than silently turning into U+FFFD.
    static func percentDecode(_ s: String) -> String {
        guard s.utf8.contains(UInt8(ascii: "%")) else { return s }
        var bytes: [UInt8] = []
        let u = Array(s.utf8)
        var i = 0
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        while i < u.count {
            if u[i] == UInt8(ascii: "%"), i + 2 < u.count, let h = hex(u[i + 1]), let l = hex(u[i + 2]) {
                bytes.append(h << 4 | l)
                i += 3
            } else {
                bytes.append(u[i])
                i += 1
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? s
    }
}
