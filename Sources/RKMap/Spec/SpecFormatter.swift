/// `rkmap fmt`: rewrites a spec as canonical, strict JSON.
///
/// Two-space indentation, `"key": value`, one member or element per line, `[]` and
/// `{}` for empty containers, members in source order, one final newline. Relaxed
/// forms come out normalised: the reader already turns bare words, bare status
/// classes and `[k: v]` into plain JSON and drops comments; the formatter also
/// writes `"YES"`/`"NO"` as `true`/`false` where a boolean is expected. Formatting
/// a formatted spec changes nothing.
public enum SpecFormatter {
    /// - Returns: the canonical text, or nil (with the reader's diagnostics) when
    ///   the spec does not parse.
    public static func format(bytes: [UInt8], file: String) -> (text: String?, diagnostics: [Diagnostic]) {
        let result = formatKeepingComments(bytes: bytes, file: file)
        return (result.text, result.diagnostics)
    }

    /// `format`, also saying where the comments it drops were.
    package static func formatKeepingComments(bytes: [UInt8], file: String)
        -> (text: String?, diagnostics: [Diagnostic], comments: [SourceLocation])
    {
        let (value, diagnostics, comments) = SpecJSONParser.parseKeepingComments(bytes, file: file)
        guard let value else { return (nil, diagnostics, comments) }
        // What `lint` and `apply` refuse is no spec to format: `42` printed
        // back with exit 0 would pass a CI step that runs `fmt --check`.
        // So is an array of anything but objects (`[1, 2]`), refused at its
        // first element that is not one.
        var notSpec: (found: String, at: SourceLocation)?
        switch value.kind {
        case .object: break
        case .array(let elements):
            if let element = elements.first(where: { if case .object = $0.kind { false } else { true } }) {
                notSpec = ("an array with an element that is \(element.kindDescription)", element.location)
            }
        default:
            notSpec = (value.kindDescription, value.location)
        }
        if let notSpec {
            let issue = SpecIssue.specNotObject(found: notSpec.found)
            let refused = Diagnostic(issue.severity, issue.message, file: file, location: .source(notSpec.at), code: issue.code)
            return (nil, diagnostics + [refused], comments)
        }
        var out = ""
        write(value, role: .spec, indent: 0, into: &out)
        out += "\n"
        return (out, diagnostics, comments)
    }

    /// Where an object sits in the spec, which decides which fields are booleans.
    enum Role {
        case spec, descriptor, mapper, relationship, requestDescriptor, other

        var booleanFields: Set<String> {
            switch self {
            case .mapper:
                return ["entity", "dynamic", "forceCollection", "assignsDefaultValueForMissingAttributes",
                        "assignsNilForMissingRelationships"]
            case .relationship: return ["many"]
            case .requestDescriptor: return ["inverse"]
            case .spec, .descriptor, .other: return []
            }
        }

        /// The role of the elements (or the single object) under a member.
        func child(_ key: String) -> Role {
            switch (self, key) {
            case (.spec, "descriptors"): return .descriptor
            case (.spec, "mappers"), (.descriptor, "mappers"): return .mapper
            case (.mapper, "relationships"): return .relationship
            case (.spec, "requestDescriptors"): return .requestDescriptor
            default: return .other
            }
        }
    }

    private static func write(_ value: SpecValue, role: Role, indent: Int, into out: inout String) {
        switch value.kind {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n.text
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            guard !elements.isEmpty else { out += "[]"; return }
            // A spec that is an array holds descriptors.
            let elementRole: Role = role == .spec ? .descriptor : role
            out += "[\n"
            for (i, e) in elements.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                write(e, role: elementRole, indent: indent + 2, into: &out)
                out += i + 1 < elements.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            let booleans = role.booleanFields
            out += "{\n"
            for (i, m) in members.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                writeString(m.key, into: &out)
                out += ": "
                if booleans.contains(m.key), let b = m.value.booleanValue {
                    out += b ? "true" : "false"
                } else {
                    write(m.value, role: role.child(m.key), indent: indent + 2, into: &out)
                }
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    /// Strings are written as the data output writes them (docs/spec.md §10.1).
    private static func writeString(_ s: String, into out: inout String) {
        out += JSONWriter.serialize(.string(s), pretty: false)
    }
}
