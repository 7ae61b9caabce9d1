import Testing
@testable import RKMapCLI
import RKMap

/// `rkmap eval` pieces that do not need a working predicate parser or JSON reader.
@Suite struct EvalCommandTests {
    @Test func syntaxErrorPutsACaretUnderTheColumn() {
        let error = PredicateSyntaxError(message: "expected a value after '=='", column: 12)
        let text = Commands.syntaxErrorText(error, in: "author.id ==", style: TerminalStyle(enabled: false))
        #expect(text == """
            error: expected a value after '==' at column 12
              author.id ==
                         ^

            """)
    }

    @Test func caretCountsUnicodeScalarsAndKeepsTabs() {
        let error = PredicateSyntaxError(message: "unexpected character '#'", column: 5)
        // "é" is one column; the tab stays a tab so the caret lines up.
        let text = Commands.syntaxErrorText(error, in: "é\tb #", style: TerminalStyle(enabled: false))
        #expect(text == "error: unexpected character '#' at column 5\n  é\tb #\n   \t  ^\n")
    }

    @Test func caretAtTheEndOfThePredicate() {
        let error = PredicateSyntaxError(message: "expected ')'", column: 7)
        let text = Commands.syntaxErrorText(error, in: "(a == 1", style: TerminalStyle(enabled: false))
        #expect(text == "error: expected ')' at column 7\n  (a == 1\n        ^\n")
    }

    @Test func colouredOnlyWhenEnabled() {
        #expect(TerminalStyle(enabled: true).highlightingSeverity("error: ") == "\u{1B}[1;31merror: \u{1B}[0m")
        #expect(TerminalStyle(enabled: false).highlightingSeverity("error: ") == "error: ")
    }

    @Test func metaValuesAreTheRawTextUntilTheJSONReaderIsWired() {
        let entries = [MetaEntry(key: "env", rawValue: "prod"), MetaEntry(key: "env", rawValue: "dev"),
                       MetaEntry(key: "page", rawValue: "2")]
        let object = entries.metadataObject
        #expect(object.members.map(\.key) == ["env", "page"])
        #expect(object["env"] == .string("dev"))
    }

    /// A predicate's key paths are §4's (docs/spec.md §9), escapes included:
    /// JSON-LD's `@type`, `hydra:totalItems`, a key with a dot, one that
    /// starts with a digit, all through the binary. They were syntax errors.
    @Test(arguments: [
        (#"\@type == 'Book'"#, "true"), (#"hydra\:totalItems == 3"#, "true"), (#"odd\.key == 1"#, "true"),
        ("odd.key == 9", "true"), (#"\1st == 1"#, "true"), (#"a.b\.c == 2"#, "true"), (#"a.b\.c == 3"#, "false"),
        (#"\@type == 'Book' AND ANY list.\@id == 'x'"#, "true"), (#"z\[0] == 'br' AND list[0].\@id == 'x'"#, "true"),
        // Airtable's field names hold spaces.
        (#"fields.Due\ Date == '2024-03-15'"#, "true"), (#"fields.\%\ Done > 3 AND fields.Due\ Date != 'x'"#, "true"),
    ])
    func escapedKeysInPredicates(predicate: String, expected: String) throws {
        let document = #"{"@type": "Book", "hydra:totalItems": 3, "odd.key": 1, "odd": {"key": 9}, "1st": 1, "a": {"b.c": 2}, "list": [{"@id": "x"}], "z[0]": "br", "fields": {"Due Date": "2024-03-15", "% Done": 5}}"#
        let run = try RKMapExecutable.run(["eval", predicate], stdin: Array(document.utf8))
        // Exit status 0 for true, 1 for false (docs/commands.md).
        #expect(run.status == (expected == "true" ? 0 : 1) && run.stderr.isEmpty, "\(run)")
        #expect(run.stdout == expected + "\n")
    }

    /// Unescaped, such keys are errors that show the escape.
    @Test func anUnescapedKeySaysHowToEscapeIt() throws {
        let colon = try RKMapExecutable.run(["eval", "hydra:totalItems == 3"], stdin: Array("{}".utf8))
        #expect(colon.status == 2)
        #expect(colon.stderr == """
            error: unexpected character ':'; a key with it is written with a backslash before it, as in 'hydra\\:totalItems' at column 6
              hydra:totalItems == 3
                   ^

            """)
        let digit = try RKMapExecutable.run(["eval", "1st == 1"], stdin: Array("{}".utf8))
        #expect(digit.stderr.hasPrefix("error: invalid number '1st' (a key that starts with a digit is written with a backslash: '\\1st') at column 1\n"))
    }
}
