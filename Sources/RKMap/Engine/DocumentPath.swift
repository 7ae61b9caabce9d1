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
    }

    private(set) var components: [Component] = []

    mutating func push(_ c: Component) { components.append(c) }
    mutating func pop() { components.removeLast() }
    /// Back to the document itself, keeping the storage.
    mutating func removeAll() { components.removeAll(keepingCapacity: true) }

    /// Pushes the keys and indexes of a key path (`author.name`, `points[0]`),
    /// returning how many were pushed so the caller can pop them.
    mutating func push(_ keyPath: KeyPath) -> Int {
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

    mutating func pop(_ n: Int) { components.removeLast(n) }

    var rendered: String { Self.render(components) }

    static func render(_ components: [Component]) -> String {
        var s = "$"
        for c in components {
            switch c {
            case .index(let i): s += "[\(i)]"
            case .key(let k), .dynamicKey(let k):
                if isIdentifier(k) {
                    s += "." + k
                } else {
                    s += "[" + JSONWriter.serialize(.string(k), pretty: false) + "]"
                }
            }
        }
        return s
    }

    private static func isIdentifier(_ k: String) -> Bool {
        guard let first = k.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return k.utf8.allSatisfy { b in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "_")
        }
    }
}
