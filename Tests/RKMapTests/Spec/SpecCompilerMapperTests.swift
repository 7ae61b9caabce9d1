import Testing
@testable import RKMap

/// Object mappers (docs/spec.md §3.1, §3.2, §3.4, §5.1): attribute forms, field order,
/// identification, booleans, types and defaults.
@Suite struct SpecCompilerMapperTests {
    private func mapper(_ members: String) throws -> (ObjectMapper, MappingGraph) {
        let result = SpecTest.load(SpecTest.mapperSpec(members))
        let graph = try #require(result.graph, "\(result.diagnostics)")
        return (try #require(SpecTest.object(graph, "m")), graph)
    }

    @Test(arguments: [
        (#""attributes": {"publication_date": "publicationDate", "title": "title"}"#,
         ["publication_date->publicationDate", "title->title"]),
        (#""attributes": ["name", "email"]"#, ["name->name", "email->email"]),
        (#""attributes": [["city", "state"], {"zip": "zipCode"}]"#, ["city->city", "state->state", "zip->zipCode"]),
        (#""attributes": ["a", [["b"], "c"], {"d": "e"}, "f"]"#, ["a->a", "b->b", "c->c", "d->e", "f->f"]),
        (#""attributes": null, "relationships": [{"from": "r", "to": "r"}]"#, ["r->r"]),
        (#""attributes": [], "keyAttribute": "k""#, []),
    ])
    func attributeForms(members: String, expected: [String]) throws {
        let (m, graph) = try mapper(members)
        #expect(SpecTest.properties(m, graph: graph) == expected)
    }

    @Test func fieldOrderKeyAttributeAttributesRelationshipsConnections() throws {
        let spec = """
        {"root-map-ref": "m", "mappers": [
          {"id": "author", "target": "Author", "attributes": ["authorId"]},
          {"id": "m", "keyAttribute": "key",
           "connections": [{"relationship": "authors", "sourceAttribute": "authorIds", "target": "Author", "targetAttribute": "authorId"}],
           "relationships": [{"from": "x", "to": "rel", "map-ref": "author"}, {"from": "y", "to": "plain"}],
           "attributes": ["authorIds", "title"]}]}
        """
        let graph = try #require(SpecTest.load(spec).graph)
        let m = try #require(SpecTest.object(graph, "m"))
        #expect(SpecTest.slotNames(m) == ["key", "authorIds", "title", "rel", "plain", "authors"])
        #expect(m.keyAttributeSlot == 0)
        #expect(SpecTest.properties(m, graph: graph) == ["authorIds->authorIds", "title->title", "x->rel@author", "y->plain"])
        #expect(m.connections.count == 1)
        let c = m.connections[0]
        #expect(c.slot == 5 && c.sourceSlot == 1 && c.targetType == "Author" && c.targetAttribute == "authorId")
        guard case .connection = m.slots[5].kind else { Issue.record("authors is not a connection"); return }
        guard case .keyAttribute = m.slots[0].kind else { Issue.record("key is not the key attribute"); return }
    }

    @Test func duplicateDestinationSharesOneSlotAtTheFirstPosition() throws {
        let (m, graph) = try mapper(#""attributes": {"a": "x", "b": "y", "c": "x"}, "relationships": [{"from": "d", "to": "y"}]"#)
        #expect(SpecTest.slotNames(m) == ["x", "y"])
        #expect(SpecTest.properties(m, graph: graph) == ["a->x", "b->y", "c->x", "d->y"])
    }

    @Test func dottedDestinationsBuildPathsAndEscapedDotsDoNot() throws {
        let (m, _) = try mapper(#""attributes": {"city": "address.city", "k": "odd\\.key"}"#)
        #expect(m.slots.map(\.path) == [["address", "city"], ["odd.key"]])
        #expect(m.slots.map(\.name) == ["address.city", "odd.key"])
    }

    @Test func keyAttributePrefixIsStripped() throws {
        let (m, graph) = try mapper(#""keyAttribute": "username", "attributes": {"(username).email": "email", "(username)": "profile", "plain": "p"}"#)
        #expect(SpecTest.properties(m, graph: graph) == ["email->email", "->profile", "plain->p"])
        #expect(m.mapsNilKeyPath)
    }

    @Test(arguments: [
        ("Article", ["title", "id", "ID"], "id"),
        ("Article", ["title", "ID"], "ID"),
        ("Article", ["articleID", "articleId"], "articleId"),
        ("Article", ["url", "articleID"], "articleID"),
        ("NKHouse", ["nKHouseId"], "nKHouseId"),
        ("Article", ["URL", "identifier"], "identifier"),
        ("Article", ["URL", "url"], "url"),
        ("Article", ["URL"], "URL"),
    ])
    func inferredIdentification(type: String, attributes: [String], expected: String) throws {
        let list = attributes.map { "\"\($0)\"" }.joined(separator: ", ")
        let (m, _) = try mapper(#""target": "\#(type)", "entity": true, "attributes": [\#(list)]"#)
        #expect(m.identification.map { m.slots[$0].name } == [expected])
    }

    @Test func noIdentificationInferredWithoutACandidateOrForNonEntities() throws {
        #expect(try mapper(#""entity": true, "attributes": ["name", "Id"]"#).0.identification.isEmpty)
        #expect(try mapper(#""attributes": ["id"]"#).0.identification.isEmpty)
        #expect(try mapper(#""entity": "NO", "identification": "id", "attributes": ["id"]"#).0.identification.isEmpty)
    }

    @Test func declaredIdentificationStringOrArray() throws {
        #expect(try mapper(#""entity": true, "identification": "b", "attributes": ["a", "b"]"#).0.identification == [1])
        #expect(try mapper(#""entity": true, "identification": ["b", "a"], "attributes": ["a", "b", "id"]"#).0.identification == [1, 0])
    }

    @Test(arguments: [("true", true), ("false", false), (#""YES""#, true), (#""NO""#, false)])
    func booleansAcceptYesAndNo(text: String, expected: Bool) throws {
        let (m, _) = try mapper("""
            "entity": \(text), "forceCollection": \(text), "assignsDefaultValueForMissingAttributes": \(text),
            "assignsNilForMissingRelationships": \(text), "attributes": ["a"],
            "relationships": {"from": "r", "to": "r", "map-ref": "m", "many": \(text)}
            """)
        #expect(m.isEntity == expected)
        #expect(m.forceCollection == expected)
        #expect(m.assignsDefaultValueForMissingAttributes == expected)
        #expect(m.assignsNilForMissingRelationships == expected)
        guard case .relationship(let r) = m.properties[1] else { Issue.record("not a relationship"); return }
        #expect(r.many == expected)
    }

    @Test func singleObjectRelationshipWithPolicy() throws {
        let (m, graph) = try mapper(#""relationships": {"from": null, "to": "self", "map-ref": "m", "assignmentPolicy": "union"}"#)
        #expect(SpecTest.properties(m, graph: graph) == ["->self@m"])
        guard case .relationship(let info) = m.slots[0].kind else { Issue.record("not a relationship"); return }
        #expect(info.assignmentPolicy == .union)
        #expect(info.many == nil)
    }

    @Test func typesDefaultsDateFormatsModificationAndValidations() throws {
        let (m, _) = try mapper("""
            "attributes": ["a", "b", "c"], "types": {"a": "number", "b": "date", "c": "int"},
            "defaults": {"c": 0, "a": null}, "dateFormats": ["yyyy"], "entity": true, "modificationAttribute": "c",
            "validations": [{"attribute": "c", "predicate": "SELF > 0", "onFailure": "reject", "message": "bad c"},
                            {"attribute": "a", "predicate": "SELF != nil"}]
            """)
        #expect(m.slots.map(\.type) == [.double, .date, .int])
        #expect(m.defaults == [2: .number(JSONNumber("0")), 0: .null])
        #expect(m.dateFormats.map(\.text) == ["yyyy"])
        #expect(m.modificationSlot == 2)
        #expect(m.validations.map(\.slot) == [2, 0])
        #expect(m.validations.map(\.onFailure) == [.reject, .skip])
        #expect(m.validations.map(\.message) == ["bad c", nil])
        #expect(m.validations[0].predicateSource == "SELF > 0")
    }

    @Test func targetDefaultsToIDAndTargetNameIsAccepted() throws {
        #expect(try mapper(#""attributes": ["a"]"#).0.typeName == "m")
        #expect(try mapper(#""targetName": "T", "attributes": ["a"]"#).0.typeName == "T")
        #expect(try mapper(#""target": "U", "attributes": ["a"]"#).0.typeName == "U")
    }

    /// docs/spec.md §3.1: a mapper with no attributes, no relationships and no
    /// keyAttribute is an error, pointing at a misspelt field when there is one.
    @Test(arguments: [
        (#""target": "T""#, "spec.json:1:21: error: mapper 'm' maps nothing: it has no attributes, no relationships and no keyAttribute; add \"attributes\" or \"relationships\""),
        (#""attributes": null"#, "spec.json:1:21: error: mapper 'm' maps nothing: it has no attributes, no relationships and no keyAttribute; add \"attributes\" or \"relationships\""),
        (#""attributes": [[], {}], "relationships": []"#, "spec.json:1:21: error: mapper 'm' maps nothing: it has no attributes, no relationships and no keyAttribute; add \"attributes\" or \"relationships\""),
        (#""atributes": ["a"]"#, "spec.json:1:26: error: mapper 'm' maps nothing: it has no attributes, no relationships and no keyAttribute; 'atributes' is not a mapper field: did you mean 'attributes'?"),
        (#""relationship": {"from": "a", "to": "a"}"#, "spec.json:1:26: error: mapper 'm' maps nothing: it has no attributes, no relationships and no keyAttribute; 'relationship' is not a mapper field: did you mean 'relationships'?"),
    ])
    func mapperThatMapsNothing(members: String, message: String) {
        #expect(SpecTest.errors(SpecTest.mapperSpec(members)) == [message])
    }
}
