import Testing
@testable import RKMap

/// The text of every setup error of `apply` and `serialize` (exit status 2),
/// pinned in one table.
@Suite struct SetupErrorTests {
    @Test func engineSetupErrors() {
        #expect(MappingEngine.SetupError.unknownType("Artcle", suggestion: "Article").message
            == "error: --type 'Artcle': no mapper of the spec makes records of this type; did you mean 'Article'?")
        #expect(MappingEngine.SetupError.unknownType("X", suggestion: nil).message
            == "error: --type 'X': no mapper of the spec makes records of this type")
    }

    @Test func serializerSetupErrors() {
        let table: [(Serializer.SetupError, String)] = [
            (.engine(.unknownType("X", suggestion: nil)), "error: --type 'X': no mapper of the spec makes records of this type"),
            (.unknownMapper("artcle", suggestion: "article", declared: ["article", "author"]),
             "error: unknown mapper 'artcle' for --mapper; did you mean 'article'? (the spec declares 'article', 'author')"),
            (.unknownMapper("zzz", suggestion: nil, declared: ["a"]),
             "error: unknown mapper 'zzz' for --mapper (the spec declares 'a')"),
            (.notInvertible("d", reason: "it is dynamic"), "error: mapper 'd' cannot be inverted: it is dynamic"),
        ]
        for (error, text) in table { #expect(error.message == text) }
    }
}
