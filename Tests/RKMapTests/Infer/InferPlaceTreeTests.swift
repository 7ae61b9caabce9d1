import Testing
@testable import RKMap

/// The place tree's answers: one place per path, told apart by key (by
/// code units), by array level and by discriminators; the same place each
/// time a path is met, whatever the member order; nothing recorded past
/// its capacity. `InferSampleSetTests+Places` checks that skipping settled
/// questions never changes a spec; these check the places themselves.
@Suite struct InferPlaceTreeTests {
    @Test func aMemberHasOnePlaceWhereverItIsMetInItsObject() throws {
        let tree = Tree()
        let root = InferPlaceTree.root
        let a = try #require(tree.member("a", at: 0, of: root))
        let b = try #require(tree.member("b", at: 1, of: root))
        // Numbered as they are met (the spec does not depend on the
        // numbers, but which places a full tree still records does).
        #expect(a == 1 && b == 2)
        // The same keys in another order, and again in the first.
        #expect(tree.member("b", at: 0, of: root) == b)
        #expect(tree.member("a", at: 1, of: root) == a)
        #expect(tree.member("a", at: 0, of: root) == a)
        #expect(tree.member("b", at: 1, of: root) == b)
        // Met at a position past the last object's members.
        #expect(tree.member("a", at: 5, of: root) == a)
        #expect(tree.open.count == 3)
    }

    @Test func aKeyUnderAnotherObjectIsAnotherPlace() throws {
        let tree = Tree()
        let user = try #require(tree.member("user", at: 0, of: InferPlaceTree.root))
        let owner = try #require(tree.member("owner", at: 1, of: InferPlaceTree.root))
        let userName = try #require(tree.member("name", at: 0, of: user))
        let ownerName = try #require(tree.member("name", at: 0, of: owner))
        let rootName = try #require(tree.member("name", at: 2, of: InferPlaceTree.root))
        #expect(Set([userName, ownerName, rootName, user, owner]).count == 5)
        #expect(tree.member("name", at: 0, of: owner) == ownerName)
        #expect(tree.member("name", at: 3, of: user) == userName)
    }

    /// Keys are told apart by code units, as a spec's keys are matched:
    /// `"é"` and `"e\u{301}"` (one text to Swift's `==`) are two places, and
    /// so are keys that share a prefix. The empty key is a key.
    @Test func keysAreComparedByCodeUnits() throws {
        let tree = Tree()
        let root = InferPlaceTree.root
        let keys = ["caf\u{E9}", "cafe\u{301}", "caf", "cafe", "", "x", String(repeating: "k", count: 300)]
        var places: [Int] = []
        for (i, key) in keys.enumerated() { places.append(try #require(tree.member(key, at: i, of: root))) }
        #expect(Set(places).count == keys.count)
        for (i, key) in keys.enumerated().reversed() {
            #expect(tree.member(key, at: 0, of: root) == places[i], "\(key.unicodeScalars.map(\.value))")
        }
    }

    @Test func elementsAndVariantsHavePlacesOfTheirOwn() throws {
        let tree = Tree()
        let items = try #require(tree.member("items", at: 0, of: InferPlaceTree.root))
        let element = try #require(tree.element(of: items))
        #expect(element != items)
        #expect(tree.element(of: items) == element)
        let nested = try #require(tree.element(of: element))
        #expect(nested != element)
        let a = [InferPlaceTree.Discriminant(key: 0, value: "a")]
        let b = [InferPlaceTree.Discriminant(key: 0, value: "b")]
        #expect(tree.variant([], of: element) == element)
        let variantA = try #require(tree.variant(a, of: element))
        let variantB = try #require(tree.variant(b, of: element))
        #expect(Set([variantA, variantB, element, nested]).count == 4)
        #expect(tree.variant(a, of: element) == variantA)
        // A member of one variant is not the same member of the other.
        let atA = try #require(tree.member("at", at: 1, of: variantA))
        let atB = try #require(tree.member("at", at: 1, of: variantB))
        #expect(atA != atB)
        #expect(tree.member("at", at: 1, of: variantA) == atA)
    }

    /// Thousands of members of one object, and of many objects: the table
    /// of member places grows and still finds each, in any order.
    @Test func manyPlacesAreEachFoundAgain() throws {
        let tree = Tree()
        var places: [String: Int] = [:]
        for i in 0..<5_000 {
            let key = "k\(i)"
            let object = try #require(tree.member(key, at: i, of: InferPlaceTree.root))
            places[key] = object
            places["\(key).v"] = try #require(tree.member("v", at: 0, of: object))
        }
        #expect(Set(places.values).count == 10_000)
        // Asked at other positions than they were met at, so that the
        // table (grown many times) answers, not the cache of member order.
        for i in stride(from: 4_999, through: 0, by: -7) {
            let key = "k\(i)"
            #expect(tree.member(key, at: 0, of: InferPlaceTree.root) == places[key])
            #expect(tree.member("v", at: 1, of: places[key]!) == places["\(key).v"])
            #expect(tree.member("w", at: 0, of: places[key]!) == 10_001 + (4_999 - i) / 7)
        }
        #expect(tree.open.count == 10_001 + 715)
    }

    /// Past its capacity the tree records no new place (nil: every question
    /// is asked there); the places it holds are still found, and what is
    /// settled at one place stays there.
    @Test func pastItsCapacityNothingNewIsRecorded() throws {
        let tree = Tree(capacity: 3)
        let a = try #require(tree.member("a", at: 0, of: InferPlaceTree.root))
        let b = try #require(tree.member("b", at: 1, of: InferPlaceTree.root))
        #expect(tree.member("c", at: 2, of: InferPlaceTree.root) == nil)
        #expect(tree.element(of: a) == nil)
        #expect(tree.variant([InferPlaceTree.Discriminant(key: 1, value: nil)], of: a) == nil)
        #expect(tree.member("b", at: 0, of: InferPlaceTree.root) == b)
        #expect(tree.member("a", at: 1, of: InferPlaceTree.root) == a)
        tree.close(0b101, at: a)
        #expect(tree.open[a] == ~UInt8(0b101))
        #expect(tree.open[b] == .max)
        #expect(tree.open[InferPlaceTree.root] == .max)
        #expect(InferPlaceTree(capacity: 0).open.count == 1)
    }
}

/// A place tree behind a reference, so that `#expect` and `#require` (which
/// wrap their expression in a closure) can call its mutating members.
private final class Tree {
    var tree: InferPlaceTree
    init(capacity: Int = 1 << 16) { tree = InferPlaceTree(capacity: capacity) }
    var open: [UInt8] { tree.open }
    func member(_ key: String, at position: Int, of place: Int) -> Int? { tree.member(key, at: position, of: place) }
    func element(of place: Int) -> Int? { tree.element(of: place) }
    func variant(_ signature: [InferPlaceTree.Discriminant], of place: Int) -> Int? { tree.variant(signature, of: place) }
    func close(_ questions: UInt8, at place: Int) { tree.close(questions, at: place) }
}
