/// A value as SQLite stores it: one of its five storage classes.
public enum SQLiteValue: Sendable, Equatable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// SQL text helpers shared by the sinks.
enum SQL {
    /// An identifier quoted for SQL: wrapped in `"` with embedded `"` doubled.
    /// Every table and column name rkmap writes goes through here, so hostile
    /// names (`order`, `a"b`, `x.y`, spaces) can never change the statement.
    static func quote(_ identifier: String) -> String {
        var out = "\""
        out.reserveCapacity(identifier.utf8.count + 2)
        for ch in identifier {
            if ch == "\"" { out += "\"\"" } else { out.append(ch) }
        }
        out += "\""
        return out
    }

    /// A string literal for SQL (single quotes doubled); used only for PRAGMA
    /// arguments, which do not accept bound parameters.
    static func literal(_ text: String) -> String {
        var out = "'"
        for ch in text {
            if ch == "'" { out += "''" } else { out.append(ch) }
        }
        return out + "'"
    }
}
