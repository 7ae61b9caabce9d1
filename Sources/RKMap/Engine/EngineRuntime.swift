/// Per-run objects compiled from the graph that the spec compiler does not own:
/// one date parser per mapper with its own `dateFormats`.
final class EngineRuntime {
    let defaultDateParser: DateParser
    private let parsers: [ObjectIdentifier: DateParser]

    init(graph: MappingGraph) throws(DateFormatError) {
        let options = graph.options
        defaultDateParser = try DateParser(formats: options.dateFormats, timeZone: options.timeZone, numericDates: options.numericDates)
        var parsers: [ObjectIdentifier: DateParser] = [:]
        for mapper in graph.objectMappers where !mapper.dateFormats.isEmpty || mapper.numericDates != nil {
            parsers[ObjectIdentifier(mapper)] = try DateParser(
                formats: mapper.dateFormats + options.dateFormats, timeZone: options.timeZone,
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
