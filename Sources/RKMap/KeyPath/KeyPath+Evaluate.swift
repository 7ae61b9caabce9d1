extension KeyPath {
    /// Evaluates the key path against `value` (docs/spec.md §4).
    ///
    /// - Returns: the value, or `nil` when the path is *missing* (which is not
    ///   the same as a JSON `null`).
    /// - Complexity: O(size of the values visited); no allocation for plain
    ///   object paths.
    public func evaluate(on value: JSONValue, context: KeyPathContext) -> JSONValue? {
        switch anchor {
        case .representation: return evaluate(on: value, caseInsensitive: context.caseInsensitive)
        case .metadata: return evaluateMetadata(context: context)
        case .root, .parent: break
        }
        guard let start = start(on: value, context: context) else { return nil }
        if !appliesOperator, case .value(let found) = followedThroughObjects(from: start, caseInsensitive: context.caseInsensitive) {
            return found
        }
        return operatorEntry(from: start, context: context).value
    }

    /// A path without an operator followed from `start` through objects and
    /// tree arrays' elements by index: its value (nil: missing), or `kept`
    /// where it would map a key over an array (`@root.items.id`) or read
    /// into one held as its elements' text (`JSONProjection.elements`,
    /// `@root.items[0].id`). There every evaluation would make an array of
    /// a value per element, or read elements back from their text, for each
    /// record of the content (n records × n elements); so that value is
    /// kept per start as an operator's is (`OperatorResults`). Through
    /// objects alone the value is what `follow` and `find` give.
    private enum Followed { case value(JSONValue?), kept }

    private func followedThroughObjects(from start: JSONValue, caseInsensitive: Bool) -> Followed {
        var current = start
        for component in components {
            if case .compact(let held) = current, held.elements != nil { return .kept }
            switch component {
            case .key(let key):
                if case .array = current { return .kept }
                guard case .object = current, let next = Self.lookup(key, in: current, caseInsensitive: caseInsensitive) else { return .value(nil) }
                current = next
            case .index(let n):
                guard let next = Self.element(n, of: current) else { return .value(nil) }
                current = next
            case .collection:
                return .kept
            }
        }
        return .value(current)
    }

    /// Whether a collection operator appears (`@count`, `@sum`, …).
    var appliesOperator: Bool {
        !isOneKey && components.contains { if case .collection = $0 { true } else { false } }
    }

    /// The value and the operator's problem of this `@root` or `@parent`
    /// path from `start`, computed once per start (`OperatorResults`).
    private func operatorEntry(from start: JSONValue, context: KeyPathContext) -> OperatorResults.Entry {
        let caseInsensitive = context.caseInsensitive
        return context.operatorResults.entry(self, finding: false, caseInsensitive: caseInsensitive, from: start, parent: anchor != .root) {
            var problem: String?
            let value = Self.follow(components[...], from: start, caseInsensitive: caseInsensitive, problem: &problem)
            return OperatorResults.Entry(value: value, problem: problem)
        }
    }

    /// Where a path that is not `@metadata` starts: the representation, the
    /// document root, or the n-th enclosing representation (nil when there is
    /// no such parent). The one place `evaluate`, `find` and
    /// `arithmeticProblem` resolve their anchor.
    @inline(__always)
    func start(on value: JSONValue, context: KeyPathContext) -> JSONValue? {
        switch anchor {
        case .representation: return value
        case .root: return context.root
        case .parent(let n): return n <= context.parents.count ? context.parents[context.parents.count - n] : nil
        case .metadata: return nil
        }
    }

    /// Evaluates a key path anchored at the representation, which needs nothing
    /// from the context but the key matching mode. The engine calls this
    /// directly on its hot path: no context copy, and no slice for one key.
    func evaluate(on value: JSONValue, caseInsensitive: Bool) -> JSONValue? {
        if isOneKey { return Self.lookup(source, in: value, caseInsensitive: caseInsensitive) }
        return Self.follow(components[...], from: value, caseInsensitive: caseInsensitive)
    }

    /// Follows `components` from `start`, KVC style: a key on an array maps over
    /// the elements (with `null` where the key is missing); an operator applies to
    /// the array so far; an index picks one element.
    static func follow(_ components: ArraySlice<Component>, from start: JSONValue, caseInsensitive: Bool) -> JSONValue? {
        var problem: String?
        return follow(components, from: start, caseInsensitive: caseInsensitive, problem: &problem)
    }

    /// `follow`, also saying why a collection operator had no value.
    static func follow(
        _ components: ArraySlice<Component>, from start: JSONValue, caseInsensitive: Bool, problem: inout String?
    ) -> JSONValue? {
        var current = start
        var rest = components
        while let component = rest.popFirst() {
            switch component {
            case .key(let key):
                if case .collection(let op)? = rest.first, let outcome = heldResult(op, through: key, of: current, caseInsensitive: caseInsensitive) {
                    rest.removeFirst()
                    switch outcome {
                    case .success(let result): current = result
                    case .failure(let why):
                        problem = why.description
                        return nil
                    }
                    continue
                }
                guard let next = lookup(key, in: current, caseInsensitive: caseInsensitive) else { return nil }
                current = next
            case .collection(let op):
                guard let outcome = heldResult(op, of: current) ?? current.arrayElements.map({ apply(op, to: $0) }) else { return nil }
                switch outcome {
                case .success(let result): current = result
                case .failure(let why):
                    problem = why.description
                    return nil
                }
            case .index(let n):
                guard let next = element(n, of: current) else { return nil }
                current = next
            }
        }
        return current
    }

    /// Whether an `@sum`, `@avg`, `@min` or `@max` appears: only such a path
    /// can be missing because its operator has no value (`OperatorAccumulator`).
    package var usesArithmetic: Bool {
        !isOneKey && components.contains {
            $0 == .collection(.sum) || $0 == .collection(.avg) || $0 == .collection(.min) || $0 == .collection(.max)
        }
    }

    /// Why this path is missing on `value` when a collection operator had no
    /// value (docs/spec.md §4: a mapping warning, never a silent null);
    /// nil when it is missing for an ordinary reason. Called only off the hot
    /// path, after an evaluation gave nothing.
    package func arithmeticProblem(on value: JSONValue, context: KeyPathContext) -> String? {
        guard usesArithmetic, let start = start(on: value, context: context) else { return nil }
        if isAnchoredOutside { return operatorEntry(from: start, context: context).problem }
        var problem: String?
        _ = Self.follow(components[...], from: start, caseInsensitive: context.caseInsensitive, problem: &problem)
        return problem
    }

    static func lookup(_ key: String, in value: JSONValue, caseInsensitive: Bool) -> JSONValue? {
        switch value {
        case .object(let object):
            return caseInsensitive ? object.value(forKey: key, caseInsensitive: true) : object[key]
        case .array(let elements):
            var out: [JSONValue] = []
            out.reserveCapacity(elements.count)
            for element in elements {
                out.append(lookup(key, in: element, caseInsensitive: caseInsensitive) ?? .null)
            }
            return .array(out)
        case .compact(let held) where held.elements != nil:
            // An array held as its elements' text (`JSONProjection.elements`):
            // each element read back as a tree, one at a time.
            var out: [JSONValue] = []
            out.reserveCapacity(held.heldCount)
            let plan = held.elementPlan(readingOnly: key, caseInsensitive: caseInsensitive)
            for i in 0..<held.heldCount {
                out.append(lookup(key, in: held.element(at: i, plan: plan), caseInsensitive: caseInsensitive) ?? .null)
            }
            return .array(out)
        default:
            return nil
        }
    }

    /// `[n]` on `value`: missing unless it is an array with that element
    /// (negative `n` counts from the end).
    static func element(_ n: Int, of value: JSONValue) -> JSONValue? {
        if case .compact(let held) = value, held.elements != nil {
            let i = n < 0 ? held.heldCount + n : n
            return (0..<held.heldCount).contains(i) ? held.element(at: i) : nil
        }
        guard case .array(let elements) = value else { return nil }
        let i = n < 0 ? elements.count + n : n
        return elements.indices.contains(i) ? elements[i] : nil
    }

    // MARK: Found or not found (docs/spec.md §2)

    /// Evaluates the key path as a *search for content*: like `evaluate`, except
    /// that a key applied to an array is found only when at least one element
    /// has it (recursively), so `items` on a bare array of objects without
    /// `items` is missing rather than an array of `null`s. Descriptors find their
    /// content with this, and a mapper's object counts as mappable by it.
    ///
    /// - Returns: the same value `evaluate` gives when found, else `nil`.
    public func find(in value: JSONValue, context: KeyPathContext) -> JSONValue? {
        if case .metadata = anchor { return evaluateMetadata(context: context) }
        guard let start = start(on: value, context: context) else { return nil }
        if isAnchoredOutside, !appliesOperator, case .value(let found) = followedThroughObjects(from: start, caseInsensitive: context.caseInsensitive) {
            return found
        }
        guard isAnchoredOutside else {
            if isOneKey {
                let (next, found) = Self.findKey(source, in: start, caseInsensitive: context.caseInsensitive)
                return found ? next : nil
            }
            return Self.find(components[...], from: start, caseInsensitive: context.caseInsensitive)
        }
        let caseInsensitive = context.caseInsensitive
        return context.operatorResults.entry(self, finding: true, caseInsensitive: caseInsensitive, from: start, parent: anchor != .root) {
            OperatorResults.Entry(value: Self.find(components[...], from: start, caseInsensitive: caseInsensitive), problem: nil)
        }.value
    }

    /// An operator on an array held as its elements' text
    /// (`JSONProjection.elements`), reading one element at a time, never a
    /// tree of them all: `@count` counts them, `@sum`, `@avg`, `@min` and
    /// `@max` accumulate, `@distinctUnionOfObjects` is the held array itself
    /// when no two elements are equal (`JSONValue.distinctElements`). The
    /// same result as on the tree; nil for any other value.
    static func heldResult(_ op: CollectionOperator, of value: JSONValue) -> Result<JSONValue, OperatorProblem>? {
        guard case .compact(let held) = value, held.elements != nil else { return nil }
        switch op {
        case .count:
            return .success(.number(JSONNumber(held.heldCount)))
        case .distinctUnionOfObjects:
            return .success(JSONValue.distinctElements(of: held))
        case .sum, .avg, .min, .max:
            return accumulate(op, held.forEachElement)
        }
    }

    /// An operator on member `key` of each element of an array held as its
    /// elements' text (`@root.items.price.@sum`): `@count`, `@sum`, `@avg`,
    /// `@min` and `@max` accumulate the members as they are read, never an
    /// array of them all. The same result as the operator on `lookup`'s
    /// array (a missing member is a `null` there too); nil for any other
    /// value or operator.
    static func heldResult(
        _ op: CollectionOperator, through key: String, of value: JSONValue, caseInsensitive: Bool
    ) -> Result<JSONValue, OperatorProblem>? {
        guard case .compact(let held) = value, held.elements != nil else { return nil }
        switch op {
        case .count:
            return .success(.number(JSONNumber(held.heldCount)))
        case .distinctUnionOfObjects:
            return nil
        case .sum, .avg, .min, .max:
            let plan = held.elementPlan(readingOnly: key, caseInsensitive: caseInsensitive)
            return accumulate(op) { body in
                for i in 0..<held.heldCount {
                    body(lookup(key, in: held.element(at: i, plan: plan), caseInsensitive: caseInsensitive) ?? .null)
                }
            }
        }
    }

    /// `follow` with the "some element has the key" rule for keys on arrays.
    static func find(_ components: ArraySlice<Component>, from start: JSONValue, caseInsensitive: Bool) -> JSONValue? {
        var current = start
        for component in components {
            switch component {
            case .key(let key):
                let (next, found) = findKey(key, in: current, caseInsensitive: caseInsensitive)
                guard found, let next else { return nil }
                current = next
            case .collection(let op):
                guard case .success(let result)? = heldResult(op, of: current) ?? current.arrayElements.map({ apply(op, to: $0) }) else {
                    return nil
                }
                current = result
            case .index(let n):
                guard let next = element(n, of: current) else { return nil }
                current = next
            }
        }
        return current
    }

    /// A key on `value` as `lookup` evaluates it, and whether it was found: on
    /// an array, whether some element (at any depth) has the key.
    private static func findKey(_ key: String, in value: JSONValue, caseInsensitive: Bool) -> (value: JSONValue?, found: Bool) {
        if case .compact(let held) = value, held.elements != nil {
            // Held in turn, as text: content found through a large held
            // array (`items.@distinctUnionOfObjects.Name`) is as large.
            var out = HeldArrayBuilder()
            var found = false
            let plan = held.elementPlan(readingOnly: key, caseInsensitive: caseInsensitive)
            for i in 0..<held.heldCount {
                let (v, f) = findKey(key, in: held.element(at: i, plan: plan), caseInsensitive: caseInsensitive)
                out.append(v ?? .null)
                found = found || f
            }
            return (.compact(out.finish(plan: .everything)), found)
        }
        guard case .array(let elements) = value else {
            let v = lookup(key, in: value, caseInsensitive: caseInsensitive)
            return (v, v != nil)
        }
        var out: [JSONValue] = []
        out.reserveCapacity(elements.count)
        var found = false
        for element in elements {
            let (v, f) = findKey(key, in: element, caseInsensitive: caseInsensitive)
            out.append(v ?? .null)
            found = found || f
        }
        return (.array(out), found)
    }

    /// One collection operator on an array, or why it has no value
    /// (`OperatorAccumulator`).
    static func apply(_ op: CollectionOperator, to elements: [JSONValue]) -> Result<JSONValue, OperatorProblem> {
        switch op {
        case .count:
            return .success(.number(JSONNumber(elements.count)))
        case .distinctUnionOfObjects:
            return .success(.array(JSONValue.distinct(elements)))
        case .sum, .avg, .min, .max:
            return accumulate(op) { body in for element in elements { body(element) } }
        }
    }

    /// `@sum`, `@avg`, `@min` or `@max` of the elements `forEach` gives,
    /// each read only as far as the operator needs its kind.
    private static func accumulate(_ op: CollectionOperator, _ forEach: ((JSONValue) -> Void) -> Void) -> Result<JSONValue, OperatorProblem> {
        var accumulator = OperatorAccumulator(op)
        forEach { element in
            let kind = element.kind
            accumulator.add(accumulator.reads(kind) ? element : nil, kind: kind)
        }
        return accumulator.result()
    }

    func evaluateMetadata(context: KeyPathContext) -> JSONValue? {
        // `@metadata.mapping.collectionIndex` lives in the context, not the object.
        if components.count >= 2, case .key("mapping") = components[0], case .key("collectionIndex") = components[1] {
            guard let index = context.collectionIndex else { return nil }
            return Self.follow(components.dropFirst(2), from: .number(JSONNumber(index)), caseInsensitive: false)
        }
        if components.isEmpty {
            var object = context.metadata
            if let index = context.collectionIndex {
                var mapping: JSONObject
                if case .object(let m)? = object["mapping"] { mapping = m } else { mapping = JSONObject() }
                mapping["collectionIndex"] = .number(JSONNumber(index))
                object["mapping"] = .object(mapping)
            }
            return .object(object)
        }
        // HTTP header names are case-insensitive (RFC 9110 §5.1): `headers.link` finds `Link`.
        if components.count >= 4, case .key("HTTP") = components[0], case .key("response") = components[1],
           case .key("headers") = components[2], case .key(let name) = components[3] {
            guard case .object(let http)? = context.metadata["HTTP"], case .object(let response)? = http["response"],
                  case .object(let headers)? = response["headers"],
                  let value = headers.value(forKey: name, caseInsensitive: true)
            else { return nil }
            return Self.follow(components.dropFirst(4), from: value, caseInsensitive: false)
        }
        return Self.follow(components[...], from: .object(context.metadata), caseInsensitive: false)
    }
}

extension JSONValue {
    /// Orders two values of the same kind: numbers numerically, strings by Unicode
    /// scalar order, bools false < true. `nil` when the kinds differ or are not
    /// ordered (objects, arrays, null).
    public static func compare(_ a: JSONValue, _ b: JSONValue) -> Int? {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            return JSONNumber.compare(x, y)
        case (.string(let x), .string(let y)):
            return sameText(x, y) ? 0 : (x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) ? -1 : 1)
        case (.bool(let x), .bool(let y)):
            return x == y ? 0 : (!x ? -1 : 1)
        default:
            return nil
        }
    }
}
