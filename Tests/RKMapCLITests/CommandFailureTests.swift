import Testing
@testable import RKMap
@testable import RKMapCLI

/// The text of every command failure (docs/spec.md §11), pinned in one table;
/// the CLI tests check which one each situation prints.
@Suite struct CommandFailureTests {
    struct Plain: Error, CustomStringConvertible {
        var description: String { "it broke" }
    }

    static let comments = [SourceLocation(line: 3, column: 5), SourceLocation(line: 9, column: 1)]

    static let table: [(CommandFailure, String)] = [
        (.library(Plain()), "it broke"),
        (.cannotOpenOutput("out.db", SQLiteError(code: ResultCode(rawValue: 14), message: "unable to open database file")),
         "cannot open the database 'out.db': unable to open database file"),
        (.cannotOpenOutput("out.json", Plain()), "it broke"),
        (.outputRolledBack(RollbackOutcome(kind: .file, path: "out.ndjson", existed: true), .documentFailed),
         "'out.ndjson' was left unchanged because a document failed"),
        (.outputRolledBack(RollbackOutcome(kind: .file, path: "new.json", existed: false), .inputDoesNotParse),
         "'new.json' was not created because an input does not parse"),
        (.outputRolledBack(RollbackOutcome(kind: .database, path: "people.db", existed: true), .interrupted),
         "the database 'people.db' was left unchanged because the run was interrupted"),
        (.outputRolledBack(RollbackOutcome(kind: .database, path: "new.db", existed: false), .documentFailed),
         "the database 'new.db' was not created because a document failed"),
        (.noDocument(input: "<stdin>"), "no JSON document in <stdin>"),
        (.cannotWrite("spec.json", Plain()), "cannot write spec.json: it broke"),
        (.cannotWriteReport(kind: "junit", Plain()), "cannot write the junit report: it broke"),
        (.cannotWriteOutput(Plain()), "cannot write the output: it broke"),
        (.notCanonical(count: 1), "1 spec is not canonical; run 'rkmap fmt --write' on it"),
        (.notCanonical(count: 3), "3 specs are not canonical; run 'rkmap fmt --write' on them"),
        (.commentsWouldBeLost(file: "spec.json", comments: [comments[0]]),
         "spec.json: 1 comment (at line 3, column 5) would be lost; move it into \"description\" or \"comment\" members "
            + "(docs/spec.md §1), or add --drop-comments; the file is unchanged"),
        (.commentsWouldBeLost(file: "spec.json", comments: comments),
         "spec.json: 2 comments (the first at line 3, column 5) would be lost; move them into \"description\" or \"comment\" "
            + "members (docs/spec.md §1), or add --drop-comments; the file is unchanged"),
    ]

    @Test(arguments: 0..<table.count)
    func text(_ row: Int) {
        let (failure, text) = Self.table[row]
        #expect(failure.description == text)
        #expect(failure.line == "error: \(text)\n")
    }
}
