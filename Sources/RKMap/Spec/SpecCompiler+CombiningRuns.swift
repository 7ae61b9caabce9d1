/// Before anything compares a spec's names (docs/spec.md §4): a key or
/// string with a run of more than 30 combining marks (`CombiningMarks`) is
/// an error, found without comparing it, and the spec is not compiled.
extension SpecCompiler {
    /// Reports each key and string (but the values of `description`,
    /// `comment` and `$schema`, which nothing compares) with such a run.
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
                        continue
                    }
                    // By bytes: a `Set<String>` would compare canonical forms.
                    if Self.noteFieldNames.contains(where: { $0.elementsEqual(member.key.utf8) }) { continue }
                    visit(member.value)
                }
            default:
                break
            }
        }
        visit(spec)
        return clean
    }

    private static let noteFieldNames = noteFields.map { Array($0.utf8) }
}
