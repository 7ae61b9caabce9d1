/// Reads fixture files into exchanges (SPEC §12). Never throws: a file that
/// cannot be read as a fixture becomes a failing exchange that says why and
/// where, so one bad file does not hide the others.
public enum FixtureReader {
    /// Reads a body file (`*.json`, facts from its `NAME.meta.json` sidecar or
    /// `defaults`) or a HAR file (`*.har`).
    public static func read(_ path: String, defaults: ExchangeFacts) -> FixtureFile {
        if path.hasSuffix(".har") {
            return FixtureFile(path: path, kind: .har, exchanges: HARReader.exchanges(in: path))
        }
        return FixtureFile(path: path, kind: .body, exchanges: [bodyExchange(path, defaults: defaults)])
    }

    static func bodyExchange(_ path: String, defaults: ExchangeFacts) -> Exchange {
        var facts = defaults
        let sidecar = FixtureFile.sidecarPath(for: path)
        if access(sidecar, F_OK) == 0 {
            switch readSidecar(sidecar, defaults: defaults) {
            case .success(let read): facts = read
            case .failure(let problem):
                return Exchange(name: path, file: path, facts: defaults, content: .malformed([problem.diagnostic]))
            }
        }
        do {
            return Exchange(name: path, file: path, facts: facts, content: .body(try InputFile.readAll(path)))
        } catch {
            return Exchange(name: path, file: path, facts: facts, content: .malformed([
                Diagnostic(.error, "\(error)", file: path, code: "fixture"),
            ]))
        }
    }

    /// Reads `{"method": "POST", "path": "/api/login", "status": 201, "headers": {…}}`;
    /// a field it does not give keeps its value from `defaults` (the flags).
    static func readSidecar(_ path: String, defaults: ExchangeFacts) -> Result<ExchangeFacts, FixtureProblem> {
        let value: JSONValue
        switch parseOne(path) {
        case .success(let v): value = v
        case .failure(let problem): return .failure(problem)
        }
        guard case .object(let object) = value else {
            return .failure(FixtureProblem(file: path, path: "$", message: "expected an object like {\"method\": \"GET\", \"path\": \"/articles\", \"status\": 200}, found \(value.kind.rawValue)"))
        }
        var facts = defaults
        let known = ["method", "path", "status", "headers"]
        for member in object.members {
            let at = "$" + DocumentPath.render([.key(member.key)]).dropFirst()
            switch (member.key, member.value) {
            case ("method", .string(let s)): facts.method = s.uppercased()
            case ("path", .string(let s)): facts.path = s
            case ("status", .number(let n)):
                guard let status = n.int64Value, n.isIntegerLiteral, (100...599).contains(status) else {
                    return .failure(FixtureProblem(file: path, path: at, message: "expected an HTTP status code (100-599), found \(n.text)"))
                }
                facts.status = Int(status)
            case ("headers", .object), ("headers", .array):
                break
            case ("method", let v), ("path", let v), ("status", let v), ("headers", let v):
                let expected = member.key == "status" ? "an integer" : member.key == "headers" ? "an object" : "a string"
                return .failure(FixtureProblem(file: path, path: at, message: "expected \(expected), found \(v.kind.rawValue)"))
            default:
                var message = "unknown key '\(member.key)'"
                if let s = Suggestions.closest(to: member.key, in: known) { message += "; did you mean '\(s)'?" }
                message += " (a sidecar has \(known.joined(separator: ", ")))"
                return .failure(FixtureProblem(file: path, path: at, message: message))
            }
        }
        return .success(facts)
    }

    /// Reads a file holding exactly one JSON document with rkmap's JSON reader.
    static func parseOne(_ path: String) -> Result<JSONValue, FixtureProblem> {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.readAll(path)
        } catch {
            return .failure(FixtureProblem(file: path, message: "\(error)"))
        }
        return parseOne(bytes, file: path)
    }

    /// Parses exactly one JSON document; syntax problems carry line and column.
    static func parseOne(_ bytes: [UInt8], file: String) -> Result<JSONValue, FixtureProblem> {
        var reader = JSONDocumentReader(bytes: bytes)
        do {
            guard let value = try reader.next() else {
                return .failure(FixtureProblem(file: file, location: SourceLocation(line: 1, column: 1), message: "empty: expected one JSON value"))
            }
            let end = reader.offset
            if try reader.next() != nil {
                let location = reader.location(ofOffset: reader.documentStartOffset)
                return .failure(FixtureProblem(file: file, location: location, message: "unexpected second JSON value after the one ending at byte \(end); a fixture holds one document"))
            }
            return .success(value)
        } catch {
            return .failure(FixtureProblem(file: file, location: error.location, message: error.message))
        }
    }
}

/// Why a fixture file (or part of one) is not a usable fixture.
public struct FixtureProblem: Error, Sendable, Equatable {
    public var file: String
    public var location: SourceLocation?
    public var path: String?
    public var message: String

    public init(file: String, location: SourceLocation? = nil, path: String? = nil, message: String) {
        self.file = file
        self.location = location
        self.path = path
        self.message = message
    }

    public var diagnostic: Diagnostic {
        let at: Diagnostic.Location = location.map { .source($0) } ?? path.map { .jsonPath($0) } ?? .none
        return Diagnostic(.error, message, file: file, location: at, code: "fixture")
    }
}
