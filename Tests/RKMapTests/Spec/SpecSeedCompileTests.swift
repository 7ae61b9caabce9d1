import Testing
@testable import RKMap

/// The seed document's examples (004, "Mapping description for RestKit"),
/// verbatim with their typos, compile to the graphs docs/spec.md §1–§3 describe.
@Suite struct SpecSeedCompileTests {
    @Test func quickExample() throws {
        let result = SpecTest.load(SeedSpecs.quickExample)
        #expect(!result.diagnostics.contains { $0.severity == .error })
        let graph = try #require(result.graph)
        #expect(graph.descriptors.count == 1)
        let d = graph.descriptors[0]
        #expect(d.pathPattern?.source == "api/login")
        #expect(d.keyPathText == "member_info")
        #expect(d.keyPath == (try KeyPath(parsing: "member_info")))
        #expect(d.statusCodes == StatusCodeSet(codes: [201, 302], classes: [2, 3]))
        #expect(d.methods == ["POST", "GET"])
        #expect(graph.mappers[d.rootMapper].id == "staffEntity")

        let staff = try #require(SpecTest.object(graph, "staffEntity"))
        #expect(staff.typeName == "NKHouseStaff")
        #expect(staff.isEntity)
        #expect(SpecTest.slotNames(staff) == ["userId", "name", "house"])
        #expect(staff.identification == [0])
        #expect(SpecTest.properties(staff, graph: graph) == ["memIdx->userId", "memNm->name", "->house@houseEntity"])
        guard case .relationship(let info) = staff.slots[2].kind else { Issue.record("house is not a relationship"); return }
        #expect(info.assignmentPolicy == .set)
        #expect(info.many == nil)

        let house = try #require(SpecTest.object(graph, "houseEntity"))
        #expect(house.typeName == "NKHouse")
        #expect(house.isEntity)
        #expect(SpecTest.slotNames(house) == ["houseId", "name"])
        #expect(house.identification == [0])
    }

    @Test func example1DefaultsRootToTheOnlyMapper() throws {
        let result = SpecTest.load(SeedSpecs.example1)
        let graph = try #require(result.graph)
        let d = graph.descriptors[0]
        #expect(d.pathPattern == nil)
        #expect(d.keyPathText == "articles")
        #expect(d.statusCodes == .successful)
        #expect(d.methods == nil)
        #expect(graph.mappers[d.rootMapper].id == "articleObj")
        let article = try #require(SpecTest.object(graph, "articleObj"))
        #expect(!article.isEntity)
        #expect(article.typeName == "Article")
        #expect(SpecTest.slotNames(article) == ["title", "body", "author", "publicationDate"])
        #expect(article.identification.isEmpty)
    }

    @Test func example2Relationship() throws {
        let graph = try #require(SpecTest.load(SeedSpecs.example2).graph)
        let d = graph.descriptors[0]
        #expect(d.pathPattern?.source == "articles")
        #expect(d.methods == ["POST"])
        #expect(graph.mappers[d.rootMapper].id == "articleObj")
        let author = try #require(SpecTest.object(graph, "authorObj"))
        #expect(author.typeName == "Author")
        #expect(SpecTest.slotNames(author) == ["name", "email"])
        let article = try #require(SpecTest.object(graph, "articleObj"))
        #expect(SpecTest.slotNames(article) == ["title", "body", "publicationDate", "author"])
        #expect(SpecTest.properties(article, graph: graph).last == "author->author@authorObj")
        #expect(article.slots[3].isRelationship)
    }

    @Test func example3RelationshipWithoutMapRefIsANilKeyPathAttribute() throws {
        let graph = try #require(SpecTest.load(SeedSpecs.example3).graph)
        #expect(graph.descriptors[0].methods == nil)
        #expect(graph.descriptors[0].keyPathText == "user_ids")
        let user = try #require(SpecTest.object(graph, "userMapping"))
        #expect(user.typeName == "RKExampleUser")
        #expect(SpecTest.slotNames(user) == ["userID"])
        #expect(!user.slots[0].isRelationship)
        #expect(user.mapsNilKeyPath)
        #expect(SpecTest.properties(user, graph: graph) == ["->userID"])
    }

    @Test func example4NestedArrayAttributesAndNilKeyPathRelationship() throws {
        let graph = try #require(SpecTest.load(SeedSpecs.example4).graph)
        let d = graph.descriptors[0]
        #expect(d.keyPath.isNil)
        #expect(d.keyPathText == nil)
        #expect(graph.mappers[d.rootMapper].id == "userMapping")
        let address = try #require(SpecTest.object(graph, "addressMaper"))
        #expect(SpecTest.properties(address, graph: graph) == ["city->city", "state->state", "zip->zipCode"])
        let user = try #require(SpecTest.object(graph, "userMapping"))
        #expect(SpecTest.properties(user, graph: graph) == ["first_name->firstName", "last_name->lastName", "->address@addressMaper"])
        #expect(!user.mapsNilKeyPath)
    }

    @Test(arguments: [SeedSpecs.example6, SeedSpecs.example6Multiple])
    func example6ReferencesAMissingMapper(spec: String) {
        let result = SpecTest.load(spec)
        #expect(result.graph == nil)
        #expect(SpecTest.errors(spec) == [
            "spec.json:5:22: error: unknown mapper 'userMapping'; did you mean 'userMapper'?",
        ])
    }

    @Test func example6CompilesOnceTheReferenceIsFixed() throws {
        let fixed = SeedSpecs.example6Multiple.replacingOccurrences(of: "\"userMapping\"", with: "\"userMapper\"")
        let graph = try #require(SpecTest.load(fixed).graph)
        let user = try #require(SpecTest.object(graph, "userMapper"))
        #expect(user.keyAttributeSlot == 0)
        #expect(user.forceCollection)
        #expect(SpecTest.slotNames(user) == ["username", "email", "favoriteAnimal"])
        #expect(SpecTest.properties(user, graph: graph) == ["email->email", "favorite_animal->favoriteAnimal"])
    }

    @Test func example7ReferencesMissingMappers() {
        let spec = SeedSpecs.example7
        #expect(SpecTest.load(spec).graph == nil)
        let errors = SpecTest.errors(spec)
        #expect(errors.contains("spec.json:5:22: error: unknown mapper 'dynamicMapping'; did you mean 'dynamicMapper'?"))
        #expect(errors.contains("spec.json:47:33: error: unknown mapper '<your reference to mapper-id>' [mapper dynamicMapper]"))
        // The placeholder predicate may also be reported, at its own string.
        #expect(errors.allSatisfy {
            $0.hasPrefix("spec.json:5:22:") || $0.hasPrefix("spec.json:47:33:") || $0.hasPrefix("spec.json:46:32: error: invalid predicate")
        })
    }

    @Test func example7CompilesOnceTheReferencesAreFixed() throws {
        let fixed = SeedSpecs.example7
            .replacingOccurrences(of: "\"dynamicMapping\"", with: "\"dynamicMapper\"")
            .replacingOccurrences(of: "\"<your predicate statement here>\"", with: "\"type == 'Other'\"")
            .replacingOccurrences(of: "\"<your reference to mapper-id>\"", with: "\"boyMappin\"")
        let graph = try #require(SpecTest.load(fixed).graph)
        #expect(graph.mappers[graph.descriptors[0].rootMapper].id == "dynamicMapper")
        let dynamic = try #require(SpecTest.dynamic(graph, "dynamicMapper"))
        #expect(dynamic.matchers.count == 3)
        guard case .expectValue(let keyPath, let value) = dynamic.matchers[0].test else { Issue.record("not expectValue"); return }
        #expect(keyPath.source == "type")
        #expect(value == .string("Boy"))
        #expect(dynamic.matchers[0].mapper.map { graph.mappers[$0].id } == "boyMappin")
        #expect(dynamic.matchers[1].mapper.map { graph.mappers[$0].id } == "girlMappin")
        guard case .predicate(let p) = dynamic.matchers[2].test else { Issue.record("not a predicate"); return }
        #expect(p.source == "type == 'Other'")
        // The cycle boy.friends -> dynamicMapper -> boy is legal.
        let boy = try #require(SpecTest.object(graph, "boyMappin"))
        #expect(SpecTest.properties(boy, graph: graph) == ["name->name", "friends->friends@dynamicMapper"])
    }
}
