/// Renders a spec's diagram (`SpecDiagram`) as a Graphviz digraph (docs/spec.md §16), for
/// `rkmap graph SPEC --format dot | dot -Tsvg > spec.svg`.
///
/// Every identifier and label is a double-quoted DOT string with `\` and `"`
/// escaped, so names never become DOT syntax. Label lines end in `\l`
/// (left-aligned), which keeps attribute lists readable.
package enum DotRenderer {
    /// Writes `graph`'s diagram to `emit` a node at a time (`SpecDiagram.walk`),
    /// never holding its text.
    package static func render(_ graph: MappingGraph, attributes: Bool,
                               to emit: (String) throws -> Void) throws {
        try emit(header)
        let edges = try SpecDiagram.walk(graph, attributes: attributes) { try emit(text(of: $0)) }
        for edge in edges { try emit(text(of: edge)) }
        try emit(footer)
    }

    static let header = """
        digraph rkmap {
          rankdir=LR;
          node [fontname="Helvetica", fontsize=11];
          edge [fontname="Helvetica", fontsize=10];

        """
    static let footer = "}\n"

    static func text(of node: SpecDiagram.Node) -> String {
        let shape: String
        switch node.kind {
        case .descriptor: shape = "shape=note"
        case .mapper: shape = "shape=box, style=rounded"
        case .decision: shape = "shape=diamond"
        case .request: shape = "shape=cds"
        }
        let label = node.lines.map { escape($0) + "\\l" }.joined()
        return "  \"\(node.id)\" [\(shape), label=\"\(label)\"];\n"
    }

    static func text(of edge: SpecDiagram.Edge) -> String {
        var attributes: [String] = []
        if let label = edge.label { attributes.append("label=\"\(escape(label))\"") }
        if edge.kind == .connection { attributes.append("style=dashed") }
        if edge.kind == .matcher { attributes.append("arrowhead=empty") }
        let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
        return "  \"\(edge.from)\" -> \"\(edge.to)\"\(suffix);\n"
    }

    /// A DOT double-quoted string body: backslash and quote escaped, line breaks as spaces.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            // Graphviz reads character entities in labels: `&amp;` would show as `&`.
            case "&": out += "&amp;"
            case "\n", "\r": out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
