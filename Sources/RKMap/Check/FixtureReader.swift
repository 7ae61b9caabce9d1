/// Reads fixture files into exchanges (docs/spec.md §12). Never throws: a file that
/// cannot be read as a fixture becomes a failing exchange that says why and
/// where, so one bad file does not hide the others.
public enum FixtureReader {
    /// Reads a body file (`*.json`, facts from its `NAME.meta.json` sidecar or
    /// `defaults`) or a HAR file (`*.har`).
    /// - Parameter maxDepth: the deepest nesting a file may have (`--max-depth`).
    public static func read(_ path: String, defaults: ExchangeFacts, maxDepth: Int = 512) -> FixtureFile {
        // Known before it is read: a named pipe read to its end is no regular file after.
        let regular = InputFile.size(path) != nil
        if path.hasSuffix(".har") {
            return FixtureFile(path: path, kind: .har, exchanges: HARReader.exchanges(in: path, maxDepth: maxDepth), readableAgain: regular)
        }
        return FixtureFile(path: path, kind: .body, exchanges: [bodyExchange(path, defaults: defaults)], readableAgain: regular)
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
            let bytes = try InputFile.readAll(path)
            if let none = Exchange.NoBody.reason(method: facts.method, status: facts.status, body: bytes) {
                return Exchange(name: path, file: path, facts: facts, content: .noBody(none))
            }
            return Exchange(name: path, file: path, facts: facts, content: .body(bytes, .json))
        } catch {
            return Exchange(name: path, file: path, facts: facts, content: .malformed([
                Diagnostic(.error, "\(error)", file: path, code: .fixture),
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
                do throws(FixtureProblem) {
                    facts.headers = try headers(member.value, at: at, file: path)
                } catch {
                    return .failure(error)
                }
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

    /// Response headers as a sidecar gives them (`{"Link": "…", "Set-Cookie":
    /// ["a", "b"]}`) or a HAR entry does (`[{"name": "Link", "value": "…"}]`).
    static func headers(_ value: JSONValue, at: String, file: String) throws(FixtureProblem) -> ResponseHeaders {
        var headers = ResponseHeaders()
        switch value {
        case .object(let object):
            for member in object.members {
                let memberAt = at + DocumentPath.render([.key(member.key)]).dropFirst()
                switch member.value {
                case .string(let s):
                    headers.add(name: member.key, value: s)
                case .array(let values):
                    for (i, v) in values.enumerated() {
                        guard case .string(let s) = v else {
                            throw FixtureProblem(file: file, path: memberAt + "[\(i)]", message: "expected a string header value, found \(v.kind.rawValue)")
                        }
                        headers.add(name: member.key, value: s)
                    }
                default:
                    throw FixtureProblem(file: file, path: memberAt, message: "expected a string header value (or an array of them), found \(member.value.kind.rawValue)")
                }
            }
        case .array(let list):
            for (i, item) in list.enumerated() {
                let itemAt = at + "[\(i)]"
                guard case .object(let o) = item, case .string(let name)? = o["name"], case .string(let v)? = o["value"] else {
                    throw FixtureProblem(file: file, path: itemAt, message: "expected a header {\"name\": \"…\", \"value\": \"…\"}, found \(JSONWriter.serialize(item, pretty: false))")
                }
                headers.add(name: name, value: v)
            }
        default:
            throw FixtureProblem(file: file, path: at, message: "expected an object of headers, found \(value.kind.rawValue)")
        }
        return headers
    }

    /// Reads a file holding exactly one JSON document with rkmap's JSON reader.
    static func parseOne(_ path: String, holding what: String = "a fixture", maxDepth: Int = 512) -> Result<JSONValue, FixtureProblem> {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.readAll(path)
        } catch {
            return .failure(FixtureProblem(file: path, message: "\(error)"))
        }
        return parseOne(bytes, file: path, holding: what, maxDepth: maxDepth)
    }

    /// Parses exactly one JSON document; syntax problems carry line and column.
    /// - Parameters:
    ///   - what: what the file is, for a second document's message.
    ///   - maxDepth: the deepest nesting it may have (`--max-depth`).
    ///   - projection: how the document is read (`ProjectionPlan(wholeHoldingAsIn:)`
    ///     for a body `check` maps whole); only the first document.
    static func parseOne(
        _ bytes: [UInt8], file: String, holding what: String = "a fixture", maxDepth: Int = 512, projection: ProjectionPlan = .everything
    ) -> Result<JSONValue, FixtureProblem> {
        var reader = JSONDocumentReader(bytes: bytes, maxDepth: maxDepth)
        do {
            guard let value = try reader.next(projection: projection) else {
                return .failure(FixtureProblem(file: file, location: SourceLocation(line: 1, column: 1), message: "empty: expected one JSON value"))
            }
            let end = reader.offset
            if try reader.next() != nil {
                let location = reader.location(ofOffset: reader.documentStartOffset)
                return .failure(FixtureProblem(file: file, location: location, message: "unexpected second JSON value after the one ending at byte \(end); \(what) holds one document"))
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
        return Diagnostic(.error, message, file: file, location: at, code: .fixture)
    }
}
