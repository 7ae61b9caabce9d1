/// A sink's refusal of one document: the document fails (exit status 1), its
/// records are not written, and the run goes on. Output code throws this, its
/// own error, rather than the engine's `MappingFailure`; the engine turns it
/// into the diagnostic.
public struct DocumentRefusal: Error, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// `--shape object` and not exactly one root record (docs/spec.md §10.1).
        case notOneRecord(count: Int)
        /// The output cannot store a record of the document (a SQLite entity
        /// without its identification value); `message` says why and how to fix it.
        case unstorable(String)
    }

    public var reason: Reason
    /// Where in the document the refused record was mapped, when known
    /// (`Record.unstorable`); `$` otherwise.
    public var path = "$"
    public var mapperID: String?
    public var attribute: String?

    public init(_ reason: Reason) { self.reason = reason }

    /// A refusal of the record `note` describes, at its place.
    public init(_ note: UnstorableRecord) {
        reason = .unstorable(note.message)
        path = note.path
        mapperID = note.mapperID
        attribute = note.attribute
    }

    /// The text of the diagnostic: the one place it is written.
    public var message: String {
        switch reason {
        case .notOneRecord(let count):
            return "--shape object needs exactly one root record, the document has \(count)"
        case .unstorable(let message):
            return message
        }
    }
}
