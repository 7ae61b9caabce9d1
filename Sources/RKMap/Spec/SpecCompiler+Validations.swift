/// Compiling validations (docs/spec.md §8): the predicate is parsed once, here.
extension SpecCompiler {
    static let validationFields = ["attribute", "predicate", "onFailure", "message"]

    func compileValidations(_ member: SpecMember, build: MapperBuild) -> [Validation] {
        let elements: [SpecValue]
        switch member.value.kind {
        case .null: return []
        case .object: elements = [member.value]
        case .array(let a): elements = a
        default:
            wrongKind(member, expected: "an array of validation objects", context: build.context, mapperID: build.id)
            return []
        }
        let context = "in a validation of mapper '\(build.id)'"
        var result: [Validation] = []
        for value in elements {
            guard case .object = value.kind else {
                report(.wrongKind(field: "validations", context: build.context, expected: "an array of validation objects",
                                  found: "an element that is \(value.kindDescription)"), at: value.location, mapperID: build.id)
                continue
            }
            let f = fields(of: value, known: Self.validationFields, context: context, mapperID: build.id)
            var slot: Int?
            var attribute: String?
            if let m = f["attribute"], let name = string(m, context: context, mapperID: build.id) {
                attribute = name
                slot = build.table.index(ofDestination: name)
                if slot == nil {
                    let suggestion = suggest(name, in: build.table.slots.lazy.map(\.name))
                    report(.unknownDestination(name: name, field: "attribute", suggestion: suggestion),
                           at: m.value.location, mapperID: build.id)
                }
            } else if f["attribute"] == nil {
                report(.missingField(field: "attribute", context: context), at: value.location, mapperID: build.id)
            }
            var predicate: Predicate?
            var predicateSource = ""
            if let m = f["predicate"], let text = string(m, context: context, mapperID: build.id) {
                predicateSource = text
                predicate = compilePredicate(text, at: m.value.location, mapperID: build.id, attribute: attribute)
            } else if f["predicate"] == nil {
                report(.missingField(field: "predicate", context: context), at: value.location, mapperID: build.id)
            }
            // Default `skip`: RestKit leaves a property that fails validation unset.
            var onFailure = ValidationFailure.skip
            if let m = f["onFailure"], let text = string(m, context: context, mapperID: build.id) {
                if let v = ValidationFailure(rawValue: text) {
                    onFailure = v
                } else {
                    let allowed = ValidationFailure.allCases.map(\.rawValue)
                    report(.invalidEnumValue(field: "onFailure", value: text, allowed: allowed,
                                             suggestion: Suggestions.closest(to: text, in: allowed)),
                           at: m.value.location, mapperID: build.id)
                }
            }
            let message = f["message"].flatMap { string($0, context: context, mapperID: build.id) }
            guard let slot, let attribute, let predicate else { continue }
            result.append(Validation(slot: slot, attribute: attribute, predicateSource: predicateSource, predicate: predicate,
                                     onFailure: onFailure, message: message, location: value.location))
        }
        return result
    }

    /// Parses a predicate; a syntax error is reported at the predicate string with
    /// the column inside the predicate where the problem is.
    func compilePredicate(_ text: String, at location: SourceLocation, mapperID: String, attribute: String? = nil) -> Predicate? {
        do {
            return try Predicate(parsing: text)
        } catch {
            report(.invalidPredicate(error), at: location, mapperID: mapperID, attribute: attribute)
            return nil
        }
    }
}
