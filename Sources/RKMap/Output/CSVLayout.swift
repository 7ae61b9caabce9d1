/// CSV columns computed from the spec, and where each field of each record
/// goes (docs/spec.md §10.3). The columns are the same for every input, so the
/// header can be written with the first row and the rows streamed.
///
/// Columns: `@type` (unless turned off), then the fields of the root mappers
/// in record order, descriptors in file order, a dynamic mapper's members in
/// matcher order; a name already present is not repeated. A relationship is
/// to-one unless it declares `"many": true`: its mapper's fields become dotted
/// columns (`author.name`), after an `author.@type` column when it can hold
/// records of several types, recursively, unless the mapper is already being
/// flattened on that path (a `reblog` that is a status), which makes one
/// column of compact JSON. To-many relationships and connections are one
/// column of compact JSON.
///
/// - Complexity: built once per run, in time proportional to the columns
///   and their names, which are bounded (`maxColumns`, `maxNameBytes`).
package final class CSVLayout {
    /// How one slot of a record is written.
    enum Cell {
        /// A scalar, array or object cell.
        case value(Int)
        /// A dotted attribute (`address.city`): written after the other cells
        /// of its record so it wins over the same cell flattened from a
        /// relationship, as in the JSON tree, where key-path attributes are
        /// applied last (RestKit).
        case dotted(Int)
        /// Compact JSON text of the field (to-many, connection, recursion).
        case json(Int)
        /// A to-one relationship flattened into its child's columns; the child
        /// record's mapper picks the node. `type`: the column of the child's
        /// type (`author.@type`) when the relationship can hold records of
        /// more than one type (a dynamic mapper: Track or Episode).
        case flatten([ObjectIdentifier: Node], type: Int?)
    }

    /// The cells of one mapper's records at one column prefix.
    final class Node {
        let cells: [Cell]
        /// The `dotted` slots.
        let deferred: [Int]

        init(cells: [Cell], deferred: [Int]) {
            self.cells = cells
            self.deferred = deferred
        }
    }

    private(set) var columns: [String] = []
    private var columnIndex: [String: Int] = [:]
    /// The destination path each column holds in the rows of the root mapper
    /// being laid out (`["author", "name"]` for `author.name` flattened or
    /// dotted): a row holds one root record, so only its own fields can clash.
    private var rowPaths: [String: [String]] = [:]
    /// Columns that two different destinations would both be written to
    /// (`author\.name` and the relationship `author`'s `name`): CSV output
    /// refuses the spec (`CSVSink.problems`).
    private(set) var problems: [String] = []
    /// Nodes of the root mappers.
    private(set) var roots: [ObjectIdentifier: Node] = [:]
    private let graph: MappingGraph
    private let includeType: Bool

    /// The most columns CSV output lays out (131,072: eight times what a
    /// spreadsheet opens, room for a flat record of many fields). To-one
    /// relationships are flattened along every path through the mappers, so
    /// a spec whose to-one relationships cycle (each mapper leading to two
    /// others) has exponentially many: a 5 KB spec of 30 mappers took
    /// `lint` 4.75 GB and half a minute before the layout stopped here.
    package static let maxColumns = 1 << 17
    /// The most bytes of column names: a chain of thousands of nested to-one
    /// relationships has few columns, each named by the whole chain.
    static let maxNameBytes = 1 << 22
    private var nameBytes = 0
    /// The layout went past `maxColumns` or `maxNameBytes` and stopped.
    private var tooWide = false
    /// A to-one relationship was flattened into dotted columns (what the
    /// advice past the bounds is about).
    private var flattened = false

    /// - Parameters:
    ///   - graph: The spec.
    ///   - roots: The root mappers of the descriptors that apply, in file order.
    ///   - type: `--type T`: only root records of this type, so only its columns.
    ///   - includeType: Whether the first column is `@type`.
    init(graph: MappingGraph, roots: [MapperRef], type: String?, includeType: Bool) {
        self.graph = graph
        self.includeType = includeType
        if includeType { _ = column("@type", holding: ["@type"]) }
        for root in roots {
            for mapper in graph.objectMappers(producedBy: root) where type == nil || mapper.typeName == type {
                let id = ObjectIdentifier(mapper)
                guard self.roots[id] == nil else { continue }
                rowPaths = [:]
                self.roots[id] = node(mapper, prefix: "", prefixPath: [], path: [])
            }
        }
    }

    private func node(_ mapper: ObjectMapper, prefix: String, prefixPath: [String], path: Set<ObjectIdentifier>) -> Node {
        // Past the bounds the spec is refused (`problems`); nothing is laid out.
        guard !tooWide else { return Node(cells: [], deferred: []) }
        var path = path
        path.insert(ObjectIdentifier(mapper))
        var cells: [Cell] = []
        var deferred: [Int] = []
        cells.reserveCapacity(mapper.slots.count)
        for (index, slot) in mapper.slots.enumerated() {
            let name = prefix + slot.name
            let destination = prefixPath + slot.path
            func column(_ name: String) -> Int { self.column(name, holding: destination) }
            switch slot.kind {
            case .keyAttribute, .attribute:
                if slot.path.count > 1 {
                    cells.append(.dotted(column(name)))
                    deferred.append(index)
                } else {
                    cells.append(.value(column(name)))
                }
            case .connection:
                cells.append(.json(column(name)))
            case .relationship(let info):
                let targets = graph.objectMappers(producedBy: info.mapper)
                if info.many == true || targets.contains(where: { path.contains(ObjectIdentifier($0)) }) {
                    cells.append(.json(column(name)))
                    continue
                }
                // Which type a child is, as SQLite's `RELATIONSHIP_type` says it.
                var type: Int?
                if includeType, Set(targets.map(\.typeName)).count > 1 {
                    type = self.column(name + ".@type", holding: destination + ["@type"])
                }
                var children: [ObjectIdentifier: Node] = [:]
                flattened = true
                for target in targets {
                    children[ObjectIdentifier(target)] = node(target, prefix: name + ".", prefixPath: destination, path: path)
                }
                cells.append(.flatten(children, type: type))
            }
        }
        return Node(cells: cells, deferred: deferred)
    }

    private func column(_ name: String, holding destination: [String]) -> Int {
        if let held = rowPaths[name], held != destination, !problems.contains(where: { $0.hasPrefix("CSV column '\(name)' ") }) {
            let spelled = [held, destination].map { $0.map { $0.replacingOccurrences(of: ".", with: "\\.") }.joined(separator: ".") }
            problems.append(
                "CSV column '\(name)' would hold two different fields, '\(spelled[0])' and '\(spelled[1])' "
                    + "(a destination with a literal dot and a nested or flattened one); rename a destination in the spec")
        }
        if rowPaths[name] == nil { rowPaths[name] = destination }
        if let i = columnIndex[name] { return i }
        columns.append(name)
        columnIndex[name] = columns.count - 1
        nameBytes += name.utf8.count
        if !tooWide, columns.count > Self.maxColumns || nameBytes > Self.maxNameBytes {
            tooWide = true
            let shown = "'\(name.prefix(60))\(name.count > 60 ? "…" : "")'"
            // A record of that many fields of its own (one sample object of
            // 200,000 members, inferred) has no relationship to declare many.
            let why = flattened
                ? "each to-one relationship is flattened into dotted columns (\(shown)) "
                    + "along every path through the mappers; declare some of them \"many\": true (one column of JSON), "
                : "a record of this spec has more fields than that (\(shown)); use "
            problems.append(
                "CSV output would need more than \(Self.maxColumns) columns, or \(Self.maxNameBytes >> 20) MB of column names: "
                    + why + (flattened ? "or use --format ndjson, json or sqlite" : "--format ndjson or json"))
        }
        return columns.count - 1
    }
}
