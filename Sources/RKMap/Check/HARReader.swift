/// Reads the JSON exchanges of a HAR 1.2 file (what browsers and proxies
/// export): every entry whose response `content.mimeType` is JSON
/// (`application/json` or `…+json`, parameters allowed) is one exchange;
/// other entries are ignored silently (docs/spec.md §12).
///
/// A file that is not HAR is one failing exchange naming the missing or
/// mistyped field by JSON path (`$.log.entries: missing`); an entry that is
/// broken fails on its own (`file.har#3`) and the others are still checked.
public enum HARReader {
    public static func exchanges(in path: String) -> [Exchange] {
        let root: JSONValue
        switch FixtureReader.parseOne(path) {
        case .success(let value): root = value
        case .failure(let problem): return [fileProblem(path, problem)]
        }
        let entries: [JSONValue]
        do throws(FixtureProblem) {
            let log = try field("log", of: root, at: "$", kind: .object, file: path)
            guard case .array(let list) = try field("entries", of: log, at: "$.log", kind: .array, file: path) else { return [] }
            entries = list
        } catch {
            var problem = error
            problem.message += " (a HAR file is {\"log\": {\"entries\": [...]}})"
            return [fileProblem(path, problem)]
        }
        var out: [Exchange] = []
        for (i, entry) in entries.enumerated() {
            let at = "$.log.entries[\(i)]"
            let name = "\(path)#\(i)"
            do throws(FixtureProblem) {
                if let exchange = try read(entry, at: at, name: name, index: i, file: path) { out.append(exchange) }
            } catch {
                out.append(Exchange(name: name, file: path, entry: i, facts: ExchangeFacts(), content: .malformed([error.diagnostic])))
            }
        }
        return out
    }

    /// One entry, or `nil` when its response is not JSON.
    static func read(_ entry: JSONValue, at: String, name: String, index: Int, file: String) throws(FixtureProblem) -> Exchange? {
        let response = try field("response", of: entry, at: at, kind: .object, file: file)
        let content = try field("content", of: response, at: at + ".response", kind: .object, file: file)
        let mimeAt = at + ".response.content"
        guard case .string(let mimeType) = try field("mimeType", of: content, at: mimeAt, kind: .string, file: file) else { return nil }
        guard isJSON(mimeType) else { return nil }
        let request = try field("request", of: entry, at: at, kind: .object, file: file)
        guard case .string(let method) = try field("method", of: request, at: at + ".request", kind: .string, file: file),
              case .string(let url) = try field("url", of: request, at: at + ".request", kind: .string, file: file),
              case .number(let statusNumber) = try field("status", of: response, at: at + ".response", kind: .number, file: file)
        else { return nil }
        guard statusNumber.isIntegerLiteral, let status = statusNumber.int64Value, (0...999).contains(status) else {
            throw FixtureProblem(file: file, path: at + ".response.status", message: "expected an HTTP status code, found \(statusNumber.text)")
        }
        let facts = ExchangeFacts(method: method.uppercased(), path: urlPath(url), status: Int(status))
        guard case .object(let contentObject) = content, let textValue = contentObject["text"] else {
            throw FixtureProblem(
                file: file, path: mimeAt + ".text",
                message: "missing: the HAR has no body for this \(mimeType) response; export it with content (browsers: 'Save all as HAR with content')")
        }
        guard case .string(let text) = textValue else {
            throw FixtureProblem(file: file, path: mimeAt + ".text", message: "expected a string, found \(textValue.kind.rawValue)")
        }
        var body = Array(text.utf8)
        switch contentObject["encoding"] {
        case nil, .null?:
            break
        case .string(let encoding)? where encoding.lowercased() == "base64":
            guard let decoded = Base64.decode(text) else {
                throw FixtureProblem(file: file, path: mimeAt + ".text", message: "\"encoding\" is \"base64\" but the text is not valid base64")
            }
            body = decoded
        case let other?:
            let shown = JSONWriter.serialize(other, pretty: false)
            throw FixtureProblem(file: file, path: mimeAt + ".encoding", message: "unsupported encoding \(shown); HAR bodies are plain text or \"base64\"")
        }
        return Exchange(name: name, file: file, entry: index, facts: facts, content: .body(body))
    }

    /// The member `key` of `value`, which must be an object, checked to be of `kind`.
    static func field(_ key: String, of value: JSONValue, at: String, kind: JSONKind, file: String) throws(FixtureProblem) -> JSONValue {
        guard case .object(let object) = value else {
            throw FixtureProblem(file: file, path: at, message: "expected an object, found \(value.kind.rawValue)")
        }
        let path = at + "." + key
        guard let member = object[key] else {
            throw FixtureProblem(file: file, path: path, message: "missing")
        }
        guard member.kind == kind else {
            throw FixtureProblem(file: file, path: path, message: "expected \(kind == .array || kind == .object ? "an" : "a") \(kind.rawValue), found \(member.kind.rawValue)")
        }
        return member
    }

    /// `application/json`, `application/problem+json`, with or without `; charset=…`.
    static func isJSON(_ mimeType: String) -> Bool {
        let essence = mimeType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let type = essence.trimmingSpaces().lowercased()
        return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
    }

    /// The path of a URL without query or fragment: `https://h/a/b?x=1` → `/a/b`.
    static func urlPath(_ url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.firstRange(of: "://") {
            rest = rest[scheme.upperBound...]
            guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else { return "/" }
            rest = rest[slash...]
        }
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        return rest.isEmpty ? "/" : String(rest)
    }

    private static func fileProblem(_ path: String, _ problem: FixtureProblem) -> Exchange {
        Exchange(name: path, file: path, facts: ExchangeFacts(), content: .malformed([problem.diagnostic]))
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return s
    }
}
