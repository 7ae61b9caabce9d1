/// Renders a spec's diagram (`SpecDiagram`) as a Mermaid flowchart (docs/spec.md §16), the
/// format GitHub and most Markdown viewers draw inline.
///
/// Labels are always quoted, and the characters Mermaid gives a meaning inside a
/// quoted label (`"`, `#`, `<`, `>`, `|`, and the brackets that open shapes) are
/// written as Mermaid entity codes (`#quot;`), so any mapper id or predicate is
/// drawn as written.
package enum MermaidRenderer {
    /// Writes `graph`'s diagram to `emit` a node at a time (`SpecDiagram.walk`),
    /// never holding its text.
    package static func render(_ graph: MappingGraph, attributes: Bool,
                               to emit: (String) throws -> Void) throws {
        try emit(header)
        let edges = try SpecDiagram.walk(graph, attributes: attributes) { try emit(text(of: $0)) }
        for edge in edges { try emit(text(of: edge)) }
    }

    static let header = "flowchart LR\n"

    static func text(of node: SpecDiagram.Node) -> String {
        let label = node.lines.map(escape).joined(separator: "<br/>")
        switch node.kind {
        case .descriptor: return "  \(node.id)[/\"\(label)\"/]\n"
        case .mapper: return "  \(node.id)[\"\(label)\"]\n"
        case .decision: return "  \(node.id){\"\(label)\"}\n"
        case .request: return "  \(node.id)[\\\"\(label)\"\\]\n"
        }
    }

    static func text(of edge: SpecDiagram.Edge) -> String {
        let arrow = edge.kind == .connection ? "-.->" : "-->"
        if let label = edge.label {
            return "  \(edge.from) \(arrow)|\"\(escape(label))\"| \(edge.to)\n"
        }
        return "  \(edge.from) \(arrow) \(edge.to)\n"
    }

    /// Mermaid entity codes for the characters that end or change a quoted label.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "#quot;"
            case "#": out += "#35;"
            // Labels are HTML: `&amp;` in a name would show as `&`.
            case "&": out += "#38;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "|": out += "#124;"
            case "\n", "\r": out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
