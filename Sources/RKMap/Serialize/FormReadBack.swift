/// Whether a form-encoded body reads back as the body it encodes
/// (docs/spec.md §14): form encoding has no types (every scalar reads back as
/// a string, `null` as `null`) and writes nothing for an empty object or
/// array, and beyond that it cannot say where one object in an array ends
/// (`lines[][sku]=A&lines[][qty]=1&lines[][sku]=B` reads back as
/// `[{"sku": "A", "qty": "1"}, {"sku": "B"}]` for `[{"sku": "A"}, {"sku":
/// "B", "qty": 1}]`) nor hold an array in an array. `serialize --format
/// form` warns where a body does not read back, rather than write one that
/// a server would read as other records.
enum FormReadBack {
    /// The first path (`.lines[0]`) where `body` read back from `encoded`
    /// differs from what it should be, or `""` when the body cannot be read
    /// back at all; nil when it reads back as it should.
    static func difference(_ body: JSONObject, encoded: [UInt8]) -> String? {
        guard let read = try? FormDecoder.decode(encoded) else { return "" }
        guard let expected = expected(.object(body)) else { return read.isEmpty ? nil : "" }
        return difference(read: .object(read), expected: expected, path: "")
    }

    /// The empty arrays and objects in a body (in member order), named as
    /// the form names keys (`tags`, `meta[labels]`, `lines[][tags]`), and
    /// which each is: form encoding writes nothing for them, so a server
    /// reads those members as absent (RestKit's encoding does the same).
    static func empties(_ value: JSONValue, name: String = "", into found: inout [(name: String, kind: JSONKind)]) {
        switch value {
        case .array(let elements):
            if elements.isEmpty { found.append((name, .array)) }
            for element in elements { empties(element, name: name + "[]", into: &found) }
        case .object(let object):
            if object.isEmpty, !name.isEmpty { found.append((name, .object)) }
            for member in object.members {
                empties(member.value, name: name.isEmpty ? member.key : name + "[\(member.key)]", into: &found)
            }
        case .compact(let held) where held.elements != nil:
            if held.heldCount == 0 { found.append((name, .array)) }
            for i in 0..<held.heldCount { empties(held.element(at: i), name: name + "[]", into: &found) }
        case .compact(let text):
            empties(text.expanded, name: name, into: &found)
        default:
            break
        }
    }

    /// Keys a form cannot name (in member order), as the form writes them:
    /// one with brackets (`labels[x[y]]`, read back as deeper nesting) or an
    /// empty one (`labels[]`, read back as an array's element). RestKit's
    /// encoding leaves brackets in keys as they are, as this one does.
    static func ambiguousKeys(_ value: JSONValue, name: String = "", into found: inout [(name: String, reason: String)]) {
        switch value {
        case .array(let elements):
            for element in elements { ambiguousKeys(element, name: name + "[]", into: &found) }
        case .object(let object):
            for member in object.members {
                let inner = name.isEmpty ? member.key : name + "[\(member.key)]"
                if let reason = ambiguity(of: member.key, holding: member.value) { found.append((inner, reason)) }
                ambiguousKeys(member.value, name: inner, into: &found)
            }
        case .compact(let held) where held.elements != nil:
            for i in 0..<held.heldCount { ambiguousKeys(held.element(at: i), name: name + "[]", into: &found) }
        case .compact(let text):
            ambiguousKeys(text.expanded, name: name, into: &found)
        default:
            break
        }
    }

    /// Whether any pair of `value` is written (`expected` is not nil): an
    /// empty array or object, at any depth, writes none, and its key names
    /// nothing a server could misread (it is reported as left out).
    static func writesPairs(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let elements): return elements.contains(where: writesPairs)
        case .object(let object): return object.members.contains { writesPairs($0.value) }
        case .compact(let held) where held.elements != nil: return (0..<held.heldCount).contains { writesPairs(held.element(at: $0)) }
        case .compact(let text): return writesPairs(text.expanded)
        default: return true
        }
    }

    /// Why a form cannot name the member `key` holding `value`, if it
    /// cannot and a pair names it.
    static func ambiguity(of key: String, holding value: JSONValue) -> String? {
        guard let reason = ambiguity(of: key), writesPairs(value) else { return nil }
        return reason
    }

    /// Why a form cannot name `key`, if it cannot.
    static func ambiguity(of key: String) -> String? {
        if key.isEmpty { return "an empty key" }
        return key.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) ? "a key with brackets" : nil
    }

    /// What a value reads back as: scalars as strings, empty containers gone
    /// (nil when nothing of it is written).
    private static func expected(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .compact(let c) where c.elements != nil: return expected(.array((0..<c.heldCount).map { c.element(at: $0) }))
        case .compact(let c): return expected(c.expanded)
        case .null: return .null
        case .bool(let b): return .string(b ? "true" : "false")
        case .number(let n): return .string(n.text)
        case .string: return value
        case .array(let elements):
            let kept = elements.compactMap(expected)
            return kept.isEmpty ? nil : .array(kept)
        case .object(let object):
            var kept = JSONObject()
            for member in object.members {
                if let value = expected(member.value) { kept[member.key] = value }
            }
            return kept.isEmpty ? nil : .object(kept)
        }
    }

    /// Whether a body holds an array as its elements' text (in an object
    /// member, at any depth: where serialize puts one).
    static func holdsArrays(_ value: JSONValue) -> Bool {
        switch value {
        case .compact(let held): return held.elements != nil
        case .object(let object): return object.members.contains { holdsArrays($0.value) }
        default: return false
        }
    }

    /// `difference(_:encoded:)` for a body that holds arrays as their
    /// elements' text (a large record's, `Serializer.recordPlan`), without
    /// its encoded text or a tree of it: each member is encoded and read back
    /// on its own (a member's pairs are read back into it alone: keys are
    /// distinct and, where this is asked, have no brackets), and a held
    /// array an element at a time, the reader keeping only the array's last
    /// element, the only one a later pair can change (`a[][k]=v` adds to
    /// it unless it has `k`). Gives what `difference(_:encoded:)` gives for
    /// the body's text, but for one case, where a whole read would hold a
    /// tree of the array: when more than `joinedElements` elements join
    /// one (or it is read from more than `joinedBytes` of pairs), the path
    /// is that element's, not the member in it where the first difference is.
    static func difference(holding body: JSONObject) -> String? {
        readBack(holding: body).difference
    }

    /// For a body that holds arrays as their elements' text: `ambiguousKeys`,
    /// `difference(holding:)` and `empties` in one walk, each held element
    /// read once for all three.
    static func readBack(holding body: JSONObject) -> (
        ambiguous: [(name: String, reason: String)], difference: String?, empties: [(name: String, kind: JSONKind)]
    ) {
        var walk = HeldWalk()
        walk.visit(.object(body), path: "", name: "")
        return (walk.ambiguous, walk.unreadable ? "" : walk.first, walk.empties)
    }

    /// How many elements may join one element of a held array, and from how
    /// many bytes of pairs it may be read, before `difference(holding:)`
    /// names it rather than search it.
    static let joinedElements = 1024
    static let joinedBytes = 1 << 20

    /// The state of `difference(holding:)`.
    private struct HeldWalk {
        /// The first path (in the body's member order) where it differs.
        var first: String?
        /// Some pair cannot be read back (an array in an array): the whole body cannot.
        var unreadable = false
        /// As `FormReadBack.ambiguousKeys` and `empties` find them.
        var ambiguous: [(name: String, reason: String)] = []
        var empties: [(name: String, kind: JSONKind)] = []

        /// `value` at `path` (`.lines[0]`), whose pairs are named `name` (`lines[]`).
        mutating func visit(_ value: JSONValue, path: String, name: String) {
            switch value {
            case .object(let object) where FormReadBack.holdsArrays(value):
                for member in object.members {
                    let inner = name.isEmpty ? member.key : name + "[\(member.key)]"
                    if let reason = FormReadBack.ambiguity(of: member.key, holding: member.value) { ambiguous.append((inner, reason)) }
                    visit(member.value, path: path + DocumentPath.render([.key(member.key)]).dropFirst(), name: inner)
                }
            case .compact(let held) where held.elements != nil:
                if held.heldCount == 0 { empties.append((name, .array)) }
                array(held, path: path, name: name)
            default:
                FormReadBack.ambiguousKeys(value, name: name, into: &ambiguous)
                FormReadBack.empties(value, name: name, into: &empties)
                guard !unreadable else { return }
                // Read back alone, under a name of its own.
                var text: [UInt8] = []
                var firstPair = true
                FormEncoder.pairs(field: Self.name, value: value, into: &text, first: &firstPair)
                guard let read = try? FormDecoder.decode(text) else { unreadable = true; return }
                guard let expected = FormReadBack.expected(value) else { return }
                guard let got = read[Self.nameText] else { return note(path) }
                if let at = FormReadBack.difference(read: got, expected: expected, path: path) { note(at) }
            }
        }

        /// A held array at `path`, an element at a time: each element's pairs
        /// are read into `window`, which holds the array's elements from the
        /// first not yet compared; those a later element's pairs cannot change
        /// are compared in order with the elements that should be read back.
        private mutating func array(_ held: CompactJSON, path: String, name: String) {
            var window = JSONObject()
            var waiting: [JSONValue] = []  // expected elements not yet compared
            var done: [JSONValue] = []  // read elements not yet compared
            var index = 0  // of the first of `waiting` and `done`
            var differs = first != nil
            let field = Self.name + [UInt8(ascii: "["), UInt8(ascii: "]")]
            var text: [UInt8] = []
            func compare() {
                while !differs, !waiting.isEmpty, !done.isEmpty {
                    if let at = FormReadBack.difference(read: done.removeFirst(), expected: waiting.removeFirst(), path: path + "[\(index)]") {
                        note(at)
                        differs = true
                    }
                    index += 1
                }
                if differs { waiting = []; done = [] }
            }
            var open = 0  // bytes of pairs read into the last element
            for i in 0..<held.heldCount {
                let element = held.element(at: i)
                FormReadBack.ambiguousKeys(element, name: name + "[]", into: &ambiguous)
                FormReadBack.empties(element, name: name + "[]", into: &empties)
                guard !unreadable, let expected = FormReadBack.expected(element) else { continue }
                if !differs { waiting.append(expected) }
                text.removeAll(keepingCapacity: true)
                var firstPair = true
                FormEncoder.pairs(field: field, value: element, into: &text, first: &firstPair)
                // Once the answer is known, each element is read alone: what
                // cannot be read back (an array in an array) cannot be alone
                // too, and nothing piles up.
                if differs { window = JSONObject() }
                do {
                    try FormDecoder.decode(text, into: &window)
                } catch {
                    unreadable = true
                    continue
                }
                open += text.count
                // All but the last element are complete.
                if case .array(var read)? = window[Self.nameText], read.count > 1 {
                    window[Self.nameText] = .null
                    let last = read.removeLast()
                    if !differs { done.append(contentsOf: read) }
                    window[Self.nameText] = .array([last])
                    open = text.count
                    compare()
                }
                // Later elements joining the last one (`a[][k]=v` for a `k` it
                // lacks): it differs from the element it should be. Where in
                // it is said once it is complete, unless so many join it (an
                // attribute's object of keys that are data, say) that holding
                // them would cost what reading the whole body did: then the
                // element is named.
                if !differs, done.isEmpty, waiting.count > 1, waiting.count - 1 > FormReadBack.joinedElements || open > FormReadBack.joinedBytes {
                    note(path + "[\(index)]")
                    differs = true
                    waiting = []
                }
            }
            guard !unreadable else { return }
            if case .array(let read)? = window[Self.nameText], !differs { done.append(contentsOf: read) }
            compare()
            if !differs, waiting.count != done.count { note(path) }
        }

        private mutating func note(_ path: String) {
            if first == nil { first = path }
        }

        /// The name each part is read back under (any plain key reads the same).
        private static let nameText = "v"
        private static let name = Array(nameText.utf8)

    }

    private static func difference(read: JSONValue, expected: JSONValue, path: String) -> String? {
        switch (read, expected) {
        case (.object(let a), .object(let b)):
            // Members in the body's order; the form sorts them.
            for member in b.members {
                guard let got = a[member.key] else { return path + DocumentPath.render([.key(member.key)]).dropFirst() }
                if let found = difference(read: got, expected: member.value, path: path + DocumentPath.render([.key(member.key)]).dropFirst()) {
                    return found
                }
            }
            return a.count == b.count ? nil : path
        case (.array(let a), .array(let b)):
            for (i, (x, y)) in zip(a, b).enumerated() {
                if let found = difference(read: x, expected: y, path: path + "[\(i)]") { return found }
            }
            return a.count == b.count ? nil : path
        default:
            return read == expected ? nil : path
        }
    }
}
