/// Reading typed fields out of spec objects, reporting wrong kinds, unknown and
/// duplicate fields as it goes.
extension SpecCompiler {
    /// Members any spec object may hold for people and editors (docs/spec.md §1):
    /// accepted without a warning, ignored by mapping, kept by `rkmap fmt`.
    static let noteFields: Set<String> = ["description", "comment", "$schema"]

    /// The fields of a spec object by name (the last of duplicates). Unknown fields
    /// are warnings with a "did you mean" among `known`; duplicates are warnings.
    /// Note fields (`description`, `comment`, `$schema`) are skipped.
    func fields(
        of value: SpecValue, known: [String], context: String, mapperID: String? = nil, warn: Bool = true
    ) -> [String: SpecMember] {
        guard case .object(let members) = value.kind else { return [:] }
        var result: [String: SpecMember] = [:]
        for member in members {
            if Self.noteFields.contains(member.key) { continue }
            if warn {
                if !known.contains(member.key) {
                    let suggestion = Suggestions.closest(to: member.key, in: known)
                    report(.unknownField(field: member.key, context: context, suggestion: suggestion),
                           at: member.keyLocation, mapperID: mapperID)
                    continue
                }
                if result[member.key] != nil {
                    report(.duplicateField(field: member.key, context: context), at: member.keyLocation, mapperID: mapperID)
                }
            }
            result[member.key] = member
        }
        return result
    }

    /// The members of an object whose names are data (`attributes`,
    /// `types`, `defaults`, `valueMap`) as JSON reads them: a repeated name
    /// is one member, the last value at the first one's place, and a warning
    /// at each repeat. Only that value is read, so an earlier one that is
    /// wrong is no error.
    func distinctMembers(_ members: [SpecMember], context: String, mapperID: String?) -> [SpecMember] {
        var result: [SpecMember] = []
        var index: [[UInt8]: Int] = [:]
        for m in members {
            let name = Array(m.key.utf8)
            if let i = index[name] {
                report(.duplicateField(field: m.key, context: context), at: m.keyLocation, mapperID: mapperID)
                result[i].value = m.value
            } else {
                index[name] = result.count
                result.append(m)
            }
        }
        return result
    }

    func wrongKind(_ member: SpecMember, expected: String, context: String, mapperID: String? = nil) {
        report(.wrongKind(field: member.key, context: context, expected: expected, found: member.value.kindDescription),
               at: member.value.location, mapperID: mapperID)
    }

    /// A string field; `null` reads as absent.
    func string(_ member: SpecMember, context: String, mapperID: String? = nil) -> String? {
        switch member.value.kind {
        case .string(let s): return s
        case .null: return nil
        default:
            wrongKind(member, expected: "a string", context: context, mapperID: mapperID)
            return nil
        }
    }

    /// A boolean field: `true`/`false` or the documented `"YES"`/`"NO"` strings.
    func bool(_ member: SpecMember?, context: String, mapperID: String? = nil) -> Bool? {
        guard let member else { return nil }
        if case .null = member.value.kind { return nil }
        if let b = member.value.booleanValue { return b }
        wrongKind(member, expected: "a boolean (true, false, \"YES\" or \"NO\")", context: context, mapperID: mapperID)
        return nil
    }

    /// A string or an array of strings; `null` reads as absent.
    func stringList(_ member: SpecMember, context: String, mapperID: String? = nil) -> [String]? {
        switch member.value.kind {
        case .null: return nil
        case .string(let s): return [s]
        case .array(let elements):
            var result: [String] = []
            for e in elements {
                guard case .string(let s) = e.kind else {
                    report(.wrongKind(field: member.key, context: context, expected: "a string or an array of strings",
                                      found: "an element that is \(e.kindDescription)"), at: e.location, mapperID: mapperID)
                    continue
                }
                result.append(s)
            }
            return result
        default:
            wrongKind(member, expected: "a string or an array of strings", context: context, mapperID: mapperID)
            return nil
        }
    }

    /// Date formats (`dateFormats`), each compiled here so that a bad pattern is a
    /// spec error at its own line and column (and `lint` sees it) rather than a
    /// location-less failure when the engine starts. Bad patterns are dropped.
    func dateFormatList(_ member: SpecMember, context: String, mapperID: String? = nil) -> [DateFormat] {
        guard let formats = stringList(member, context: context, mapperID: mapperID) else { return [] }
        var locations = [member.value.location]
        if case .array(let elements) = member.value.kind {
            locations = elements.compactMap { if case .string = $0.kind { $0.location } else { nil } }
        }
        var valid: [DateFormat] = []
        for (format, location) in zip(formats, locations) {
            do {
                valid.append(try DateFormat(format))
            } catch {
                report(.invalidDateFormat(message: error.message), at: location, mapperID: mapperID)
            }
        }
        return valid
    }

    /// Compiles a source key path, reporting a syntax error at the offending key:
    /// `location` is the string's opening quote, and `prefix` counts characters
    /// of the written text that precede `text` (a stripped `(name).`).
    func keyPath(_ text: String, at location: SourceLocation, mapperID: String?, prefix: Int = 0) -> KeyPath? {
        do {
            let path = try KeyPath(parsing: text)
            for case .key(let key) in path.components { spelling(key, at: location, mapperID: mapperID) }
            return path
        } catch {
            var at = location
            at.column += 1 + prefix + Self.sourceWidth(of: text.unicodeScalars.prefix(error.offset))
            report(.invalidKeyPath(message: error.message), at: at, mapperID: mapperID)
            return nil
        }
    }
}

extension SpecCompiler {
    /// Columns that `scalars` take inside a JSON string literal, assuming the
    /// usual escapes (`\\`, `\"`, `\n`, and `\u00XX` for other control
    /// characters): each key path error then points at its key in the spec.
    static func sourceWidth(of scalars: some Sequence<Unicode.Scalar>) -> Int {
        var n = 0
        for c in scalars {
            switch c {
            case "\\", "\"", "\n", "\t", "\r", "\u{08}", "\u{0C}": n += 2
            case _ where c.value < 0x20: n += 6
            default: n += 1
            }
        }
        return n
    }
}

extension SpecValue {
    /// How a person would name this value's kind in a message.
    var kindDescription: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value read as a boolean where a boolean is expected: JSON booleans and
    /// the `"YES"`/`"NO"` strings of the seed document (docs/spec.md §1.1), in any case.
    var booleanValue: Bool? {
        switch kind {
        case .bool(let b): return b
        case .string(let s):
            switch s.uppercased() {
            case "YES", "TRUE": return true
            case "NO", "FALSE": return false
            default: return nil
            }
        default: return nil
        }
    }
}
