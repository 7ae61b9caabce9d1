/// Compiling `requestDescriptors` (docs/spec.md §13): which mapper serializes
/// which record type. Runs after every mapper is compiled, so it can tell
/// whether a mapper can be inverted at all.
extension SpecCompiler {
    static let requestDescriptorFields = ["target", "map-ref", "inverse", "rootKeyPath", "methods"]

    func compileRequestDescriptors(_ member: SpecMember) -> [RequestDescriptor] {
        let elements: [SpecValue]
        switch member.value.kind {
        case .null: return []
        case .array(let a): elements = a
        case .object: elements = [member.value]
        default:
            wrongKind(member, expected: "an array of request descriptor objects", context: "")
            return []
        }
        let context = "in request descriptor"
        var result: [RequestDescriptor] = []
        // Once for all descriptors: made per descriptor, 8,000 of them took 4 s.
        let types = declarations.filter { !$0.isDynamic }.map(\.typeName)
        let knownTypes = Set(types)
        let graphMappers = compiledMappers()
        for value in elements {
            guard case .object = value.kind else {
                report(.wrongKind(field: "requestDescriptors", context: "", expected: "an array of request descriptor objects",
                                  found: "an element that is \(value.kindDescription)"), at: value.location)
                continue
            }
            let f = fields(of: value, known: Self.requestDescriptorFields, context: context)
            var target: String?
            if let m = f["target"] {
                if let t = string(m, context: context), !t.isEmpty {
                    if knownTypes.contains(t) {
                        target = t
                    } else {
                        report(.unknownRequestTarget(type: t, suggestion: suggest(t, in: types)), at: m.value.location)
                    }
                }
            } else {
                report(.missingField(field: "target", context: context), at: value.location)
            }
            var ref: MapperRef?
            if let m = f["map-ref"] {
                ref = resolve(m, mapperID: nil)
            } else {
                report(.missingField(field: "map-ref", context: context), at: value.location)
            }
            let inverse = bool(f["inverse"], context: context) ?? true
            var rootKeyPath: [String] = []
            if let m = f["rootKeyPath"], let text = string(m, context: context), !text.isEmpty {
                if let path = keyPath(text, at: m.value.location, mapperID: nil) {
                    if path.isWritable {
                        rootKeyPath = path.keys
                    } else {
                        report(.invalidRootKeyPath(text: text), at: m.value.location)
                    }
                }
            }
            let methods = f["methods"].flatMap { compileMethods($0, context: context) }
            guard let target, let ref else { continue }
            if inverse, let mapperID = compiled[ref]?.id, let graphMappers,
               let reason = MapperInversion.whyNotInvertible(ref, mappers: graphMappers) {
                report(.notInvertible(mapperID: mapperID, reason: reason), at: f["map-ref"]!.value.location, mapperID: mapperID)
                continue
            }
            result.append(RequestDescriptor(
                target: target, mapper: ref, inverse: inverse, rootKeyPath: rootKeyPath, methods: methods,
                location: value.location))
        }
        return result
    }

    /// Every mapper, when all compiled (nil after a mapper error).
    private func compiledMappers() -> [Mapper]? {
        let all = compiled.compactMap { $0 }
        return all.count == compiled.count ? all : nil
    }
}
