import Foundation
@testable import RKMap
import Testing

/// The round-trip property of docs/spec.md §13 and §14, through the binary, on
/// every example spec and fixture in the repository whose spec loses nothing:
///
/// 1. `apply` then `serialize` gives back exactly the input's mapped members
///    (the input projected on the mapper's writable source key paths);
/// 2. `serialize --format form` then `apply --input-format form` gives back the
///    serialized JSON body, with scalars as strings.
///
/// The projection below is computed from the *input* and the spec, not from
/// rkmap's own inverter, so the two can disagree.
@Suite struct SerializeRoundTripTests {
    struct Example: CustomStringConvertible, Sendable {
        var name: String
        var spec: URL
        var input: URL
        var description: String { name }
    }

    /// `specs/NAME.json` with `fixtures/examples/NAME.input.json`, and golden
    /// cases whose command is a plain `apply spec.json input.json`.
    static let examples: [Example] = {
        let root = RKMapExecutable.repositoryRoot
        var found: [Example] = []
        let fm = FileManager.default
        let specs = root.appendingPathComponent("specs")
        for file in (try? fm.contentsOfDirectory(atPath: specs.path))?.sorted() ?? [] where file.hasSuffix(".json") {
            let name = String(file.dropLast(5))
            let input = root.appendingPathComponent("fixtures/examples/\(name).input.json")
            if fm.fileExists(atPath: input.path) {
                found.append(Example(name: "specs/" + name, spec: specs.appendingPathComponent(file), input: input))
            }
        }
        let cases = root.appendingPathComponent("fixtures/cases")
        for dir in (try? fm.contentsOfDirectory(atPath: cases.path))?.sorted() ?? [] {
            let d = cases.appendingPathComponent(dir)
            guard let cmd = try? String(contentsOf: d.appendingPathComponent("cmd"), encoding: .utf8) else { continue }
            let words = cmd.split(whereSeparator: \.isWhitespace).map(String.init).filter { $0 != "rkmap" }
            // Plain mapping of one file: no request facts, no other output shapes.
            guard words.count >= 3, words[0] == "apply", words[2].hasSuffix(".json"),
                  words.dropFirst(3).allSatisfy({ $0 == "--compact" }),
                  !fm.fileExists(atPath: d.appendingPathComponent("expected.code").path)
            else { continue }
            found.append(Example(name: "cases/" + dir, spec: d.appendingPathComponent(words[1]), input: d.appendingPathComponent(words[2])))
        }
        return found
    }()

    @Test func theRepositoryHasExamplesToCheck() {
        #expect(Self.examples.count >= 9)
        let checked = Self.examples.filter { example in
            do { return try Self.lossless(example) == nil } catch { return false }
        }
        #expect(checked.count >= 9, "most examples qualify for the round trip")
    }

    @Test(arguments: examples)
    func applyThenSerializeGivesBackTheMappedMembers(_ example: Example) throws {
        if let reason = try Self.lossless(example) {
            print("round trip: skipped \(example.name): \(reason)")
            return
        }
        let graph = try #require(try Self.load(example))
        let input = try Self.documents(Array(Data(contentsOf: example.input)))
        let applied = try RKMapExecutable.run(["apply", example.spec.path, example.input.path, "--format", "json", "--compact"])
        try #require(applied.status == 0, "\(applied)")
        let outputs = try Self.documents(applied.stdoutBytes)
        if outputs.contains(where: { if case .array(let records) = $0 { records.contains { if case .array = $0 { true } else { false } } } else { false } }) {
            print("round trip: skipped \(example.name): nested collections (arrays of arrays) are not records (§13)")
            return
        }
        let serialized = try RKMapExecutable.run(["serialize", example.spec.path, "--format", "ndjson"], stdin: applied.stdoutBytes)
        #expect(serialized.status == 0, "\(serialized)")
        let bodies = try Self.documents(serialized.stdoutBytes)

        var expected: [JSONValue] = []
        for (document, output) in zip(input, outputs) {
            guard case .array(let records) = output else { Issue.record("apply wrote \(output)"); return }
            var representations: [(JSONValue, MapperRef)] = []
            for descriptor in graph.descriptors {
                guard let content = KeyPath.follow(descriptor.keyPath.components[...], from: document, caseInsensitive: false) else { continue }
                representations += Self.roots(content, ref: descriptor.rootMapper, graph: graph)
            }
            guard representations.count == records.count else {
                print("round trip: skipped \(example.name): \(representations.count) representations, \(records.count) records (declined or unmappable elements)")
                return
            }
            for ((rep, ref), record) in zip(representations, records) {
                do {
                    expected.append(try Self.project(rep, record: record, ref: ref, graph: graph))
                } catch let error as Mismatch {
                    print("round trip: skipped \(example.name): \(error.message)")
                    return
                }
            }
        }
        #expect(bodies.map(Self.canonical) == expected.map(Self.canonical), "\(example.name)")
    }

    @Test(arguments: examples)
    func formThenApplyGivesBackTheBody(_ example: Example) throws {
        guard try Self.lossless(example) == nil else { return }
        let applied = try RKMapExecutable.run(["apply", example.spec.path, example.input.path, "--format", "ndjson"])
        try #require(applied.status == 0, "\(applied)")
        let json = try RKMapExecutable.run(["serialize", example.spec.path, "--format", "ndjson"], stdin: applied.stdoutBytes)
        let form = try RKMapExecutable.run(["serialize", example.spec.path, "--format", "form"], stdin: applied.stdoutBytes)
        let bodies = try Self.documents(json.stdoutBytes)
        guard form.status == 0, bodies.allSatisfy({ if case .object = $0 { true } else { false } }) else {
            print("round trip: skipped form for \(example.name): a body is not an object")
            return
        }
        let lines = form.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(lines.count == bodies.count)
        // The records whose body serialize says does not read back (by
        // document number, 1 when the message has none, §11).
        var warned: Set<Int> = []
        for message in form.stderr.split(separator: "\n") where message.contains("form body does not read back") {
            let number = message.range(of: "(document ").map { Int(message[$0.upperBound...].prefix { $0.isNumber }) ?? 0 } ?? 1
            warned.insert(number)
        }
        for (i, (line, body)) in zip(lines, bodies).enumerated() {
            guard case .object(let object) = body, !warned.contains(i + 1) else {
                print("round trip: skipped a form body of \(example.name): serialize warns that it does not read back")
                continue
            }
            // An identity spec for this body's top-level keys.
            let keys = object.members.map(\.key).filter { !$0.contains(".") && !$0.hasPrefix("@") && !$0.contains("[") }
            guard keys.count == object.count, !keys.isEmpty else { continue }
            let spec = JSONWriter.serialize(.object(JSONObject([("mappers", .array([.object(JSONObject([
                ("id", .string("body")), ("attributes", .array(keys.map { .string($0) }))])) ]))])), pretty: false)
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rkmap-roundtrip-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let specURL = dir.appendingPathComponent("identity.json")
            try Data(spec.utf8).write(to: specURL)
            let back = try RKMapExecutable.run(
                ["apply", specURL.path, "--input-format", "form", "--format", "ndjson", "--no-type"], stdin: Array((line + "\n").utf8))
            #expect(back.status == 0, "\(back)")
            let decoded = try Self.documents(back.stdoutBytes)
            // Form keys are sorted (§13): compare keys, values and nesting.
            #expect(decoded.map(Self.canonical) == [Self.asForm(body)].compactMap { $0 }.map(Self.canonical), "\(example.name): \(line)")
        }
    }

    // MARK: The property's reference

    /// Why the example's spec loses information (so the round trip cannot hold), or `nil`.
    static func lossless(_ example: Example) throws -> String? {
        guard let graph = try load(example) else { return "the spec does not load" }
        if graph.options.caseInsensitiveKeys { return "caseInsensitive key matching" }
        for mapper in graph.objectMappers {
            if !mapper.defaults.isEmpty || mapper.assignsDefaultValueForMissingAttributes { return "defaults in \(mapper.id)" }
            if !mapper.validations.isEmpty { return "validations in \(mapper.id)" }
            if mapper.assignsNilForMissingRelationships { return "assignsNilForMissingRelationships in \(mapper.id)" }
            for p in mapper.properties {
                if case .relationship(let r) = p, r.many == true { return "\"many\": true wraps objects in \(mapper.id)" }
            }
            // A dotted destination into another field (`address.city` beside `address`) overwrites it.
            let names = Set(mapper.slots.filter { $0.path.count == 1 }.map(\.name))
            if let slot = mapper.slots.first(where: { $0.path.count > 1 && names.contains($0.path[0]) }) {
                return "destination '\(slot.name)' writes into another field in \(mapper.id)"
            }
            for slot in mapper.slots {
                switch slot.type {
                case nil, .any?, .array?: continue
                case .date?:
                    if mapper.dateFormats.isEmpty, graph.options.dateFormats.isEmpty { return "a date without a wire format in \(mapper.id)" }
                default: return "type \(slot.type!.rawValue) converts values in \(mapper.id)"
                }
            }
            var destinations: Set<Int> = []
            for p in mapper.properties {
                let slot: Int
                switch p { case .attribute(let a): slot = a.slot; case .relationship(let r): slot = r.slot }
                if !destinations.insert(slot).inserted { return "two mappings write one destination in \(mapper.id)" }
            }
        }
        return nil
    }

    static func load(_ example: Example) throws -> MappingGraph? {
        SpecLoader.load(bytes: Array(try Data(contentsOf: example.spec)), file: example.spec.lastPathComponent).graph
    }

    static func documents(_ bytes: [UInt8]) throws -> [JSONValue] {
        var reader = JSONDocumentReader(bytes: bytes)
        var values: [JSONValue] = []
        while let v = try reader.next() { values.append(v) }
        return values
    }

    /// The root representations of content, as `apply` maps them (§5.2, §5.3).
    static func roots(_ content: JSONValue, ref: MapperRef, graph: MappingGraph) -> [(JSONValue, MapperRef)] {
        switch content {
        case .null: return []
        case .array(let elements): return elements.flatMap { roots($0, ref: ref, graph: graph) }
        case .object(let o):
            if case .object(let m) = graph.mappers[ref], m.forceCollection {
                return o.members.map { (.object(JSONObject([($0.key, $0.value)])), ref) }
            }
            return [(content, ref)]
        default: return [(content, ref)]
        }
    }

    /// The members of `rep` that mapper `ref` reads through writable key paths,
    /// at their source key paths. `record` is what apply made of `rep` (it
    /// names the dynamic mapper's choice and aligns related records).
    static func project(_ rep: JSONValue, record: JSONValue, ref: MapperRef, graph: MappingGraph) throws -> JSONValue {
        var mapper: ObjectMapper
        var discriminator: ([String], JSONValue)?
        switch graph.mappers[ref] {
        case .object(let m): mapper = m
        case .dynamic(let d):
            guard case .string(let type)? = record["@type"],
                  let m = MapperInversion.members(of: ref, mappers: graph.mappers).first(where: { $0.typeName == type })
            else { throw Mismatch(message: "no member for \(record)") }
            mapper = m
            // §13: the body keeps what chose the member, the first matcher
            // that names it directly by value (`type` = "Boy").
            let member = graph.mappers.firstIndex { $0.id == m.id }
            for matcher in d.matchers {
                var path: KeyPath?
                switch matcher.test {
                case .expectValue(let p, _) where matcher.mapper == member: path = p
                case .valueMap(let p, let map) where map.values.contains(where: { $0 == member }): path = p
                default: break
                }
                guard let path else { continue }
                discriminator = path.keys.count == path.components.count && path.anchor == .representation
                    ? KeyPath.follow(path.components[...], from: rep, caseInsensitive: false).map { (path.keys, $0) } : nil
                break
            }
        }
        var inner = rep
        var key: String?
        if mapper.keyAttributeSlot != nil, case .object(let o) = rep, o.count == 1 {
            key = o.members[0].key
            inner = o.members[0].value
        }
        var result = JSONObject()
        var whole: JSONValue?
        for p in mapper.properties {
            let source: KeyPath, slot: Int, target: MapperRef?
            switch p {
            case .attribute(let a): (source, slot, target) = (a.source, a.slot, nil)
            case .relationship(let r): (source, slot, target) = (r.source, r.slot, r.mapper)
            }
            guard source.isWritable else { continue }
            let value = source.keys.isEmpty ? inner : KeyPath.follow(source.components[...], from: inner, caseInsensitive: false)
            guard let value else { continue }
            guard let target else {
                var value = value
                if mapper.slots[slot].type == .date, case .string(let text) = value {
                    // Dates come back in their wire format (§13).
                    let parser = DateParser(formats: mapper.dateFormats + graph.options.dateFormats, zone: graph.options.timeZone)
                    let writer = DateWriter(format: (mapper.dateFormats + graph.options.dateFormats).first, zone: graph.options.timeZone, milliseconds: false)
                    if let ms = parser.parse(text), let written = try? writer.write(epochMilliseconds: ms) { value = written }
                }
                if source.keys.isEmpty { whole = value } else { Serializer.set(&result, source.keys[...], value) }
                continue
            }
            let related = Serializer.lookup(record.objectValue ?? JSONObject(), mapper.slots[slot].path)
            let projected: JSONValue
            switch (value, related) {
            case (.null, _): projected = .null
            case (_, nil): continue  // declined or unmappable: apply left it absent
            case (.array(let reps), .array(let records)?):
                guard reps.count == records.count else { throw Mismatch(message: "declined elements under \(mapper.id)") }
                projected = .array(try zip(reps, records).map { try project($0, record: $1, ref: target, graph: graph) })
            case (.object(let o), .array(let records)?):
                // A forceCollection dictionary: one record per key.
                var merged = JSONObject()
                for (m, r) in zip(o.members, records) {
                    if case .object(let one) = try project(.object(JSONObject([(m.key, m.value)])), record: r, ref: target, graph: graph) {
                        for x in one.members { merged[x.key] = x.value }
                    }
                }
                projected = .object(merged)
            case (_, let r?):
                projected = try project(value, record: r, ref: target, graph: graph)
            }
            if source.keys.isEmpty, case .object(let o) = projected {
                for m in o.members { result[m.key] = m.value }
            } else {
                Serializer.set(&result, source.keys[...], projected)
            }
        }
        if let (keys, value) = discriminator, Serializer.lookup(result, keys) == nil { Serializer.set(&result, keys[...], value) }
        var body: JSONValue = result.isEmpty && whole != nil ? whole! : .object(result)
        if let key { body = .object(JSONObject([(key, body)])) }
        return body
    }

    struct Mismatch: Error { var message: String }

    /// Objects with members sorted, recursively: the round trip promises the
    /// same keys, values and nesting; order is the golden cases' business.
    static func canonical(_ v: JSONValue) -> JSONValue {
        switch v {
        case .object(let o):
            return .object(JSONObject(uniqueMembers: o.members.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: canonical($0.value)) }))
        case .array(let a): return .array(a.map(canonical))
        default: return v
        }
    }

    /// What a body becomes through form encoding: scalars as strings, empty
    /// objects and arrays gone (they give no pair).
    static func asForm(_ v: JSONValue) -> JSONValue? {
        switch v {
        case .compact(let c): return asForm(c.expanded)
        case .null: return .null
        case .bool(let b): return .string(b ? "true" : "false")
        case .number(let n): return .string(n.text)
        case .string: return v
        case .array(let a):
            let kept = a.compactMap(asForm)
            return kept.isEmpty ? nil : .array(kept)
        case .object(let o):
            var out = JSONObject()
            for m in o.members { if let x = asForm(m.value) { out[m.key] = x } }
            return out.isEmpty ? nil : .object(out)
        }
    }
}

extension JSONValue {
    fileprivate var objectValue: JSONObject? { if case .object(let o) = self { return o } else { return nil } }
}
