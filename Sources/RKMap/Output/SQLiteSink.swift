/// Writes records into an SQLite database (docs/spec.md §7, §10.4): one table per record
/// type, upserts by identity, link tables for to-many relationships and connections.
///
/// ```swift
/// let sink = try SQLiteSink(path: "out.db")
/// // the engine calls beginDocument / write / endDocument …
/// try sink.finish()   // COMMIT: the run's rows appear all at once
/// ```
///
/// **Tables.** A record type `T` is table `"T"`. Entities with identification
/// attributes are keyed by them (a composite primary key when there are several);
/// other records get `_id INTEGER PRIMARY KEY`. Each attribute is a column typed
/// from its declared type (`int`/`bool` INTEGER, `double` REAL, other types TEXT)
/// or, untyped, from the JSON kind of its first value (objects and arrays are JSON
/// text). A to-one relationship is a column named after it holding the child's key
/// (a child with a composite key stores the JSON array of its key values, e.g.
/// `["us",12]`, since one column cannot reference several). A to-many relationship
/// or connection `r` of `T` is the link table `"T_r"` with `parent_…` and
/// `child_…` key columns, `position`, and declared foreign keys. Names are always
/// quoted, so any type or attribute name is safe.
///
/// **Upserts.** A record with identity inserts its row or updates only the
/// columns of its present fields; a `null` field sets NULL, an absent one keeps
/// the stored value. A record without identity always inserts. With a
/// `modificationAttribute`, a record whose value is not greater than the stored
/// one (numbers numerically, strings — ISO dates — lexicographically) is skipped
/// whole, including its relationships. To-many links follow the relationship's
/// assignment policy: `set` replaces the parent's links, `union` appends links not
/// yet there, `replace` is `set` and also deletes child rows left without a link in
/// that link table. Connections always use `set`.
///
/// **Atomicity.** The run is one transaction: `BEGIN IMMEDIATE` at the first
/// document (waiting up to the busy timeout for other writers), `COMMIT` in
/// `finish()`. An abandoned document makes `finish()` roll back and throw; a
/// crash or kill leaves SQLite's rollback journal, which restores the previous
/// contents the next time the file is opened. The sink never changes the journal
/// mode, so that guarantee is SQLite's default one.
///
/// `includeType` is accepted for symmetry with the other sinks; tables are
/// named after types, so it changes nothing here.
public final class SQLiteSink: RecordSink {
    // Only the writer thread touches a sink, one access at a time: the
    // runtime's exclusivity checks on these properties (a call and a
    // thread-local lookup per access) are turned off, as for DocumentMapper.
    enum State { case idle, running, failed, finished }

    let database: SQLiteDatabase
    let path: String
    /// True when no file existed at `path` before this sink opened it.
    let createdFile: Bool
    @exclusivity(unchecked) var state = State.idle
    /// The run was committed: `rollback()` no longer takes anything back.
    @exclusivity(unchecked) var committed = false
    /// The created file's entries in the signal cleanup table, until the run
    /// commits or rolls back.
    @exclusivity(unchecked) var signalCleanup: [TemporaryFiles.Registration?] = []
    /// Tables by name (record tables and link tables share SQLite's namespace).
    @exclusivity(unchecked) var tables: [String: SQLiteSinkTable] = [:]
    @exclusivity(unchecked) var linkTables: [String: SQLiteSinkLinkTable] = [:]
    /// Per-mapper write plans: one dictionary lookup per record instead of one
    /// per field.
    @exclusivity(unchecked) var plans: [ObjectIdentifier: SQLiteSinkPlan] = [:]
    /// Tables that received an insert in the current document.
    @exclusivity(unchecked) var tablesTouchedInDocument: [SQLiteSinkTable] = []
    /// Connection links, written at the end of the document once every record
    /// of the document has its row.
    @exclusivity(unchecked) var pendingConnections = SQLiteSinkPendingConnections()
    /// Indexes this run made for connections to find rows (`connectionLookupIndex`):
    /// every one, and those known to exist in the current document.
    @exclusivity(unchecked) var connectionIndexes: (run: [String], document: Set<String>) = ([], [])
    /// Child rows `replace` relationships unlinked in the current document,
    /// with the link table they were unlinked from (its stored child values):
    /// deleted at the document's end when no link reaches them any more
    /// (`deleteOrphans`), once every relationship and connection is written.
    @exclusivity(unchecked) var unlinkedChildren: [(link: SQLiteSinkLinkTable, values: [SQLiteValue])] = []
    /// Link tables with rows queued for a multi-row INSERT (`insertLinks`).
    @exclusivity(unchecked) var linksWithPendingRows: [SQLiteSinkLinkTable] = []
    /// Every table, column and index the spec can produce (docs/spec.md §10.4),
    /// created at the first document; `nil` without a spec, when tables follow
    /// the records.
    let schema: SQLiteSchema?
    /// The attributes connections look each record type up by.
    let connectionTargets: [String: Set<String>]
    /// `apply --keep-going` (docs/spec.md §11): each document runs in a
    /// savepoint, so an abandoned document is taken back alone and the run
    /// goes on; `finish()` commits the documents that succeeded.
    @exclusivity(unchecked) public var documentSavepoints = false
    /// A document's savepoint is open.
    @exclusivity(unchecked) var inDocumentSavepoint = false
    /// The spec's tables are there (`create`), and were made inside the open
    /// document's savepoint: the first document, taken back with it if it
    /// fails, as a document that fails when read whole makes none.
    @exclusivity(unchecked) var schemaCreated = false
    @exclusivity(unchecked) var schemaInDocument = false
    /// The spec: which relationships can be written as they come (`acceptsOpenRecord`).
    let graph: MappingGraph?
    /// The root record written before its relationship's elements (`openRecord`).
    @exclusivity(unchecked) var openParent: SQLiteSinkOpenRecord?

    /// Opens (or creates) the database. Nothing is written before the first document.
    ///
    /// - Parameters:
    ///   - path: The database file; an existing database is reused, extended and upserted into.
    ///   - graph: The spec. With it, every table, column and index the spec can
    ///     produce is created up front, and relationships whose mapper yields
    ///     several record types store each child's type. Without it, tables and
    ///     columns are added as records bring them.
    ///   - includeType: Ignored (see the type's documentation).
    ///   - busyTimeoutMilliseconds: How long to wait for another connection's lock.
    /// - Throws: `SQLiteSinkError.invalidNames` when the spec's names cannot be
    ///   SQLite tables or columns (check `SQLiteSchema.problems` first for the
    ///   details); `SQLiteError` when the file cannot be opened.
    /// - Parameter onlyType: `--type`: a connection of that type to records
    ///   without identity of another type is refused (their rows would be
    ///   missing), before the database is opened.
    public init(
        path: String, graph: MappingGraph? = nil, includeType: Bool = true, onlyType: String? = nil,
        busyTimeoutMilliseconds: Int32 = 5_000
    ) throws {
        let schema = graph.map(SQLiteSchema.init)
        if let problems = schema?.problems, !problems.isEmpty {
            throw SQLiteSinkError.invalidNames(problems.map(\.description))
        }
        if let type = onlyType, let graph {
            for mapper in graph.objectMappers where mapper.typeName == type {
                for c in mapper.connections where c.targetType != type {
                    let targets = graph.objectMappers.filter { $0.typeName == c.targetType }
                    if targets.contains(where: { !$0.isEntity || $0.identification.isEmpty }) {
                        throw SQLiteSinkError.typeLeavesOutConnectedRows(type: type, connection: c.relationship, target: c.targetType)
                    }
                }
            }
        }
        self.schema = schema
        self.graph = graph
        var targets: [String: Set<String>] = [:]
        for mapper in graph?.objectMappers ?? [] {
            for c in mapper.connections { targets[c.targetType, default: []].insert(c.targetAttribute) }
        }
        self.connectionTargets = targets
        self.path = path
        let createdFile = !Self.fileExists(path)
        self.createdFile = createdFile
        if createdFile { signalCleanup = Self.registerForSignalCleanup(path) }
        do {
            self.database = try SQLiteDatabase(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        } catch {
            for registration in signalCleanup { TemporaryFiles.unregister(registration) }
            throw error
        }
    }

    deinit {
        // A sink dropped without finish() must not commit half a run.
        try? database.rollback()
        settled()
    }

    public func beginDocument(_ document: DocumentInfo) throws {
        switch state {
        case .failed: return
        case .finished: throw SQLiteSinkError.finished
        case .idle:
            try database.beginTransaction(.immediate)
            state = .running
        case .running: break
        }
        if documentSavepoints, !inDocumentSavepoint {
            try flushAllLinks()
            try database.execute("SAVEPOINT rkmap_document")
            inDocumentSavepoint = true
        }
        if let schema, !schemaCreated {
            do { try create(schema) } catch { state = .failed; throw error }
            schemaCreated = true
            schemaInDocument = inDocumentSavepoint
        }
        for table in tablesTouchedInDocument {
            table.firstRowIDInDocument = nil
            table.rowsStoringAnotherKind.removeAll()
        }
        tablesTouchedInDocument.removeAll(keepingCapacity: true)
        pendingConnections.removeAll()
        // A document taken back (its savepoint) takes back an index it made.
        connectionIndexes.document.removeAll()
    }

    public func beginDescriptor(_ descriptor: Descriptor) throws {}

    public func write(_ root: FieldValue, descriptor: Descriptor) throws {
        try writing { try writeRoot(root) }
    }

    /// Runs `body`, which writes records, in a running run.
    func writing(_ body: () throws -> Void) throws {
        switch state {
        case .failed: return
        case .finished: throw SQLiteSinkError.finished
        case .idle:
            try beginDocument(DocumentInfo(input: "-", index: 0))
        case .running: break
        }
        // A statement that failed halfway through a record leaves the run
        // inconsistent: it can only be rolled back. Inside a document's
        // savepoint (--keep-going), a record the data makes unstorable fails
        // only its document: the savepoint takes back what it wrote.
        do {
            try body()
        } catch let error as SQLiteSinkError where inDocumentSavepoint && error.failsDocumentOnly {
            throw DocumentRefusal(.unstorable(error.description))
        } catch let refusal as DocumentRefusal {
            // A record found unstorable as it was mapped (`Record.unstorable`):
            // its document fails at the record's place; without a savepoint
            // the run can only be rolled back.
            if !inDocumentSavepoint { state = .failed }
            throw refusal
        } catch {
            state = .failed
            throw error
        }
    }

    private func writeRoot(_ root: FieldValue) throws {
        switch root {
        case .record(let record): _ = try writeRecord(record)
        case .many(let items): for item in items { try writeRoot(item) }
        case .value: break
        }
    }

    public func endDocument() throws {
        guard state == .running else { return }
        do {
            try writeConnections()
            try deleteOrphans()
            // The savepoint must hold the document's links when it is released.
            if inDocumentSavepoint { try flushAllLinks() }
        } catch {
            state = .failed
            throw error
        }
        if inDocumentSavepoint {
            inDocumentSavepoint = false
            schemaInDocument = false
            try database.execute("RELEASE rkmap_document")
        }
    }

    /// Records may arrive while a document is still being read: `abandonDocument`
    /// takes back what a failed document wrote.
    public var acceptsStreaming: Bool { true }
    /// A nested array's records are rows like any root's.
    public var acceptsNestedArrays: Bool { true }

    /// A failed document is rolled back already (to its savepoint under
    /// `--keep-going`, else with the whole run).
    public func holdDocumentOutput() -> Bool { true }

    public func abandonDocument() throws {
        openParent = nil
        pendingConnections.removeAll()
        unlinkedChildren.removeAll()
        discardPendingLinks()
        if inDocumentSavepoint, state == .running {
            inDocumentSavepoint = false
            try database.execute("ROLLBACK TO rkmap_document")
            try database.execute("RELEASE rkmap_document")
            tablesTouchedInDocument.removeAll()
            // With a spec, every table was created with the first document
            // and is still there, unless this is that document: then the
            // next one creates them again. Without one, tables or columns the
            // document created are gone again: forget what is known about
            // the schema and read it back when needed.
            if schema != nil {
                guard schemaInDocument else { return }
                schemaInDocument = false
                schemaCreated = false
            }
            tables.removeAll()
            linkTables.removeAll()
            plans.removeAll()
            return
        }
        if state == .running || state == .idle { state = .failed }
    }

    /// Commits the run, or — after an abandoned document — rolls it back and throws.
    ///
    /// - Throws: `SQLiteSinkError.runAbandoned` after `abandonDocument()`;
    ///   `SQLiteError` when COMMIT fails (the run is then rolled back).
    public func finish() throws {
        let previous = state
        state = .finished
        switch previous {
        case .finished: return
        case .idle:
            committed = true
            settled()
        case .failed:
            discardPendingLinks()
            try database.rollback()
            removeFileIfCreatedEmpty()
            throw SQLiteSinkError.runAbandoned(path: path)
        case .running:
            do {
                // Records written outside a document (the library's callers).
                try deleteOrphans()
                try flushAllLinks()
                try createRemainingIndexes()
                try dropConnectionIndexes()
                try database.commit()
                committed = true
                settled()
            } catch {
                try? database.rollback()
                throw error
            }
        }
    }
}
