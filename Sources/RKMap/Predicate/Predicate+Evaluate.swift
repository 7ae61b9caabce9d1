/// Evaluation of the compiled tree. A missing key path is `null`; values of
/// different JSON kinds are never equal and never ordered.
extension PredicateNode {
    /// - Throws: when a `MATCHES` pattern read from the document does not
    ///   compile; `AND` and `OR` stop at their first decisive operand, as before.
    func evaluate(_ value: JSONValue, _ context: KeyPathContext) throws(PredicateEvaluationError) -> Bool {
        switch self {
        case .constant(let result): return result
        case .not(let node): return try !node.evaluate(value, context)
        case .and(let a, let b):
            guard try a.evaluate(value, context) else { return false }
            return try b.evaluate(value, context)
        case .or(let a, let b):
            if try a.evaluate(value, context) { return true }
            return try b.evaluate(value, context)
        case .comparison(let comparison): return try comparison.evaluate(value, context)
        }
    }
}

extension PredicateExpression {
    func evaluate(_ value: JSONValue, _ context: KeyPathContext) throws(PredicateEvaluationError) -> JSONValue {
        switch self {
        case .constant(let constant): return constant
        case .keyPath(let path): return try Self.operand(path, on: value, context)
        case .aggregate(let items):
            var values: [JSONValue] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try item.evaluate(value, context)) }
            return .array(values)
        }
    }

    /// The value of `path`, `null` when it is missing, unless an `@sum`,
    /// `@avg`, `@min` or `@max` on it has no value (a sum too large to
    /// represent, an element that spells no number): the predicate then has
    /// no answer (docs/spec.md §4, §9), where `null` would make
    /// `a.@sum == nil` quietly true. Looked into only when the path is missing.
    static func operand(_ path: KeyPath, on value: JSONValue, _ context: KeyPathContext) throws(PredicateEvaluationError) -> JSONValue {
        if let found = path.evaluate(on: value, context: context) { return found }
        if path.usesArithmetic, let problem = path.arithmeticProblem(on: value, context: context) {
            throw PredicateEvaluationError(keyPath: path.source, problem: problem)
        }
        return .null
    }
}

extension PredicateComparison {
    func evaluate(_ value: JSONValue, _ context: KeyPathContext) throws(PredicateEvaluationError) -> Bool {
        if plainEquality != .no {
            let found = try PredicateExpression.operand(plainPath, on: value, context)
            return (found == plainValue) == (plainEquality == .equal)
        }
        let l = try lhs.evaluate(value, context)
        let r = try rhs.evaluate(value, context)
        guard let quantifier else { return try test(l, r) }
        // NSPredicate needs a collection here; a missing or scalar value is empty.
        guard let elements = l.arrayElements else { return quantifier != .anyOf }
        // `ANY a IN b` with `b` from the document: `b` hashed once for all of
        // `a`'s elements, as a literal list is (a scan per element took
        // 16,000 against 16,000 nine seconds). Only a list of scalars, which
        // the hash compares as `==` does.
        var hashed: PredicateMembers?
        if op == .in, elements.count > 1, case .array(let list) = r, list.count > 16, !Self.isMembers(needle),
           list.allSatisfy({ $0.kind != .array && $0.kind != .object }) {
            hashed = PredicateMembers(list, options: options)
        }
        // The first element that decides the answer ends the loop.
        for element in elements {
            let result: Bool
            if let hashed { result = hashed.contains(element) } else { result = try test(element, r) }
            switch quantifier {
            case .anyOf: if result { return true }
            case .allOf: if !result { return false }
            case .noneOf: if result { return false }
            }
        }
        return quantifier != .anyOf
    }

    private static func isMembers(_ needle: PredicateNeedle) -> Bool {
        if case .members = needle { return true }
        return false
    }

    /// One comparison of a left value with the right-hand side's value `r`.
    func test(_ l: JSONValue, _ r: JSONValue) throws(PredicateEvaluationError) -> Bool {
        switch op {
        case .equal: return equal(l, r, needle: needle)
        case .notEqual: return !equal(l, r, needle: needle)
        case .less: return order(l, r).map { $0 < 0 } ?? false
        case .lessOrEqual: return order(l, r).map { $0 <= 0 } ?? false
        case .greater: return order(l, r).map { $0 > 0 } ?? false
        case .greaterOrEqual: return order(l, r).map { $0 >= 0 } ?? false
        case .between:
            guard case .array(let bounds) = r, bounds.count == 2,
                  let low = order(l, bounds[0], isRHS: false), let high = order(l, bounds[1], isRHS: false)
            else { return false }
            return low >= 0 && high <= 0
        case .in:
            if case .members(let members) = needle { return members.contains(l) }
            return contains(r, l)
        case .contains:
            if case .folded = needle, case .string = l { return find(l, r, .anywhere) }
            return contains(l, r)
        case .beginsWith: return find(l, r, .prefix)
        case .endsWith: return find(l, r, .suffix)
        case .like:
            guard case .string(let s) = l else { return false }
            if case .like(let pattern) = needle { return pattern.matches(s) }
            guard case .string(let p) = r else { return false }
            return LikePattern(p, options: options).matches(s)
        case .matches:
            guard case .string(let s) = l else { return false }
            if case .regex(let regex) = needle { return PredicateStrings.matches(regex, s, options: options) }
            // A pattern that is not a string is a kind mismatch (false, as for
            // every string operator); a string that does not compile has no answer.
            guard case .string(let p) = r else { return false }
            do {
                return PredicateStrings.matches(try PredicateStrings.regex(p, options: options), s, options: options)
            } catch {
                throw PredicateEvaluationError(pattern: p, problem: error.description)
            }
        }
    }

    /// Equality as NSPredicate sees JSON: same kind and value, numbers numerically,
    /// strings with the comparison's modifiers, `null` equal to `null`/missing.
    func equal(_ l: JSONValue, _ r: JSONValue, needle: PredicateNeedle) -> Bool {
        if case .string(let a) = l, case .string(let b) = r {
            if options.isEmpty { return JSONValue.sameText(a, b) }
            let folded: String
            if case .folded(let f) = needle { folded = f } else { folded = PredicateStrings.fold(b, options) }
            return PredicateStrings.find(folded, in: a, at: .whole, options: options)
        }
        return l == r
    }

    /// Orders `l` against `r`; `isRHS` says `r` is the right-hand side itself, so
    /// its prepared forms (folded text, parsed number) apply.
    func order(_ l: JSONValue, _ r: JSONValue, isRHS: Bool = true) -> Int? {
        if case .number(let a) = l, case .number(let b) = r { return JSONNumber.compare(a, b) }
        if !options.isEmpty, case .string(let a) = l, case .string(let b) = r {
            var folded = b
            if isRHS, case .folded(let f) = needle { folded = f } else { folded = PredicateStrings.fold(b, options) }
            return JSONValue.compare(.string(PredicateStrings.fold(a, options)), .string(folded))
        }
        return JSONValue.compare(l, r)
    }

    /// `haystack CONTAINS item`: substring for two strings, membership for an
    /// array (or an object's values, as NSPredicate does for dictionaries).
    func contains(_ haystack: JSONValue, _ item: JSONValue) -> Bool {
        switch haystack {
        case .string(let h):
            guard case .string(let i) = item else { return false }
            return PredicateStrings.find(PredicateStrings.fold(i, options), in: h, at: .anywhere, options: options)
        case .array(let elements):
            return elements.contains { equal($0, item, needle: .none) }
        case .object(let object):
            return object.members.contains { equal($0.value, item, needle: .none) }
        default:
            return false
        }
    }

    func find(_ l: JSONValue, _ r: JSONValue, _ position: PredicateStrings.Position) -> Bool {
        guard case .string(let s) = l, case .string(let n) = r else { return false }
        if case .folded(let f) = needle { return PredicateStrings.find(f, in: s, at: position, options: options) }
        return PredicateStrings.find(PredicateStrings.fold(n, options), in: s, at: position, options: options)
    }
}
