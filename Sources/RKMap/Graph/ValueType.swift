/// A declared attribute type (docs/spec.md §6, `types`).
public enum ValueType: String, Sendable, CaseIterable {
    case string, int, double, decimal, bool, date, url, array, set, any

    /// Reads a type name from a spec; `number` is an alias of `double`.
    public init?(specName: String) {
        if specName == "number" { self = .double; return }
        self.init(rawValue: specName)
    }
}
