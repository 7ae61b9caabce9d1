/// Compiling response descriptors (docs/spec.md §2).
extension SpecCompiler {
    static let methodNames = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "ANY"]

    /// - Parameter isTopLevel: the descriptor is the whole spec, so the spec
    ///   options (`dateFormats`, `timeZone`, `keyMatching`) are its fields too.
    func compileDescriptor(_ value: SpecValue, index: Int, isTopLevel: Bool) -> Descriptor? {
        guard case .object = value.kind else {
            report(.wrongKind(field: "descriptors", context: "", expected: "an array of descriptor objects",
                              found: "an element that is \(value.kindDescription)"), at: value.location)
            return nil
        }
        let context = "in descriptor"
        // Options are known here so that, under `descriptors`, they get a clearer
        // warning than "unknown field".
        let f = fields(of: value, known: Self.descriptorFields + Self.optionFields, context: context)
        if !isTopLevel {
            for option in Self.optionFields { if let m = f[option] { report(.misplacedOption(field: option), at: m.keyLocation) } }
        }

        var pattern: PathPattern?
        if let m = f["path"], let text = string(m, context: context), !text.isEmpty {
            do {
                pattern = try PathPattern(parsing: text)
            } catch {
                report(.invalidPathPattern(message: error.message), at: m.value.location)
            }
        }

        var keyPath = KeyPath.empty
        var keyPathText: String?
        if let m = f["keyPath"], let text = string(m, context: context), !text.isEmpty {
            keyPathText = text
            keyPath = self.keyPath(text, at: m.value.location, mapperID: nil) ?? .empty
            // JSONPath's `$.results` names a key `$` here.
            if text == "$" || text.hasPrefix("$.") || text.hasPrefix("$[") {
                let rest = text.dropFirst(text.hasPrefix("$.") ? 2 : 1)
                report(.jsonPathKeyPath(text: text, suggestion: String(rest)), at: m.value.location)
            }
        }

        let statusCodes = f["statusCodes"].map(compileStatusCodes) ?? .successful
        let methods = f["methods"].flatMap { compileMethods($0) }

        var root: MapperRef?
        if let m = f["root-map-ref"] {
            root = resolve(m, mapperID: nil)
        } else if declarations.count == 1 {
            root = 0
        } else if declarations.isEmpty {
            if !hasErrors { report(.noMappers, at: value.location) }
        } else {
            report(.ambiguousRoot(mapperCount: declarations.count), at: value.location)
        }
        guard let root else { return nil }
        return Descriptor(
            index: index, location: value.location, pathPattern: pattern, keyPath: keyPath,
            keyPathText: keyPathText, statusCodes: statusCodes, methods: methods, rootMapper: root)
    }

    /// `[201, "2XX"]`; a single code or class is accepted on its own. `null` accepts
    /// every status, as RestKit's nil status code set does.
    private func compileStatusCodes(_ member: SpecMember) -> StatusCodeSet {
        var set = StatusCodeSet()
        let elements: [SpecValue]
        switch member.value.kind {
        case .null: return StatusCodeSet(classes: [1, 2, 3, 4, 5])
        case .array(let a):
            elements = a
            if a.isEmpty { report(.emptyStatusCodes, at: member.value.location) }
        case .number, .string: elements = [member.value]
        default:
            wrongKind(member, expected: "an array of status codes", context: "in descriptor")
            return .successful
        }
        for e in elements {
            switch e.kind {
            case .number(let n):
                if let code = n.int64Value, (100...599).contains(code) {
                    set.codes.insert(Int(code))
                } else {
                    report(.invalidStatusCode(text: n.text), at: e.location)
                }
            case .string(let s):
                let u = Array(s.uppercased().unicodeScalars)
                if u.count == 3, u[1] == "X", u[2] == "X", let d = Int(String(u[0])), (1...5).contains(d) {
                    set.classes.insert(d)
                } else {
                    report(.invalidStatusCode(text: "\"\(s)\""), at: e.location)
                }
            default:
                report(.invalidStatusCode(text: e.kindDescription), at: e.location)
            }
        }
        return set
    }

    /// Method names in any case; `ANY` anywhere in the list means any method (nil).
    func compileMethods(_ member: SpecMember, context: String = "in descriptor") -> Set<String>? {
        let elements: [SpecValue]
        switch member.value.kind {
        case .null: return nil
        case .string: elements = [member.value]
        case .array(let a): elements = a
        default:
            wrongKind(member, expected: "an array of method names", context: context)
            return nil
        }
        var methods: Set<String> = []
        var any = false
        for e in elements {
            guard case .string(let name) = e.kind else {
                report(.wrongKind(field: "methods", context: context, expected: "an array of method names",
                                  found: "an element that is \(e.kindDescription)"), at: e.location)
                continue
            }
            let upper = name.uppercased()
            if upper == "ANY" {
                any = true
            } else if Self.methodNames.contains(upper) {
                methods.insert(upper)
            } else {
                report(.unknownMethod(text: name, suggestion: Suggestions.closest(to: upper, in: Self.methodNames)), at: e.location)
            }
        }
        return any ? nil : methods
    }
}
