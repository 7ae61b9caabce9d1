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
package struct InferSampleSet {
    /// The documents to infer from, in the order read.
    package private(set) var documents: [JSONValue] = []
    /// How many documents were added (repeats included).
    package private(set) var count = 0
    /// Compact JSON text of every kept (rewritten) document, as bytes (hashing
    /// a `String` normalizes it first).
    private var seen: Set<Text> = []
    /// The first value of each class of scalars.
    private var representatives: [TypingAnswers: JSONValue] = [:]

    package init() {}

    package var isEmpty: Bool { count == 0 }

    /// Adds one sample document.
    package mutating func add(_ document: JSONValue) {
        count += 1
        let rewritten = rewrite(document, member: nil)
        guard seen.insert(Self.text(rewritten)).inserted else { return }
        // The first document whole: `SpecInferrer.findContent` counts its objects.
        documents.append(documents.isEmpty ? document : rewritten)
    }

    /// What inference can ask of a scalar.
    private enum TypingAnswers: Hashable {
        case number(fitsInt64: Bool, survivesDouble: Bool)
        case string(url: Bool, digitsOnly: Bool, date: Bool, commonFormats: [Bool])
    }

    /// `value` with its scalars replaced by their class's first value and
    /// repeated array elements dropped; `member` is the key holding it.
    private mutating func rewrite(_ value: JSONValue, member: String?) -> JSONValue {
        switch value {
        case .null, .bool:
            return value
        case .number(let n):
            let integer = n.int64Value.flatMap { n.isIntegerLiteral ? $0 : nil }
            // An integer literal of at most 2^53 in magnitude is a double exactly.
            let survives = integer.map { $0.magnitude <= 1 << 53 } == true || InferValueType.roundTrips(n)
            return representative(of: .number(fitsInt64: integer != nil, survivesDouble: survives), value)
        case .string(let s):
            if let member, InferBuilder.discriminatorKeys.contains(member) { return value }
            // A string of digits makes any set of strings untyped (it is never
            // an http URL either): whether it also reads as a date cannot matter.
            if InferValueType.isDigitsOnly(s) {
                return representative(of: .string(url: false, digitsOnly: true, date: false, commonFormats: []), value)
            }
            return representative(of: .string(
                url: InferValueType.isHTTPURL(s), digitsOnly: false,
                date: InferValueType.isDefaultDate(s), commonFormats: InferValueType.commonFormatDates(s)), value)
        case .array(let elements):
            var kept: [JSONValue] = []
            var texts: Set<Text> = []
            for element in elements {
                let rewritten = rewrite(element, member: nil)
                if texts.insert(Self.text(rewritten)).inserted { kept.append(rewritten) }
            }
            return .array(kept)
        case .object(let object):
            return .object(JSONObject(object.members.map { ($0.key, rewrite($0.value, member: $0.key)) }))
        }
    }

    /// Compact JSON text: equal exactly when the values are (member order and
    /// number spelling included), hashed as one block of bytes.
    private struct Text: Hashable {
        var bytes: [UInt8]
        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
    }

    private static func text(_ value: JSONValue) -> Text {
        var writer = JSONWriter(pretty: false)
        writer.write(value)
        return Text(bytes: writer.bytes)
    }

    private mutating func representative(of answers: TypingAnswers, _ value: JSONValue) -> JSONValue {
        if let first = representatives[answers] { return first }
        representatives[answers] = value
        return value
    }
}
