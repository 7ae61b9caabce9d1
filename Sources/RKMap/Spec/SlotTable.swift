/// Builds an object mapper's numbered slots (docs/spec.md §5.1): one slot per distinct
/// destination, in the order destinations are first written.
struct SlotTable {
    private(set) var slots: [Slot] = []
    private var indexByPath: [[String]: Int] = [:]

    /// Splits a destination on unescaped dots (`\.` is a literal dot, `\\` a
    /// backslash, docs/spec.md §4). Returns nil for an empty name or an empty part.
    static func destinationPath(_ text: String) -> [String]? {
        var parts: [String] = []
        var current = ""
        var escaping = false
        for scalar in text.unicodeScalars {
            if escaping {
                current.unicodeScalars.append(scalar)
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else if scalar == "." {
                parts.append(current)
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        if escaping { current.unicodeScalars.append("\\") }
        parts.append(current)
        return parts.contains(where: \.isEmpty) ? nil : parts
    }

    /// The slot for a destination, created at the end if new. A later mapping of
    /// the same destination keeps the slot (and its position) and sets its kind:
    /// the later declaration wins.
    mutating func slot(for path: [String], kind: Slot.Kind) -> Int {
        if let index = indexByPath[path] {
            slots[index].kind = kind
            return index
        }
        slots.append(Slot(name: path.joined(separator: "."), path: path, kind: kind, type: nil))
        indexByPath[path] = slots.count - 1
        return slots.count - 1
    }

    func index(of path: [String]) -> Int? {
        indexByPath[path]
    }

    /// Looks a destination up by its spec spelling.
    func index(ofDestination text: String) -> Int? {
        Self.destinationPath(text).flatMap { indexByPath[$0] }
    }

    mutating func setType(_ type: ValueType, at index: Int) {
        slots[index].type = type
    }

    mutating func setKind(_ kind: Slot.Kind, at index: Int) {
        slots[index].kind = kind
    }
}
