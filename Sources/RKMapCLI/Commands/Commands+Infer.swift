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
        var samples: [JSONValue] = []
        for input in options.samples {
            let bytes: [UInt8]
            do {
                bytes = try InputFile.readAll(input)
            } catch {
                try? stderr.write(CommandFailure.library(error).line)
                return usageOrSpecError
            }
            let name = InputFile.displayName(input)
            do {
                let documents = try readDocuments(bytes, input: name)
                guard !documents.isEmpty else {
                    try? stderr.write(CommandFailure.noDocument(input: name).line)
                    return dataFailed
                }
                samples += documents
            } catch {
                try? stderr.write("\(error)\n")
                return dataFailed
            }
        }
        let spec: InferredSpec
        do {
            spec = try SpecInferrer.infer(
                samples: samples,
                options: InferOptions(keyPath: options.keyPath, rootName: options.name, entity: options.entity))
        } catch {
            try? stderr.write(CommandFailure.library(error).line)
            return dataFailed
        }
        for note in spec.notes { try? stderr.write("note: \(note)\n") }
        guard let output = options.output, output != "-" else {
            return stoppingQuietly(stderr: stderr) {
                try stdout.write(spec.text)
                return success
            }
        }
        do {
            try replaceFile(output, with: spec.text)
        } catch {
            try? stderr.write(CommandFailure.cannotWrite(output, error).line)
            return dataFailed
        }
        return success
    }
}
