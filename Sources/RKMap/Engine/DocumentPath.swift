/// The JSON path of the representation being mapped (`$.articles[3].author`),
/// kept as a stack and rendered only when a diagnostic needs it.
struct DocumentPath {
    enum Component {
        case key(String)
        case index(Int)
        /// A key that is data (a dynamic nesting key or a `forceCollection`
        /// member): rendered like `.key`, but `rkmap check` folds it to `*` when
        /// it aggregates unmapped members per path pattern.
        case dynamicKey(String)
        /// A key that a key path applies to each element of an array (KVC,
        /// docs/spec.md §4), `level` arrays in from where it was pushed: the
        /// values it collects are inside the elements, so it is rendered after
        /// the `level`-th index that follows (`$.entry[2].resource` for
        /// element 2 of `entry.resource`), or after `[*]` where none does.
        case within(String, level: Int)
    }

    private(set) var components: [Component] = []

    mutating func push(_ c: Component) { components.append(c) }
    mutating func pop() { components.removeLast() }
    /// Back to the document itself, keeping the storage.
    mutating func removeAll() { components.removeAll(keepingCapacity: true) }
    /// Back to a path saved before a `removeAll`.
    mutating func restore(_ saved: [Component]) { components = saved }

    /// Pushes the keys and indexes of a key path (`author.name`, `points[0]`),
    /// returning how many were pushed so the caller can pop them. With the
    /// value the key path starts from, a key it applies through an array is
    /// pushed as `.within`, so the path names where the values it collects
    /// are (`$.entry[2].resource`, not `$.entry.resource[2]`).
    mutating func push(_ keyPath: KeyPath, from start: JSONValue? = nil, caseInsensitive: Bool = false) -> Int {
        // One key on an object is where it is (asked without making the
        // key path's components: this runs for every relationship mapped).
        if keyPath.isOneKey, start.map({ !Self.isArray($0) }) ?? true {
            components.append(.key(Self.spelled(keyPath.source, in: start, caseInsensitive: caseInsensitive)))
            return 1
        }
        guard let start, keyPath.components.count > 1 || Self.isArray(start) else {
            return push(plain: keyPath)
        }
        // One representative value stands for the elements (the first that
        // has the key): only the depth of the arrays is needed, and a
        // diagnostic's path never costs a collected array.
        var current: JSONValue? = start
        var outer = 0
        var n = 0
        for component in keyPath.components {
            switch component {
            case .key(let key):
                let (inner, object) = Self.arrays(around: current, having: key, caseInsensitive: caseInsensitive)
                let level = outer + inner
                // A key collected within an array's elements keeps the key
                // path's spelling: elements may spell it each their own way,
                // and a streamed content's are named as they come.
                components.append(level == 0 ? .key(Self.spelled(key, in: object, caseInsensitive: caseInsensitive)) : .within(key, level: level))
                outer = level
                current = object.flatMap { KeyPath.lookup(key, in: $0, caseInsensitive: caseInsensitive) }
            case .index(let i):
                components.append(.index(i))
                // An index picks from the outermost collected array.
                if outer > 0 {
                    outer -= 1
                } else {
                    current = current.flatMap { KeyPath.element(i, of: $0) }
                }
            case .collection:
                // An operator's result has no place of its own in the document.
                current = nil
                continue
            }
            n += 1
        }
        return n
    }

    /// The keys from component `start` on spelled as `names` (strings, in
    /// order; what a streamed document's splitter followed for them, under
    /// `keyMatching: caseInsensitive`), as `push(_:from:caseInsensitive:)`
    /// spells them from a document read whole.
    mutating func respell(from start: Int, with names: [JSONValue]) {
        var n = 0
        for i in components.indices.dropFirst(start) where n < names.count {
            guard case .key = components[i] else { continue }
            if case .string(let name) = names[n] { components[i] = .key(name) }
            n += 1
        }
    }

    /// The last `n` keys, which a streamed content collects through the
    /// array before them (the splitter found it there): applied within its
    /// elements, as `push(_:from:)` finds them in a document read whole.
    mutating func collect(last n: Int) {
        for i in components.indices.suffix(n) {
            if case .key(let k) = components[i] { components[i] = .within(k, level: 1) }
        }
    }

    /// `key` as the object `value` spells the member a lookup of it
    /// follows (docs/spec.md §4): under `keyMatching: caseInsensitive`
    /// `data` for a key path's `Data`, so that a path names a place in the
    /// document; the key path's own spelling where nothing is known or
    /// nothing is found (an absent key's place, as it was asked for).
    private static func spelled(_ key: String, in value: JSONValue?, caseInsensitive: Bool) -> String {
        guard caseInsensitive, case .object(let object)? = value else { return key }
        return object.followedKey(key, caseInsensitive: true) ?? key
    }

    private static func isArray(_ value: JSONValue) -> Bool {
        switch value {
        case .array: return true
        case .compact(let held): return held.elements != nil
        default: return false
        }
    }

    private mutating func push(plain keyPath: KeyPath) -> Int {
        var n = 0
        for component in keyPath.components {
            switch component {
            case .key(let k): components.append(.key(k))
            case .index(let i): components.append(.index(i))
            case .collection: continue
            }
            n += 1
        }
        return n
    }

    /// How many arrays hold `value`'s objects, and the first object found
    /// through their elements (depth first) that has `key`, else the first
    /// object met.
    private static func arrays(around value: JSONValue?, having key: String, caseInsensitive: Bool) -> (Int, JSONValue?) {
        switch value {
        case .array(let elements)?:
            return arrays(in: elements, having: key, caseInsensitive: caseInsensitive)
        case .compact(let held)? where held.elements != nil:
            // Held as its elements' text: read back one at a time, up to the first that has the key.
            return arrays(in: (0..<held.heldCount).lazy.map { held.element(at: $0) }, having: key, caseInsensitive: caseInsensitive)
        default:
            return (0, value)
        }
    }

    private static func arrays<Elements: Sequence<JSONValue>>(
        in elements: Elements, having key: String, caseInsensitive: Bool
    ) -> (Int, JSONValue?) {
        var fallback: (Int, JSONValue?)?
        for element in elements {
            if isArray(element) {
                let (depth, object) = arrays(around: element, having: key, caseInsensitive: caseInsensitive)
                if let object, KeyPath.lookup(key, in: object, caseInsensitive: caseInsensitive) != nil { return (depth + 1, object) }
                if fallback == nil, object != nil { fallback = (depth + 1, object) }
            } else if case .object = element {
                if KeyPath.lookup(key, in: element, caseInsensitive: caseInsensitive) != nil { return (1, element) }
                if fallback == nil { fallback = (1, element) }
            }
        }
        return fallback ?? (1, nil)
    }

    mutating func pop(_ n: Int) { components.removeLast(n) }

    var rendered: String { Self.render(components) }

    static func render(_ components: [Component]) -> String {
        render(components, index: { "[\($0)]" }, dynamicKey: { key(k: $0) })
    }

    /// Renders `components`, each index by `index` and each dynamic key by
    /// `dynamicKey` (`rkmap check`'s patterns make both wildcards). A key
    /// collected through arrays (`.within`) is written after the index that
    /// picks its element, where its value is.
    static func render(
        _ components: [Component], index: (Int) -> String, dynamicKey: (String) -> String
    ) -> String {
        var s = "$"
        var pending: [(key: String, level: Int)] = []
        func flush() {
            // No index follows: any element (`$.entry[*].resource`).
            var level = 0
            for (k, l) in pending {
                while level < l {
                    s += "[*]"
                    level += 1
                }
                s += key(k: k)
            }
            pending.removeAll()
        }
        for c in components {
            switch c {
            case .index(let i):
                s += index(i)
                guard !pending.isEmpty else { continue }
                for j in pending.indices { pending[j].level -= 1 }
                while let first = pending.first, first.level == 0 {
                    s += key(k: first.key)
                    pending.removeFirst()
                }
            case .within(let k, let level):
                pending.append((k, level))
            case .key(let k):
                flush()
                s += key(k: k)
            case .dynamicKey(let k):
                flush()
                s += dynamicKey(k)
            }
        }
        flush()
        return s
    }

    /// `.name`, or `["odd key"]` when the key is not an identifier.
    static func key(k: String) -> String {
        isIdentifier(k) ? "." + k : "[" + JSONWriter.serialize(.string(k), pretty: false) + "]"
    }

    private static func isIdentifier(_ k: String) -> Bool {
        guard let first = k.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return k.utf8.allSatisfy { b in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "_")
        }
    }
}
