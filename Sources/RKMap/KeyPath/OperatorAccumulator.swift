/// `@count`, `@sum`, `@avg`, `@min` and `@max` applied to elements one at a
/// time (docs/spec.md §4): the same answer on an array built whole
/// (`KeyPath.apply`) and on one streamed element by element (`OperatorFold`,
/// which reads only the elements `reads(_:)` asks for).
///
/// Numbers combine exactly. A string that spells a number in JSON's grammar
/// (`"199.00"`: money is often sent so) counts as that number, and `null` is
/// skipped. `@sum` and `@avg` of anything else (a string that spells no
/// number, a boolean, an object, an array) have no value, and neither have
/// `@min` and `@max` of elements with no common order (numbers, or strings
/// that spell them, with strings that spell none; booleans with either; any
/// object or array): the
/// `OperatorProblem` names the element, for a mapping warning, where these
/// elements used to be skipped or compared as text without a word (a total
/// of 0 for `["199.00", "0.10"]`, `"9.50"` as the largest of `"199.00"` and
/// `"9.50"`). `@min` and `@max` order numbers (and strings that spell them)
/// numerically, strings when none spells a number by Unicode scalars,
/// booleans `false` before `true`; the first of equal elements is kept, as it is.
package struct OperatorAccumulator {
    package let op: KeyPath.CollectionOperator
    /// Elements added, of any kind.
    package private(set) var count = 0
    private var sum = RunningSum()
    private var problem: OperatorProblem?
    // `@min` and `@max`: the best of each order, and where each kind was first.
    private var bestNumber: (value: JSONValue, number: JSONNumber)?
    private var bestString: String?
    private var bestBool: Bool?
    private var firstNumber: Int?
    /// The first number or string that spells one.
    private var firstNumeric: Int?
    private var firstString: Int?
    private var firstText: Int?
    private var firstBool: Int?
    private var firstUnordered: (index: Int, kind: JSONKind)?

    package init(_ op: KeyPath.CollectionOperator) {
        precondition(op != .distinctUnionOfObjects, "distinct elements are not accumulated")
        self.op = op
    }

    /// Whether `add` needs the value of the next element, of this kind (its
    /// kind is enough otherwise).
    package func reads(_ kind: JSONKind) -> Bool {
        switch op {
        case .count, .distinctUnionOfObjects: return false
        case .sum, .avg: return problem == nil && (kind == .number || kind == .string)
        case .min, .max: return kind == .number || kind == .string || kind == .bool
        }
    }

    /// The next element: its value when `reads(kind)`, else nil.
    package mutating func add(_ value: JSONValue?, kind: JSONKind) {
        let index = count
        count += 1
        switch op {
        case .count, .distinctUnionOfObjects:
            return
        case .sum, .avg:
            guard problem == nil, kind != .null else { return }
            if case .number(let n)? = value {
                sum.add(n)
            } else if case .string(let s)? = value, let n = Self.spelledNumber(s) {
                sum.add(n)
            } else {
                problem = OperatorProblem("element \(index) is \(Self.phrase(kind)), and \(op.rawValue) adds only numbers (and strings that spell them)")
            }
        case .min, .max:
            switch value {
            case .number(let n)?:
                if firstNumber == nil { firstNumber = index }
                if firstNumeric == nil { firstNumeric = index }
                consider(value!, n)
            case .string(let s)?:
                if firstString == nil { firstString = index }
                if let n = Self.spelledNumber(s) {
                    if firstNumeric == nil { firstNumeric = index }
                    consider(.string(s), n)
                } else if firstText == nil {
                    firstText = index
                }
                if let best = bestString {
                    let order = JSONValue.compare(.string(s), .string(best)) ?? 0
                    if op == .min ? order < 0 : order > 0 { bestString = s }
                } else {
                    bestString = s
                }
            case .bool(let b)?:
                if firstBool == nil { firstBool = index }
                if let best = bestBool {
                    if op == .min ? (!b && best) : (b && !best) { bestBool = b }
                } else {
                    bestBool = b
                }
            default:
                if kind != .null, firstUnordered == nil { firstUnordered = (index, kind) }
            }
        }
    }

    private mutating func consider(_ value: JSONValue, _ n: JSONNumber) {
        guard let best = bestNumber else {
            bestNumber = (value, n)
            return
        }
        let order = JSONNumber.compare(n, best.number)
        if op == .min ? order < 0 : order > 0 { bestNumber = (value, n) }
    }

    /// The operator's value on the elements added, or why it has none.
    package mutating func result() -> Result<JSONValue, OperatorProblem> {
        switch op {
        case .count, .distinctUnionOfObjects:
            return .success(.number(JSONNumber(count)))
        case .sum, .avg:
            if let problem { return .failure(problem) }
            if op == .avg, sum.count == 0 { return .success(.null) }
            guard let total = sum.total() else { return .failure(.unrepresentable(op)) }
            guard op == .avg else { return .success(.number(total)) }
            guard let average = NumberArithmetic.average(sum: total, count: sum.count) else { return .failure(.unrepresentable(op)) }
            return .success(.number(average))
        case .min, .max:
            if let unordered = firstUnordered {
                return .failure(OperatorProblem("element \(unordered.index) is \(Self.article(unordered.kind)), which \(op.rawValue) cannot order"))
            }
            if let b = firstBool, let other = [firstNumber, firstString].compactMap({ $0 }).min() {
                let otherPhrase = other == firstNumber ? "a number" : "a string"
                return .failure(mixed(b, "a boolean", other, otherPhrase))
            }
            if let best = bestBool { return .success(.bool(best)) }
            if let text = firstText, let numeric = firstNumeric {
                let phrase = numeric == firstNumber ? "a number" : "a string that spells a number"
                return .failure(mixed(text, "a string that spells no number", numeric, phrase))
            }
            if firstText != nil, let best = bestString { return .success(.string(best)) }
            return .success(bestNumber?.value ?? .null)
        }
    }

    private func mixed(_ i: Int, _ a: String, _ j: Int, _ b: String) -> OperatorProblem {
        let (first, second) = i < j ? ((i, a), (j, b)) : ((j, b), (i, a))
        return OperatorProblem(
            "element \(first.0) is \(first.1) and element \(second.0) \(second.1), which \(op.rawValue) cannot order together")
    }

    /// The number a string spells in JSON's grammar (`"199.00"`, `"-1e3"`;
    /// not `" 5"`, `"+5"` or `"5."`), as its text.
    static func spelledNumber(_ s: String) -> JSONNumber? {
        JSONNumber.isLiteral(s.utf8) ? JSONNumber(s) : nil
    }

    private static func phrase(_ kind: JSONKind) -> String {
        kind == .string ? "a string that spells no number" : article(kind)
    }

    private static func article(_ kind: JSONKind) -> String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .bool: "a boolean"
        case .string: "a string"
        case .number: "a number"
        case .null: "null"
        }
    }
}

/// Why a collection operator has no value (docs/spec.md §4): said in a
/// mapping warning, never a silent `null`.
package struct OperatorProblem: Error, Sendable, Equatable, CustomStringConvertible {
    package let description: String

    init(_ description: String) { self.description = description }

    static func unrepresentable(_ op: KeyPath.CollectionOperator) -> OperatorProblem {
        OperatorProblem("the exact \(op.rawValue) needs more than \(ExactDecimal.digitLimit) digits, which rkmap does not represent")
    }
}
