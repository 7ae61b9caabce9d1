import RKMap

extension Commands {
    /// `rkmap infer SAMPLE ...`: a working spec from sample responses
    /// (docs/spec.md §15). Every document of every SAMPLE (files, `-` for stdin,
    /// NDJSON and sequences allowed) is one sample; they are merged.
    ///
    /// Exit status: 0 the spec was written, 1 a sample does not parse or holds
    /// nothing to map, 2 usage error or a SAMPLE cannot be read.
    public static func infer(_ options: InferCommandOptions, stdout: ByteSink, stderr: ByteSink) -> Int32 {
        for input in options.samples {
            if let failure = InputFile.unreadable(input) {
                try? stderr.write(CommandFailure.library(failure).line)
                return usageOrSpecError
            }
        }
        // Documents are read one at a time through a bounded window and kept
        // as an `InferSampleSet`: memory follows the samples' distinct shapes,
        // not their size, a single large document's included.
        var samples = InferSampleSet()
        let validateOnly = ProjectionPlan(.nothing)
        // Each SAMPLE's name and the number of its first document, for warnings.
        var firstDocuments: [(name: String, first: Int)] = []
        for input in options.samples {
            let name = InputFile.displayName(input)
            let before = samples.count
            firstDocuments.append((name, before))
            var syntaxError: Diagnostic?
            do {
                try InputFile.withChunkedInput(input, window: Environment.windowBytes) { chunked in
                    try chunked.forEachWindow { window, origin, _, final in
                        var scanner = JSONScanner(bytes: window, offset: 0, maxDepth: options.maxDepth, origin: origin)
                        do {
                            // Each document is validated first (a bad stream fails
                            // early, and one larger than the window is not built
                            // while the window grows), then added from its bytes: a
                            // large one is rewritten as it is read, never built whole.
                            while true {
                                switch try scanner.readDocument(final: final, projection: validateOnly) {
                                case .end: return (window.count, false)
                                case .needsMore(let start): return (start, false)
                                case .value(_, let start):
                                    try samples.add(validated: window, from: start, to: scanner.offset, origin: origin)
                                }
                            }
                        } catch let error as JSONSyntaxError {
                            syntaxError = Diagnostic(.error, error.message, file: name, location: .source(error.location), code: .syntax)
                            return (window.count, true)
                        }
                    }
                }
            } catch {
                try? stderr.write(CommandFailure.library(error).line)
                return usageOrSpecError
            }
            if let syntaxError {
                try? stderr.write("\(syntaxError)\n")
                return dataFailed
            }
            guard samples.count > before else {
                try? stderr.write(CommandFailure.noDocument(input: name).line)
                return dataFailed
            }
        }
        let spec: InferredSpec
        do {
            let outlines = samples.contentOutlines
            let documents = samples.takeDocuments()
            // What reading the samples held (the place tree, the tables of
            // shapes) is freed by now; its pages go back to the system
            // before the spec is built, or they count in the peak beside it.
            // (The documents are handed over, `consume`: held here too, a
            // build without optimisation kept them while the spec was written.)
            CommandLineTool.returnFreedMemory()
            spec = try SpecInferrer.infer(
                samples: consume documents, contentOutlines: outlines,
                options: InferOptions(keyPath: options.keyPath, rootName: options.name, entity: options.entity))
        } catch {
            try? stderr.write(CommandFailure.library(error).line)
            return dataFailed
        }
        for note in spec.notes { try? stderr.write("note: \(note)\n") }
        if spec.widestRecord > CSVLayout.maxColumns {
            try? stderr.write("note: a record of this spec has \(spec.widestRecord) fields, more than the \(CSVLayout.maxColumns) columns "
                + "CSV output lays out (a SQLite table holds 2,000): `rkmap lint` warns of it; write such records with --format ndjson or json\n")
        }
        // A warning about sample `sample` (an index into the samples read):
        // at its input, with `(document N)` after that input's first document.
        func warn(sample: Int, at path: String, _ message: String) {
            let document = samples.origins[sample]
            let input = firstDocuments.last { $0.first <= document } ?? firstDocuments[0]
            let index = document - input.first
            let text = message + (index > 0 ? " (document \(index + 1))" : "")
            try? stderr.write("\(Diagnostic(.warning, text, file: input.name, location: .jsonPath(path)))\n")
        }
        // docs/spec.md §15: a member named "" is left out, and said so.
        for member in spec.leftOut {
            var message = #"member "" left out of the spec: no key path can name an empty key (docs/spec.md §4), "#
                + #"so rkmap check reports it as unmapped; to keep its value, map its object whole with an attribute from the nil key path """#
            if let run = member.combiningRun {
                message = "member '\(member.shortKey)' left out of the spec: its key has \(run) combining marks in a row, "
                    + "and a spec allows at most \(CombiningMarks.streamSafeLimit) (docs/spec.md §4), so rkmap check reports it as unmapped"
            } else if let (key, read) = member.spellings {
                // docs/spec.md §4: a spec may spell a key only one way.
                message = "member '\(key)' left out of the spec: its key is another Unicode spelling of '\(read)' "
                    + "(canonically equivalent), which the spec reads, and a spec may use only one spelling of a key "
                    + "(docs/spec.md §4), so rkmap check reports it as unmapped"
            }
            warn(sample: member.sample, at: member.path, message)
        }
        // docs/spec.md §5.2: an empty object, or one with none of its
        // mapper's keys, gives no record and a warning, which `rkmap check`
        // fails on, the samples' own included.
        for member in spec.unmapped {
            let what = member.absentKeys.isEmpty
                ? #"an object with no member to map (empty, or with only "")"#
                : "an object with none of the members its mapper reads (\(member.absentKeyList); other samples have them)"
            warn(sample: member.sample, at: member.path, what + " gives no record (docs/spec.md §5.2), "
                + "so rkmap check reports a mapping warning on this sample; `rkmap check --allow-warnings` accepts it")
        }
        // A sample without the content the spec maps (chosen from the
        // others): nothing of it is mapped, and `rkmap check` fails on it;
        // or only its envelope is (and `check` may pass on it, or fail on
        // members the envelope does not read, or on an object of §5.2).
        for sample in spec.withoutContent {
            warn(sample: sample, at: "$", "this sample has no '\(spec.contentKeyPath)', the content the spec maps, so the spec "
                + "maps nothing of it and rkmap check fails on it (no mappable content); infer the samples of one endpoint "
                + "together, or choose the content with --key-path")
        }
        // Content found through an array (docs/spec.md §2): the elements'
        // other members are not mapped (said only where they have some).
        for found in spec.throughArray {
            warn(sample: found.sample, at: "$", "this sample holds '\(found.written)' inside the elements of an array, where the "
                + "others hold it in objects: the spec maps the content of each element but not the elements' other members, "
                + "which rkmap check reports as unmapped; infer the samples of one endpoint together, or choose the content "
                + "with --key-path")
        }
        for sample in spec.envelopeOnly {
            warn(sample: sample, at: "$", "this sample has no '\(spec.contentKeyPath)', the content the spec maps, so of it "
                + "the spec maps only the members around the content (the envelope); infer the samples of one endpoint "
                + "together, or choose the content with --key-path")
        }
        // The text is written as it is formatted, never whole in memory: a
        // sample object of many members makes a spec several times its size.
        guard let output = options.output, output != "-" else {
            return stoppingQuietly(stderr: stderr) {
                try spec.writeText { try stdout.write($0) }
                return success
            }
        }
        let file: AtomicFileOutput
        do {
            file = try AtomicFileOutput(path: output)
        } catch {
            // A path that cannot be written is the command line's, as for `apply -o`.
            try? stderr.write(CommandFailure.cannotWrite(output, error).line)
            return usageOrSpecError
        }
        do {
            try spec.writeText { try file.sink.write($0) }
            try file.commit()
        } catch {
            file.rollback()
            try? stderr.write(CommandFailure.cannotWrite(output, error).line)
            return dataFailed
        }
        return success
    }
}
