/// Why a document failed to map (exit status 1). The engine stops mapping the
/// document and writes nothing for it.
public struct MappingFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// No applicable descriptor found content (RestKit's `RKMappingErrorNotFound`).
        case noMappableContent(tried: [String])
        /// A `fail` validation did not hold.
        case validation
        /// Data or mapping nested deeper than `--max-depth`.
        case tooDeep(limit: Int)
        /// `--strict` and at least one mapping warning.
        case strictWarnings(count: Int)
        /// The document produced more records than `--max-records` allows.
        case tooManyRecords(limit: Int)
        /// `--shape object` and not exactly one root record.
        case notOneRecord(count: Int)
        /// The input is not valid JSON.
        case syntax
        /// The sink refused the document (e.g. a database constraint).
        case output
    }

    public var reason: Reason
    public var message: String
    /// JSON path where it happened (`$` for the whole document).
    public var path: String
    public var mapperID: String?
    public var attribute: String?

    public init(_ reason: Reason, message: String, path: String = "$", mapperID: String? = nil, attribute: String? = nil) {
        self.reason = reason
        self.message = message
        self.path = path
        self.mapperID = mapperID
        self.attribute = attribute
    }

    /// The failure a sink's refusal of a document means.
    public init(_ refusal: DocumentRefusal) {
        switch refusal.reason {
        case .notOneRecord(let count): self.init(.notOneRecord(count: count), message: refusal.message)
        case .unstorable:
            self.init(.output, message: refusal.message, path: refusal.path, mapperID: refusal.mapperID, attribute: refusal.attribute)
        }
    }

    public var description: String { "\(path): \(message)" }

    /// The diagnostic printed for this failure; `document` is the 0-based
    /// position of the document in its input.
    public func diagnostic(file: String, document: Int = 0) -> Diagnostic {
        Diagnostic(
            .error, message + Self.documentSuffix(document), file: file, location: .jsonPath(path),
            mapperID: mapperID, attribute: attribute, code: .mappingFailed)
    }

    /// Names the document in messages about an input holding several, so a
    /// warning in line 20,000 of an NDJSON file can be found: nothing for the
    /// first document, ` (document N)` (1-based) after it. The `FILE: $.path:`
    /// prefix stays as docs/spec.md §11 defines it.
    static func documentSuffix(_ index: Int) -> String {
        index > 0 ? " (document \(index + 1))" : ""
    }
}
