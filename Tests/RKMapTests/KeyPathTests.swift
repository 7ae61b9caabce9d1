import Testing
@testable import RKMap

@Suite struct KeyPathParsingTests {
    @Test func splitsOnUnescapedDots() throws {
        let p = try KeyPath(parsing: "author.name")
        #expect(p.components == [.key("author"), .key("name")])
        #expect(p.anchor == .representation)
    }

    @Test func escapedDotAndAt() throws {
        #expect(try KeyPath(parsing: "odd\\.key").components == [.key("odd.key")])
        #expect(try KeyPath(parsing: "\\@literal").components == [.key("@literal")])
    }

    @Test func anchors() throws {
        #expect(try KeyPath(parsing: "@root.a").anchor == .root)
        #expect(try KeyPath(parsing: "@parent.@parent.id").anchor == .parent(2))
        #expect(try KeyPath(parsing: "@metadata.routing.parameters.id").anchor == .metadata)
    }

    /// A path of one key spelled as its text holds no array of its own; it
    /// reads, compares and hashes as the same path made from its components.
    @Test func aOneKeyPathIsTheSameAsItsComponents() throws {
        let parsed = try KeyPath(parsing: "login")
        #expect(parsed.isOneKey && parsed.components == [.key("login")] && parsed.firstKey == "login")
        #expect(!parsed.isNil && !parsed.mayCollect && parsed.keys == ["login"])
        let made = KeyPath(source: "login", anchor: .representation, components: [.key("login")])
        #expect(made == parsed && made.hashValue == parsed.hashValue)
        // A key in another spelling than its text is held as given, and
        // still equal (as Swift compares text) to the path of one key.
        let nfc = try KeyPath(parsing: "caf\u{E9}")
        let respelled = KeyPath(source: "caf\u{E9}", anchor: .representation, components: [.key("cafe\u{301}")])
        #expect(nfc.isOneKey && !respelled.isOneKey)
        #expect(nfc == respelled && nfc.hashValue == respelled.hashValue)
        let rooted = try KeyPath(parsing: "@root.login"), longer = try KeyPath(parsing: "logins")
        #expect(parsed != rooted && parsed != longer)
        #expect(Set([parsed, made, nfc, respelled]).count == 2)
        let value = JSONValue.object(JSONObject([("login", .string("octocat"))]))
        #expect(parsed.evaluate(on: value, caseInsensitive: false) == .string("octocat"))
        #expect(parsed.find(in: value, context: KeyPathContext(root: .null)) == .string("octocat"))
        #expect(parsed.find(in: .array([value, .object(JSONObject())]), context: KeyPathContext(root: .null)) == .array([.string("octocat"), .null]))
        #expect(parsed.find(in: .array([.object(JSONObject())]), context: KeyPathContext(root: .null)) == nil)
        // Not one key as written: escapes, an index, an anchor, an operator.
        for text in ["odd\\.key", "a[0]", "@root.a", "@count", "a.b", ""] {
            #expect(try !KeyPath(parsing: text).isOneKey, "\(text)")
        }
        #expect(try KeyPath(parsing: "odd\\.key").components == [.key("odd.key")])
        #expect(try KeyPath(parsing: "").isNil)
    }

    /// Every anchor reads back as it was given, `@parent` at any depth.
    @Test func anchorsReadBackAsGiven() throws {
        for anchor in [KeyPath.Anchor.representation, .root, .metadata, .parent(1), .parent(7)] {
            #expect(KeyPath(source: "x", anchor: anchor, components: [.key("x")]).anchor == anchor)
        }
        #expect(try KeyPath(parsing: "@parent.@parent.@parent.id").anchor == .parent(3))
        #expect(try KeyPath(parsing: "@root").isAnchoredOutside)
    }

    @Test(arguments: ["a..b", "a.@root", "a.@parent", "@cuont", ".a", "a."])
    func rejects(_ text: String) {
        #expect(throws: KeyPath.SyntaxError.self) { try KeyPath(parsing: text) }
    }
}
