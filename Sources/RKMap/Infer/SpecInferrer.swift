/// `rkmap infer`: a working spec from sample responses (docs/spec.md §15).
///
/// ```swift
/// let spec = try SpecInferrer.infer(samples: [document], options: InferOptions())
/// print(spec.text)  // canonical JSON, as `rkmap fmt` writes it
/// ```
///
/// The promise is checkable: the spec lints clean, and `rkmap check SPEC SAMPLE
/// --unmapped error --missing ignore` passes on every sample, because every key of
/// every sample is read by some mapping, and every declared type was chosen
/// because all of the sample values for it convert.
package enum SpecInferrer {
    /// - Parameters:
    ///   - samples: the sample documents, merged.
    ///   - options: `--key-path`, `--name`, `--entity`.
    /// - Returns: the spec text and notes for the user (what was chosen, and why).
    /// - Throws: `InferError` when there is nothing to infer from.
    package static func infer(samples: [JSONValue], options: InferOptions) throws(InferError) -> InferredSpec {
        guard !samples.isEmpty else { throw .noSamples }
        return try infer(samples: samples, contentOutlines: InferContentOutlines(samples), options: options)
    }

    /// Infers from samples that may have lost repeated array elements
    /// (`InferSampleSet`): the content is found from `contentOutlines`,
    /// taken before.
    ///
    /// The samples are released before the spec is written (each of them a
    /// tree, a single large one costing many times its text): pass them
    /// without keeping another reference (`InferSampleSet.takeDocuments`).
    package static func infer(
        samples: consuming [JSONValue], contentOutlines: InferContentOutlines, options: InferOptions
    ) throws(InferError) -> InferredSpec {
        try infer(samples: InferDocuments(samples), contentOutlines: contentOutlines, options: options)
    }

    /// Infers from the documents an `InferSampleSet` kept, read back from
    /// their keys as they are visited (`InferSampleSet.takeDocuments`).
    package static func infer(
        samples: consuming InferDocuments, contentOutlines: InferContentOutlines, options: InferOptions
    ) throws(InferError) -> InferredSpec {
        guard !samples.isEmpty else { throw .noSamples }
        var builder = InferBuilder(entity: options.entity)

        let contentPath: [String]
        if let written = options.keyPath {
            contentPath = try keys(ofKeyPath: written)
            guard samples.indices.contains(where: { samples.node($0).node(at: contentPath) != nil }) else {
                // Through an array the content is collected from each element,
                // which `apply` maps but `infer` does not take apart.
                for sample in samples {
                    if let n = arrayOnTheWay(contentPath, in: sample) {
                        throw .keyPathThroughArray(written, at: contentPath.prefix(n).map(InferNaming.sourceKey).joined(separator: "."))
                    }
                }
                throw .keyPathNotFound(written)
            }
        } else {
            contentPath = findContent(in: contentOutlines, samples: samples)
        }
        // The content's keys are the descriptor's key path, as the samples
        // spell them: the spec's spelling of those texts.
        for key in contentPath { _ = builder.spellings.spelling(of: key) }
        var notes: [String] = []
        notes.append(contentPath.isEmpty ? "content: the whole document"
                     : "content: \(contentPath.map(InferNaming.sourceKey).joined(separator: "."))")

        // The content descriptor first, then the envelope around it.
        // The whole documents are the samples themselves, not a copy of
        // the array (a kept sample each, for NDJSON of distinct lines).
        // Each found where it is (`InferNode`): a document held as its key
        // is not built whole for its content, nor for its envelope.
        let rootHint = options.rootName ?? (contentPath.last ?? "item")
        let found = builder.mapper(forEach: { body in
            for i in samples.indices { samples.node(i).node(at: contentPath).map(body) }
        }, hint: rootHint, elements: true)
        guard let root = found else {
            throw .nothingToMap
        }
        var descriptors: [(keyPath: [String], mapper: Int)] = [(contentPath, root)]
        for depth in 0..<contentPath.count {
            let prefix = Array(contentPath.prefix(depth))
            let holders = samples.indices.compactMap { samples.node($0).node(at: prefix) }
            descriptors += builder.envelope(holders, at: prefix, skipping: contentPath[depth])
        }

        builder.merge()
        // Members whose key is "" cannot be mapped by name (docs/spec.md §4, §15):
        // where the samples have them, for the user and in the spec itself.
        // And objects it maps no record from (empty ones, docs/spec.md §5.2),
        // which `rkmap check` reports on the samples themselves.
        // And samples without the content (a root array beside `{"items": [...]}`
        // samples, another endpoint's `{"next": ...}`): nothing of one no
        // descriptor finds is mapped, and `rkmap check` fails on it (no
        // mappable content); of one with envelope members, only those are.
        let report = builder.leftOutMembers(in: samples, descriptors: descriptors, contentPath: contentPath)
        let (leftOut, unmapped) = (report.leftOut, report.unmapped)
        let empty = leftOut.filter { $0.key.isEmpty }
        let comment = empty.isEmpty ? nil
            : #"member "" left out at "# + empty.map(\.path).joined(separator: ", ")
                + ": no key path can name an empty key (docs/spec.md §4), so rkmap check reports "
                + (empty.count == 1 ? "it" : "them") + " as unmapped"
        samples = InferDocuments([])
        let names = builder.prepareSpec(rootName: options.rootName, rootMapper: root)
        // Known once the types are guessed.
        if !builder.dateFormats.isEmpty {
            notes.append("dateFormats: \(builder.dateFormats.joined(separator: ", "))")
        }
        var spec = InferredSpec(
            writer: InferSpecWriter(builder: builder, descriptors: descriptors, names: names, comment: comment),
            notes: notes, leftOut: leftOut, unmapped: unmapped, withoutContent: report.withoutContent,
            envelopeOnly: report.envelopeOnly, throughArray: report.throughArray, contentKeyPath: contentPath.map(InferNaming.sourceKey).joined(separator: "."))
        spec.widestRecord = builder.mappers.lazy.filter { $0.mergedInto == nil }.map(\.fields.count).max() ?? 0
        return spec
    }

    /// Member names APIs give their content: when one of them holds an array of
    /// objects it is the content, whatever else is larger (JSON:API's `included`
    /// may outnumber its `data`).
    static let contentNames: Set<String> = ["data", "items", "results", "records", "entries", "features", "hits"]

    /// The member path of the largest array of objects (a conventional content
    /// name first): at the root's members, else one level further down; the
    /// root itself when there is none (or when the root is an array).
    static func findContent(in outline: InferContentOutline) -> [String] {
        func best(_ candidates: [InferContentOutline.Candidate], prefix: [String]) -> ([String], Int)? {
            var found: ([String], Int)?
            // A member named "" cannot be a descriptor's key path ("" is the nil key path).
            for candidate in candidates where InferNaming.canName(candidate.key) {
                var objects = candidate.objects
                if contentNames.contains(candidate.key) { objects += 1 << 40 }
                if objects > (found?.1 ?? 0) { found = (prefix + [candidate.key], objects) }
            }
            return found
        }
        if let (path, _) = best(outline.arrays, prefix: []) { return path }
        var deeper: ([String], Int)?
        for (key, arrays) in outline.nested where InferNaming.canName(key) {
            guard let candidate = best(arrays, prefix: [key]) else { continue }
            if candidate.1 > (deeper?.1 ?? 0) { deeper = candidate }
        }
        return deeper?.0 ?? []
    }

    /// The content of the first sample; when that is an object with no array
    /// of objects (a first page whose `items` is empty), the content of the
    /// first later sample with one, if every sample has that member (a
    /// sample without it would have no content, and `check` fails on it).
    static func findContent(in outlines: InferContentOutlines, samples: InferDocuments) -> [String] {
        let path = findContent(in: outlines.first)
        guard path.isEmpty, let later = outlines.later else { return path }
        let laterPath = findContent(in: later)
        return samples.indices.allSatisfy { samples.node($0).node(at: laterPath) != nil } ? laterPath : path
    }

    /// How many keys of `path` lead to an array that the next key would
    /// collect through, if they do and some element holds the rest.
    static func arrayOnTheWay(_ path: [String], in document: JSONValue) -> Int? {
        var current = document
        for (n, key) in path.enumerated() {
            if case .array = current, n > 0 {
                return collects(path[n...], in: current) ? n : nil
            }
            guard case .object(let object) = current, let next = object[key] else { return nil }
            current = next
        }
        return nil
    }

    /// Whether `keys` find a value in `value`, a key on an array in any element.
    private static func collects(_ keys: ArraySlice<String>, in value: JSONValue) -> Bool {
        guard let key = keys.first else { return true }
        switch value {
        case .object(let object): return object[key].map { collects(keys.dropFirst(), in: $0) } ?? false
        case .array(let elements): return elements.contains { collects(keys, in: $0) }
        default: return false
        }
    }

    /// Splits a `--key-path` on unescaped dots; operators and indexes are not
    /// content paths `infer` can follow.
    static func keys(ofKeyPath text: String) throws(InferError) -> [String] {
        guard !text.isEmpty else { return [] }
        var keys: [String] = []
        var current = ""
        var escaped = false
        for ch in text {
            if escaped { current.append(ch); escaped = false; continue }
            switch ch {
            case "\\": escaped = true
            case ".":
                guard !current.isEmpty else { throw .invalidKeyPath(text) }
                keys.append(current)
                current = ""
            case "@" where current.isEmpty, "[":
                throw .invalidKeyPath(text)
            default: current.append(ch)
            }
        }
        guard !current.isEmpty, !escaped else { throw .invalidKeyPath(text) }
        keys.append(current)
        return keys
    }
}

/// What `infer` was asked for.
package struct InferOptions: Sendable, Equatable {
    /// `--key-path`: the content's key path as written in a spec.
    package var keyPath: String?
    /// `--name`: the root record type.
    package var rootName: String?
    /// `--entity`: mappers with an id member become identified entities.
    package var entity = false

    package init(keyPath: String? = nil, rootName: String? = nil, entity: Bool = false) {
        self.keyPath = keyPath
        self.rootName = rootName
        self.entity = entity
    }
}

/// An inferred spec.
package struct InferredSpec: Sendable, Equatable {
    /// Writes the spec, from the inferred mappers, when it is asked for:
    /// the spec of a sample object of a million members is several times
    /// the sample, and is never held whole (`writeText`).
    let writer: InferSpecWriter

    /// The spec as strict compact JSON (`text` is its canonical form).
    package var json: [UInt8] {
        let spill = SpilledBytes()
        writer.write(into: spill)
        return spill.bytes
    }

    /// Canonical spec text (as `rkmap fmt` writes it), ending in a newline.
    package var text: String {
        var text: [UInt8] = []
        try? writeText { text += $0 }
        return String(decoding: text, as: UTF8.self)
    }

    /// Hands `emit` the canonical text in pieces of about 64 KiB, in order:
    /// what `SpecFormatter.formatStrict` makes of `json`, laid out as the
    /// compact bytes are written (`CompactSpecLayout`), so that neither
    /// text is ever whole in memory. After `emit` throws, nothing more is
    /// handed to it.
    /// - Throws: what `emit` throws.
    package func writeText(_ emit: ([UInt8]) throws -> Void) throws {
        try withoutActuallyEscaping(emit) { emit in
            var layout = CompactSpecLayout()
            var failure: (any Error)?
            let spill = SpilledBytes(draining: { piece in
                guard failure == nil else { return }
                do { try layout.feed(piece, emit: emit) } catch { failure = error }
            })
            writer.write(into: spill)
            if let failure { throw failure }
            try layout.finish(emit: emit)
        }
    }

    package static func == (a: InferredSpec, b: InferredSpec) -> Bool {
        a.json == b.json && a.notes == b.notes && a.leftOut == b.leftOut && a.unmapped == b.unmapped
            && a.withoutContent == b.withoutContent && a.envelopeOnly == b.envelopeOnly && a.throughArray == b.throughArray
            && a.contentKeyPath == b.contentKeyPath && a.widestRecord == b.widestRecord
    }

    /// What was decided, one line each, for the user's stderr.
    package var notes: [String]
    /// Members of the samples the spec does not read, because their key is
    /// the empty string (docs/spec.md §15) or another Unicode spelling of a
    /// key the spec reads (§4), each path pattern once.
    package var leftOut: [LeftOutMember] = []
    /// Objects of the samples the spec maps no record from (an empty object
    /// where a mapper maps objects, or one with none of the keys its mapper
    /// reads, docs/spec.md §5.2), each path pattern once.
    package var unmapped: [LeftOutMember] = []
    /// The samples (indexes) in which no descriptor finds anything: the
    /// content was chosen from the others, and the spec maps nothing of
    /// them (`rkmap check` fails: no mappable content).
    package var withoutContent: [Int] = []
    /// The samples (indexes) without the content, and without another
    /// member its mapper maps (`{"results": [...]}` beside `items`), of which
    /// the spec maps only the envelope's members (`rkmap check` passes on a page of only
    /// `total`, but fails on members the envelope does not read).
    package var envelopeOnly: [Int] = []
    /// The samples in which a descriptor finds its content only through an
    /// array (`a.items` in `{"a": [{"items": [...]}]}` beside `{"a": {"items":
    /// [...]}}`, docs/spec.md §2): the content of each element is mapped,
    /// and no other member of the elements (`rkmap check` reports them).
    package var throughArray: [ContentThroughArray] = []
    /// The content's key path as the spec writes it (`items`, `data.children`).
    package var contentKeyPath = ""
    /// The most fields (attributes and relationships) of one mapper: one
    /// sample object of 200,000 members makes a record wider than CSV
    /// output lays out, which `lint` warns of.
    package var widestRecord = 0
}

/// A sample in which a descriptor's key path finds content only through an
/// array (`InferredSpec.throughArray`): the first such descriptor's.
package struct ContentThroughArray: Sendable, Equatable {
    /// The sample (index into the samples inferred from).
    package var sample: Int
    /// The descriptor's key path, as keys.
    package var keyPath: [String]

    /// The key path as the spec writes it (`a.items`).
    package var written: String { keyPath.map(InferNaming.sourceKey).joined(separator: ".") }
}

/// A member `infer` left out of the spec: its key is "", which no key path
/// can name, one with a run of more than 30 combining marks, which a spec
/// may not hold, or another spelling of a key the spec reads, which a spec
/// cannot also name (docs/spec.md §4).
package struct LeftOutMember: Sendable, Equatable {
    /// The JSON path pattern `rkmap check` reports it at: `$[*][""]`.
    package var path: String
    /// The first sample (index into the samples inferred from) that has it.
    package var sample: Int
    /// The member's key: "", or another Unicode spelling of `spellingOf`.
    package var key: String
    /// The key the spec reads, of which this member's key is another
    /// Unicode spelling (canonically equivalent); `nil` for "".
    package var spellingOf: String?

    /// For an object the spec maps no record from (`InferredSpec.unmapped`)
    /// that has members, but none its mapper reads: the keys the mapper reads
    /// (an envelope's `next_cursor` and `total`, which a last page leaves
    /// out); empty for an object with no member to map at all.
    package var absentKeys: [String] = []

    package init(path: String, sample: Int, key: String = "", spellingOf: String? = nil, absentKeys: [String] = []) {
        self.path = path
        self.sample = sample
        self.key = key
        self.spellingOf = spellingOf
        self.absentKeys = absentKeys
    }

    /// `absentKeys` as a message lists them: quoted, escaped, at most eight.
    /// (Infer may not name `MappingWarning`, whose list reads the same:
    /// README's architecture graph has no Infer → Diagnostics edge.)
    package var absentKeyList: String {
        absentKeys.prefix(8).map { "'\(SpecIssue.escaped($0))'" }.joined(separator: ", ") + (absentKeys.count > 8 ? ", …" : "")
    }

    /// For a key with a run of more than 30 combining marks, which no spec
    /// can name (docs/spec.md §4): the run's length.
    package var combiningRun: Int? {
        spellingOf == nil ? CombiningMarks.longRun(in: key) : nil
    }

    /// The key's first 12 characters (Unicode scalars), each non-ASCII one as `\u{…}`.
    package var shortKey: String {
        SpecIssue.shortened(key)
    }

    /// The two spellings, each non-ASCII character as `\u{…}` (a terminal
    /// shows `caf\u{E9}` and `cafe\u{301}` alike); `nil` for "".
    package var spellings: (key: String, read: String)? {
        spellingOf.map { (SpecIssue.escaped(key), SpecIssue.escaped($0)) }
    }
}

/// Why nothing could be inferred.
package enum InferError: Error, Equatable, CustomStringConvertible {
    case noSamples
    case keyPathNotFound(String)
    case keyPathThroughArray(String, at: String)
    case invalidKeyPath(String)
    case nothingToMap

    package var description: String {
        switch self {
        case .noSamples:
            return "no sample document to infer from"
        case .keyPathNotFound(let path):
            return "--key-path '\(path)' is in none of the samples; give the path of the content, e.g. --key-path data"
        case .keyPathThroughArray(let path, let array):
            return "--key-path '\(path)' goes through the array '\(array)', whose elements each hold a part of it; "
                + "infer takes content at a path of objects: give --key-path \(array) (the rest is inferred in its elements)"
        case .invalidKeyPath(let path):
            return "--key-path '\(path)' is not a path of member names (operators and indexes cannot locate content)"
        case .nothingToMap:
            return "the samples' content holds no object or value to map"
        }
    }
}

/// What writes an inferred spec: the mappers as inference left them, named.
struct InferSpecWriter: Sendable {
    let builder: InferBuilder
    let descriptors: [(keyPath: [String], mapper: Int)]
    let names: InferNames
    let comment: String?

    func write(into spill: SpilledBytes) {
        builder.writeSpec(descriptors: descriptors, names: names, comment: comment, into: spill)
    }
}
