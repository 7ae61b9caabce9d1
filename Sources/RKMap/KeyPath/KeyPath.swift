/// A compiled key path (docs/spec.md §4): split once when the spec loads, evaluated
/// many times by the engine, matchers and predicates.
///
/// ```swift
/// let path = try KeyPath(parsing: "author.name")
/// path.components  // [.key("author"), .key("name")]
/// ```
public struct KeyPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a key path.
    public enum Component: Sendable, Hashable {
        /// A member name (escapes already removed: `odd\.key` is `odd.key`).
        case key(String)
        /// A collection operator applied to the array so far.
        case collection(CollectionOperator)
        /// `[N]`: one element of an array, negative counting from the end
        /// (docs/spec.md §4). It does not collect over arrays.
        case index(Int)
    }

    /// Where evaluation starts.
    public enum Anchor: Sendable, Hashable {
        /// The representation being mapped (the usual case).
        case representation
        /// `@root`: the whole document.
        case root
        /// `@parent` repeated `n` times (n >= 1): the n-th enclosing representation.
        case parent(Int)
        /// `@metadata`: the metadata object.
        case metadata
    }

    public enum CollectionOperator: String, Sendable, Hashable, CaseIterable {
        case count = "@count", sum = "@sum", avg = "@avg", min = "@min", max = "@max"
        case distinctUnionOfObjects = "@distinctUnionOfObjects"
    }

    /// The text as written in the spec (after JSON unescaping).
    public let source: String
    /// The components, unless the path is one key whose text is `source`
    /// (`isOneKey`): most key paths of a spec are, and each held its own
    /// one-element array (64 bytes an attribute against its 35 of spec text).
    private let storedComponents: [Component]
    /// `anchor` in four bytes: 0 the representation, -1 `@root`, -2
    /// `@metadata`, n > 0 `@parent` n times (a key path of 2^31 `@parent`s
    /// would be 16 GB of text; `.parent(0)`, which names no object, is held
    /// as `.parent(1)`). With `isOneKey` beside it, a key path takes 29
    /// bytes, and an engine step 56 (`PropertyStep`).
    private let packedAnchor: Int32
    /// Where evaluation starts.
    public var anchor: Anchor {
        switch packedAnchor {
        case 0: .representation
        case -1: .root
        case -2: .metadata
        default: .parent(Int(packedAnchor))
        }
    }
    private static func pack(_ anchor: Anchor) -> Int32 {
        switch anchor {
        case .representation: 0
        case .root: -1
        case .metadata: -2
        case .parent(let n): Int32(clamping: max(n, 1))
        }
    }
    /// The path is one key, spelled as `source` (no escapes, no index, no
    /// operator, no anchor): `components` is `[.key(source)]`, held as nothing.
    let isOneKey: Bool

    /// The steps of the path. Made for a one-key path (`isOneKey`) on each
    /// read: the engine's hot paths ask `isOneKey` first.
    public var components: [Component] { isOneKey ? [.key(source)] : storedComponents }

    /// The nil key path (`""` or `null` in a spec): the representation itself.
    public var isNil: Bool { packedAnchor == 0 && !isOneKey && storedComponents.isEmpty }

    /// The keys before the first index or operator (`data.items[0].x`:
    /// `data`, `items`): as far as the path goes through objects only.
    var leadingKeys: [String] {
        var keys: [String] = []
        for component in components {
            guard case .key(let k) = component else { break }
            keys.append(k)
        }
        return keys
    }

    /// True when the path starts at `@metadata`, `@root` or `@parent`; such paths do
    /// not count when deciding whether an object is mappable (docs/spec.md §5.2).
    public var isAnchoredOutside: Bool { packedAnchor != 0 }

    public var description: String { source }

    /// Equal as their text, anchor and components are (a one-key path is
    /// equal to the same path made with its one-element components; the
    /// keys compare as Swift compares text, canonically).
    public static func == (a: KeyPath, b: KeyPath) -> Bool {
        guard a.packedAnchor == b.packedAnchor, a.source == b.source else { return false }
        if a.isOneKey && b.isOneKey { return true }
        return a.components == b.components
    }

    /// Hashes what `==` compares, the components as an array hashes them
    /// (its count, then each), without making one for a one-key path.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(packedAnchor)
        if isOneKey {
            hasher.combine(1)
            hasher.combine(Component.key(source))
        } else {
            hasher.combine(storedComponents)
        }
    }

    /// The nil key path.
    public static let empty = KeyPath(source: "", anchor: .representation, components: [])

    public init(source: String, anchor: Anchor, components: [Component]) {
        self.source = source
        packedAnchor = Self.pack(anchor)
        isOneKey = Self.isOneKey(source, anchor, components)
        storedComponents = isOneKey ? [] : components
    }

    /// Whether `components` from `anchor` is the one key `source`, by code
    /// units (a key in another Unicode spelling than its text is held as it is).
    private static func isOneKey(_ source: String, _ anchor: Anchor, _ components: [Component]) -> Bool {
        guard anchor == .representation, components.count == 1, case .key(let key) = components[0] else { return false }
        return JSONValue.sameText(key, source)
    }

    /// A syntax problem in a key path, with the 0-based offset (in Unicode scalars)
    /// of the offending key inside the path text.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var offset: Int
        public var description: String { message }
    }

    /// Splits `text` on unescaped dots. `\.` is a literal dot, `\@` a literal `@`
    /// at the start of a key, `\[` a literal `[`, `\\` a backslash. A key may end
    /// in indexes (`coordinates[0]`, `matrix[1][0]`, `items[-1]`) or be indexes
    /// alone (`[0]`).
    ///
    /// - Throws: `SyntaxError` for an empty key (`a..b`), an unknown `@` operator,
    ///   `@root`/`@metadata`/`@parent` anywhere but at the start, or a malformed
    ///   index (`a[x]`, `a[1`, `a[0]b`).
    public init(parsing text: String) throws(SyntaxError) {
        source = text
        if text.isEmpty {
            packedAnchor = 0
            storedComponents = []
            isOneKey = false
            return
        }
        let keys = try Self.splitKeys(text)
        var anchor = Anchor.representation
        var components: [Component] = []
        for (i, key) in keys.enumerated() {
            if key.text.isEmpty && key.indexes.isEmpty {
                throw SyntaxError(message: "empty key in key path '\(text)'", offset: key.offset)
            }
            defer { components += key.indexes.map(Component.index) }
            guard key.text.hasPrefix("@"), !key.literalAt else {
                if !key.text.isEmpty { components.append(.key(key.text)) }
                continue
            }
            switch key.text {
            case "@root", "@metadata":
                guard i == 0 else {
                    throw SyntaxError(message: "'\(key.text)' must be the first key of a key path", offset: key.offset)
                }
                anchor = key.text == "@root" ? .root : .metadata
            case "@parent":
                switch anchor {
                case .representation where i == 0: anchor = .parent(1)
                case .parent(let n) where components.isEmpty: anchor = .parent(n + 1)
                default:
                    throw SyntaxError(message: "'@parent' may only start a key path (as in '@parent.@parent.id')", offset: key.offset)
                }
            default:
                if let op = CollectionOperator(rawValue: key.text) {
                    components.append(.collection(op))
                } else {
                    let known = CollectionOperator.allCases.map(\.rawValue) + ["@root", "@parent", "@metadata"]
                    var message = "unknown operator '\(key.text)' in key path '\(text)'"
                    if let s = Suggestions.closest(to: key.text, in: known) { message += "; did you mean '\(s)'?" }
                    message += " (write '\\\\@' in JSON for a key that starts with '@')"
                    throw SyntaxError(message: message, offset: key.offset)
                }
            }
        }
        packedAnchor = Self.pack(anchor)
        isOneKey = Self.isOneKey(text, anchor, components)
        storedComponents = isOneKey ? [] : components
    }

    /// One dot-separated key as written: its name with escapes removed, whether
    /// it began with an escaped `@`, its trailing indexes, and its offset.
    private struct RawKey {
        var text = ""
        var literalAt = false
        var indexes: [Int] = []
        var offset: Int
    }

    /// Splits the text into raw keys, reading `[N]` groups at the end of each.
    private static func splitKeys(_ text: String) throws(SyntaxError) -> [RawKey] {
        let scalars = Array(text.unicodeScalars)
        var keys: [RawKey] = []
        var current = RawKey(offset: 0)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            switch scalar {
            case ".":
                keys.append(current)
                current = RawKey(offset: i + 1)
                i += 1
                continue
            case "[":
                let (index, end) = try readIndex(scalars, at: i, in: text)
                current.indexes.append(index)
                i = end
                continue
            default:
                break
            }
            if !current.indexes.isEmpty {
                throw SyntaxError(
                    message: "unexpected '\(scalar)' after an index in key path '\(text)'; put a '.' before the next key"
                        + " (write '\\\\[' in JSON for a key that contains '[')",
                    offset: i)
            }
            if scalar == "\\" {
                i += 1
                guard i < scalars.count else {
                    current.text.unicodeScalars.append("\\")
                    break
                }
                if scalars[i] == "@" && current.text.isEmpty { current.literalAt = true }
                current.text.unicodeScalars.append(scalars[i])
            } else {
                current.text.unicodeScalars.append(scalar)
            }
            i += 1
        }
        keys.append(current)
        return keys
    }

    /// Reads `[N]` starting at the `[` at `start`: an optional `-` and decimal
    /// digits. - Returns: N and the offset just past the `]`.
    private static func readIndex(_ scalars: [Unicode.Scalar], at start: Int, in text: String) throws(SyntaxError) -> (Int, Int) {
        var end = start + 1
        while end < scalars.count, scalars[end] != "]" { end += 1 }
        guard end < scalars.count, scalars[end] == "]" else {
            throw SyntaxError(
                message: "unclosed '[' in key path '\(text)'; an index is written [0] or [-1]"
                    + " (write '\\\\[' in JSON for a key that contains '[')",
                offset: start)
        }
        var digits = String.UnicodeScalarView()
        digits.append(contentsOf: scalars[(start + 1)..<end])
        let inner = String(digits)
        let body = inner.hasPrefix("-") ? inner.dropFirst() : Substring(inner)
        guard !body.isEmpty, body.unicodeScalars.allSatisfy({ $0 >= "0" && $0 <= "9" }), let n = Int(inner) else {
            throw SyntaxError(
                message: "malformed index '[\(inner)]' in key path '\(text)': expected an integer such as [0] or [-1]"
                    + " (write '\\\\[' in JSON for a key that contains '[')",
                offset: start)
        }
        return (n, end + 1)
    }

    /// The first component's key, if the path is a plain key path starting with a key.
    public var firstKey: String? {
        if isOneKey { return source }
        guard anchor == .representation, case .key(let k)? = storedComponents.first else { return nil }
        return k
    }

    /// True when evaluation on an object may collect over an array (KVC): some
    /// key follows another component. Only such paths need the "found only if
    /// some element has the key" check (docs/spec.md §2); others skip it.
    var mayCollect: Bool {
        storedComponents.dropFirst().contains { if case .key = $0 { return true } else { return false } }
    }
}

extension KeyPath {
    /// True when a value can be written at this path (docs/spec.md §13): plain
    /// keys from the representation, no `@metadata`/`@root`/`@parent` anchor
    /// and no collection operator.
    public var isWritable: Bool {
        guard anchor == .representation else { return false }
        for component in components {
            guard case .key = component else { return false }
        }
        return true
    }

    /// The plain keys of the path (operators left out).
    public var keys: [String] {
        if isOneKey { return [source] }
        return components.compactMap { if case .key(let k) = $0 { return k } else { return nil } }
    }
}
