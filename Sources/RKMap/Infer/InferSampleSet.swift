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
    /// Compact JSON text of every kept (rewritten) document.
    private var seen: Set<String> = []
    /// The first value of each class of scalars.
    private var representatives: [TypingAnswers: JSONValue] = [:]

    package init() {}

    package var isEmpty: Bool { count == 0 }

    /// Adds one sample document.
    package mutating func add(_ document: JSONValue) {
        count += 1
        let rewritten = rewrite(document, member: nil)
        let text = JSONWriter.serialize(rewritten, pretty: false)
        guard seen.insert(text).inserted else { return }
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
            let integer = n.isIntegerLiteral && n.int64Value != nil
            return representative(of: .number(fitsInt64: integer, survivesDouble: InferValueType.roundTrips(n)), value)
        case .string(let s):
            if let member, InferBuilder.discriminatorKeys.contains(member) { return value }
            return representative(of: .string(
                url: InferValueType.isHTTPURL(s), digitsOnly: InferValueType.isDigitsOnly(s),
                date: InferValueType.isDefaultDate(s), commonFormats: InferValueType.commonFormatDates(s)), value)
        case .array(let elements):
            var kept: [JSONValue] = []
            var texts: Set<String> = []
            for element in elements {
                let rewritten = rewrite(element, member: nil)
                if texts.insert(JSONWriter.serialize(rewritten, pretty: false)).inserted { kept.append(rewritten) }
            }
            return .array(kept)
        case .object(let object):
            return .object(JSONObject(object.members.map { ($0.key, rewrite($0.value, member: $0.key)) }))
        }
    }

    private mutating func representative(of answers: TypingAnswers, _ value: JSONValue) -> JSONValue {
        if let first = representatives[answers] { return first }
        representatives[answers] = value
        return value
    }
}
