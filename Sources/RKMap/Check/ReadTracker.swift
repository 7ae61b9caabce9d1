/// Records, while one document is mapped, which members of each mapped object
/// the mapping read, and aggregates the ones nothing read by path pattern
/// (`rkmap check`'s unmapped-key report, SPEC §12 check 3).
///
/// The engine calls `open` before mapping an object and `close` after; reads
/// are known statically from the mapper (its source key paths, the matchers of
/// the dynamic mappers that chose it), so the mapping itself is not slowed by
/// per-lookup bookkeeping. A nil key path reads the whole object; `@parent.key`
/// reads a member of an enclosing object; `@root.key` one of the document root
/// when the root itself is mapped.
///
/// ```swift
/// let tracker = ReadTracker()
/// _ = try engine.map(document: doc, info: info, sink: sink, diagnostics: list, readTracker: tracker)
/// tracker.unmapped  // [$.articles[*].subtitle: 20 times, mapper article]
/// ```
public final class ReadTracker: ReadObserver {
    /// One member path pattern that some mapped objects had and nothing read.
    public struct Unmapped: Sendable, Equatable {
        /// `$.articles[*].subtitle`: array indices are `[*]`, dynamic keys `*`.
        public var path: String
        /// The mappers of the objects that had it, first seen first.
        public var mapperIDs: [String]
        /// How many mapped objects had it.
        public var count: Int
    }

    /// Member paths nothing read, sorted by path.
    public var unmapped: [Unmapped] {
        found.sorted { $0.path.unicodeScalars.lexicographicallyPrecedes($1.path.unicodeScalars) }
    }

    /// In the order objects were closed (children before their parents).
    private var found: [Unmapped] = []

    private struct Frame {
        var keys: [String]
        var read: [Bool]
        var readsAll: Bool
        /// `context.parents.count` when the object was opened.
        var parentDepth: Int
        var path: [DocumentPath.Component]
        var mapperID: String
    }

    private let caseInsensitive: Bool
    private var frames: [Frame] = []
    /// Reads by the matchers that chose the mapper of the next object opened.
    private var matcherReads = MapperReads()
    private var readsByMapper: [ObjectIdentifier: MapperReads] = [:]
    private var unmappedIndex: [String: Int] = [:]

    /// - Parameter caseInsensitive: the spec's `keyMatching: caseInsensitive`:
    ///   a read of `sportId` then reads a member spelled `sportID`.
    public init(caseInsensitive: Bool = false) {
        self.caseInsensitive = caseInsensitive
    }

    // MARK: ReadObserver

    func noteMatchers(of dynamic: DynamicMapper) {
        matcherReads.add(reads(of: dynamic))
    }

    func discardMatcherReads() {
        if !matcherReads.isEmpty { matcherReads = MapperReads() }
    }

    func open(_ object: JSONObject, mapper: ObjectMapper, path: [DocumentPath.Component], parentDepth: Int) {
        var reads = reads(of: mapper)
        reads.add(matcherReads)
        discardMatcherReads()
        let keys = object.keys
        var frame = Frame(
            keys: keys, read: [Bool](repeating: false, count: keys.count), readsAll: reads.all,
            parentDepth: parentDepth, path: path, mapperID: mapper.id)
        if !frame.readsAll {
            for key in reads.keys { mark(key, in: &frame) }
        }
        for (n, key) in reads.parentKeys {
            // The n-th enclosing object was opened with n fewer parents; a
            // composed (nil key path) parent has no frame of its own and is the
            // same object as the frame below it, hence `<=`.
            let target = parentDepth - n
            if let i = frames.lastIndex(where: { $0.parentDepth <= target }) { mark(key, in: &frames[i]) }
        }
        // `@root.key` reads the document root, when the root is a mapped object.
        if !reads.rootKeys.isEmpty {
            if path.isEmpty {
                for key in reads.rootKeys { mark(key, in: &frame) }
            } else if !frames.isEmpty, frames[0].path.isEmpty {
                for key in reads.rootKeys { mark(key, in: &frames[0]) }
            }
        }
        frames.append(frame)
    }

    /// Ends the innermost object; with `keep`, its unread members are counted.
    func close(keep: Bool) {
        let frame = frames.removeLast()
        guard keep, !frame.readsAll else { return }
        var pattern: String?
        for (i, key) in frame.keys.enumerated() where !frame.read[i] {
            let base = pattern ?? Self.pattern(frame.path)
            pattern = base
            let path = base + String(DocumentPath.render([.key(key)]).dropFirst())
            if let at = unmappedIndex[path] {
                found[at].count += 1
                if !found[at].mapperIDs.contains(frame.mapperID) { found[at].mapperIDs.append(frame.mapperID) }
            } else {
                unmappedIndex[path] = found.count
                found.append(Unmapped(path: path, mapperIDs: [frame.mapperID], count: 1))
            }
        }
    }

    // MARK: Helpers

    private func mark(_ key: String, in frame: inout Frame) {
        if let i = frame.keys.firstIndex(of: key) {
            frame.read[i] = true
        } else if caseInsensitive {
            let folded = key.lowercased()
            if let i = frame.keys.firstIndex(where: { $0.lowercased() == folded }) { frame.read[i] = true }
        }
    }

    private func reads(of mapper: ObjectMapper) -> MapperReads {
        let id = ObjectIdentifier(mapper)
        if let cached = readsByMapper[id] { return cached }
        let reads = MapperReads(mapper)
        readsByMapper[id] = reads
        return reads
    }

    private func reads(of mapper: DynamicMapper) -> MapperReads {
        let id = ObjectIdentifier(mapper)
        if let cached = readsByMapper[id] { return cached }
        let reads = MapperReads(mapper)
        readsByMapper[id] = reads
        return reads
    }

    /// `$.articles[*]`: the path with indices and dynamic keys as wildcards.
    static func pattern(_ components: [DocumentPath.Component]) -> String {
        var s = "$"
        for c in components {
            switch c {
            case .index: s += "[*]"
            case .dynamicKey: s += ".*"
            case .key: s += DocumentPath.render([c]).dropFirst()
            }
        }
        return s
    }
}
