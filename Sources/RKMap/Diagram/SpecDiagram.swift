/// A picture of a compiled spec (docs/spec.md §16), independent of any drawing
/// language: nodes and edges with plain-text labels. `MermaidRenderer` and
/// `DotRenderer` turn it into text; keeping the model apart means both formats
/// show exactly the same facts, in the same order.
///
/// ```swift
/// try MermaidRenderer.render(graph, attributes: true) { print($0, terminator: "") }
/// ```
///
/// Everything is derived in spec order (descriptors, then mappers in declaration
/// order, then their relationships, matchers and connections), so the output of
/// one spec is always byte-identical.
package enum SpecDiagram {
    package enum NodeKind: Sendable, Equatable {
        /// A response descriptor: where content comes from.
        case descriptor
        /// An object mapper: one record type.
        case mapper
        /// A dynamic mapper: a decision between mappers.
        case decision
        /// A request descriptor (docs/spec.md §13).
        case request
    }

    package enum EdgeKind: Sendable, Equatable {
        /// Descriptor → root mapper, request descriptor → mapper.
        case uses
        /// Relationship between mappers.
        case relationship
        /// Dynamic mapper → member, labelled with the matcher's condition.
        case matcher
        /// Foreign-key connection (derived after mapping): drawn dashed.
        case connection
    }

    package struct Node: Sendable, Equatable {
        /// Stable identifier in the rendered text (`d0`, `m3`, `r1`).
        package var id: String
        package var kind: NodeKind
        /// Label lines, first line the title.
        package var lines: [String]
    }

    package struct Edge: Sendable, Equatable {
        package var from: String
        package var to: String
        package var kind: EdgeKind
        package var label: String?
    }

    /// Hands each node of `graph`'s diagram to `node` as it is made, and
    /// returns the edges (drawn after every node): a renderer writes a node
    /// and lets it go, so a spec with many attributes is never held twice
    /// (its attribute lines, then the diagram's text) while it is drawn.
    /// - Parameter attributes: list each object mapper's attribute mappings in its node.
    package static func walk(_ graph: MappingGraph, attributes: Bool,
                             node: (Node) throws -> Void) rethrows -> [Edge] {
        var edges: [Edge] = []
        for descriptor in graph.descriptors {
            try node(Node(id: "d\(descriptor.index)", kind: .descriptor,
                          lines: Self.descriptorLines(descriptor)))
            edges.append(Edge(from: "d\(descriptor.index)", to: Self.mapperID(descriptor.rootMapper),
                              kind: .uses, label: nil))
        }
        for (index, request) in graph.requestDescriptors.enumerated() {
            let methods = request.methods.map { $0.sorted().joined(separator: " ") } ?? "ANY"
            var lines = ["request \(request.target)", methods]
            if !request.rootKeyPath.isEmpty { lines.append("rootKeyPath: \(request.rootKeyPath.joined(separator: "."))") }
            lines.append(request.inverse ? "inverse mapping" : "request mapping")
            try node(Node(id: "r\(index)", kind: .request, lines: lines))
            edges.append(Edge(from: "r\(index)", to: Self.mapperID(request.mapper), kind: .uses, label: nil))
        }
        for (ref, mapper) in graph.mappers.enumerated() {
            switch mapper {
            case .object(let object):
                try node(Node(id: Self.mapperID(ref), kind: .mapper,
                              lines: Self.mapperLines(object, attributes: attributes)))
                edges += Self.relationshipEdges(object, ref: ref, graph: graph)
                edges += Self.connectionEdges(object, ref: ref, graph: graph)
            case .dynamic(let dynamic):
                try node(Node(id: Self.mapperID(ref), kind: .decision, lines: ["\(dynamic.id) (dynamic)"]))
                edges += Self.matcherEdges(dynamic, ref: ref, graph: graph)
            }
        }
        return edges
    }

    static func mapperID(_ ref: MapperRef) -> String { "m\(ref)" }

    static func descriptorLines(_ d: Descriptor) -> [String] {
        let methods = d.methods.map { $0.sorted().joined(separator: " ") } ?? "ANY"
        var lines = ["descriptor \(d.index + 1)", "\(methods) \(d.pathPattern?.source ?? "(any path)")"]
        lines.append("status \(d.statusCodes)")
        lines.append("keyPath: \(d.keyPathText.map { $0.isEmpty ? "(root)" : $0 } ?? "(root)")")
        return lines
    }

    static func mapperLines(_ m: ObjectMapper, attributes: Bool) -> [String] {
        var title = m.typeName
        if m.id != m.typeName { title += " (\(m.id))" }
        var lines = [title]
        if m.isEntity {
            let names = m.identification.map { m.slots[$0].name }
            lines.append(names.isEmpty ? "entity" : "entity, id: \(names.joined(separator: ", "))")
        }
        if let key = m.keyAttributeSlot {
            lines.append("key → \(m.slots[key].name)" + (m.forceCollection ? ", collection" : ""))
        }
        guard attributes else { return lines }
        for property in m.properties {
            guard case .attribute(let a) = property else { continue }
            let slot = m.slots[a.slot]
            var line = "\(a.source.source.isEmpty ? "(self)" : a.source.source) → \(slot.name)"
            if let type = slot.type { line += ": \(type.rawValue)" }
            lines.append(line)
        }
        return lines
    }

    static func relationshipEdges(_ m: ObjectMapper, ref: MapperRef, graph: MappingGraph) -> [Edge] {
        m.properties.compactMap { property in
            guard case .relationship(let r) = property else { return nil }
            let source = r.source.source.isEmpty ? "(self)" : r.source.source
            // To-many when declared, or when its mapper maps a dictionary's
            // members (`forceCollection`) and it does not declare to-one.
            let collection = r.many == nil && graph.objectMappers(producedBy: r.mapper).contains(where: \.forceCollection)
            let toMany = r.many ?? false || collection ? " *" : ""
            return Edge(from: mapperID(ref), to: mapperID(r.mapper), kind: .relationship,
                        label: "\(source) → \(m.slots[r.slot].name)\(toMany)")
        }
    }

    static func connectionEdges(_ m: ObjectMapper, ref: MapperRef, graph: MappingGraph) -> [Edge] {
        var edges: [Edge] = []
        for connection in m.connections {
            let label = "\(connection.sourceAttribute) = \(connection.targetAttribute) → \(connection.relationship)"
            // A connection names a record type; every mapper producing it is a target.
            for (target, mapper) in graph.mappers.enumerated() {
                guard case .object(let t) = mapper, t.typeName == connection.targetType else { continue }
                edges.append(Edge(from: mapperID(ref), to: mapperID(target), kind: .connection, label: label))
            }
        }
        return edges
    }

    static func matcherEdges(_ d: DynamicMapper, ref: MapperRef, graph: MappingGraph) -> [Edge] {
        var edges: [Edge] = []
        for matcher in d.matchers {
            switch matcher.test {
            case .expectValue(let path, let value):
                if let target = matcher.mapper {
                    edges.append(Edge(from: mapperID(ref), to: mapperID(target), kind: .matcher,
                                      label: "\(path.source) == \(JSONWriter.serialize(value, pretty: false))"))
                }
            case .expectType(let path, let kind):
                if let target = matcher.mapper {
                    edges.append(Edge(from: mapperID(ref), to: mapperID(target), kind: .matcher,
                                      label: "\(path.source) is \(kind.rawValue)"))
                }
            case .predicate(let predicate):
                if let target = matcher.mapper {
                    edges.append(Edge(from: mapperID(ref), to: mapperID(target), kind: .matcher,
                                      label: predicate.source))
                }
            case .valueMap(let path, let map):
                // Sorted by value so the picture does not depend on dictionary order.
                // A key that is a number's text matches that number too
                // (docs/spec.md §3.3), which `== "0"` alone would deny (§9).
                for (value, target) in map.sorted(by: { $0.key < $1.key }) {
                    let string = JSONWriter.serialize(.string(value), pretty: false)
                    let number = JSONNumber.isLiteral(value.utf8) ? " or \(value)" : ""
                    edges.append(Edge(from: mapperID(ref), to: mapperID(target), kind: .matcher,
                                      label: "\(path.source) == \(string)\(number)"))
                }
            }
        }
        return edges
    }
}
