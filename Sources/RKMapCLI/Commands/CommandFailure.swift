import RKMap

/// A command's failure that is not a diagnostic with a location (those are
/// `Diagnostic`s) nor a usage error (`UsageError`): an output that cannot be
/// opened or written, an input with no document, an output taken back. Its text
/// lives here, in one place; commands print it as `error: TEXT`.
enum CommandFailure: Error, CustomStringConvertible {
    /// Why an output was taken back.
    enum RollbackCause {
        case documentFailed, interrupted, inputDoesNotParse

        var text: String {
            switch self {
            case .documentFailed: "a document failed"
            case .interrupted: "the run was interrupted"
            case .inputDoesNotParse: "an input does not parse"
            }
        }
    }

    /// An error the library describes itself (an unreadable input, a bad path).
    case library(any Error)
    /// `apply -o`: the output file or database could not be opened.
    case cannotOpenOutput(String, any Error)
    /// `-o FILE` or a database left as it was (or never created) after a failure.
    case outputRolledBack(RollbackOutcome, RollbackCause)
    /// An input without any JSON document (docs/spec.md §11).
    case noDocument(input: String)
    /// A file the command writes (`fmt --write`, `infer -o`) could not be written.
    case cannotWrite(String, any Error)
    /// `check --report KIND:PATH` could not be written.
    case cannotWriteReport(kind: String, any Error)
    /// stdout could not be written (disk full); a closed reader is not a failure.
    case cannotWriteOutput(any Error)
    /// `fmt --check`: this many specs are not in canonical form.
    case notCanonical(count: Int)
    /// `fmt --write` on a file with comments, without `--drop-comments`.
    case commentsWouldBeLost(file: String, comments: [SourceLocation])

    var description: String {
        switch self {
        case .library(let error):
            return "\(error)"
        case .cannotOpenOutput(let path, let error as SQLiteError):
            return "cannot open the database '\(path)': \(error.message)"
        case .cannotOpenOutput(_, let error):
            return "\(error)"
        case .outputRolledBack(let outcome, let cause):
            let what = outcome.kind == .database ? "the database '\(outcome.path)'" : "'\(outcome.path)'"
            let became = outcome.existed ? "was left unchanged" : "was not created"
            return "\(what) \(became) because \(cause.text)"
        case .noDocument(let input):
            return "no JSON document in \(input)"
        case .cannotWrite(let name, let error):
            return "cannot write \(name): \(error)"
        case .cannotWriteReport(let kind, let error):
            return "cannot write the \(kind) report: \(error)"
        case .cannotWriteOutput(let error):
            return "cannot write the output: \(error)"
        case .notCanonical(let count):
            return "\(count) spec\(count == 1 ? " is" : "s are") not canonical; run 'rkmap fmt --write' on \(count == 1 ? "it" : "them")"
        case .commentsWouldBeLost(let file, let comments):
            return "\(Self.commentNote(file, comments)) would be lost; move \(comments.count == 1 ? "it" : "them") into "
                + "\"description\" or \"comment\" members (docs/spec.md §1), or add --drop-comments; the file is unchanged"
        }
    }

    /// `spec.json: 2 comments (the first at line 3, column 5)`.
    static func commentNote(_ name: String, _ comments: [SourceLocation]) -> String {
        let first = comments[0]
        let count = comments.count == 1 ? "1 comment (at" : "\(comments.count) comments (the first at"
        return "\(name): \(count) line \(first.line), column \(first.column))"
    }

    /// The line a command writes on stderr.
    var line: String { "error: \(description)\n" }
}
