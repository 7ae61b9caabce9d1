import RKMap

extension Commands {
    /// `rkmap serialize SPEC [RECORDS ...]`: records back to request bodies
    /// (docs/spec.md §13).
    ///
    /// Exit status: 0 every record serialized; 1 some record failed (it is
    /// reported; the others are written) or an input does not parse; 2 usage
    /// or spec error (an unknown `--mapper` too); 128 + N after signal N
    /// (SIGINT, SIGTERM, SIGHUP), which stops the run at a document boundary
    /// as `apply` does: `-o FILE` keeps its previous contents.
    public static func serialize(_ options: SerializeOptions, stdout: ByteSink, stderr: ByteSink) -> Int32 {
        Interruption.install()
        guard let graph = loadSpec(options.spec, stderr: stderr) else { return usageOrSpecError }
        for input in options.inputs {
            if let failure = InputFile.unreadable(input) {
                try? stderr.write(CommandFailure.library(failure).line)
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
        settings.holdingArraysFrom = Environment.holdingArraysFrom
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
            // `-o FILE` is replaced when the run ends; a signal stops the run
            // at the next document (or while it waits for input) and takes the
            // temporary file back; a second signal ends it at once.
            let destination: OutputDestination
            let sink: ByteSink
            do {
                if let path = options.output, path != "-" {
                    let file = try AtomicFileOutput(path: path)
                    (destination, sink) = (file, file.sink)
                } else {
                    (destination, sink) = (StandardOutput(stdout), stdout)
                }
            } catch {
                try? stderr.write(CommandFailure.library(error).line)
                return usageOrSpecError
            }
            let streamsToStdout = sink === stdout
            let write: ([UInt8]) throws -> Void = { try sink.write($0) }
            var status = success
            var syntaxError = false
            do {
                try rollingBack(destination) {
                    for input in options.inputs {
                        let name = InputFile.displayName(input)
                        var documents = 0
                        func record(_ outcome: SerializeOutcome) {
                            documents += outcome.documents
                            if outcome.failed > 0 || outcome.stoppedBySyntaxError { status = dataFailed }
                            if outcome.stoppedBySyntaxError { syntaxError = true }
                        }
                        // Files and pipes alike are read in chunks (bounded memory);
                        // a stalled producer's records go out at once on stdout.
                        record(try InputFile.withChunkedInput(input, window: Environment.windowBytes) { chunked in
                            try serializer.run(
                                reading: &chunked, inputName: name, maxDepth: options.maxDepth, write: write,
                                diagnostics: diagnostics, idle: streamsToStdout ? { try stdout.flush() } : nil,
                                cancellation: { try Interruption.check() })
                        })
                        if documents == 0 {
                            diagnostics.emit(Diagnostic(.error, CommandFailure.noDocument(input: name).description, file: name, code: .emptyInput))
                            status = dataFailed
                        }
                    }
                    if syntaxError, let outcome = destination.rollbackOutcome {
                        // A broken input leaves the -o file as it was; record failures do not
                        // (the other records are written, docs/spec.md §13).
                        destination.rollback()
                        try? stderr.write(CommandFailure.outputRolledBack(outcome, .inputDoesNotParse).line)
                    } else if !streamsToStdout {
                        // stdout is flushed once, by the caller (a closed reader then
                        // keeps the run's exit status).
                        try destination.commit()
                    }
                }
            } catch let interrupted as Interrupted {
                Interruption.reported()
                try? stderr.write("error: \(interrupted)\n")
                destination.rollback()
                if let outcome = destination.rollbackOutcome {
                    try? stderr.write(CommandFailure.outputRolledBack(outcome, .interrupted).line)
                }
                return 128 + interrupted.signal
            } catch let error where !isOutputFailure(error) {
                try? stderr.write(CommandFailure.library(error).line)
                return dataFailed
            }
            return status
        }
    }
}
