import Foundation
import Testing
@testable import RKMap

/// A scratch directory for one test, removed when the value goes away.
final class ScratchDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "rkmap-check-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` (subdirectories created) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let full = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        return full
    }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: path + "/" + name, encoding: .utf8)
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + name) }
}

enum CheckFixtures {
    /// A small API spec: articles list, article detail with a path parameter,
    /// and 4XX errors.
    static let spec = """
        {
          "mappers": [
            { "id": "author", "target": "Author", "attributes": ["id", "name"], "types": { "id": "int" } },
            { "id": "article", "target": "Article",
              "attributes": { "id": "id", "title": "title" }, "types": { "id": "int" },
              "relationships": [ { "from": "author", "to": "author", "map-ref": "author" } ] },
            { "id": "detail", "target": "Article",
              "attributes": { "@metadata.routing.parameters.articleID": "requested", "id": "id", "title": "title" },
              "types": { "id": "int", "requested": "int" } },
            { "id": "error", "target": "Error", "attributes": ["code"] }
          ],
          "descriptors": [
            { "path": "/articles", "methods": ["GET"], "keyPath": "articles", "root-map-ref": "article" },
            { "path": "/articles/:articleID", "methods": ["GET"], "keyPath": "article", "root-map-ref": "detail" },
            { "statusCodes": ["4XX"], "keyPath": "error", "root-map-ref": "error" }
          ]
        }
        """

    static func graph(_ text: String = spec) throws -> MappingGraph {
        let result = SpecLoader.load(bytes: Array(text.utf8), file: "spec.json")
        return try #require(result.graph, "\(result.diagnostics)")
    }

    static func checker(_ text: String = spec, configure: (inout CheckOptions) -> Void = { _ in }) throws -> FixtureChecker {
        var options = CheckOptions(spec: "spec.json", fixtures: [])
        configure(&options)
        return try FixtureChecker(graph: try graph(text), options: options)
    }

    /// A HAR document with the given entries.
    static func har(_ entries: [String]) -> String {
        "{\"log\": {\"version\": \"1.2\", \"entries\": [\n" + entries.joined(separator: ",\n") + "\n]}}"
    }

    /// One HAR entry; `text` is a JSON string literal, or nil for no `text` member.
    static func entry(
        method: String = "GET", url: String, status: Int = 200, mimeType: String = "application/json",
        text: String?, encoding: String? = nil, size: Int = 0, headers: String = "[]"
    ) -> String {
        var content = "\"mimeType\": \"\(mimeType)\", \"size\": \(size)"
        if let text { content += ", \"text\": \(text)" }
        if let encoding { content += ", \"encoding\": \"\(encoding)\"" }
        return """
            {"request": {"method": "\(method)", "url": "\(url)", "headers": []},
             "response": {"status": \(status), "headers": \(headers), "content": {\(content)}}}
            """
    }

    /// A JSON string literal holding `text`.
    static func quoted(_ text: String) -> String { JSONWriter.serialize(.string(text), pretty: false) }
}
