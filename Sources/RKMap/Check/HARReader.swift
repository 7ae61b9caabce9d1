/// Reads the API exchanges of a HAR 1.2 file (what browsers and proxies
/// export), docs/spec.md §12: every entry whose response `content.mimeType` is JSON
/// (`application/json` or `…+json`, parameters allowed) or
/// `application/x-www-form-urlencoded` is one exchange, and so is an entry of
/// another type whose body is a JSON object or array (with a note), and a
/// body-less response (204, 304, `HEAD`, an `OPTIONS` preflight, empty
/// content) of JSON or of no type. Other entries (pages, images, scripts)
/// are not the API and are ignored.
///
/// A file that is not HAR is one failing exchange naming the missing or
/// mistyped field by JSON path (`$.log.entries: missing`); an entry that is
/// broken fails on its own (`file.har#3`) and the others are still checked.
public enum HARReader {
    public static func exchanges(in path: String, maxDepth: Int = 512) -> [Exchange] {
        let root: JSONValue
        // A body is text inside the file, as deep as it is on its own.
        switch FixtureReader.parseOne(path, maxDepth: maxDepth) {
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
                if let exchange = try read(entry, at: at, name: name, index: i, file: path, maxDepth: maxDepth) { out.append(exchange) }
            } catch {
                out.append(Exchange(name: name, file: path, entry: i, facts: knownFacts(entry), content: .malformed([error.diagnostic])))
            }
        }
        return out
    }

    /// One entry, or `nil` when it is not an API exchange: its response is
    /// neither JSON, form-encoded, JSON served under another type (a note
    /// says so), nor a body-less response of JSON or of no type (docs/spec.md §12).
    static func read(_ entry: JSONValue, at: String, name: String, index: Int, file: String, maxDepth: Int = 512) throws(FixtureProblem) -> Exchange? {
        let response = try field("response", of: entry, at: at, kind: .object, file: file)
        let content = try field("content", of: response, at: at + ".response", kind: .object, file: file)
        let mimeAt = at + ".response.content"
        guard case .string(let mimeType) = try field("mimeType", of: content, at: mimeAt, kind: .string, file: file),
              case .object(let contentObject) = content
        else { return nil }
        let media = MediaKind(mimeType)
        let request = try field("request", of: entry, at: at, kind: .object, file: file)
        guard case .string(let rawMethod) = try field("method", of: request, at: at + ".request", kind: .string, file: file),
              case .string(let url) = try field("url", of: request, at: at + ".request", kind: .string, file: file),
              case .number(let statusNumber) = try field("status", of: response, at: at + ".response", kind: .number, file: file)
        else { return nil }
        let method = rawMethod.uppercased()
        // Images, style sheets and pages are not the API: skip them before
        // their bodies are decoded (a cheap look at the first byte of the text).
        if media == .other, method != "OPTIONS", !looksLikeJSON(contentObject["text"]) { return nil }
        guard statusNumber.isIntegerLiteral, let status = statusNumber.int64Value, (0...999).contains(status) else {
            throw FixtureProblem(file: file, path: at + ".response.status", message: "expected an HTTP status code, found \(statusNumber.text)")
        }
        let headers = try responseHeaders(response, at: at + ".response", file: file)
        let facts = ExchangeFacts(method: method, path: urlPath(url), status: Int(status), headers: headers)
        let body = try bodyBytes(contentObject, mimeType: mimeType, at: mimeAt, file: file)
        if let none = Exchange.NoBody.reason(method: method, status: Int(status), body: body) {
            // A body-less response of some other type (a 304 image) is not the API's.
            guard media != .other || none == .preflight else { return nil }
            return Exchange(name: name, file: file, entry: index, facts: facts, content: .noBody(none))
        }
        guard let body else {
            // `size` says there was a body, but the HAR was saved without it.
            throw FixtureProblem(
                file: file, path: mimeAt + ".text",
                message: "missing: the HAR has no body for this \(mimeType) response; export it with content (browsers: 'Save all as HAR with content')")
        }
        switch media {
        case .json:
            return Exchange(name: name, file: file, entry: index, facts: facts, content: .body(body, .json))
        case .form:
            return Exchange(name: name, file: file, entry: index, facts: facts, content: .body(body, .form))
        case .none, .other:
            // JSON served as text/html (or with no type): checked, with a note.
            guard case .success = FixtureReader.parseOne(body, file: file, maxDepth: maxDepth), looksLikeJSON(bytes: body) else { return nil }
            let type = mimeType.isEmpty ? "no mimeType" : "mimeType '\(mimeType)'"
            let note = Diagnostic(
                .note, "the response has \(type) but its body is JSON: checked as JSON", file: file,
                location: .jsonPath(mimeAt + ".mimeType"), code: .fixture)
            return Exchange(name: name, file: file, entry: index, facts: facts, content: .body(body, .json), notes: [note])
        }
    }

    /// The decoded body, or `nil` when the HAR has no `text` although `size`
    /// says the response had a body. No `text` with no positive `size` is an
    /// empty body.
    static func bodyBytes(_ content: JSONObject, mimeType: String, at: String, file: String) throws(FixtureProblem) -> [UInt8]? {
        guard let textValue = content["text"] else {
            if case .number(let size)? = content["size"], size.doubleValue > 0 { return nil }
            return []
        }
        guard case .string(let text) = textValue else {
            throw FixtureProblem(file: file, path: at + ".text", message: "expected a string, found \(textValue.kind.rawValue)")
        }
        switch content["encoding"] {
        case nil, .null?:
            return Array(text.utf8)
        case .string(let encoding)? where encoding.lowercased() == "base64":
            guard let decoded = Base64.decode(text) else {
                throw FixtureProblem(file: file, path: at + ".text", message: "\"encoding\" is \"base64\" but the text is not valid base64")
            }
            return decoded
        case let other?:
            let shown = JSONWriter.serialize(other, pretty: false)
            throw FixtureProblem(file: file, path: at + ".encoding", message: "unsupported encoding \(shown); HAR bodies are plain text or \"base64\"")
        }
    }

    /// `response.headers` (`[{"name": …, "value": …}]`, HAR 1.2); absent is none.
    static func responseHeaders(_ response: JSONValue, at: String, file: String) throws(FixtureProblem) -> ResponseHeaders {
        guard case .object(let object) = response, let list = object["headers"] else { return ResponseHeaders() }
        return try FixtureReader.headers(list, at: at + ".headers", file: file)
    }

    /// What a `content.mimeType` says the body is.
    enum MediaKind: Equatable {
        case json, form, none, other

        init(_ mimeType: String) {
            let essence = (mimeType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").trimmingSpaces().lowercased()
            if HARReader.isJSON(mimeType) {
                self = .json
            } else if essence == "application/x-www-form-urlencoded" {
                self = .form
            } else if essence.isEmpty || essence == "x-unknown" {
                // Browsers write "" or "x-unknown" for a response without Content-Type.
                self = .none
            } else {
                self = .other
            }
        }
    }

    /// Whether a `content.text` may hold a JSON object or array: its first
    /// non-space character is `{` or `[` (base64 text is decoded first).
    static func looksLikeJSON(_ text: JSONValue?) -> Bool {
        guard case .string(let s)? = text else { return false }
        if s.utf8.first(where: { !isSpace($0) }).map({ $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }) == true { return true }
        // Base64 text starts with letters; decoding tells.
        // Base64 text starts with letters: decoding its first 8 characters
        // (6 bytes) tells, without decoding a whole image.
        return Base64.decode(String(s.unicodeScalars.prefix(8))).map { looksLikeJSON(bytes: $0) } ?? false
    }

    static func looksLikeJSON(bytes: [UInt8]) -> Bool {
        guard let first = bytes.first(where: { !isSpace($0) }) else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// The facts a broken entry still has, so its report line names them.
    static func knownFacts(_ entry: JSONValue) -> ExchangeFacts {
        var facts = ExchangeFacts()
        guard case .object(let e) = entry else { return facts }
        if case .object(let request)? = e["request"] {
            if case .string(let m)? = request["method"] { facts.method = m.uppercased() }
            if case .string(let url)? = request["url"] { facts.path = urlPath(url) }
        }
        if case .object(let response)? = e["response"], case .number(let n)? = response["status"],
           n.isIntegerLiteral, let status = n.int64Value, (0...999).contains(status) {
            facts.status = Int(status)
        }
        return facts
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
