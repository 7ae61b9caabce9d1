/// Every table, column and index a spec can produce in SQLite output, computed
/// from the mapping graph before any data is read (docs/spec.md §10.4).
///
/// ```swift
/// let schema = SQLiteSchema(graph: graph)
/// if !schema.problems.isEmpty { /* refuse the spec: exit status 2 */ }
/// ```
///
/// **Tables**, in spec order: one per record type reachable from a descriptor
/// (mappers that share a type share a table, their columns merged in order), then
/// link tables. **Relationships**: a relationship that may be to-one (`many` not
/// `true`) is a column named after it; one that may be to-many (`many` not
/// `false`) is a link table `PARENT_relationship` (or its `linkTable`); an
/// undeclared `many` gets both, since the data decides. When the relationship's
/// mapper can produce several record types (a dynamic mapper), the column is
/// paired with `RELATIONSHIP_type` and the link table has `child_type`; the key
/// columns then reference no single table. **Indexes**: every to-one column
/// (with its type column) and every link table's child key.
///
/// **Names.** SQLite compares names ignoring ASCII case, reserves `sqlite_`
/// for itself and cannot store NUL: the problems list every table name or
/// column name of one table that would break, naming both sources of a
/// collision, so the spec is refused before anything is written.
package struct SQLiteSchema {
    package struct Column {
        package var name: String
        package var type: SQLColumnType
        package var references: (table: String, column: String)?
    }

    package struct Table {
        package var name: String
        package var keyColumns: [String]
        package var keyTypes: [SQLColumnType]
        package var usesRowID: Bool
        /// Non-key columns, in spec order.
        package var columns: [Column]
    }

    package struct LinkTable {
        package var name: String
        package var parentTable: String
        package var parentColumns: [String]
        package var parentTypes: [SQLColumnType]
        package var childColumns: [String]
        package var childTypes: [SQLColumnType]
        /// Each child type's key columns among `childColumns`, in key order.
        package var columnsByType: [String: [String]]
        /// The child table when the relationship produces one record type.
        package var childTable: String?
        package var hasTypeColumn: Bool
    }

    package struct Index {
        package var name: String
        package var table: String
        package var columns: [String]
        /// True when the run itself looks rows up through it (`replace`'s
        /// orphan check); other indexes can be built in one pass at the end.
        package var usedDuringRun = false
    }

    /// How one relationship or connection slot is stored.
    package struct Relationship {
        /// The to-one column, when the relationship can be to-one.
        package var column: String?
        /// `RELATIONSHIP_type`, when several record types can be the child.
        package var typeColumn: String?
        /// The link table, when the relationship can be to-many.
        package var linkTable: String?
    }

    /// Where a row of a record type can be referred to: a to-one column (its
    /// value the child's key, or the JSON array of a composite one; with the
    /// column naming the child's type when several can be) or a link table's
    /// child columns (with `child_type`). `replace` deletes a child row only
    /// when none of them refers to it any more (docs/spec.md §7: a row that
    /// lost its *last* link).
    package enum Reference: Equatable {
        case column(table: String, column: String, typeColumn: String?)
        case link(table: String, columns: [String], typed: Bool)

        /// The table that holds the reference.
        var table: String {
            switch self {
            case .column(let table, _, _), .link(let table, _, _): table
            }
        }
    }

    package private(set) var tables: [Table] = []
    /// By child record type, in spec order.
    package private(set) var references: [String: [Reference]] = [:]
    package private(set) var linkTables: [LinkTable] = []
    package private(set) var indexes: [Index] = []
    /// By mapper, then slot.
    package private(set) var relationships: [ObjectIdentifier: [Int: Relationship]] = [:]
    /// Names SQLite cannot hold as the spec asks: spec errors for SQLite output,
    /// `lint` warnings.
    package private(set) var problems: [Diagnostic] = []

    /// Where a name comes from, for messages that name both sides of a collision.
    /// Two sources with the same `role` share the name (an attribute that two
    /// mappers of one type both map); different roles collide.
    struct Origin {
        var text: String
        var role: String
        var mapper: ObjectMapper
        var location: SourceLocation
    }

    typealias Key = (columns: [String], types: [SQLColumnType], rowID: Bool)

    private let file: String
    private var keys: [String: Key] = [:]
    private var tableIndex: [String: Int] = [:]
    private var typeOrigins: [String: Origin] = [:]
    private var tableOrigins: [String: Origin] = [:]
    private var columnOrigins: [String: [String: Origin]] = [:]
    private var replaceLinkTables: Set<String> = []

    package init(graph: MappingGraph) {
        file = graph.file
        let mappers = graph.reachableObjectMappers
        // Keys first: relationship columns take their child's key type.
        for mapper in mappers where keys[mapper.typeName] == nil {
            let hasIdentity = mapper.isEntity && !mapper.identification.isEmpty
            let key: Key = hasIdentity
                ? (mapper.identification.map { mapper.slots[$0].name },
                   mapper.identification.map { Self.columnType(mapper.slots[$0].type) }, false)
                : (["_id"], [.integer], true)
            keys[mapper.typeName] = key
            let origin = Origin(
                text: "type '\(Self.shown(mapper.typeName))' of mapper '\(Self.shown(mapper.id))'", role: "table", mapper: mapper, location: mapper.location)
            typeOrigins[mapper.typeName] = origin
            tableOrigins[mapper.typeName] = origin
            tableIndex[mapper.typeName] = tables.count
            tables.append(Table(name: mapper.typeName, keyColumns: key.columns, keyTypes: key.types, usesRowID: key.rowID, columns: []))
            for column in key.columns {
                let keyOrigin = key.rowID
                    ? Origin(text: "the row id column '_id' of \(origin.text)", role: "rowid", mapper: mapper, location: mapper.location)
                    : Origin(text: "attribute '\(Self.shown(column))' of \(origin.text)", role: "attribute", mapper: mapper, location: mapper.location)
                _ = addColumnOrigin(column, in: mapper.typeName, origin: keyOrigin)
            }
        }
        for mapper in mappers {
            var stored: [Int: Relationship] = [:]
            // Looked up per slot: scanned per slot, a mapper of 40,000
            // dotted destinations took `lint` 30 s.
            var locations: [Int: SourceLocation] = [:]
            for property in mapper.properties {
                switch property {
                case .attribute(let a): if locations[a.slot] == nil { locations[a.slot] = a.location }
                case .relationship(let r): if locations[r.slot] == nil { locations[r.slot] = r.location }
                }
            }
            for c in mapper.connections where locations[c.slot] == nil { locations[c.slot] = c.location }
            var slotsByPath: [[String]: Int] = [:]
            for (i, slot) in mapper.slots.enumerated() where slotsByPath[slot.path] == nil { slotsByPath[slot.path] = i }
            for (slotIndex, slot) in mapper.slots.enumerated() {
                let location = locations[slotIndex] ?? mapper.location
                if let outer = Self.relationshipHolding(slot, in: mapper, slotsByPath: slotsByPath) {
                    // JSON and CSV write `address.city` (or a relationship
                    // `address.geo`) into the record of relationship `address`,
                    // as RestKit's key-value coding does; a row cannot take a
                    // value from its parent, nor a parent link a grandchild.
                    let role = slot.isRelationship ? "relationship" : "attribute"
                    problems.append(diagnostic(
                        "\(role) '\(Self.shown(slot.name))' of mapper '\(Self.shown(mapper.id))' writes into the record of "
                            + "\(outer) (JSON and CSV write it there), which an SQLite row cannot hold: rename it "
                            + "(e.g. '\(slot.path.joined(separator: "_"))') or map it in that relationship's mapper",
                        at: Origin(text: "", role: role, mapper: mapper, location: location)))
                    continue
                }
                switch slot.kind {
                case .keyAttribute, .attribute:
                    // `author\.name` and `author.name` are one column name:
                    // the spelling tells them apart, the role makes them collide.
                    let spelled = slot.path.map { $0.replacingOccurrences(of: ".", with: "\\.") }.joined(separator: ".")
                    let origin = Origin(
                        text: "attribute '\(Self.shown(spelled))' of mapper '\(Self.shown(mapper.id))'",
                        role: slot.path.count == 1 ? "attribute" : "attribute \(slot.path)", mapper: mapper, location: location)
                    addColumn(Column(name: slot.name, type: Self.columnType(slot.type), references: nil), of: mapper, origin: origin)
                case .relationship(let info):
                    let childTypes = Self.unique(graph.objectMappers(producedBy: info.mapper).map(\.typeName))
                    stored[slotIndex] = relationship(
                        slot.name, of: mapper, many: info.many, linkTable: info.linkTable, childTypes: childTypes, location: location)
                    if info.assignmentPolicy == .replace, let link = stored[slotIndex]?.linkTable { replaceLinkTables.insert(link) }
                case .connection(let connection):
                    // A connection is to-one or to-many by its source value: both are prepared.
                    let childTypes = keys[connection.targetType] == nil ? [] : [connection.targetType]
                    stored[slotIndex] = relationship(
                        slot.name, of: mapper, many: nil, linkTable: nil, childTypes: childTypes, location: location)
                }
            }
            relationships[ObjectIdentifier(mapper), default: [:]].merge(stored) { a, _ in a }
        }
        // `replace` looks its lost children up in every table that can refer
        // to them: those indexes are built before the run.
        var checked = Set<String>()
        for link in linkTables where replaceLinkTables.contains(link.name) {
            for child in link.columnsByType.keys {
                for reference in references[child] ?? [] { checked.insert(reference.table) }
            }
        }
        for i in indexes.indices where checked.contains(indexes[i].table) { indexes[i].usedDuringRun = true }
        for link in linkTables {
            var columns = link.childColumns
            if link.hasTypeColumn { columns.append("child_type") }
            indexes.append(Index(
                name: "\(link.name)(\(columns.joined(separator: ",")))", table: link.name, columns: columns,
                usedDuringRun: replaceLinkTables.contains(link.name) || checked.contains(link.name)))
        }
        checkNames()
    }

    /// Adds a non-key column to the mapper's table (once per name and role).
    private mutating func addColumn(_ column: Column, of mapper: ObjectMapper, origin: Origin) {
        guard addColumnOrigin(column.name, in: mapper.typeName, origin: origin) else { return }
        let t = tableIndex[mapper.typeName]!
        if tables[t].keyColumns.contains(column.name) { return }
        tables[t].columns.append(column)
    }

    /// Declares the storage of one relationship: its to-one column (and type
    /// column, with an index) and its link table.
    private mutating func relationship(
        _ name: String, of mapper: ObjectMapper, many: Bool?, linkTable: String?, childTypes: [String], location: SourceLocation
    ) -> Relationship {
        var result = Relationship()
        let polymorphic = childTypes.count > 1
        let parentKey = keys[mapper.typeName]!
        let text = "relationship '\(Self.shown(name))' of mapper '\(Self.shown(mapper.id))'"
        if many != true {
            var column = Column(name: name, type: .none, references: nil)
            if !polymorphic, let child = childTypes.first, let key = keys[child] {
                if key.columns.count == 1 {
                    column.type = key.types[0]
                    column.references = (child, key.columns[0])
                } else {
                    column.type = .text  // a composite key as a JSON array
                }
            }
            addColumn(column, of: mapper, origin: Origin(text: text, role: "relationship " + name, mapper: mapper, location: location))
            result.column = name
            var indexed = [name]
            if polymorphic {
                let typeColumn = name + "_type"
                addColumn(
                    Column(name: typeColumn, type: .text, references: nil), of: mapper,
                    origin: Origin(text: "the type column of \(text)", role: "type of " + name, mapper: mapper, location: location))
                result.typeColumn = typeColumn
                indexed.append(typeColumn)
            }
            for child in childTypes where keys[child] != nil {
                addReference(.column(table: mapper.typeName, column: name, typeColumn: result.typeColumn), to: child)
            }
            let indexName = "\(mapper.typeName)(\(indexed.joined(separator: ",")))"
            if !indexes.contains(where: { $0.name == indexName }) {
                indexes.append(Index(name: indexName, table: mapper.typeName, columns: indexed))
            }
        }
        if many != false {
            let linkName = linkTable ?? mapper.typeName + "_" + name
            result.linkTable = linkName
            let linkOrigin = Origin(
                text: "the link table of \(text)", role: "link \(mapper.typeName).\(name)", mapper: mapper, location: location)
            if let existing = tableOrigins[linkName] {
                // The same relationship of another mapper of the same type shares its table.
                if existing.role != linkOrigin.role {
                    problems.append(collision("table name", linkName, existing, linkOrigin, suggestLinkTable: true))
                }
                return result
            }
            tableOrigins[linkName] = linkOrigin
            let parentColumns = parentKey.columns.map { SQLiteSinkLinkTable.column("parent", $0) }
            // Child key columns: each child type's key, `child_`-prefixed; types
            // keyed alike share columns, others add theirs (NULL in the other
            // types' rows). `child_type` tells which columns a row uses.
            var childColumns: [String] = []
            var childKeyTypes: [SQLColumnType] = []
            var columnsByType: [String: [String]] = [:]
            for child in childTypes {
                guard let key = keys[child] else { continue }
                var own: [String] = []
                for (column, type) in zip(key.columns, key.types) {
                    let name = SQLiteSinkLinkTable.column("child", column)
                    own.append(name)
                    if let i = childColumns.firstIndex(of: name) {
                        if childKeyTypes[i] != type { childKeyTypes[i] = .none }
                    } else {
                        childColumns.append(name)
                        childKeyTypes.append(type)
                    }
                }
                columnsByType[child] = own
            }
            for (child, own) in columnsByType { addReference(.link(table: linkName, columns: own, typed: polymorphic), to: child) }
            let childKeys = childTypes.compactMap { keys[$0] }
            linkTables.append(LinkTable(
                name: linkName, parentTable: mapper.typeName, parentColumns: parentColumns, parentTypes: parentKey.types,
                childColumns: childColumns, childTypes: childKeyTypes, columnsByType: columnsByType,
                childTable: polymorphic || childKeys.isEmpty ? nil : childTypes.first, hasTypeColumn: polymorphic))
            var columns = parentColumns + childColumns + ["position"]
            if polymorphic { columns.append("child_type") }
            for column in columns {
                _ = addColumnOrigin(column, in: linkName, origin: Origin(
                    text: "column '\(Self.shown(column))' of \(linkOrigin.text)", role: "link column " + column, mapper: mapper, location: location))
            }
        }
        return result
    }

    private mutating func addReference(_ reference: Reference, to child: String) {
        if references[child]?.contains(reference) == true { return }
        references[child, default: []].append(reference)
    }

    /// Records where a column name comes from; false when the name is already
    /// there (shared, or a collision, which is reported).
    private mutating func addColumnOrigin(_ column: String, in table: String, origin: Origin) -> Bool {
        if let existing = columnOrigins[table]?[column] {
            if existing.role != origin.role {
                problems.append(collision("column name", column, existing, origin, table: table, suggestLinkTable: false))
            }
            return false
        }
        columnOrigins[table, default: [:]][column] = origin
        return true
    }

    /// Names SQLite would confuse (ignoring ASCII case), reject (NUL, empty) or
    /// reserve (`sqlite_`): one problem per name, at the later source.
    private mutating func checkNames() {
        let ordered = tableOrigins.sorted { ($0.value.location, $0.key) < ($1.value.location, $1.key) }
        var folded: [String: (String, Origin)] = [:]
        for (name, origin) in ordered {
            if let problem = invalid(name, what: "table name", origin: origin, reserved: true) { problems.append(problem); continue }
            let key = Self.fold(name)
            if let (other, first) = folded[key] {
                problems.append(collision("table name", name, first, origin, other: other, suggestLinkTable: origin.role.hasPrefix("link")))
            } else {
                folded[key] = (name, origin)
            }
        }
        for (table, columns) in columnOrigins.sorted(by: { $0.key < $1.key }) {
            var folded: [String: (String, Origin)] = [:]
            for (name, origin) in columns.sorted(by: { ($0.value.location, $0.key) < ($1.value.location, $1.key) }) {
                if let problem = invalid(name, what: "column name", origin: origin, reserved: false) { problems.append(problem); continue }
                let key = Self.fold(name)
                if let (other, first) = folded[key] {
                    problems.append(collision("column name", name, first, origin, other: other, table: table, suggestLinkTable: false))
                } else {
                    folded[key] = (name, origin)
                }
            }
        }
        problems.sort { a, b in
            if case .source(let x) = a.location, case .source(let y) = b.location, x != y { return x < y }
            return a.message < b.message
        }
    }

    private func invalid(_ name: String, what: String, origin: Origin, reserved: Bool) -> Diagnostic? {
        let why: String
        if name.isEmpty { why = "is empty" }
        else if name.utf8.contains(0) { why = "contains a NUL character" }
        else if reserved, Self.fold(name).hasPrefix("sqlite_") { why = "starts with 'sqlite_', which SQLite reserves for itself" }
        else { return nil }
        let shown = JSONWriter.serialize(.string(name), pretty: false)
        return diagnostic("SQLite \(what) \(shown) of \(origin.text) \(why); choose another name", at: origin)
    }

    private func collision(
        _ what: String, _ name: String, _ first: Origin, _ second: Origin, other: String? = nil, table: String? = nil,
        suggestLinkTable: Bool
    ) -> Diagnostic {
        let inTable = table.map { " in table '\(Self.shown($0))'" } ?? ""
        let sources = "\(Self.describe(first)) and \(Self.describe(second))"
        var message: String
        if let other, other != name {
            message = "SQLite \(what)s '\(Self.shown(other))' and '\(Self.shown(name))'\(inTable) are one name to SQLite, which ignores case: \(sources)"
        } else {
            message = "SQLite \(what) '\(Self.shown(name))'\(inTable) is wanted twice: by \(sources)"
        }
        message += suggestLinkTable ? "; give one relationship its own \"linkTable\"" : "; rename one of them"
        return diagnostic(message, at: second)
    }

    private static func describe(_ origin: Origin) -> String {
        "\(origin.text) at line \(origin.location.line)"
    }

    private func diagnostic(_ message: String, at origin: Origin) -> Diagnostic {
        Diagnostic(.error, message, file: file, location: .source(origin.location), mapperID: origin.mapper.id, code: .sqliteName)
    }

    /// A name as messages show it: control characters (a NUL) escaped as in JSON.
    static func shown(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return name }
        return String(JSONWriter.serialize(.string(name), pretty: false).dropFirst().dropLast())
    }

    /// SQLite's own case folding: ASCII letters only.
    static func fold(_ name: String) -> String {
        String(decoding: name.utf8.map { $0 &- 65 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// The declared type of an attribute's column. `decimal` and untyped columns
    /// have no type (no affinity), so SQLite keeps each value as bound: an
    /// INTEGER, a REAL, or TEXT with the source digits (docs/spec.md §10.4).
    static func columnType(_ declared: ValueType?) -> SQLColumnType {
        declared.map(SQLColumnType.init(declared:)) ?? .none
    }

    /// The relationship or connection (`relationship 'address'`) whose
    /// destination a dotted attribute destination nests inside.
    private static func relationshipHolding(_ slot: Slot, in mapper: ObjectMapper, slotsByPath: [[String]: Int]) -> String? {
        guard slot.path.count > 1 else { return nil }
        for length in stride(from: slot.path.count - 1, through: 1, by: -1) {
            guard let i = slotsByPath[Array(slot.path.prefix(length))] else { continue }
            let outer = mapper.slots[i]
            switch outer.kind {
            case .relationship: return "relationship '\(shown(outer.name))'"
            case .connection: return "connection '\(shown(outer.name))'"
            case .attribute, .keyAttribute: return nil
            }
        }
        return nil
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
