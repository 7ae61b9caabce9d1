import Testing
@testable import RKMap

/// A slot keeps an array of names only for a destination that is not one
/// plain name (docs/spec.md §5.1); `path` reads the same either way, and a
/// mapper's `properties` are made back from its steps as they were given.
@Suite struct SlotPathTests {
    @Test func aPlainNameReadsAsAOneNamePath() {
        let slot = Slot(name: "title", path: ["title"], kind: .attribute, type: nil)
        #expect(slot.path == ["title"])
        #expect(slot.isPlainName)
        #expect(slot.firstName == "title" && slot.lastName == "title")
    }

    @Test func aDottedDestinationKeepsItsNames() {
        let slot = Slot(name: "address.city", path: ["address", "city"], kind: .attribute, type: nil)
        #expect(slot.path == ["address", "city"])
        #expect(!slot.isPlainName)
        #expect(slot.firstName == "address" && slot.lastName == "city")
    }

    /// `odd\.key` is one name with a dot in it: one element, the name itself.
    @Test func anEscapedDotIsOneName() {
        let slot = Slot(name: "odd.key", path: ["odd.key"], kind: .attribute, type: nil)
        #expect(slot.path == ["odd.key"])
        #expect(slot.isPlainName)
    }

    /// A path whose one name is another spelling of the slot's name (NFD
    /// against NFC) is kept as given: names compare by code units (spec §4).
    @Test func anotherSpellingOfTheNameIsKept() {
        let slot = Slot(name: "caf\u{E9}", path: ["cafe\u{301}"], kind: .attribute, type: nil)
        #expect(!slot.isPlainName)
        #expect(slot.path.count == 1 && JSONValue.sameText(slot.path[0], "cafe\u{301}"))
    }

    @Test func settingThePathKeepsIt() {
        var slot = Slot(name: "a", path: ["a"], kind: .attribute, type: nil)
        slot.path = ["a", "b"]
        #expect(slot.path == ["a", "b"] && !slot.isPlainName)
        slot.path = ["a"]
        #expect(slot.path == ["a"] && slot.isPlainName)
    }

    /// A slot holds its kind and a dotted path in one word (`Shape`): each
    /// combination reads back as it was given, and setting one keeps the other.
    @Test func theKindAndThePathReadBackTogether() {
        let info = RelationshipInfo(mapper: 2, many: false, assignmentPolicy: .set)
        var slot = Slot(name: "owner.login", path: ["owner", "login"], kind: .relationship(info), type: .string)
        guard case .relationship(let read) = slot.kind else {
            Issue.record("kind changed: \(slot.kind)")
            return
        }
        #expect(read.mapper == 2 && read.many == false)
        #expect(slot.path == ["owner", "login"] && slot.type == .string && slot.isRelationship)
        slot.kind = .attribute
        #expect(slot.path == ["owner", "login"] && !slot.isPlainName && !slot.isRelationship)
        slot.path = ["owner.login"]
        #expect(slot.isPlainName && slot.path == ["owner.login"])
        if case .attribute = slot.kind {} else { Issue.record("kind changed: \(slot.kind)") }
        slot.kind = .keyAttribute
        if case .keyAttribute = slot.kind {} else { Issue.record("kind changed: \(slot.kind)") }
        #expect(slot.isPlainName && !slot.isRelationship)
    }

    /// A mapper's steps are read in place from one allocation: each is the
    /// mapping it was made from, in order, and one past the end is refused.
    @Test func aMappersStepsAreItsMappingsInOrder() throws {
        let paths = try ["a", "b.c", "@root.d", "", "odd\\.key"].map { try KeyPath(parsing: $0) }
        let steps = PropertySteps(paths.enumerated().map { i, path in
            PropertyMapping.attribute(AttributeMapping(source: path, slot: i, location: SourceLocation(line: i + 1, column: 2)))
        })
        #expect(steps.count == 5)
        #expect(steps.map(\.source) == paths)
        #expect(steps.map(\.slot) == [0, 1, 2, 3, 4])
        #expect(steps.map(\.anchoredOutside) == [false, false, true, false, false])
        #expect(steps.map(\.anchoredAtRepresentation) == [true, true, false, true, true])
        #expect(steps.map(\.sourceIsNil) == [false, false, false, true, false])
        #expect(steps.map(\.mayCollect) == [false, true, false, false, false])
        #expect(steps.allSatisfy { $0.target == nil && $0.many == nil })
        #expect(steps[4].location == SourceLocation(line: 5, column: 2))
        let related = PropertyStep(.relationship(RelationshipMapping(
            source: paths[0], slot: 7, mapper: 3, many: false, location: SourceLocation(line: 1, column: 1))))
        #expect(related.target == 3 && related.many == false && related.slot == 7)
        let unknown = PropertyStep(.relationship(RelationshipMapping(
            source: paths[0], slot: 0, mapper: 0, many: nil, location: SourceLocation(line: 1, column: 1))))
        #expect(unknown.target == 0 && unknown.many == nil)
        #expect(PropertySteps([]).isEmpty)
    }

    @Test func aMappersPropertiesAreTheMappingsItWasGiven() throws {
        let source = try KeyPath(parsing: "user.name")
        let related = try KeyPath(parsing: "tags")
        let slots = [
            Slot(name: "name", path: ["name"], kind: .attribute, type: nil),
            Slot(name: "tags", path: ["tags"], kind: .relationship(RelationshipInfo(mapper: 1, many: true, assignmentPolicy: .set)), type: nil),
        ]
        let mapper = ObjectMapper(
            id: "m", typeName: "M", isEntity: false, identification: [], modificationSlot: nil, slots: slots,
            keyAttributeSlot: nil, forceCollection: false,
            properties: [
                .attribute(AttributeMapping(source: source, slot: 0, location: SourceLocation(line: 3, column: 7))),
                .relationship(RelationshipMapping(source: related, slot: 1, mapper: 1, many: true, location: SourceLocation(line: 4, column: 9))),
            ],
            connections: [], defaults: [:], assignsDefaultValueForMissingAttributes: false,
            assignsNilForMissingRelationships: false, validations: [], dateFormats: [], location: SourceLocation(line: 1, column: 1))
        let properties = mapper.properties
        #expect(properties.count == 2)
        guard case .attribute(let a) = properties[0], case .relationship(let r) = properties[1] else {
            Issue.record("kinds changed: \(properties)")
            return
        }
        #expect(a.source == source && a.slot == 0 && a.location == SourceLocation(line: 3, column: 7))
        #expect(r.source == related && r.slot == 1 && r.mapper == 1 && r.many == true && r.location == SourceLocation(line: 4, column: 9))
    }
}
