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

    static func isFixture(_ path: String) -> Bool {
        if path.hasSuffix(".meta.json") || path.hasSuffix(".expected.json") { return false }
        return path.hasSuffix(".json") || path.hasSuffix(".har")
    }
}
