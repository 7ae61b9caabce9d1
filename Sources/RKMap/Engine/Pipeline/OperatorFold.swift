/// A collection operator other than `@distinctUnionOfObjects` (docs/spec.md
/// §4) applied to an array as the splitter reads its elements, instead of to
/// the array built whole: the answer `KeyPath.apply` gives, with memory for
/// a few thousand numbers rather than the array's tree.
///
/// - `@count` counts the elements, reading none of them;
/// - `@sum` and `@avg` read only the numbers, summed exactly as they come
///   (`RunningSum`: the value, or its absence, of one sum of them all);
/// - `@min` and `@max` keep the first element that is not `null`, and read
///   only the later elements of its kind that can be ordered against it
///   (`JSONValue.compare`: numbers, strings, booleans); the first is read
///   whole, whatever it is.
struct OperatorFold {
    let op: KeyPath.CollectionOperator
    private var count = 0
    private var sum = RunningSum()
    private var best: JSONValue?

    init(_ op: KeyPath.CollectionOperator) {
        precondition(op != .distinctUnionOfObjects, "distinct elements are streamed, not folded")
        self.op = op
    }

    /// Whether the next element, of this kind, must be read for `add`.
    func reads(_ kind: JSONKind) -> Bool {
        switch op {
        case .count, .distinctUnionOfObjects: return false
        case .sum, .avg: return kind == .number
        case .min, .max:
            guard kind != .null else { return false }
            guard let best else { return true }
            switch (best, kind) {
            case (.number, .number), (.string, .string), (.bool, .bool): return true
            default: return false
            }
        }
    }

    /// The next element: its value when `reads(kind)`, else nil.
    mutating func add(_ value: JSONValue?) {
        count += 1
        guard let value else { return }
        switch op {
        case .count, .distinctUnionOfObjects:
            break
        case .sum, .avg:
            if case .number(let n) = value { sum.add(n) }
        case .min, .max:
            guard let current = best else {
                best = value
                return
            }
            if let order = JSONValue.compare(value, current), op == .min ? order < 0 : order > 0 { best = value }
        }
    }

    /// The operator's value on the elements added; nil when an `@sum` or
    /// `@avg` cannot be represented (`KeyPath.apply`).
    mutating func result() -> JSONValue? {
        switch op {
        case .count, .distinctUnionOfObjects:
            return .number(JSONNumber(count))
        case .sum, .avg:
            if op == .avg, sum.count == 0 { return .null }
            guard let total = sum.total() else { return nil }
            guard op == .avg else { return .number(total) }
            return NumberArithmetic.average(sum: total, count: sum.count).map { .number($0) }
        case .min, .max:
            return best ?? .null
        }
    }
}
