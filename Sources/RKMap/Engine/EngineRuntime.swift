/// Per-run objects built from the compiled graph: one date parser per mapper
/// with its own `dateFormats`. The formats and zone were compiled with the
/// spec, so nothing here can fail.
final class EngineRuntime: Sendable {
    let defaultDateParser: DateParser
    private let parsers: [ObjectIdentifier: DateParser]

    init(graph: MappingGraph) {
        let options = graph.options
        defaultDateParser = DateParser(formats: options.dateFormats, zone: options.timeZone, numericDates: options.numericDates)
        var parsers: [ObjectIdentifier: DateParser] = [:]
        for mapper in graph.objectMappers where !mapper.dateFormats.isEmpty || mapper.numericDates != nil {
            parsers[ObjectIdentifier(mapper)] = DateParser(
                formats: mapper.dateFormats + options.dateFormats, zone: options.timeZone,
                numericDates: mapper.numericDates ?? options.numericDates)
        }
        self.parsers = parsers
    }

    /// The parser for a mapper: its own formats, then the spec's, then RestKit's;
    /// its own `numericDates`, else the spec's.
    func dateParser(for mapper: ObjectMapper) -> DateParser {
        parsers[ObjectIdentifier(mapper)] ?? defaultDateParser
    }
}
