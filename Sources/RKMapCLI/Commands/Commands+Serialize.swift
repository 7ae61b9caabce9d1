import RKMap

extension Commands {
    /// `rkmap serialize SPEC [RECORDS ...]`: records back to request bodies
    /// (docs/spec.md §13).
    ///
    /// Exit status: 0 every record serialized; 1 some record failed (it is
    /// reported; the others are written) or an input does not parse; 2 usage
    /// or spec error (an unknown `--mapper` too).
    public static func serialize(_ options: SerializeOptions, stdout: ByteSink, stderr: ByteSink) -> Int32 {
        guard let graph = loadSpec(options.spec, stderr: stderr) else { return usageOrSpecError }
        for input in options.inputs {
            if let failure = InputFile.unreadable(input) {
                try? stderr.write("error: \(failure)\n")
                return usageOrSpecError
            }
        }
        var settings = SerializationOptions()
        settings.format = SerializeFormat(rawValue: options.format.rawValue) ?? .json
        settings.compact = options.compact
        settings.mapperID = options.mapper
        settings.method = options.method
        settings.nulls = options.nulls
        settings.pipelineThreshold = Environment.pipelineThreshold
        let serializer: Serializer
        do {
            serializer = try Serializer(graph: graph, options: settings)
        } catch {
            try? stderr.write("\(error.message)\n")
            return usageOrSpecError
        }
        let diagnostics = StreamDiagnostics(stream: stderr)
        for warning in serializer.warnings { diagnostics.emit(warning) }
        return stoppingQuietly(stderr: stderr) {
            let file: AtomicFileOutput?
            do {
                file = try options.output.flatMap { $0 == "-" ? nil : try AtomicFileOutput(path: $0) }
            } catch {
                try? stderr.write("error: \(error)\n")
                return usageOrSpecError
            }
            let sink = file?.sink ?? stdout
            let write: ([UInt8]) throws -> Void = { try sink.write($0) }
            var status = success
            var syntaxError = false
            do {
                for input in options.inputs {
                    let name = InputFile.displayName(input)
                    var documents = 0
                    func record(_ outcome: SerializeOutcome) {
                        documents += outcome.documents
                        if outcome.failed > 0 || outcome.stoppedBySyntaxError { status = dataFailed }
                        if outcome.stoppedBySyntaxError { syntaxError = true }
                    }
                    if InputStream.isStream(input) {
                        try InputStream.read(input) { bytes, range, firstIndex in
                            let outcome = try serializer.run(
                                input: bytes, range: range, firstIndex: firstIndex, inputName: name,
                                maxDepth: options.maxDepth, write: write, diagnostics: diagnostics)
                            record(outcome)
                            if file == nil { try stdout.flush() }
                            return (outcome.documents, outcome.stoppedBySyntaxError)
                        }
                    } else {
                        let bytes = try InputFile.readAll(input)
                        record(try serializer.run(
                            input: bytes, range: 0..<bytes.count, firstIndex: 0, inputName: name,
                            maxDepth: options.maxDepth, write: write, diagnostics: diagnostics))
                    }
                    if documents == 0 {
                        diagnostics.emit(Diagnostic(.error, "no JSON document in \(name)", file: name, code: .emptyInput))
                        status = dataFailed
                    }
                }
                if syntaxError, let file, let path = options.output {
                    // A broken input leaves the -o file as it was; record failures do not
                    // (the other records are written, docs/spec.md §13).
                    file.discard()
                    try? stderr.write("error: '\(path)' was left unchanged because an input does not parse\n")
                } else if let file {
                    try file.commit()
                }
            } catch let closed as ByteSink.Closed {
                file?.discard()
                throw closed
            } catch let failure as ByteSink.WriteError {
                file?.discard()
                throw failure
            } catch {
                file?.discard()
                try? stderr.write("error: \(error)\n")
                return dataFailed
            }
            return status
        }
    }
}
