/// A collection operator other than `@distinctUnionOfObjects` (docs/spec.md
/// §4) applied to an array as the splitter reads its elements, instead of to
/// the array built whole: the answer `KeyPath.apply` gives (both are an
/// `OperatorAccumulator`), with memory for a few thousand numbers rather than
/// the array's tree.
///
/// - `@count` counts the elements, reading none of them;
/// - `@sum` and `@avg` read the numbers and strings, summed exactly as they
///   come (`RunningSum`), and only the kind of the others (which leave them
///   without a value);
/// - `@min` and `@max` read the numbers, strings and booleans, and only the
///   kind of objects and arrays.
struct OperatorFold {
    private var accumulator: OperatorAccumulator

    init(_ op: KeyPath.CollectionOperator) {
        accumulator = OperatorAccumulator(op)
    }

    var op: KeyPath.CollectionOperator { accumulator.op }

    /// Whether the next element, of this kind, must be read for `add`.
    func reads(_ kind: JSONKind) -> Bool { accumulator.reads(kind) }

    /// The next element: its value when `reads(kind)`, else nil.
    mutating func add(_ value: JSONValue?, kind: JSONKind) { accumulator.add(value, kind: kind) }

    /// The operator's value on the elements added; nil when it has none
    /// (`KeyPath.apply`).
    mutating func result() -> JSONValue? {
        if case .success(let value) = accumulator.result() { return value }
        return nil
    }
}
