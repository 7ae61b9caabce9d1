import RKMap

extension Commands {
    /// `rkmap apply SPEC [INPUT ...]`: map documents and write records (docs/spec.md §10, §11).
    ///
    /// Exit status: 0 success; 1 some document failed (does not parse, no
    /// mappable content, a `fail` validation, a warning under `--strict`, an
    /// input with no document); 2 usage or spec error; 128 + N after signal N
    /// (SIGINT, SIGTERM, SIGHUP). Without `--keep-going` the first failing
    /// document stops the run; results of documents before it stay written on
    /// stdout, while `-o` files and databases keep their previous contents.
    public static func apply(_ options: ApplyOptions, stdout: ByteSink, stderr: ByteSink) -> Int32 {
        let diagnostics = StreamDiagnostics(stream: stderr, style: TerminalStyle(options.color, fd: stderr.fd))
        Interruption.install()
        // Printed (and flushed) before any input is read.
        guard let graph = loadSpec(options.spec, diagnostics: diagnostics) else { return usageOrSpecError }
        // Check every input is readable before writing anything.
        for input in options.inputs {
            if let failure = InputFile.unreadable(input) {
                diagnostics.error(CommandFailure.library(failure).description)
                return usageOrSpecError
            }
        }
        let engine: MappingEngine
        do {
            engine = try MappingEngine(graph: graph, options: mappingOptions(options))
        } catch {
            diagnostics.write("\(error)")
            return usageOrSpecError
        }
        if let type = options.type {
            // Only root records are kept: a type that only relationships make
            // gives an empty output, which deserves a word (a tester wondered).
            var roots: [String] = []
            for d in engine.applicableDescriptors {
                for m in graph.objectMappers(producedBy: d.rootMapper) where !roots.contains(m.typeName) { roots.append(m.typeName) }
            }
            if !roots.contains(type) {
                diagnostics.write(
                    "warning: --type '\(type)': no descriptor that applies makes records of this type as roots, and --type keeps root records "
                        + "(\(roots.map { "'\($0)'" }.joined(separator: ", "))), so none will be written; "
                        + "map its objects with a descriptor of their own to select them")
            }
        }
        if options.format == .sqlite {
            // Names SQLite cannot keep apart refuse the spec before anything is written (docs/spec.md §10.4).
            let problems = SQLiteSchema(graph: graph).problems
            if !problems.isEmpty {
                for problem in problems { diagnostics.emit(problem) }
                return usageOrSpecError
            }
        }
        if options.format == .csv {
            // Two fields one column would hold refuse the spec before anything is written.
            let problems = CSVSink.problems(
                graph: graph, roots: engine.applicableDescriptors.map(\.rootMapper), type: options.type, includeType: !options.noType)
            if !problems.isEmpty {
                for problem in problems { diagnostics.emit(Diagnostic(.error, problem, file: graph.file, code: .destination)) }
                return usageOrSpecError
            }
        }
        let progress = progressLine(options, stderr: stderr, engine: engine)
        if let progress { diagnostics.beforeWrite = { progress.clear() } }
        defer { progress?.finish() }
        // The same mapping warning is printed at most 10 times, then summarized (SPEC §11).
        let mappingDiagnostics = RepeatedWarningLimit(forwardingTo: diagnostics)
        return stoppingQuietly(stderr: stderr) {
            defer { mappingDiagnostics.emitSummaries() }
            let sink: RecordSink
            let destination: OutputDestination
            do {
                (sink, destination) = try makeOutput(options, graph: graph, engine: engine, stdout: stdout)
            } catch {
                diagnostics.error(CommandFailure.cannotOpenOutput(options.output ?? "", error).description)
                return usageOrSpecError
            }
            /// Takes the output back, saying what became of a file or database.
            func rollBack(because cause: CommandFailure.RollbackCause) {
                destination.rollback()
                if let outcome = destination.rollbackOutcome {
                    diagnostics.error(CommandFailure.outputRolledBack(outcome, cause).description)
                }
            }
            var status = success
            do {
                try rollingBack(destination) {
                    for input in options.inputs {
                        let outcome = try mapInput(input, engine: engine, sink: sink, options: options, stdout: stdout,
                                                   progress: progress, diagnostics: diagnostics, mapping: mappingDiagnostics)
                        if outcome.failed > 0 { status = dataFailed }
                        if outcome.stopped { break }
                    }
                    if status != success, !options.keepGoing, destination.rollbackOutcome != nil {
                        // One run, one transaction: a failed document leaves the
                        // database as it was, and `-o FILE` is replaced only when the
                        // run succeeds (with --keep-going, the documents that mapped
                        // are written and committed). On stdout, what earlier
                        // documents produced is written out.
                        rollBack(because: .documentFailed)
                    } else {
                        try sink.finish()
                        try destination.commit()
                    }
                }
            } catch let interrupted as Interrupted {
                progress?.finish()
                Interruption.reported()
                diagnostics.error("\(interrupted)")
                rollBack(because: .interrupted)
                return 128 + interrupted.signal
            } catch let error where !isOutputFailure(error) {
                // Write failures (disk full) go on to `stoppingQuietly`, which
                // says "cannot write the output".
                diagnostics.error("\(error)")
                return dataFailed
            }
            mappingDiagnostics.emitSummaries()
            progress?.finish()
            if options.stats { diagnostics.write(engine.stats.summary) }
            return status
        }
    }

    /// Maps one input: a regular file read whole, or a stream (stdin, a pipe)
    /// mapped as its documents arrive. An input without any JSON document is
    /// an error (docs/spec.md §11).
    static func mapInput(
        _ input: String, engine: MappingEngine, sink: RecordSink, options: ApplyOptions, stdout: ByteSink,
        progress: ProgressLine?, diagnostics: StreamDiagnostics, mapping: DiagnosticCollector
    ) throws -> InputOutcome {
        let name = InputFile.displayName(input)
        var total = InputOutcome()
        if options.inputFormat == .form {
            progress?.begin(input: name, size: InputFile.size(input))
            return try InputFile.withChunkedInput(input, window: Environment.windowBytes) { chunked in
                try mapForm(&chunked, name: name, engine: engine, sink: sink, options: options, stdout: stdout, progress: progress,
                            diagnostics: diagnostics, mapping: mapping)
            }
        }
        // Files and pipes alike are read in chunks of fixed size: memory does
        // not grow with the input. When the input stalls (a slow producer),
        // the records so far go out at once (stdout only; a file is replaced
        // at the end anyway).
        progress?.begin(input: name, size: InputFile.size(input))
        total = try InputFile.withChunkedInput(input, window: Environment.windowBytes) { chunked in
            try engine.run(
                reading: &chunked, inputName: name, sink: sink, diagnostics: mapping,
                idle: options.output == nil ? { try stdout.flush() } : nil, progress: progress)
        }
        if options.output == nil { try stdout.flush() }
        if total.documents == 0 {
            diagnostics.error(CommandFailure.noDocument(input: name).description)
            total.failed = 1
            total.stopped = !options.keepGoing
        }
        return total
    }

    /// Maps a form-encoded input (docs/spec.md §14: one document per line) a
    /// window of whole lines at a time, each converted to NDJSON and mapped
    /// before the next is read, so memory stays a window's as for JSON
    /// input (the whole input and its JSON were held: 5.9× a 12 MB line,
    /// and lines grew without bound, 200 MB for 72 MB). A line longer than
    /// the window grows it. A syntax error ends the input: the lines
    /// before it are mapped, none after it.
    static func mapForm(
        _ chunked: inout ChunkedInput, name: String, engine: MappingEngine, sink: RecordSink, options: ApplyOptions, stdout: ByteSink,
        progress: ProgressLine?, diagnostics: StreamDiagnostics, mapping: DiagnosticCollector
    ) throws -> InputOutcome {
        var total = InputOutcome()
        var line = 1
        try chunked.fill()
        // A byte order mark at the start of the input is not part of it (docs/behaviour.md).
        while chunked.offset == 0, !chunked.atEnd, chunked.bytes.count < 3, chunked.bytes.first == 0xEF, !chunked.isFull {
            try chunked.fill()
        }
        let byteOrderMark = chunked.bytes.starts(with: [0xEF, 0xBB, 0xBF])
        while true {
            // The mark stays in the chunk until the first line is mapped.
            let start = byteOrderMark && chunked.offset == 0 ? 3 : 0
            let bytes = UnsafeRawBufferPointer(rebasing: chunked.bytes[start...])
            let final = chunked.atEnd
            var cut = bytes.count
            if !final {
                guard let newline = bytes.lastIndex(of: UInt8(ascii: "\n")) else {
                    // No whole line yet: read on, in a larger chunk when this one is full.
                    if chunked.isFull { try chunked.moveOn(keeping: 0) }
                    try chunked.fill()
                    continue
                }
                cut = newline + 1
            }
            // A window grown for a long line gives the pages of the lines it
            // has decoded back (every few default windows' worth) before
            // their JSON is written and mapped: one line of the whole input
            // is not held beside its objects and its JSON.
            var discarded = 0
            let converted = try FormDocuments.json(
                from: UnsafeRawBufferPointer(rebasing: bytes[..<cut]), file: name, firstLine: line,
                decoded: { end in
                    guard end - discarded >= 4 * ChunkedInput.defaultWindow else { return }
                    chunked.discardBytes(before: start + end)
                    discarded = end
                }
            ) { json in
                json.isEmpty ? nil : try engine.run(input: json, inputName: name, firstIndex: total.documents, sink: sink, diagnostics: mapping)
            }
            line += converted.lines
            if let outcome = converted.result {
                total.add(outcome)
                if outcome.stopped { return total }
            }
            progress?.advanced(inputOffset: chunked.offset + start + cut)
            if let error = converted.error {
                diagnostics.emit(error)
                engine.noteUnreadableDocument()
                total.documents += 1
                total.failed += 1
                if !options.keepGoing { total.stopped = true }
                return total
            }
            if final { return total }
            if options.output == nil { try stdout.flush() }
            try chunked.moveOn(keeping: start + cut)
            try chunked.fill()
        }
    }

    /// The progress line, when asked for (`--progress`) or by default when
    /// stderr is a terminal and the input is larger than 64 MiB (a stream
    /// shows it once 64 MiB were read).
    static func progressLine(_ options: ApplyOptions, stderr: ByteSink, engine: MappingEngine) -> ProgressLine? {
        let threshold = 64 << 20
        if options.progress == true { return ProgressLine(stream: stderr, engine: engine, minimumBytes: 0) }
        guard isatty(stderr.fd) == 1 else { return nil }
        var size = 0
        for input in options.inputs {
            var info = stat()
            let ok = input == "-" ? fstat(0, &info) == 0 : stat(input, &info) == 0
            if ok, (info.st_mode & S_IFMT) == S_IFREG { size += Int(info.st_size) } else { size = Int.max; break }
        }
        return size > threshold ? ProgressLine(stream: stderr, engine: engine, minimumBytes: size == Int.max ? threshold : 0) : nil
    }

    static func mappingOptions(_ o: ApplyOptions) -> MappingOptions {
        var options = MappingOptions(
            path: o.path, method: o.method, status: o.status, headers: ResponseHeaders(o.headers.map { ($0.name, $0.value) }),
            meta: o.meta.map { ($0.key, $0.value) }, strict: o.strict, maxDepth: o.maxDepth,
            pipelineThreshold: Environment.pipelineThreshold, keepGoing: o.keepGoing,
            maxRecords: o.maxRecords, onlyType: o.type,
            relationshipsToOneUnlessMany: o.format == .csv)
        options.explain = o.explain
        options.keysRecordsByIdentity = o.format == .sqlite
        // Every output format writes an array or object value as JSON text.
        options.compactsCopiedValues = true
        // A large array only relationships map costs its elements' text, not
        // their tree beside the records made from them.
        options.holdsLargeArrays = true
        options.holdingArraysFrom = Environment.holdingArraysFrom
        return options
    }

    /// The sink the engine writes to, and where its output ends up: stdout,
    /// `-o FILE` replaced atomically on success, or a database that is its own
    /// destination (one transaction).
    static func makeOutput(
        _ o: ApplyOptions, graph: MappingGraph, engine: MappingEngine, stdout: ByteSink
    ) throws -> (RecordSink, OutputDestination) {
        switch o.format {
        case .sqlite:
            let tables = try SQLiteSink(path: o.output ?? "", graph: graph, includeType: !o.noType, onlyType: o.type)
            tables.documentSavepoints = o.keepGoing
            return (tables, tables)
        case .json:
            let shape = OutputShape(rawValue: o.shape.rawValue) ?? .collection
            return try textOutput(o, stdout: stdout) {
                JSONTreeSink(output: $0, shape: shape, pretty: !o.compact, includeType: !o.noType, graph: graph)
            }
        case .ndjson:
            return try textOutput(o, stdout: stdout) { NDJSONSink(output: $0, includeType: !o.noType, graph: graph) }
        case .csv:
            return try textOutput(o, stdout: stdout) {
                CSVSink(
                    output: $0, graph: graph, roots: engine.applicableDescriptors.map(\.rootMapper), type: o.type,
                    includeType: !o.noType)
            }
        }
    }

    /// A sink writing bytes to stdout, or to `-o FILE` through a temporary file.
    private static func textOutput(
        _ o: ApplyOptions, stdout: ByteSink, sink: (@escaping (UnsafeRawBufferPointer) throws -> Void) -> RecordSink
    ) throws -> (RecordSink, OutputDestination) {
        guard let path = o.output else {
            return (sink({ try stdout.write($0) }), StandardOutput(stdout))
        }
        let file = try AtomicFileOutput(path: path)
        let bytes = file.sink
        return (sink({ try bytes.write($0) }), file)
    }
}
