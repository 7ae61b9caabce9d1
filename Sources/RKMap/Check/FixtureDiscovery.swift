import Foundation

/// Expands `rkmap check`'s FIXTURE arguments into fixture files (docs/spec.md §12):
/// files as given, directories as every `*.json` and `*.har` below them in
/// sorted path order, except `*.meta.json` sidecars and `*.expected.json` goldens.
public enum FixtureDiscovery {
    /// An argument that names nothing to check (exit status 2).
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(message): '\(path)'" }
    }

    public static func files(for arguments: [String]) throws(Failure) -> [String] {
        var out: [String] = []
        let manager = FileManager.default
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw Failure(path: argument, message: "no such fixture file or directory")
            }
            guard isDirectory.boolValue else {
                out.append(argument)
                continue
            }
            guard let below = manager.subpaths(atPath: argument) else {
                throw Failure(path: argument, message: "cannot list the fixture directory")
            }
            let base = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
            let found = below.filter(isFixture).map { base + "/" + $0 }
                .filter { path in
                    var dir: ObjCBool = false
                    return manager.fileExists(atPath: path, isDirectory: &dir) && !dir.boolValue
                }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            guard !found.isEmpty else {
                throw Failure(path: argument, message: "no fixtures (*.json, *.har) in the directory")
            }
            out += found
        }
        return out
    }

    /// Two fixture files whose outputs would share one golden file: a HAR
    /// `x.har` and a body `x.har.json` both have `x.har.expected.json`.
    /// `--update` wrote it twice (the last won) and `check` then failed
    /// the other; no run can pass both, so `check` refuses the pair.
    public struct SharedGolden: Error, Sendable, Equatable, CustomStringConvertible {
        public var first: String
        public var second: String
        public var golden: String
        public var description: String {
            "'\(first)' and '\(second)' would both be compared with the golden '\(golden)'; rename one of them "
                + "(a body named NAME.har.json has the golden of the HAR NAME.har)"
        }
    }

    /// The first pair of `paths` (as `files(for:)` gives them) that share a
    /// golden file, or nil. Paths are compared with their directories
    /// resolved (`./d/x.har`, `d/x.har` and a symlinked directory's spelling
    /// are one place; the golden is beside the name given, a link or not);
    /// one fixture given twice is one fixture.
    public static func sharedGolden(_ paths: [String]) -> SharedGolden? {
        var owners: [String: (path: String, place: String)] = [:]
        for path in paths {
            let place = resolvedDirectory(of: path)
            let golden = FixtureFile.goldenPath(for: place, kind: path.hasSuffix(".har") ? .har : .body)
            if let first = owners[golden] {
                if first.place != place {
                    let shown = FixtureFile.goldenPath(for: first.path, kind: first.path.hasSuffix(".har") ? .har : .body)
                    return SharedGolden(first: first.path, second: path, golden: shown)
                }
            } else {
                owners[golden] = (path, place)
            }
        }
        return nil
    }

    /// `path` with its directory made absolute and its links resolved.
    private static func resolvedDirectory(of path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let real = realpath(directory, nil) else { return path }
        defer { free(real) }
        let resolved = String(cString: real)
        return (resolved.hasSuffix("/") ? resolved : resolved + "/") + name
    }

    static func isFixture(_ path: String) -> Bool {
        if path.hasSuffix(".meta.json") || path.hasSuffix(".expected.json") { return false }
        return path.hasSuffix(".json") || path.hasSuffix(".har")
    }
}
