import Foundation

/// Compiles a located spec tree (`SpecValue`) into an immutable `MappingGraph`.
///
/// Two passes: the first collects every mapper declaration in the file (ids are
/// global to the file, and references may point forward or form cycles), the
/// second compiles mappers and descriptors with every reference resolved to a
/// `MapperRef`. Compilation goes on after an error so one run reports as many
/// problems as practical; any error means no graph.
final class SpecCompiler {
    let file: String
    var diagnostics: [Diagnostic] = []

    /// A mapper declaration found in the first pass.
    struct Declaration {
        var id: String
        var value: SpecValue
        var idLocation: SourceLocation
        var isDynamic: Bool
        /// The record type name (object mappers only).
        var typeName: String
    }

    var declarations: [Declaration] = []
    var refByID: [String: MapperRef] = [:]
    var options = SpecOptions()
    /// Compiled mappers, indexed like `declarations`; nil where compilation failed.
    var compiled: [Mapper?] = []
    /// The first spelling of each key or destination name, by canonical
    /// equivalence (`spelling(_:at:mapperID:)`).
    var spellings: [String: String] = [:]
    /// The same for names lowercased, under `keyMatching: caseInsensitive`.
    var foldedSpellings: [String: String] = [:]

    static let descriptorFields = ["path", "keyPath", "statusCodes", "methods", "root-map-ref", "mappers"]
    static let optionFields = ["dateFormats", "timeZone", "keyMatching", "numericDates", "requestDescriptors"]

    init(file: String) {
        self.file = file
    }

    /// Notes a key or destination name as the spec spells it. rkmap compares
    /// names by their code units (`JSONValue.sameText`), but a spec naming two
    /// spellings of one text (NFC `café` and NFD `cafe\u0301`) would have
    /// them merged where names are kept by canonical equivalence (projections,
    /// destinations): an error, rather than one of the two read quietly.
    func spelling(_ name: String, at location: SourceLocation, mapperID: String?, isKey: Bool = true) {
        // Only names another text can be equivalent to (ASCII ones too,
        // with a `K`: the Kelvin sign is canonically `K`); the others, most
        // of a large spec's, have one spelling and cost no entry.
        if SpellingKey.mayHaveOtherSpellings(name) {
            if let first = spellings[name] {
                if !JSONValue.sameText(first, name) {
                    report(.normalizationVariants(first: first, second: name), at: location, mapperID: mapperID)
                    return
                }
            } else {
                spellings[name] = name
            }
        }
        // Ignoring case, names are kept lowercased (`ProjectionPlan`), where
        // two spellings of one lowercased text would be merged too.
        guard options.caseInsensitiveKeys, isKey else { return }
        let lower = name.lowercased()
        guard SpellingKey.mayHaveOtherSpellings(lower) else { return }
        if let first = foldedSpellings[lower] {
            if !JSONValue.sameText(first.lowercased(), lower) {
                report(.normalizationVariantsIgnoringCase(first: first, second: name), at: location, mapperID: mapperID)
            }
        } else {
            foldedSpellings[lower] = name
        }
    }

    // MARK: Diagnostics

    func report(_ issue: SpecIssue, at location: SourceLocation, mapperID: String? = nil, attribute: String? = nil) {
        diagnostics.append(Diagnostic(
            issue.severity, issue.message, file: file, location: .source(location),
            mapperID: mapperID, attribute: attribute, code: issue.code))
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Steps left for this spec's "did you mean" searches among its own
    /// names (ids, destinations, types), which its errors and warnings
    /// share (`Suggestions.closest(to:in:budget:)`): about a tenth of a
    /// second in all, where 8,000 misspelt references among 8,000 ids took
    /// 15 s. Past it they are reported without a suggestion. Searches among
    /// the format's own few words (field names, enum values) are not counted.
    private var suggestionBudget = 1 << 25

    /// The candidate closest to `word` among the spec's names, within this spec's budget.
    func suggest(_ word: String, in candidates: some Sequence<String>) -> String? {
        Suggestions.closest(to: word, in: candidates, budget: &suggestionBudget)
    }

    // MARK: Entry point

    func compile(_ spec: consuming SpecValue) -> MappingGraph? {
        var descriptorValues: [SpecValue] = []
        var mapperLists: [SpecValue] = []
        var topFields: [String: SpecMember] = [:]

        switch spec.kind {
        case .array(let elements):
            descriptorValues = elements
        case .object(let members):
            if members.contains(where: { $0.key == "descriptors" }) {
                let known = ["descriptors", "mappers"] + Self.optionFields
                topFields = fields(of: spec, known: known + Self.descriptorFields, context: "at the top level")
                for field in Self.descriptorFields where field != "mappers" {
                    if let m = topFields[field] { report(.descriptorFieldAtTopLevel(field: field), at: m.keyLocation) }
                }
                if let list = topFields["mappers"] { mapperLists.append(list.value) }
                if let d = topFields["descriptors"] {
                    if case .array(let elements) = d.value.kind {
                        descriptorValues = elements
                    } else if case .object = d.value.kind {
                        descriptorValues = [d.value]
                    } else {
                        wrongKind(d, expected: "an array of descriptor objects", context: "")
                    }
                }
            } else {
                topFields = fields(of: spec, known: Self.descriptorFields + Self.optionFields, context: "in descriptor", warn: false)
                descriptorValues = [copy spec]
            }
        default:
            report(.specNotObject(found: spec.kindDescription), at: spec.location)
            return nil
        }
        compileOptions(topFields)

        for d in descriptorValues {
            if case .object = d.kind, let list = d["mappers"] { mapperLists.append(list) }
        }
        // From here the mappers are held by their declarations alone: the
        // tree and the descriptors' `mappers` lists are let go, so that each
        // mapper's part is released once it is compiled (a spec of thousands
        // of mappers was held whole beside everything compiled from it).
        let specLocation = spec.location
        let descriptorsLocation = spec["descriptors"]?.location
        spec = SpecValue(.null, at: specLocation)
        topFields["mappers"] = nil
        topFields["descriptors"] = nil
        for i in descriptorValues.indices { descriptorValues[i].releaseMembers(named: "mappers") }
        declare(mapperLists)
        mapperLists = []
        compiled = declarations.map { _ in nil }
        for ref in declarations.indices {
            let declaration = declarations[ref]
            compiled[ref] = declaration.isDynamic ? compileDynamic(declaration) : compileObject(declaration, ref: ref)
            declarations[ref].value = SpecValue(.null, at: declaration.value.location)
        }
        checkConnectionTargets()
        checkDynamicCycles()

        // `[]` or `"descriptors": []` would fail every document with "no descriptor
        // applies", which blames the request facts; say what is wrong instead.
        if descriptorValues.isEmpty, !hasErrors {
            report(.noDescriptors, at: descriptorsLocation ?? specLocation)
        }
        var descriptors: [Descriptor] = []
        let isSingle = descriptorValues.count == 1 && descriptorValues[0].location == specLocation
        for (index, value) in descriptorValues.enumerated() {
            if let d = compileDescriptor(value, index: index, isTopLevel: isSingle) { descriptors.append(d) }
        }

        let requests = topFields["requestDescriptors"].map(compileRequestDescriptors) ?? []

        guard !hasErrors else { return nil }
        return MappingGraph(
            file: file, descriptors: descriptors, mappers: compiled.map { $0! }, options: options,
            requestDescriptors: requests)
    }

    // MARK: First pass: mapper declarations

    private func declare(_ lists: [SpecValue]) {
        var found: [SpecValue] = []
        for list in lists {
            switch list.kind {
            case .array(let elements): found += elements
            case .object: found.append(list)
            case .null: break
            default:
                report(.wrongKind(field: "mappers", context: "", expected: "an array of mapper objects", found: list.kindDescription),
                       at: list.location)
            }
        }
        // Source order, whichever of `mappers`/`descriptors` came first in the file.
        found.sort { $0.location < $1.location }
        var firstLine: [String: Int] = [:]
        for value in found {
            guard case .object = value.kind else {
                report(.wrongKind(field: "mappers", context: "", expected: "an array of mapper objects",
                                  found: "an element that is \(value.kindDescription)"), at: value.location)
                continue
            }
            guard let idValue = value["id"] else {
                report(.missingMapperID, at: value.location)
                continue
            }
            guard case .string(let id) = idValue.kind else {
                report(.wrongKind(field: "id", context: "", expected: "a string", found: idValue.kindDescription), at: idValue.location)
                continue
            }
            if let line = firstLine[id] {
                report(.duplicateMapperID(id: id, firstLine: line), at: idValue.location, mapperID: id)
                continue
            }
            firstLine[id] = idValue.location.line
            let isDynamic = value["dynamic"].flatMap { $0.booleanValue } ?? false
            var typeName = id
            // `target` and `targetName` are one field: the last written is used
            // (`null` or `""` there reads as absent: the id).
            if case .object(let members) = value.kind {
                for member in members where member.key == "target" || member.key == "targetName" {
                    if case .string(let t) = member.value.kind, !t.isEmpty { typeName = t } else { typeName = id }
                }
            }
            refByID[id] = declarations.count
            declarations.append(Declaration(id: id, value: value, idLocation: idValue.location, isDynamic: isDynamic, typeName: typeName))
        }
    }

    // MARK: Top-level options

    private func compileOptions(_ top: [String: SpecMember]) {
        if let m = top["dateFormats"] { options.dateFormats = dateFormatList(m, context: "") }
        if let m = top["timeZone"], let zone = string(m, context: "") {
            // The rule dates are read and written under (ZoneResolver), not a second one.
            do {
                options.timeZone = try ZoneResolver(name: zone)
            } catch {
                report(.unknownTimeZone(text: zone), at: m.value.location)
            }
        }
        if let m = top["numericDates"], let unit = numericDates(m, mapperID: nil) { options.numericDates = unit }
        if let m = top["keyMatching"], let mode = string(m, context: "") {
            switch mode {
            case "exact": options.caseInsensitiveKeys = false
            case "caseInsensitive": options.caseInsensitiveKeys = true
            default:
                let s = Suggestions.closest(to: mode, in: ["exact", "caseInsensitive"])
                report(.unknownKeyMatching(text: mode, suggestion: s), at: m.value.location)
            }
        }
    }

    /// `numericDates`: `"seconds"` or `"milliseconds"` (docs/spec.md §1, §6).
    func numericDates(_ member: SpecMember, mapperID: String?) -> NumericDates? {
        guard let text = string(member, context: mapperID.map { "in mapper '\($0)'" } ?? "", mapperID: mapperID) else { return nil }
        if let unit = NumericDates(rawValue: text) { return unit }
        let allowed = NumericDates.allCases.map(\.rawValue)
        report(.invalidEnumValue(field: "numericDates", value: text, allowed: allowed, suggestion: Suggestions.closest(to: text, in: allowed)),
               at: member.value.location, mapperID: mapperID)
        return nil
    }

    // MARK: References

    /// Resolves a `map-ref`/`root-map-ref` string, reporting an unknown id at the
    /// location of the reference with the closest declared id.
    func resolve(_ member: SpecMember, mapperID: String?) -> MapperRef? {
        guard let id = string(member, context: mapperID.map { "in mapper '\($0)'" } ?? "", mapperID: mapperID) else { return nil }
        return resolve(id: id, at: member.value.location, mapperID: mapperID)
    }

    func resolve(id: String, at location: SourceLocation, mapperID: String?) -> MapperRef? {
        if let ref = refByID[id] { return ref }
        let suggestion = suggest(id, in: declarations.lazy.map(\.id))
        report(.unknownMapper(id: id, suggestion: suggestion), at: location, mapperID: mapperID)
        return nil
    }
}
