/// Reads a spec file: JSON plus the relaxations of docs/spec.md §1.1, which people write
/// by hand (and which the seed examples use).
///
/// Each relaxation is accepted and reported as a warning with code
/// `relaxed-syntax` and the line and column where it occurs:
/// a missing comma at a line break, bare `nil`/`NULL`/`YES`/`NO`, bare status
/// classes (`2XX`), `key: value` pairs inside `[ ]` (read as an object), trailing
/// commas, and `//` / `/* */` comments. Anything else that is not JSON is an
/// error that stops the parse.
///
/// ```swift
/// let (value, diagnostics) = SpecJSONParser.parse(Array(#"{"statusCodes": [2XX]}"#.utf8), file: "a.json")
/// // value?["statusCodes"]?.json == .array([.string("2XX")])
/// // diagnostics[0].description == "a.json:1:18: warning: bare status class 2XX read as the string \"2XX\"; write \"2XX\""
/// ```
public enum SpecJSONParser {
    /// The diagnostic code of every relaxation warning.
    public static let relaxedSyntaxCode = DiagnosticCode.relaxedSyntax
    /// The diagnostic code of a syntax error.
    public static let syntaxErrorCode = DiagnosticCode.syntaxError

    /// Parses a whole spec file.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents (UTF-8; a leading byte order mark is skipped).
    ///   - file: the name used in diagnostics.
    /// - Returns: the located tree (nil after an error) and the warnings, then
    ///   at most one error, in source order.
    public static func parse(_ bytes: [UInt8], file: String, maxDepth: Int = 512) -> (value: SpecValue?, diagnostics: [Diagnostic]) {
        let result = parseKeepingComments(bytes, file: file, maxDepth: maxDepth)
        return (result.value, result.diagnostics)
    }

    /// `parse`, also saying where each comment starts (for `rkmap fmt`, which
    /// must not drop one silently).
    static func parseKeepingComments(_ bytes: [UInt8], file: String, maxDepth: Int = 512)
        -> (value: SpecValue?, diagnostics: [Diagnostic], comments: [SourceLocation])
    {
        bytes.withUnsafeBytes { buf in
            var reader = SpecReader(buf: buf, file: file, maxDepth: maxDepth)
            do throws(SpecSyntaxError) {
                let value = try reader.parseDocument()
                return (value, reader.diagnostics, reader.comments)
            } catch {
                reader.diagnostics.append(
                    Diagnostic(.error, error.message, file: file, location: .source(error.location), code: syntaxErrorCode))
                return (nil, reader.diagnostics, reader.comments)
            }
        }
    }
}

/// A spec syntax error at a source location.
struct SpecSyntaxError: Error {
    var message: String
    var location: SourceLocation
}
