@testable import RKMap

/// Helpers shared by the spec compiler tests.
enum SpecTest {
    static func load(_ text: String, file: String = "spec.json") -> SpecLoadResult {
        SpecLoader.load(bytes: Array(text.utf8), file: file)
    }

    /// The diagnostics of a spec, as the one-line texts a user sees, without the
    /// reader's relaxation warnings.
    static func messages(_ text: String, severity: Severity? = nil) -> [String] {
        load(text).diagnostics
            .filter { $0.code != SpecJSONParser.relaxedSyntaxCode && (severity == nil || $0.severity == severity) }
            .map(\.description)
    }

    static func errors(_ text: String) -> [String] { messages(text, severity: .error) }
    static func warnings(_ text: String) -> [String] { messages(text, severity: .warning) }

    static func object(_ graph: MappingGraph?, _ id: String) -> ObjectMapper? {
        if case .object(let m)? = graph?.mapper(id: id) { return m }
        return nil
    }

    static func dynamic(_ graph: MappingGraph?, _ id: String) -> DynamicMapper? {
        if case .dynamic(let m)? = graph?.mapper(id: id) { return m }
        return nil
    }

    /// A one-mapper spec around the given mapper members.
    static func mapperSpec(_ members: String) -> String {
        """
        {"mappers": [{"id": "m", \(members)}]}
        """
    }

    static func slotNames(_ m: ObjectMapper?) -> [String] { m?.slots.map(\.name) ?? [] }

    /// (source key path, slot name, mapper id or nil) for each property mapping.
    static func properties(_ m: ObjectMapper?, graph: MappingGraph?) -> [String] {
        guard let m else { return [] }
        return m.properties.map { p in
            switch p {
            case .attribute(let a): return "\(a.source.source)->\(m.slots[a.slot].name)"
            case .relationship(let r): return "\(r.source.source)->\(m.slots[r.slot].name)@\(graph!.mappers[r.mapper].id)"
            }
        }
    }
}
