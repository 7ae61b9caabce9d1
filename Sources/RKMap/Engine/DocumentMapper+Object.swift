extension DocumentMapper {
    /// Maps one representation with an object mapper into a record (docs/spec.md §5.1–§5.2, §6, §8).
    ///
    /// - Parameters:
    ///   - representation: what the attribute key paths are evaluated against (for a
    ///     dynamic nesting key, the value under the key).
    ///   - key: the dynamic nesting key, written to the `keyAttribute` slot.
    ///   - composing: the source of a nil-key-path relationship: an unmappable object
    ///     then leaves the relationship absent silently.
    /// - Returns: the record, or `nil` when the object is unmappable or rejected.
    func mapObject(_ representation: JSONValue, with mapper: ObjectMapper, key: String?, composing: Bool) throws(MappingFailure) -> Record? {
        // `rkmap check` tracks reads around the mapping; `apply` pays this one nil check.
        if let tracker = readTracker {
            return try mapObjectTracked(representation, with: mapper, key: key, composing: composing, tracker: tracker)
        }
        return try mapObjectUntracked(representation, with: mapper, key: key, composing: composing)
    }

    /// `mapObject` with the read tracker told which object is being mapped, so
    /// reads by child mappers (`@parent.key`) land on the right object.
    private func mapObjectTracked(
        _ representation: JSONValue, with mapper: ObjectMapper, key: String?, composing: Bool, tracker: ReadObserver
    ) throws(MappingFailure) -> Record? {
        guard case .object(let object) = representation else {
            tracker.discardMatcherReads(parentDepth: context.parents.count)
            return try mapObjectUntracked(representation, with: mapper, key: key, composing: composing)
        }
        // A nil-key-path relationship's source is the parent's own object: what
        // its mapper reads of it counts for the parent's object.
        tracker.open(object, mapper: mapper, path: path.components, parentDepth: context.parents.count, composed: composing)
        do {
            let record = try mapObjectUntracked(representation, with: mapper, key: key, composing: composing)
            // An unmappable or rejected object already has its warning; the
            // members of one that had none of the mapper's keys are reported.
            tracker.close(keep: record != nil, noKeyPresent: record == nil && lastObjectHadNoKeys)
            return record
        } catch {
            tracker.close(keep: false, noKeyPresent: false)
            throw error
        }
    }

    private func mapObjectUntracked(_ representation: JSONValue, with mapper: ObjectMapper, key: String?, composing: Bool) throws(MappingFailure) -> Record? {
        try enter()
        defer { leave() }
        var record = Record(mapper: mapper)
        // The key of a dynamic nesting dictionary counts as a present value.
        var present = key != nil
        if let slot = mapper.keyAttributeSlot, let key {
            // Typed like any attribute (`"types": {"pageId": "int"}`): the
            // key is text in the document, as RestKit's transformer sees it.
            if let converted = convert(.string(key), slot: slot, of: mapper) { record.fields[slot] = .value(converted) }
        }
        let steps = mapper.steps
        // An object of a few members under a wide mapper: the steps its keys
        // name and those that act on a missing source, in order (`KeySkipIndex`).
        var order: [Int]?
        if let sparse = mapper.sparseSteps, case .object(let object) = representation,
           !(streamedCount >= 0 && streamedStep?.mapper === mapper) {
            order = sparse.order(of: object, caseInsensitive: caseInsensitive)
        }
        for k in 0..<(order?.count ?? steps.count) {
            let i = order?[k] ?? k
            let slot = steps[i].slot
            let source: JSONValue?
            if steps[i].sourceIsNil {
                source = representation
            } else if streamedCount >= 0, depth == streamedDepth, streamedStep?.mapper === mapper, streamedCounting.contains(i) {
                // `items.@count` of the streamed array, which the record's
                // object holds empty: the splitter counted its elements.
                source = .number(JSONNumber(streamedCount))
            } else if steps[i].anchoredAtRepresentation {
                source = steps[i].source.evaluate(on: representation, caseInsensitive: caseInsensitive)
            } else {
                source = steps[i].source.evaluate(on: representation, context: context)
            }
            guard let target = steps[i].target else {
                // An attribute.
                guard let source else {
                    // An `@sum`/`@avg` without a representable result is a warning (docs/spec.md §4).
                    if steps[i].source.usesArithmetic,
                       let problem = steps[i].source.arithmeticProblem(on: representation, context: context) {
                        warn(.arithmetic(keyPath: steps[i].source.source, problem: problem),
                             mapper: mapper, attribute: mapper.slots[slot].name)
                        continue
                    }
                    if let fallback = mapper.defaults[slot] {
                        record.fields[slot] = .value(fallback)
                    } else if mapper.assignsDefaultValueForMissingAttributes {
                        record.fields[slot] = .value(.null)
                    }
                    continue
                }
                if !present, !steps[i].anchoredOutside { present = isFound(steps[i], in: representation) }
                if let converted = convert(source, slot: slot, of: mapper, from: steps[i].source, in: representation) {
                    record.fields[slot] = .value(converted)
                }
                continue
            }
            guard let source else {
                if mapper.assignsNilForMissingRelationships { record.fields[slot] = .value(.null) }
                continue
            }
            if !present, !steps[i].anchoredOutside { present = isFound(steps[i], in: representation) }
            if let value = try mapRelationship(
                from: steps[i].source, to: target, many: steps[i].many, slot: slot,
                source: source, parent: representation, in: mapper
            ) {
                record.fields[slot] = value
            }
        }
        guard present else {
            lastObjectHadNoKeys = true
            stats.unmappable += 1
            if !composing {
                let keys = mapper.steps.compactMap { $0.anchoredOutside ? nil : $0.source.source }
                warn(keys.isEmpty ? .readsNoKeys : .noMappedKeyPresent(keys: keys), mapper: mapper)
            }
            return nil
        }
        if !mapper.validations.isEmpty {
            guard try validate(&record) else {
                lastObjectHadNoKeys = false
                return nil
            }
        }
        // After validations: a skipped field or a rejected record gives way to nothing.
        if !mapper.nestings.isEmpty { checkNestings(record) }
        // Connections are looked up after the document: a value none finds
        // is reported where the record was mapped.
        if !mapper.connections.isEmpty { record.path = path.rendered }
        if keysByIdentity, mapper.isEntity, !mapper.identification.isEmpty { noteIdentity(&record) }
        try countRecord(of: mapper)
        return record
    }

    /// A record the output stores under its identification values
    /// (`keysByIdentity`) that has none, or one it would keep as another
    /// record's key, carries why and where (`Record.unstorable`): the output
    /// refuses the document with that place when it comes to write the
    /// record (docs/spec.md §10.4), and a record it never writes fails nothing.
    private func noteIdentity(_ record: inout Record) {
        guard let problem = SQLiteSink.identityProblem(of: record) else { return }
        let mapper = record.mapper
        let name = mapper.slots[problem.slot].name
        record.unstorable = UnstorableRecord(
            message: problem.message(type: mapper.typeName, attribute: name), path: path.rendered, mapperID: mapper.id, attribute: name)
    }

    /// Whether a source that evaluated to a value counts as present for the
    /// mappable check (docs/spec.md §2, §5.2): a key path through an array
    /// (`tags.name`) is present only if some element has the key. Checked only
    /// while no source of the object was present yet, and only for paths that
    /// can collect, so ordinary objects pay one flag test per source.
    private func isFound(_ step: PropertyStep, in representation: JSONValue) -> Bool {
        guard step.mayCollect else { return true }
        return step.source.find(in: representation, context: context) != nil
    }

    /// The value at a source key path; paths anchored at the representation (all
    /// but `@root`/`@parent`/`@metadata` ones) skip the context.
    func value(at keyPath: KeyPath, in representation: JSONValue) -> JSONValue? {
        if keyPath.anchor == .representation {
            return keyPath.evaluate(on: representation, caseInsensitive: caseInsensitive)
        }
        return keyPath.evaluate(on: representation, context: context)
    }

    /// Dotted fields (`address.city`) are written into the object or to-one
    /// record of the destination they nest in (`address`), as RestKit's
    /// key-value coding sets `user.address.city`; a value of another kind (a
    /// string, an array, a to-many relationship's records) cannot hold them
    /// and gives way (`RecordEncoder.nest`): a warning, never a quiet loss.
    func checkNestings(_ record: Record) {
        for (outer, inner) in record.mapper.nestings {
            guard let field = record.fields[outer], inner.contains(where: { record.fields[$0] != nil }) else { continue }
            let kind: String
            switch field {
            case .record: continue
            case .value(.object), .value(.null): continue
            case .value(let value): kind = value.kind.rawValue
            case .many: kind = "to-many relationship's records"
            }
            let slots = record.mapper.slots
            let names = inner.filter { record.fields[$0] != nil }.map { "'\(slots[$0].name)'" }.joined(separator: ", ")
            warn(.nestedGivesWay(outer: slots[outer].name, kind: kind, inner: names), mapper: record.mapper, attribute: slots[outer].name)
        }
    }

    /// Converts an attribute value to its slot's declared type (docs/spec.md §6). A value
    /// that cannot be converted is a warning, and the attribute is left absent.
    /// The warning's JSON path ends at the value (`$.articles[3].id`, docs/spec.md
    /// §11) for a source read from the representation; `sourcePath` is pushed
    /// only when there is a warning, so conversions that succeed pay nothing.
    func convert(
        _ value: JSONValue, slot: Int, of mapper: ObjectMapper, from sourcePath: KeyPath = .empty, in object: JSONValue? = nil
    ) -> JSONValue? {
        guard let type = mapper.slots[slot].type, type != .any else { return value }
        if case .null = value { return .null }
        let dates = type == .date ? runtime.dateParser(for: mapper) : runtime.defaultDateParser
        switch ValueConverter.convert(value, to: type, dates: dates) {
        case .success(let converted):
            // docs/spec.md §6 reads a string holding a number as seconds since
            // 1970: a year alone ("2008", FHIR's partial dates) is read so, a
            // plausible-looking instant in 1970. Kept, and said.
            if type == .date, case .string(let text) = value, Self.looksLikeAYear(text), dates.readsAsNumber(text),
               case .string(let instant) = converted {
                let pushed = sourcePath.anchor == .representation ? path.push(sourcePath, from: object, caseInsensitive: caseInsensitive) : 0
                defer { path.pop(pushed) }
                let unit = dates.numericDates == .milliseconds ? "milliseconds" : "seconds"
                warn(.conversion("string \"\(text)\" was read as \(text) \(unit) since 1970 (\(instant)), as a string holding a number is; "
                    + "if it is a year, add \"yyyy\" to \"dateFormats\""), mapper: mapper, attribute: mapper.slots[slot].name)
            }
            return converted
        case .failure(let error):
            let pushed = sourcePath.anchor == .representation ? path.push(sourcePath, from: object, caseInsensitive: caseInsensitive) : 0
            defer { path.pop(pushed) }
            warn(.conversion(error.message), mapper: mapper, attribute: mapper.slots[slot].name)
            return nil
        }
    }

    /// Four digits from 1000 to 9999: a year, if anything.
    static func looksLikeAYear(_ text: String) -> Bool {
        let bytes = text.utf8
        return bytes.count == 4 && bytes.first != UInt8(ascii: "0") && bytes.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
    }

    /// Runs the mapper's validations on the record's final values (docs/spec.md §8).
    /// - Returns: `false` when a `reject` validation dropped the record.
    func validate(_ record: inout Record) throws(MappingFailure) -> Bool {
        for validation in record.mapper.validations {
            guard case .value(let value)? = record.fields[validation.slot] else { continue }
            let text: String
            do {
                if try validation.predicate.evaluate(value, context: context) { continue }
                text = validation.message ?? "validation of \(validation.attribute) failed: \(validation.predicateSource)"
            } catch {
                // A value the predicate cannot decide is not validated (docs/spec.md §8, §9):
                // it takes the failure path, with the reason instead of a plain "failed".
                text = "validation of \(validation.attribute) cannot be decided: \(error)"
            }
            switch validation.onFailure {
            case .skip:
                warn(.validationSkipped(text), mapper: record.mapper, attribute: validation.attribute)
                record.fields[validation.slot] = nil
            case .reject:
                warn(.validationRejected(text), mapper: record.mapper, attribute: validation.attribute)
                stats.rejected += 1
                return false
            case .fail:
                warn(.validationFailed(text), mapper: record.mapper, attribute: validation.attribute)
                throw MappingFailure(.validation, message: text, path: path.rendered, mapperID: record.mapper.id, attribute: validation.attribute)
            }
        }
        return true
    }
}
