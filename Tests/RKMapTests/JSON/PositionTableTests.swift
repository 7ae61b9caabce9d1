import Testing
@testable import RKMap

/// `PositionTable` answers as a `[Key: Int]` of first positions would, for
/// every hash it may be given: whole, colliding in the slot bits, in the tag
/// bits, or in all of them.
@Suite struct PositionTableTests {
    /// The keys are inserted in turn when not found (positions 0, 1, …), as
    /// `infer` inserts fields and shapes; every key, present or not, is then
    /// found where a dictionary says, across many growths.
    @Test(arguments: ["whole", "slot bits alike", "tag bits alike", "all alike"])
    func findsWhatADictionaryFinds(hashing: String) {
        var random = SplitMix64(seed: UInt64(hashing.utf8.count))
        let hash: (String) -> Int = { key in
            switch hashing {
            case "whole": return key.hashValue
            // Every key in a few slots: long probes, told apart by their tags.
            case "slot bits alike": return key.hashValue & ~0xFFFF_FFFF | 7
            // Tags alike: told apart by comparing the keys.
            case "tag bits alike": return key.hashValue & 0xFFFF_FFFF
            default: return 42
            }
        }
        // Keys sharing their slot bits probe one long run: fewer of them.
        let count = hashing == "all alike" ? 400 : hashing == "slot bits alike" ? 2_000 : 20_000
        var keys: [String] = []
        var table = PositionTable()
        var expected: [String: Int] = [:]
        for _ in 0..<count {
            let key = "k\(random.next() % UInt64(count))"
            let found = table.find(hash: hash(key), where: { keys[$0] == key })
            #expect(found == expected[key])
            if found == nil {
                expected[key] = keys.count
                table.insert(keys.count, hash: hash(key), rehash: { hash(keys[$0]) })
                keys.append(key)
            }
        }
        #expect(table.count == keys.count)
        #expect(keys.count > count / 2)
        for i in 0..<count + 100 {
            let key = "k\(i)"
            #expect(table.find(hash: hash(key), where: { keys[$0] == key }) == expected[key], "\(key)")
        }
    }

    /// A table given its room first never asks for a hash again.
    @Test func aTableGivenItsRoomDoesNotGrow() {
        let keys = (0..<1_000).map { "name\($0)" }
        var table = PositionTable(capacity: keys.count)
        for key in keys {
            table.insert(table.count, hash: key.hashValue, rehash: { _ in
                Issue.record("rehashed")
                return 0
            })
        }
        for (position, key) in keys.enumerated() {
            #expect(table.find(hash: key.hashValue, where: { keys[$0] == key }) == position)
        }
        #expect(table.find(hash: "name1000".hashValue, where: { keys[$0] == "name1000" }) == nil)
    }

    /// Of two positions whose elements both match, the first inserted.
    @Test func theFirstMatchingPositionIsFound() {
        var table = PositionTable()
        for position in 0..<3 { table.insert(position, hash: 5, rehash: { _ in 5 }) }
        #expect(table.find(hash: 5, where: { _ in true }) == 0)
        #expect(table.find(hash: 5, where: { $0 == 2 }) == 2)
        #expect(PositionTable().find(hash: 5, where: { _ in true }) == nil)
    }
}
