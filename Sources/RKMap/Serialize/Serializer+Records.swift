/// Records in, bodies out (docs/spec.md §13 "Records" and "Formats").
extension Serializer {
    /// The records of one document, in the shapes `apply` writes: an object is
    /// one record, each element of an array is one, and an object without
    /// `@type` whose members are all arrays named by descriptors' key paths
    /// (`--shape dictionary`, `""` for the root) holds the records of those
    /// arrays. Each comes with its JSON path. (A `--no-type` record whose
    /// fields are all to-many relationships, `{"comments": [...]}`, is one
    /// record, unless its fields are named as the key paths are.) An
    /// element that is itself an array holds records the same way: `apply`
    /// writes a nested array where the content has one (docs/spec.md §5.2).
    func records(of document: JSONValue, body: (JSONValue, String) -> Void) {
        switch document {
        case .array(let elements):
            for (i, e) in elements.enumerated() { Self.records(in: e, path: "$[\(i)]", body: body) }
        case .object(let o) where o["@type"] == nil && !o.isEmpty && o.members.allSatisfy({ member in
            guard member.value.kind == .array else { return false }
            return graph.descriptors.contains { ($0.keyPathText ?? "") == member.key }
        }):
            for m in o.members {
                let prefix = DocumentPath.render([.key(m.key)])
                switch m.value {
                case .array(let elements):
                    for (i, e) in elements.enumerated() { Self.records(in: e, path: prefix + "[\(i)]", body: body) }
                case .compact(let held) where held.elements != nil:
                    // A large array held as its records' text (`recordPlan`): one record at a time.
                    for i in 0..<held.heldCount { Self.records(in: held.element(at: i), path: prefix + "[\(i)]", body: body) }
                case .compact(let text):
                    guard case .array(let elements) = text.expanded else { continue }
                    for (i, e) in elements.enumerated() { Self.records(in: e, path: prefix + "[\(i)]", body: body) }
                default:
                    continue
                }
            }
        default:
            body(document, "$")
        }
    }

    /// An element of an array of records: one record, or, an array, the
    /// records of its elements at their own paths (`$[1][0]`).
    static func records(in element: JSONValue, path: String, body: (JSONValue, String) -> Void) {
        guard case .array(let elements) = element else { return body(element, path) }
        for (i, e) in elements.enumerated() { records(in: e, path: path + "[\(i)]", body: body) }
    }

    /// Serializes one record and appends its body; a failure appends nothing.
    /// - Returns: false when the record failed (its diagnostic is in `diagnostics`).
    func serialize(record: JSONValue, path: String, document: Int, inputName: String,
                   into out: inout EncodedOutput, diagnostics: inout [Diagnostic]) -> Bool {
        do {
            let (body, notes) = try self.body(for: record, path: path)
            for var note in notes {
                note.file = inputName
                note.message += MappingFailure.documentSuffix(document)
                diagnostics.append(note)
            }
            let start = out.count, deferredBefore = out.deferred.count
            try encode(body, into: &out)
            // docs/spec.md §14: what a server would read otherwise.
            var ambiguous: [(name: String, reason: String)] = []
            var at: String?
            var empties: [(name: String, kind: JSONKind)] = []
            if options.format == .form, case .object(let object) = body {
                // Read back from the held text wherever an array is held:
                // a deferred one is not in `out.bytes`.
                if FormReadBack.holdsArrays(body) || out.deferred.count > deferredBefore {
                    (ambiguous, at, empties) = FormReadBack.readBack(holding: object)
                } else {
                    FormReadBack.ambiguousKeys(body, into: &ambiguous)
                    if ambiguous.isEmpty { at = FormReadBack.difference(object, encoded: Array(out.bytes[start..<(out.count - 1)])) }
                    FormReadBack.empties(body, into: &empties)
                }
            }
            if !ambiguous.isEmpty {
                let names = Self.counted(ambiguous.map { ($0.name, $0.reason) })
                diagnostics.append(Diagnostic(
                    .warning,
                    "this record's form body does not read back as its body: form encoding cannot name \(names.joined(separator: ", ")), "
                        + "which a server reads as other members (use --format json, or map \(ambiguous.count == 1 ? "that key to a plain name" : "those keys to plain names"))"
                        + MappingFailure.documentSuffix(document),
                    file: inputName, location: .jsonPath(path), code: .serializeFailed))
            } else if let at {
                let place = at.isEmpty ? "" : " at '\(at.hasPrefix(".") ? String(at.dropFirst()) : at)'"
                diagnostics.append(Diagnostic(
                    .warning,
                    "this record's form body does not read back as its body\(place): form encoding cannot tell where one object "
                        + "in an array ends when the objects have different keys, nor hold an array in an array; "
                        + "a server would read other records (use --format json, or give the objects the same keys)"
                        + MappingFailure.documentSuffix(document),
                    file: inputName, location: .jsonPath(path), code: .serializeFailed))
            }
            if !empties.isEmpty {
                let names = Self.counted(empties.map { ($0.name, "an empty \($0.kind.rawValue)") })
                diagnostics.append(Diagnostic(
                    .warning,
                    "this record's form body leaves out \(names.joined(separator: ", ")): form encoding writes nothing for an "
                        + "empty array or object, so a server reads \(empties.count == 1 ? "it as absent" : "them as absent") (use --format json to send \(empties.count == 1 ? "it" : "them"))"
                        + MappingFailure.documentSuffix(document),
                    file: inputName, location: .jsonPath(path), code: .serializeFailed))
            }
            return true
        } catch {
            let failure = error.path.hasPrefix("$") ? error : error.below(path)
            diagnostics.append(failure.diagnostic(file: inputName, document: document))
            return false
        }
    }

    /// Each name and what it is, once, in first-seen order, with how many
    /// times it repeats: every element of a large array with an empty
    /// `meta` made one message of 30,000 names (a megabyte).
    static func counted(_ entries: [(name: String, what: String)]) -> [String] {
        struct Key: Hashable {
            let name: ExactText
            let what: String
        }
        var order: [Key] = []
        var counts: [Key: Int] = [:]
        for entry in entries {
            let key = Key(name: ExactText(entry.name), what: entry.what)
            if counts[key] == nil { order.append(key) }
            counts[key, default: 0] += 1
        }
        return order.map { key in
            let count = counts[key]!
            return "'\(key.name.text)' (\(key.what)\(count > 1 ? ", \(count) times" : ""))"
        }
    }

    /// Appends `body` in the run's format, with its line end. A large body
    /// moves into `out` as it is written (`JSONWriter.spill`), and a large
    /// held array in it (`relationship`) is deferred to whoever writes `out`
    /// (`EncodedOutput`): neither is held twice.
    func encode(_ body: JSONValue, into out: inout EncodedOutput) throws(SerializeFailure) {
        switch options.format {
        case .json, .ndjson:
            let spill = SpilledBytes()
            swap(&spill.bytes, &out.bytes)
            spill.defers = out.defers
            var writer = JSONWriter(pretty: options.format == .json && !options.compact, buffer: OutputBuffer(capacity: 256), spill: spill)
            writer.write(body)
            writer.append(UInt8(ascii: "\n"))
            writer.spill = nil
            swap(&spill.bytes, &out.bytes)
            writer.buffer.append(to: &out.bytes)
            out.deferred.append(contentsOf: spill.deferred)
        case .form:
            guard case .object(let object) = body else {
                throw SerializeFailure(
                    "a form-encoded body must be an object of keys and values; this record's body is \(Self.describe(body)) (use --format json)",
                    path: "")
            }
            FormEncoder.encode(object, into: &out)
            out.bytes.append(UInt8(ascii: "\n"))
        }
    }
}
