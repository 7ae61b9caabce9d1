/// The sample documents `infer` keeps, added one at a time as they are read,
/// so that memory follows the number of distinct *shapes* in the samples, not
/// the number of documents or values (docs/spec.md §15): a 30 GB NDJSON export
/// infers in the memory of its few distinct record shapes.
///
/// ```swift
/// var set = InferSampleSet()
/// for document in documents { set.add(document) }   // as each one is read
/// let spec = try SpecInferrer.infer(samples: set.documents, options: options)
/// ```
///
/// Inference reads a value only through what it asks of it: its JSON kind and,
/// for a scalar, the answers `InferValueType` gives (is it an integer that fits
/// 64 bits, does it survive a double, is it an http(s) URL, only digits, a
/// real date in a default or common format). Every scalar is therefore
/// replaced by the first value seen that gives the same answers — a real value
/// of the samples, so every test still sees a value it was given. Only the
/// strings of discriminator members (`type`, `kind`, … whose distinct values
/// make dynamic mappers) and object keys are kept as they are. After that,
/// documents and array elements repeat: an exact repeat is dropped, since
/// every decision of inference is unchanged by objects, keys or values it has
/// already seen (first-seen order is kept, and the types are "every value
/// agrees" tests). The first document is kept whole: the content is found in
/// it by counting its objects.
///
/// A string is asked only the questions still open at its place
/// (`InferPlaceTree`): once one value at a place is not a URL, or not a date
/// in some format, no later value there can make the attribute one, so the
/// question (a date parse per string, the costliest) is not asked again and
/// the string's class records "not asked" for it.
package struct InferSampleSet {
    /// The documents to infer from, in the order read.
    package private(set) var documents: [JSONValue] = []
    /// How many documents were added (repeats included).
    package private(set) var count = 0
    /// For each kept document, its number among all those added (0 first):
    /// what a message about a kept document names.
    package private(set) var origins: [Int] = []
    /// How many URL and date questions were asked of strings: what settled
    /// places save (tests count it instead of timing).
    package private(set) var questionsAsked = 0
    /// The shape key (see `ShapeKey`) of every kept (rewritten) document.
    private var seen: Set<ShapeKey> = []
    /// The shape key of every array element kept, by the place of its array:
    /// a later document's element of a shape already kept there is dropped
    /// too (as a repeat within one array is), so that documents that each
    /// hold many records (a CloudTrail file's `Records` per line) are not all
    /// kept for their mix of record shapes.
    private var seenElements: Set<PlacedShape> = []
    /// The shape key of the document being rewritten, built as it is.
    private var key: [UInt8] = []
    /// The value that stands for each class of scalars, and its number in
    /// shape keys.
    private var representatives: [TypingAnswers: (value: JSONValue, id: Int)] = [:]
    /// The string classes met, in first-seen order (see `representative`).
    private var stringClasses: [(asked: UInt8, yes: UInt8, value: JSONValue, id: Int)] = []
    private var nextID = 0
    private var places: InferPlaceTree

    /// - Parameter placeCapacity: at most this many places remember settled
    ///   questions (memory bound); values beyond are asked every question.
    package init(placeCapacity: Int = 1 << 16) {
        places = InferPlaceTree(capacity: placeCapacity)
    }

    package var isEmpty: Bool { count == 0 }

    /// Adds one sample document.
    package mutating func add(_ document: JSONValue) {
        count += 1
        // The first document is kept as it is; it is rewritten (for its
        // representatives, settled places and shape) only once a second one
        // comes, so that one large document costs no rewriting at all.
        guard let first = documents.first else {
            documents.append(document)
            origins.append(0)
            return
        }
        if count == 2 {
            key.removeAll(keepingCapacity: true)
            _ = rewrite(first, member: nil, place: InferPlaceTree.root)
            seen.insert(ShapeKey(bytes: key))
        }
        key.removeAll(keepingCapacity: true)
        let rewritten = rewrite(document, member: nil, place: InferPlaceTree.root)
        guard seen.insert(ShapeKey(bytes: key)).inserted else { return }
        documents.append(rewritten)
        origins.append(count - 1)
    }

    /// A rewritten value's structure as bytes, each representative scalar by
    /// its number: equal keys are equal rewritten values, and a key is short
    /// to build and hash (no text of the long strings that stand for a class).
    /// Every part is self-delimiting, so no two values share a key.
    private struct ShapeKey: Hashable {
        var bytes: [UInt8]
        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    }

    private enum Tag {
        static let null: UInt8 = 0, `true`: UInt8 = 1, `false`: UInt8 = 2, scalar: UInt8 = 3, string: UInt8 = 4
        static let array: UInt8 = 5, object: UInt8 = 6, end: UInt8 = 7
    }

    /// An array element's shape key where it was kept.
    private struct PlacedShape: Hashable {
        var place: InferPlaceTree.Index
        var bytes: [UInt8]
    }

    private mutating func appendCount(_ n: Int) { key.appendLEB128(n) }

    private mutating func appendText(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            appendCount(utf8.count)
            key.append(contentsOf: utf8)
        }
    }

    /// The URL and date questions of a string, one bit each in an
    /// `InferPlaceTree` place's open set and in `TypingAnswers`.
    private enum StringQuestion {
        static let url: UInt8 = 1
        static let defaultDate: UInt8 = 2
        /// The common format `i` is bit `commonFormat << i`: room for six
        /// (`InferSampleSetTests` checks that they fit).
        static let commonFormat: UInt8 = 4
    }

    /// What inference can ask of a scalar. For a string, `asked` says which
    /// `StringQuestion`s were asked (the others were settled "no" at its
    /// place) and `yes` which of those were answered yes.
    private enum TypingAnswers: Hashable {
        case number(fitsInt64: Bool, survivesDouble: Bool)
        case digitsOnly
        case string(asked: UInt8, yes: UInt8)
    }

    /// `value` with its scalars replaced by their class's first value and
    /// repeated array elements dropped; `member` is the key holding it and
    /// `place` where it sits (nil: past the place tree's capacity).
    private mutating func rewrite(_ value: JSONValue, member: String?, place: InferPlaceTree.Index?) -> JSONValue {
        switch value {
        case .compact(let c):
            return rewrite(c.expanded, member: member, place: place)
        case .null:
            key.append(Tag.null)
            return value
        case .bool(let b):
            key.append(b ? Tag.true : Tag.false)
            return value
        case .number(let n):
            let integer = n.isIntegerLiteral && n.int64Value != nil
            return representative(of: .number(fitsInt64: integer, survivesDouble: InferValueType.survivesDouble(n)), value)
        case .string(let s):
            if let member, InferBuilder.discriminatorKeys.contains(member) {
                key.append(Tag.string)
                appendText(s)
                return value
            }
            // A string of digits makes any set of strings untyped (it is never
            // an http URL either): whether it also reads as a date cannot matter.
            if InferValueType.isDigitsOnly(s) { return representative(of: .digitsOnly, value) }
            return representative(of: answers(s, place: place), value)
        case .array(let elements):
            let elementPlace = place.flatMap { places.element(of: $0) }
            key.append(Tag.array)
            var kept: [JSONValue] = []
            // The kept elements' keys, as ranges of `key`, by hash.
            var keys: [Int: [Range<Int>]] = [:]
            // The first element dropped for an earlier document's: kept
            // after all if nothing else is, so that the array is not emptied.
            var firstDropped: (value: JSONValue, bytes: [UInt8])?
            for element in elements {
                let start = key.count
                let rewritten = rewrite(element, member: nil, place: elementPlace)
                let range = start..<key.count
                let hash = key.withUnsafeBytes { bytes in
                    var hasher = Hasher()
                    hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes[range]))
                    return hasher.finalize()
                }
                if keys[hash, default: []].contains(where: { key[$0].elementsEqual(key[range]) }) {
                    key.removeSubrange(range)
                } else if let elementPlace, !seenElements.insert(PlacedShape(place: elementPlace, bytes: Array(key[range]))).inserted {
                    if firstDropped == nil { firstDropped = (rewritten, Array(key[range])) }
                    key.removeSubrange(range)
                } else {
                    keys[hash, default: []].append(range)
                    kept.append(rewritten)
                }
            }
            if kept.isEmpty, let firstDropped {
                kept.append(firstDropped.value)
                key.append(contentsOf: firstDropped.bytes)
            }
            key.append(Tag.end)
            return .array(kept)
        case .object(let object):
            let objectPlace = place.flatMap { places.variant(Self.signature(object), of: $0) }
            key.append(Tag.object)
            var members: [JSONObject.Member] = []
            members.reserveCapacity(object.count)
            for (position, m) in object.members.enumerated() {
                let memberPlace = objectPlace.flatMap { places.member(m.key, at: position, of: $0) }
                appendText(m.key)
                members.append(JSONObject.Member(key: m.key, value: rewrite(m.value, member: m.key, place: memberPlace)))
            }
            key.append(Tag.end)
            // A parsed object's keys are distinct already: no lookup per key.
            return .object(JSONObject(uniqueMembers: members))
        }
    }

    /// The open questions' answers for a string at `place`, closing there
    /// each one answered no.
    private mutating func answers(_ s: String, place: InferPlaceTree.Index?) -> TypingAnswers {
        let open = place.map { places.open[$0] } ?? .max
        var asked: UInt8 = 0
        var yes: UInt8 = 0
        func ask(_ question: UInt8, _ answer: () -> Bool) {
            guard open & question != 0 else { return }
            asked |= question
            if answer() { yes |= question }
        }
        ask(StringQuestion.url) { InferValueType.isHTTPURL(s) }
        ask(StringQuestion.defaultDate) { InferValueType.isDefaultDate(s) }
        for i in 0..<InferValueType.commonFormatCount {
            ask(StringQuestion.commonFormat << i) { InferValueType.isCommonFormatDate(s, i) }
        }
        questionsAsked += asked.nonzeroBitCount
        if let place, asked & ~yes != 0 { places.close(asked & ~yes, at: place) }
        return .string(asked: asked, yes: yes)
    }

    /// The discriminator members of `object`, in member order: objects at one
    /// path that differ in them may become different dynamic choices.
    private static func signature(_ object: JSONObject) -> [InferPlaceTree.Discriminant] {
        var signature: [InferPlaceTree.Discriminant] = []
        for m in object.members {
            guard let key = InferBuilder.discriminatorKeys.firstIndex(of: m.key) else { continue }
            if case .string(let s) = m.value {
                signature.append(.init(key: key, value: s))
            } else {
                signature.append(.init(key: key, value: nil))
            }
        }
        return signature
    }

    /// The value standing for `answers`' class, its number appended to the key.
    private mutating func representative(of answers: TypingAnswers, _ value: JSONValue) -> JSONValue {
        let chosen: (value: JSONValue, id: Int)
        if let known = representatives[answers] {
            chosen = known
        } else {
            chosen = newRepresentative(of: answers, value)
            representatives[answers] = chosen
        }
        key.append(Tag.scalar)
        appendCount(chosen.id)
        return chosen.value
    }

    private mutating func newRepresentative(of answers: TypingAnswers, _ value: JSONValue) -> (value: JSONValue, id: Int) {
        guard case .string(let asked, let yes) = answers else {
            nextID += 1
            return (value, nextID)
        }
        // A string asked fewer questions (the others settled "no" at its
        // place) is replaced by the first string that gave the same answers
        // to those: its other answers are moot where it goes. One that said
        // no to the others first, as the value that settled them did, so
        // records whose places settle as they stream still repeat the
        // earlier ones exactly.
        let matches = { (c: (asked: UInt8, yes: UInt8, value: JSONValue, id: Int)) in
            c.asked & asked == asked && c.yes & asked == yes
        }
        let chosen: (value: JSONValue, id: Int)
        if let match = stringClasses.first(where: { matches($0) && $0.yes & ~asked == 0 }) ?? stringClasses.first(where: matches) {
            chosen = (match.value, match.id)
        } else {
            nextID += 1
            chosen = (value, nextID)
        }
        stringClasses.append((asked, yes, chosen.value, chosen.id))
        return chosen
    }
}
