/// Before anything compares a spec's names (docs/spec.md §4): a key or
/// string with a run of more than 30 combining marks (`CombiningMarks`) is
/// an error, found without comparing it, and the spec is not compiled.
extension SpecCompiler {
    /// Reports each key and string with such a run: every one, descriptions
    /// too, since a member named `description` in `attributes` is a name.
    /// - Returns: true when there is none.
    func checkCombiningRuns(_ spec: SpecValue) -> Bool {
        var clean = true
        func visit(_ value: SpecValue) {
            switch value.kind {
            case .string(let text):
                if let run = CombiningMarks.longRun(in: text) {
                    report(.longCombiningRun(text: text, run: run), at: value.location)
                    clean = false
                }
            case .array(let elements):
                for element in elements { visit(element) }
            case .object(let members):
                for member in members {
                    if let run = CombiningMarks.longRun(in: member.key) {
                        report(.longCombiningRun(text: member.key, run: run), at: member.keyLocation)
                        clean = false
                    }
                    visit(member.value)
                }
            default:
                break
            }
        }
        visit(spec)
        return clean
    }
}
