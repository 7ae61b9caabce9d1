/// A compiled key path (SPEC §4): split once when the spec loads, evaluated
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
    public let anchor: Anchor
    public let components: [Component]

    /// The nil key path (`""` or `null` in a spec): the representation itself.
    public var isNil: Bool { anchor == .representation && components.isEmpty }

    /// True when the path starts at `@metadata`, `@root` or `@parent`; such paths do
    /// not count when deciding whether an object is mappable (SPEC §5.2).
    public var isAnchoredOutside: Bool { anchor != .representation }

    public var description: String { source }

    /// The nil key path.
    public static let empty = KeyPath(source: "", anchor: .representation, components: [])

    public init(source: String, anchor: Anchor, components: [Component]) {
        self.source = source
        self.anchor = anchor
        self.components = components
    }

    /// A syntax problem in a key path, with the 0-based offset (in Unicode scalars)
    /// of the offending key inside the path text.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var offset: Int
        public var description: String { message }
    }

    /// Splits `text` on unescaped dots. `\.` is a literal dot, `\@` a literal `@`
    /// at the start of a key, `\\` a backslash.
    ///
    /// - Throws: `SyntaxError` for an empty key (`a..b`), an unknown `@` operator,
    ///   or `@root`/`@metadata`/`@parent` anywhere but at the start.
    public init(parsing text: String) throws(SyntaxError) {
        source = text
        if text.isEmpty {
            anchor = .representation
            components = []
            return
        }
        // Split into raw keys, remembering which ones began with an escaped '@'.
        var keys: [(text: String, literalAt: Bool, offset: Int)] = []
        var current = ""
        var currentLiteralAt = false
        var currentStart = 0
        var escaping = false
        var index = 0
        for scalar in text.unicodeScalars {
            defer { index += 1 }
            if escaping {
                if scalar == "@" && current.isEmpty { currentLiteralAt = true }
                current.unicodeScalars.append(scalar)
                escaping = false
                continue
            }
            switch scalar {
            case "\\":
                escaping = true
            case ".":
                keys.append((current, currentLiteralAt, currentStart))
                current = ""
                currentLiteralAt = false
                currentStart = index + 1
            default:
                current.unicodeScalars.append(scalar)
            }
        }
        if escaping { current.unicodeScalars.append("\\") }
        keys.append((current, currentLiteralAt, currentStart))

        var anchor = Anchor.representation
        var components: [Component] = []
        for (i, key) in keys.enumerated() {
            if key.text.isEmpty {
                throw SyntaxError(message: "empty key in key path '\(text)'", offset: key.offset)
            }
            guard key.text.hasPrefix("@"), !key.literalAt else {
                components.append(.key(key.text))
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
        self.anchor = anchor
        self.components = components
    }

    /// The first component's key, if the path is a plain key path starting with a key.
    public var firstKey: String? {
        guard anchor == .representation, case .key(let k)? = components.first else { return nil }
        return k
    }

    /// True when every component is a plain key (no operators) and the path starts
    /// at the representation: such a path can be followed while streaming.
    public var isPlain: Bool {
        anchor == .representation && components.allSatisfy { if case .key = $0 { return true } else { return false } }
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
        components.compactMap { if case .key(let k) = $0 { return k } else { return nil } }
    }
}
