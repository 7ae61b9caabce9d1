import RKMap

extension Commands {
    /// `rkmap apply SPEC [INPUT ...]`: map documents and write records (SPEC §10, §11).
    ///
    /// Exit status: 0 success; 1 some document failed (does not parse, no
    /// mappable content, a `fail` validation, a warning under `--strict`);
    /// 2 usage or spec error. Results of documents before a failure stay written.
    public static func apply(_ options: ApplyOptions, stdout: ByteSink, stderr: ByteSink) -> Int32 {
        guard let graph = loadSpec(options.spec, stderr: stderr) else { return usageOrSpecError }
        // Check every input is readable before writing anything.
        for input in options.inputs {
            if let failure = InputFile.unreadable(input) {
                try? stderr.write("error: \(failure)\n")
                return usageOrSpecError
            }
        }
        let engine: MappingEngine
        do {
            engine = try MappingEngine(graph: graph, options: mappingOptions(options))
        } catch {
            try? stderr.write("\(error)\n")
            return usageOrSpecError
        }
        let diagnostics = StreamDiagnostics(stream: stderr)
        return stoppingQuietly(stderr: stderr) {
            var status = success
            let destination: OutputDestination
            do {
                destination = try OutputDestination(options, stdout: stdout)
            } catch {
                try? stderr.write("error: \(error)\n")
                return usageOrSpecError
            }
            // A database this run creates is removed again if the run fails:
            // "left exactly as it was" (SPEC §10.4) means not there at all.
            let databasePath = options.output ?? ""
            let newDatabase = options.format == .sqlite && access(databasePath, F_OK) != 0
            let sink: RecordSink
            do {
                sink = try makeSink(options, destination: destination)
            } catch let failure as SQLiteError {
                destination.discard()
                try? stderr.write("error: cannot open the database '\(options.output ?? "")': \(failure.message)\n")
                return usageOrSpecError
            } catch {
                destination.discard()
                try? stderr.write("error: \(error)\n")
                return usageOrSpecError
            }
            func rollBackDatabase() {
                guard let tables = sink as? SQLiteSink else { return }
                try? tables.rollback()
                if newDatabase { unlink(databasePath) }
            }
            do {
                for input in options.inputs {
                    let name = InputFile.displayName(input)
                    if options.inputFormat == .form {
                        // One form-encoded document per line (docs/spec.md §14).
                        let converted = FormDocuments.json(from: try InputFile.readAll(input), file: name)
                        let outcome = try engine.run(input: converted.json, inputName: name, sink: sink, diagnostics: diagnostics)
                        if outcome.failed > 0 { status = dataFailed }
                        if let error = converted.error {
                            diagnostics.emit(error)
                            status = dataFailed
                        }
                        continue
                    }
                    // Files and pipes alike go through a window of fixed size:
                    // memory does not grow with the input, and each batch's
                    // records go out at once (stdout only; a file is replaced at
                    // the end anyway).
                    try InputFile.readDocuments(input, window: Environment.windowBytes) { window, origin, firstIndex in
                        let outcome = try engine.run(
                            window: window, from: 0, origin: origin, firstIndex: firstIndex, inputName: name,
                            sink: sink, diagnostics: diagnostics)
                        if outcome.failed > 0 { status = dataFailed }
                        if options.output == nil { try stdout.flush() }
                        return (outcome.documents, outcome.stoppedBySyntaxError)
                    }
                }
                if status != success, sink is SQLiteSink {
                    // One run, one transaction: a failed document leaves the database as it was.
                    rollBackDatabase()
                    let outcome = newDatabase ? "was not created" : "was left unchanged"
                    try? stderr.write("error: the database '\(databasePath)' \(outcome) because a document failed\n")
                } else if status != success, destination.replacesFile {
                    // `-o FILE` is replaced only when the run succeeds, like the database.
                    destination.discard()
                    let path = options.output ?? ""
                    let outcome = access(path, F_OK) == 0 ? "was left unchanged" : "was not created"
                    try? stderr.write("error: '\(path)' \(outcome) because a document failed\n")
                } else {
                    try sink.finish()
                }
                try destination.commit()
            } catch let closed as ByteSink.Closed {
                destination.discard()
                throw closed
            } catch let failure as ByteSink.WriteError {
                // Disk full or similar: `stoppingQuietly` says "cannot write the output".
                rollBackDatabase()
                destination.discard()
                throw failure
            } catch {
                rollBackDatabase()
                destination.discard()
                try? stderr.write("error: \(error)\n")
                return dataFailed
            }
            if options.stats { try? stderr.write(engine.stats.summary + "\n") }
            return status
        }
    }

    static func mappingOptions(_ o: ApplyOptions) -> MappingOptions {
        MappingOptions(
            path: o.path, method: o.method, status: o.status,
            meta: o.meta.map { ($0.key, $0.value) }, strict: o.strict, maxDepth: o.maxDepth,
            pipelineThreshold: Environment.pipelineThreshold)
    }

    static func makeSink(_ o: ApplyOptions, destination: OutputDestination) throws -> RecordSink {
        let write = destination.write
        switch o.format {
        case .json:
            let shape = OutputShape(rawValue: o.shape.rawValue) ?? .collection
            return JSONTreeSink(output: write, shape: shape, pretty: !o.compact, includeType: !o.noType)
        case .ndjson:
            return NDJSONSink(output: write, includeType: !o.noType)
        case .csv:
            return CSVSink(output: write, includeType: !o.noType)
        case .sqlite:
            return try SQLiteSink(path: o.output ?? "", includeType: !o.noType)
        }
    }
}

/// Where `apply` writes: stdout, or a file replaced atomically on success
/// (`-o FILE`; SQLite writes its database itself).
struct OutputDestination {
    private let stdout: ByteSink
    private let file: AtomicFileOutput?

    init(_ o: ApplyOptions, stdout: ByteSink) throws {
        self.stdout = stdout
        if let path = o.output, o.format != .sqlite {
            file = try AtomicFileOutput(path: path)
        } else {
            file = nil
        }
    }

    var write: ([UInt8]) throws -> Void {
        let sink = file?.sink ?? stdout
        return { try sink.write($0) }
    }

    func commit() throws {
        if let file { try file.commit() } else { try stdout.flush() }
    }

    func discard() { file?.discard() }

    /// True when a failed run can leave the target file as it was (an atomic
    /// replacement, not a device written directly).
    var replacesFile: Bool { file.map { !$0.writesInPlace } ?? false }
}
