/// A piece of an input that a worker maps on its own, in input order (its
/// position in the pipeline is its sequence number).
enum WorkUnit: Sendable {
    /// Whole documents starting at these byte offsets (NDJSON lines, concatenated
    /// values, or documents too small to stream), numbered from `firstIndex`.
    case documents(starts: [Int], firstIndex: Int)
    /// The start of a streamed document: nothing of it is written until the
    /// splitter's verdict on the whole document is in.
    /// `maxBytes` bounds its size (what is left of the input), for `--max-records`.
    case streamBegin(index: Int, maxBytes: Int)
    /// Consecutive elements of a streamed document's content array, the first at
    /// position `firstPosition`. Units are batches: one lock round trip per
    /// ~256 KiB of input instead of one per element. `descriptor` is the
    /// position in `MappingEngine.applicable` of the descriptor whose content
    /// they are (here and below). `outer`: the positions of the nested
    /// arrays they are elements of (`nested`), outermost first; empty for
    /// the content array's own elements.
    case elements(starts: [Int], document: Int, firstPosition: Int, descriptor: Int, outer: [Int] = [], within: Int = 0)
    /// An element of the content array (or of a nested array) that is itself
    /// a large array begins (`begin`) or ends: the `elements` in between,
    /// with its position last in their `outer`, are its elements. A whole
    /// read maps it to one nested collection (docs/spec.md §5.2); streamed,
    /// it is written as it is read (`RecordSink.beginNestedArray`).
    case nested(begin: Bool, document: Int, descriptor: Int)
    /// Consecutive members of a streamed document's content object mapped with
    /// `forceCollection` (docs/spec.md §5.3): each key, and where its value
    /// starts; the first is member `firstPosition` of the object (its
    /// collection index). Batched like elements. `mapper` maps each member:
    /// the root mapper, or the one a dynamic root mapper chose (`chosen`).
    case members(keys: [String], starts: [Int], document: Int, firstPosition: Int, descriptor: Int, mapper: ObjectMapper)
    /// A streamed document's content object, for which the dynamic root
    /// mapper chose `mapper` when the splitter read it through what its
    /// matchers read (`MappingEngine.keyedChoice`). The worker chooses again,
    /// for the warnings and statistics of choosing, and maps the object when
    /// the choice maps it as one record; a `forceCollection` mapper's members
    /// follow as `members`.
    case chosen(start: Int, document: Int, descriptor: Int, mapper: ObjectMapper?)
    /// Consecutive elements of the array where a content key path passes a key
    /// through an array (`pages.items` on `{"pages": [...]}`): content element
    /// `firstPosition + i` is `rest` followed in element `i`, `null` where it
    /// has none (KVC, docs/spec.md §4), so each page is read on its own.
    /// Batched like elements.
    case collected(starts: [Int], document: Int, firstPosition: Int, descriptor: Int, rest: [String], within: Int)
    /// A streamed document's content that is not an array, or the value from
    /// which the part of the key path still to follow is evaluated (KVC
    /// through an array, a collection operator).
    case content(start: Int, document: Int, rest: [KeyPath.Component], descriptor: Int)
    /// The value a collection operator gave on a content array, folded as
    /// the splitter read it (`OperatorFold`), with the part of the key path
    /// still to follow in it.
    case value(JSONValue, document: Int, rest: [KeyPath.Component], descriptor: Int)
    /// A streamed document's content object, or an element of its content
    /// array (`record.position`), mapped as one record without the array of
    /// its relationship at `key`, which follows as `related` units
    /// (`StreamedRelationship`); `parentEnd` ends it.
    case parent(start: Int, document: Int, descriptor: Int, key: String, record: StreamedRecord)
    /// Consecutive elements of the array of the record's relationship at
    /// `key`, each mapped as the relationship maps it. Batched like elements.
    case related(starts: [Int], document: Int, firstPosition: Int, descriptor: Int, key: String, record: StreamedRecord)
    case parentEnd(document: Int, descriptor: Int, record: StreamedRecord)
    /// A diagnostic found while splitting (a repeated key on the content path).
    case note(Diagnostic, document: Int)
    /// A streamed document split once per descriptor: this descriptor found
    /// content (after its units, if any; an empty array has none), so that
    /// the sink is told of it as a whole read tells it (`beginDescriptor`).
    case found(document: Int, descriptor: Int)
    /// The end of a streamed document, `bytes` long.
    case streamEnd(index: Int, bytes: Int)
    /// The input stops here: a syntax error in document `index`.
    case syntaxError(JSONSyntaxError, index: Int)
    /// The splitter waits for a slow producer: what came before goes out now
    /// (stdout is flushed), so `tail -f … | rkmap` writes records as they come.
    case idle
    /// Reading the input failed (`ChunkedInput.ReadError`) or a signal came
    /// while waiting for it (`Interrupted`): the writer throws it.
    case inputError(any Error & Sendable)
}

/// The record of a `parent` unit and its `related` and `parentEnd` units.
struct StreamedRecord: Sendable, Hashable {
    /// Where its object starts in the input: which record it is
    /// (`PipelineState.DocumentValue.parentObject`).
    let offset: Int
    /// Its position in the content array, when it is an element of it
    /// (`DocumentMapper.mapElement`); nil for the content object itself.
    let position: Int?
    /// How many elements the streamed array has, when an attribute of the
    /// record counts them (`StreamedRelationship.countingSteps`).
    var length: Int? = nil
}

extension WorkUnit {
    /// How many values a worker reads for the unit (documents, elements, or one
    /// content value).
    var valueCount: Int {
        switch self {
        case .documents(let starts, _), .elements(let starts, _, _, _, _, _), .members(_, let starts, _, _, _, _),
             .collected(let starts, _, _, _, _, _): return starts.count
        case .content, .chosen, .value, .parent: return 1
        case .related(let starts, _, _, _, _, _): return starts.count
        case .streamBegin, .note, .found, .nested, .parentEnd, .streamEnd, .syntaxError, .idle, .inputError: return 0
        }
    }

    /// The offset of the unit's last value, for progress reports.
    var lastOffset: Int? {
        switch self {
        case .documents(let starts, _), .elements(let starts, _, _, _, _, _), .members(_, let starts, _, _, _, _),
             .collected(let starts, _, _, _, _, _): return starts.last
        case .content(let start, _, _, _), .chosen(let start, _, _, _), .parent(let start, _, _, _, _): return start
        case .related(let starts, _, _, _, _, _): return starts.last
        case .syntaxError(let error, _): return error.offset
        case .streamBegin, .note, .found, .nested, .value, .parentEnd, .streamEnd, .idle, .inputError: return nil
        }
    }
}

/// What a worker made of a unit.
enum WorkResult {
    /// Mapped documents: records per descriptor (or their bytes in `encoded`),
    /// or why each failed.
    case documents([MappedUnit<Mapped<[(Descriptor, [FieldValue])]>>], encoded: EncodedOutput)
    /// Root records of streamed elements, members or content (or their bytes in `encoded`),
    /// or why the document fails. `.success(nil)`: the content key path led nowhere.
    case roots([MappedUnit<Mapped<[FieldValue]>?>], encoded: EncodedOutput)
    /// The record of a `parent` unit, encoded up to where its relationship's
    /// array goes (the unit's roots, one), and how it ends: after no element
    /// (`[]` and the rest of the record) or after some.
    /// `after`: what the record's mapping reported and counted from the
    /// relationship's place on (later properties, validations, the record
    /// itself, a failure there), reported after the elements.
    case opened(
        MappedUnit<Mapped<[FieldValue]>?>, encoded: EncodedOutput, ending: (empty: [UInt8], afterElements: [UInt8]),
        after: MappedUnit<Mapped<[FieldValue]>?>?)
    /// Units with no mapping work pass through.
    case passThrough
    /// Bytes already written by a worker that is not the mapping engine's
    /// (`rkmap serialize` shares the splitter and state).
    case serialized(SerializedUnit)
}

/// Records as values, or already encoded by the worker (a range of the
/// batch's `encoded` bytes holding `roots` root records) for an `EncodingSink`.
enum Mapped<T> {
    case values(T)
    case encoded(Range<Int>, roots: Int)
}

/// One mapped document or element, with what the mapping reported.
struct MappedUnit<T> {
    var result: Result<T, MappingFailure>
    var diagnostics: [Diagnostic]
    var stats: DocumentStats

    func map<U>(_ transform: (T) -> U) -> MappedUnit<U> {
        MappedUnit<U>(result: result.map(transform), diagnostics: diagnostics, stats: stats)
    }
}

/// The splitter's verdict on a streamed document, known once it has read it to
/// the end — or, for a document longer than `Splitter.lookaheadBytes`, that it
/// is written as it is read (`undecided`; the final verdict follows).
enum StreamVerdict: Sendable, Equatable {
    case parsed(foundContent: Bool)
    case syntaxError
    case undecided
}
