/// Renders a `SpecDiagram` as a Mermaid flowchart (docs/spec.md §16), the
/// format GitHub and most Markdown viewers draw inline.
///
/// Labels are always quoted, and the characters Mermaid gives a meaning inside a
/// quoted label (`"`, `#`, `<`, `>`, `|`, and the brackets that open shapes) are
/// written as Mermaid entity codes (`#quot;`), so any mapper id or predicate is
/// drawn as written.
package enum MermaidRenderer {
    package static func render(_ diagram: SpecDiagram) -> String {
        var out = "flowchart LR\n"
        for node in diagram.nodes {
            let label = node.lines.map(escape).joined(separator: "<br/>")
            switch node.kind {
            case .descriptor: out += "  \(node.id)[/\"\(label)\"/]\n"
            case .mapper: out += "  \(node.id)[\"\(label)\"]\n"
            case .decision: out += "  \(node.id){\"\(label)\"}\n"
            case .request: out += "  \(node.id)[\\\"\(label)\"\\]\n"
            }
        }
        for edge in diagram.edges {
            let arrow = edge.kind == .connection ? "-.->" : "-->"
            if let label = edge.label {
                out += "  \(edge.from) \(arrow)|\"\(escape(label))\"| \(edge.to)\n"
            } else {
                out += "  \(edge.from) \(arrow) \(edge.to)\n"
            }
        }
        return out
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
