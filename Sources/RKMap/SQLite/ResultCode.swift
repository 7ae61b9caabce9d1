/// An SQLite result code (primary or extended), as a small value type so errors
/// can be matched by pattern:
///
/// ```swift
/// do { try db.execute("INSERT …") }
/// catch ResultCode.SQLITE_CONSTRAINT { … }   // also matches extended constraint codes
/// ```
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code (the low 8 bits): `SQLITE_CONSTRAINT` for
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`.
    public var primaryResultCode: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    public var description: String { "SQLite result code \(rawValue)" }

    // The values are SQLite's documented, stable constants (sqlite3.h).
    public static let SQLITE_OK = ResultCode(rawValue: 0)
    public static let SQLITE_ERROR = ResultCode(rawValue: 1)
    public static let SQLITE_INTERNAL = ResultCode(rawValue: 2)
    public static let SQLITE_PERM = ResultCode(rawValue: 3)
    public static let SQLITE_ABORT = ResultCode(rawValue: 4)
    public static let SQLITE_BUSY = ResultCode(rawValue: 5)
    public static let SQLITE_LOCKED = ResultCode(rawValue: 6)
    public static let SQLITE_NOMEM = ResultCode(rawValue: 7)
    public static let SQLITE_READONLY = ResultCode(rawValue: 8)
    public static let SQLITE_INTERRUPT = ResultCode(rawValue: 9)
    public static let SQLITE_IOERR = ResultCode(rawValue: 10)
    public static let SQLITE_CORRUPT = ResultCode(rawValue: 11)
    public static let SQLITE_FULL = ResultCode(rawValue: 13)
    public static let SQLITE_CANTOPEN = ResultCode(rawValue: 14)
    public static let SQLITE_SCHEMA = ResultCode(rawValue: 17)
    public static let SQLITE_CONSTRAINT = ResultCode(rawValue: 19)
    public static let SQLITE_MISMATCH = ResultCode(rawValue: 20)
    public static let SQLITE_MISUSE = ResultCode(rawValue: 21)
    public static let SQLITE_NOTADB = ResultCode(rawValue: 26)
    public static let SQLITE_ROW = ResultCode(rawValue: 100)
    public static let SQLITE_DONE = ResultCode(rawValue: 101)

    /// Matches an `SQLiteError` whose code is this code, or whose primary code is
    /// this code when this code is primary (so `SQLITE_CONSTRAINT` catches
    /// `SQLITE_CONSTRAINT_UNIQUE`).
    public static func ~= (pattern: ResultCode, error: any Error) -> Bool {
        guard let error = error as? SQLiteError else { return false }
        if error.code == pattern { return true }
        return pattern.rawValue == pattern.primaryResultCode.rawValue
            && error.code.primaryResultCode == pattern
    }
}
