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
}
