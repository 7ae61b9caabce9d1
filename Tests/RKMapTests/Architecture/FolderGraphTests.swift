import Foundation
import Testing

/// The library's folders depend on each other one way only (issue 8). The
/// allowed edges are the graph drawn in README.md, "Architecture": a file that
/// names a type declared in another folder makes an edge, and every edge must
/// be drawn there. The drawing itself must have no cycle, so a back-edge can
/// only land by drawing a cycle, which fails here too.
@Suite struct FolderGraphTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let library = root.appendingPathComponent("Sources/RKMap")

    /// `Engine --> Records` lines of the README's architecture diagram.
    static func drawnEdges() throws -> Set<Edge> {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "```mermaid\ngraph TD\n") else { return [] }
        let block = readme[start.upperBound...].prefix { _ in true }
        let end = block.range(of: "```").map { block[..<$0.lowerBound] } ?? block
        var edges: Set<Edge> = []
        for line in end.split(separator: "\n") {
            let words = line.split(separator: " ")
            if words.count == 3, words[1] == "-->" { edges.insert(Edge(from: String(words[0]), to: String(words[2]))) }
        }
        return edges
    }

    @Test func everyDependencyIsDrawnAndTheDrawingHasNoCycle() throws {
        let drawn = try Self.drawnEdges()
        #expect(!drawn.isEmpty, "README.md has no ```mermaid graph TD block in its Architecture section")
        let actual = try FolderGraph(library: Self.library)
        for (edge, uses) in actual.edges.sorted(by: { $0.key < $1.key }) where !drawn.contains(edge) {
            Issue.record("""
                \(edge.from) depends on \(edge.to), which README.md's architecture graph does not allow: \
                \(uses.sorted().prefix(5).joined(separator: ", "))
                """)
        }
        if let cycle = FolderGraph.cycle(in: drawn) {
            Issue.record("the architecture graph has a cycle: \(cycle.joined(separator: " -> "))")
        }
        let folders = Set(actual.folders)
        for edge in drawn {
            #expect(folders.contains(edge.from) && folders.contains(edge.to), "README draws \(edge.from) --> \(edge.to): no such folder")
        }
    }

    /// The checker itself: it finds a back-edge and a cycle when there is one.
    @Test func findsCycles() {
        let edges: Set<Edge> = [Edge(from: "A", to: "B"), Edge(from: "B", to: "C"), Edge(from: "C", to: "A")]
        #expect(FolderGraph.cycle(in: edges) == ["A", "B", "C", "A"])
        #expect(FolderGraph.cycle(in: [Edge(from: "A", to: "B"), Edge(from: "A", to: "C")]) == nil)
    }

    @Test func namesAreReadOutsideCommentsAndStrings() {
        let names = FolderGraph.typeNames(in: """
            // MappingEngine in a comment
            /* Record in a block */ let x: JSONValue = "Diagnostic in a string \\(SourceLocation.self)"
            let y = #"RawString"#; let z = \"\"\"
                Multi \\(KeyPath.self)
                \"\"\"
            """)
        #expect(names.contains("JSONValue"))
        #expect(names.contains("SourceLocation"))
        #expect(names.contains("KeyPath"))
        #expect(!names.contains("MappingEngine") && !names.contains("Record") && !names.contains("Diagnostic"))
        #expect(!names.contains("RawString") && !names.contains("Multi"))
    }

    /// The library never reads the environment or the terminal: options arrive
    /// as values from RKMapCLI.
    @Test func libraryReadsNoEnvironment() throws {
        for (path, text) in try FolderGraph.sources(in: Self.library) {
            let code = FolderGraph.strippingCommentsAndStrings(text)
            for call in ["getenv(", "isatty(", ".environment", "setenv("] {
                #expect(!code.contains(call), "\(path) calls \(call)")
            }
        }
    }
}

struct Edge: Hashable, Comparable, CustomStringConvertible {
    var from: String
    var to: String
    static func < (a: Edge, b: Edge) -> Bool { (a.from, a.to) < (b.from, b.to) }
    var description: String { "\(from) --> \(to)" }
}

/// Which folder of the library names which other folder's types.
struct FolderGraph {
    var folders: [String] = []
    /// Edge → `File.swift: TypeName` uses that make it.
    var edges: [Edge: Set<String>] = [:]

    init(library: URL) throws {
        let files = try Self.sources(in: library)
        var owner: [String: String] = [:]
        for (path, text) in files {
            let folder = Self.folder(of: path)
            if !folders.contains(folder) { folders.append(folder) }
            for name in Self.topLevelDeclarations(in: text) { owner[name] = folder }
        }
        for (path, text) in files {
            let folder = Self.folder(of: path)
            for name in Self.typeNames(in: text) {
                guard let other = owner[name], other != folder else { continue }
                edges[Edge(from: folder, to: other), default: []].insert("\((path as NSString).lastPathComponent): \(name)")
            }
        }
    }

    /// (path relative to the library, text) of every Swift file.
    static func sources(in library: URL) throws -> [(String, String)] {
        var result: [(String, String)] = []
        let enumerator = FileManager.default.enumerator(atPath: library.path)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            result.append((relative, try String(contentsOf: library.appendingPathComponent(relative), encoding: .utf8)))
        }
        return result.sorted { $0.0 < $1.0 }
    }

    static func folder(of relativePath: String) -> String {
        String(relativePath.split(separator: "/").first ?? "")
    }

    /// Types, protocols and type aliases declared at the top level (nested
    /// types are reached through their parent's name).
    static func topLevelDeclarations(in text: String) -> [String] {
        let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "typealias", "actor"]
        var names: [String] = []
        for line in text.split(separator: "\n") where line.first?.isLetter == true || line.first == "@" {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "<" || $0 == ":" || $0 == "{" || $0 == "=" })
            guard let i = words.firstIndex(where: { keywords.contains($0) }), i + 1 < words.count else { continue }
            let name = words[i + 1]
            if name.first?.isUppercase == true { names.append(String(name)) }
        }
        return names
    }

    /// Capitalised identifiers in code (not in comments or string text;
    /// interpolations count).
    static func typeNames(in text: String) -> Set<String> {
        var names: Set<String> = []
        var word = ""
        for c in strippingCommentsAndStrings(text) {
            if c.isLetter || c.isNumber || c == "_" {
                word.append(c)
            } else {
                if word.first?.isUppercase == true { names.insert(word) }
                word = ""
            }
        }
        if word.first?.isUppercase == true { names.insert(word) }
        return names
    }

    /// The code with comments and string text blanked; `\(…)` interpolations kept.
    static func strippingCommentsAndStrings(_ text: String) -> String {
        let s = Array(text)
        var out = ""
        var i = 0
        func at(_ j: Int, _ literal: String) -> Bool {
            let l = Array(literal)
            return j + l.count <= s.count && Array(s[j..<j + l.count]) == l
        }
        // Skips a string literal starting at `i` (after any `#`s), copying interpolations.
        func skipString(hashes: Int) {
            let multiline = at(i, "\"\"\"")
            let close = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
            let interpolation = "\\" + String(repeating: "#", count: hashes) + "("
            i += multiline ? 3 : 1
            while i < s.count {
                if at(i, close) { i += close.count; return }
                if at(i, interpolation) {
                    i += interpolation.count
                    var depth = 1
                    out.append(" ")
                    while i < s.count, depth > 0 {
                        if s[i] == "(" { depth += 1 }
                        if s[i] == ")" { depth -= 1; if depth == 0 { break } }
                        if s[i] == "\"" { skipString(hashes: 0); continue }
                        out.append(s[i])
                        i += 1
                    }
                    i += 1
                    out.append(" ")
                    continue
                }
                if hashes == 0, s[i] == "\\" { i += 2; continue }
                i += 1
            }
        }
        while i < s.count {
            if at(i, "//") {
                while i < s.count, s[i] != "\n" { i += 1 }
            } else if at(i, "/*") {
                var depth = 0
                repeat {
                    if at(i, "/*") { depth += 1; i += 2 } else if at(i, "*/") { depth -= 1; i += 2 } else { i += 1 }
                } while i < s.count && depth > 0
                out.append(" ")
            } else if s[i] == "#" {
                var hashes = 0
                while i + hashes < s.count, s[i + hashes] == "#" { hashes += 1 }
                if i + hashes < s.count, s[i + hashes] == "\"" {
                    i += hashes
                    skipString(hashes: hashes)
                    out.append(" ")
                } else {
                    out.append(s[i])
                    i += 1
                }
            } else if s[i] == "\"" {
                skipString(hashes: 0)
                out.append(" ")
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return out
    }

    /// A cycle among `edges` (first node repeated at the end), or `nil`.
    static func cycle(in edges: Set<Edge>) -> [String]? {
        var next: [String: [String]] = [:]
        for edge in edges.sorted() { next[edge.from, default: []].append(edge.to) }
        var state: [String: Int] = [:]  // 1 on the path, 2 done
        var path: [String] = []
        func visit(_ node: String) -> [String]? {
            if state[node] == 2 { return nil }
            if state[node] == 1, let start = path.firstIndex(of: node) { return Array(path[start...]) + [node] }
            state[node] = 1
            path.append(node)
            for target in next[node] ?? [] {
                if let found = visit(target) { return found }
            }
            path.removeLast()
            state[node] = 2
            return nil
        }
        for node in next.keys.sorted() {
            if let found = visit(node) { return found }
        }
        return nil
    }
}
