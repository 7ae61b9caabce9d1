/// Renders a `SpecDiagram` as a Graphviz digraph (docs/spec.md §16), for
/// `rkmap graph SPEC --format dot | dot -Tsvg > spec.svg`.
///
/// Every identifier and label is a double-quoted DOT string with `\` and `"`
/// escaped, so names never become DOT syntax. Label lines end in `\l`
/// (left-aligned), which keeps attribute lists readable.
package enum DotRenderer {
    package static func render(_ diagram: SpecDiagram) -> String {
        var out = "digraph rkmap {\n"
        out += "  rankdir=LR;\n"
        out += "  node [fontname=\"Helvetica\", fontsize=11];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=10];\n"
        for node in diagram.nodes {
            let shape: String
            switch node.kind {
            case .descriptor: shape = "shape=note"
            case .mapper: shape = "shape=box, style=rounded"
            case .decision: shape = "shape=diamond"
            case .request: shape = "shape=cds"
            }
            let label = node.lines.map { escape($0) + "\\l" }.joined()
            out += "  \"\(node.id)\" [\(shape), label=\"\(label)\"];\n"
        }
        for edge in diagram.edges {
            var attributes: [String] = []
            if let label = edge.label { attributes.append("label=\"\(escape(label))\"") }
            if edge.kind == .connection { attributes.append("style=dashed") }
            if edge.kind == .matcher { attributes.append("arrowhead=empty") }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            out += "  \"\(edge.from)\" -> \"\(edge.to)\"\(suffix);\n"
        }
        out += "}\n"
        return out
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
