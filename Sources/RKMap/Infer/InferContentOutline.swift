/// What `infer` needs of the first sample to find its content without
/// keeping it whole (docs/spec.md §15): the arrays of objects among the root
/// object's members and, one level down, among the members of its object
/// members, in member order, each with how many objects it holds.
///
/// ```swift
/// let outline = InferContentOutline(document)          // from a tree
/// SpecInferrer.findContent(in: outline)                // ["data"]
/// ```
///
/// `InferSampleSet` drops repeated array elements as it reads, so the counts
/// are taken before that, from the document as written.
package struct InferContentOutline: Equatable, Sendable {
    /// An array of objects: its member key and how many objects it holds
    /// (other elements are not counted).
    package struct Candidate: Equatable, Sendable {
        package var key: String
        package var objects: Int
    }

    /// The root is an object (only then is content looked for in its members).
    package var rootIsObject = false
    /// The root's members that are arrays holding at least one object.
    package var arrays: [Candidate] = []
    /// The root's object members that hold such arrays, with them.
    package var nested: [(key: String, arrays: [Candidate])] = []

    package init() {}

    /// Whether there is an array of objects to be the content.
    /// (A member named "", or one no spec may name, cannot be the content.)
    package var hasArraysOfObjects: Bool {
        arrays.contains { InferNaming.canName($0.key) }
            || nested.contains { InferNaming.canName($0.key) && $0.arrays.contains { InferNaming.canName($0.key) } }
    }

    /// The outline of a parsed document (empty when the root is not an object).
    package init(_ document: JSONValue) {
        guard case .object(let root) = document else { return }
        rootIsObject = true
        arrays = Self.candidates(root)
        for member in root.members {
            guard case .object(let inner) = member.value else { continue }
            let found = Self.candidates(inner)
            if !found.isEmpty { nested.append((member.key, found)) }
        }
    }

    private static func candidates(_ object: JSONObject) -> [Candidate] {
        var found: [Candidate] = []
        for member in object.members {
            guard case .array(let elements) = member.value else { continue }
            let objects = elements.count { if case .object = $0 { true } else { false } }
            if objects > 0 { found.append(Candidate(key: member.key, objects: objects)) }
        }
        return found
    }

    /// The outline of the document `scanner` is at, read without building
    /// it; the scanner ends after the document.
    init(scanning scanner: inout JSONScanner) throws(JSONSyntaxError) {
        guard try scanner.peekKind() == .object else {
            try scanner.skipValue()
            return
        }
        rootIsObject = true
        try scanner.enterObject()
        while let key = try scanner.nextKey() {
            switch try scanner.peekKind() {
            case .array:
                let objects = try Self.countObjects(&scanner)
                if objects > 0 { arrays.append(Candidate(key: key, objects: objects)) }
            case .object:
                var found: [Candidate] = []
                try scanner.enterObject()
                while let innerKey = try scanner.nextKey() {
                    guard try scanner.peekKind() == .array else { try scanner.skipValue(); continue }
                    let objects = try Self.countObjects(&scanner)
                    if objects > 0 { found.append(Candidate(key: innerKey, objects: objects)) }
                }
                if !found.isEmpty { nested.append((key, found)) }
            default:
                try scanner.skipValue()
            }
        }
    }

    /// Skips the array `scanner` is at, counting its elements that are objects.
    private static func countObjects(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Int {
        var objects = 0
        try scanner.enterArray()
        while try scanner.nextElement() {
            if try scanner.peekKind() == .object { objects += 1 }
            try scanner.skipValue()
        }
        return objects
    }

    package static func == (a: Self, b: Self) -> Bool {
        a.rootIsObject == b.rootIsObject && a.arrays == b.arrays && a.nested.elementsEqual(b.nested) { $0.key == $1.key && $0.arrays == $1.arrays }
    }
}

/// The outlines `infer` finds the content from (docs/spec.md §15): the first
/// sample's and, when that is an object with no array of objects (a first
/// page whose `items` is empty), the first later sample's that has one.
package struct InferContentOutlines: Equatable, Sendable {
    package var first = InferContentOutline()
    package var later: InferContentOutline?

    package init() {}

    /// The outlines of `documents`, in order.
    package init(_ documents: [JSONValue]) {
        for (i, document) in documents.enumerated() where i == 0 || isSearching {
            note(InferContentOutline(document), first: i == 0)
        }
    }

    /// Whether a later sample's outline is still wanted.
    package var isSearching: Bool { first.rootIsObject && !first.hasArraysOfObjects && later == nil }

    /// Notes the outline of the next sample added.
    package mutating func note(_ outline: InferContentOutline, first isFirst: Bool) {
        if isFirst {
            first = outline
        } else if isSearching, outline.hasArraysOfObjects {
            later = outline
        }
    }
}
