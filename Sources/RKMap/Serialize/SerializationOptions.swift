/// How `rkmap serialize` writes bodies (docs/spec.md §13).
package enum SerializeFormat: String, Sendable, CaseIterable {
    /// Pretty JSON (compact with `--compact`), one body after another.
    case json
    /// One compact JSON body per line.
    case ndjson
    /// `application/x-www-form-urlencoded`, one body per line.
    case form
}

/// What `Serializer` needs from the command line, as values.
package struct SerializationOptions: Sendable {
    package var format: SerializeFormat = .json
    package var compact = false
    /// `--mapper ID`: one mapper for every record.
    package var mapperID: String?
    /// `--method M` (upper case): chooses among request descriptors.
    package var method = "POST"
    /// `--nulls`: write `null` for every absent attribute.
    package var nulls = false
    /// Inputs at least this large are serialized on every core (as for mapping).
    package var pipelineThreshold = MappingOptions.defaultPipelineThreshold
    /// How many bytes of input an array member of a record spans before it
    /// is held as its elements' text (`ProjectionPlan(recordsHoldingArraysFrom:)`)
    /// when bodies are JSON; tests pass 0 to hold every one. The command
    /// line takes it from `RKMAP_HELD_ARRAY_BYTES`, as `apply` does.
    package var holdingArraysFrom = ProjectionPlan.holdingArraysFrom

    package init() {}
}

/// Why one record could not be serialized (exit status 1; the other records
/// are still written).
package struct SerializeFailure: Error, Sendable, Equatable {
    package var message: String
    /// JSON path of the record (or of the value at fault) in its document.
    package var path: String
    package var mapperID: String?
    package var attribute: String?

    package init(_ message: String, path: String, mapperID: String? = nil, attribute: String? = nil) {
        self.message = message
        self.path = path
        self.mapperID = mapperID
        self.attribute = attribute
    }

    /// The same failure seen from one level up: `prefix` goes before the path.
    func below(_ prefix: String) -> SerializeFailure {
        var copy = self
        copy.path = prefix + path
        return copy
    }

    package func diagnostic(file: String, document: Int) -> Diagnostic {
        Diagnostic(.error, message + MappingFailure.documentSuffix(document), file: file, location: .jsonPath(path),
                   mapperID: mapperID, attribute: attribute, code: .serializeFailed)
    }
}
