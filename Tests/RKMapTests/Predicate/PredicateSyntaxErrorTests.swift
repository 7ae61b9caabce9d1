import Testing
@testable import RKMap

@Suite struct PredicateSyntaxErrorTests {
    /// (predicate, message, 1-based column in Unicode scalars).
    static let cases: [(String, String, Int)] = [
        ("type ==", "expected a value after '=='", 8),
        ("type == AND age > 1", "expected a value after '=='", 9),
        ("name LIKE[c]", "expected a value after 'LIKE[c]'", 13),
        ("name == 'Bob", "unterminated string starting", 9),
        (#"name == "Bob\""#, "unterminated string starting", 9),
        ("(type == 'Boy'", "unbalanced '('", 1),
        ("a > 1 || (b < 2", "unbalanced '('", 10),
        ("type == 'Boy')", "unbalanced ')'", 14),
        ("name BEGINS 'b'", "unknown operator 'BEGINS'; did you mean 'BEGINSWITH'?", 6),
        ("name CONTAIN 'b'", "unknown operator 'CONTAIN'; did you mean 'CONTAINS'?", 6),
        ("name MATCH 'b'", "unknown operator 'MATCH'; did you mean 'MATCHES'?", 6),
        ("type == 'Boy' ADN age > 1", "unknown operator 'ADN'; did you mean 'AND'?", 15),
        ("age BETWEEN 1, 5", "expected '{' after BETWEEN", 13),
        ("age BETWEEN {1}", "BETWEEN takes two values, as in 'age BETWEEN {18, 65}'; found 1", 13),
        ("", "empty predicate; expected a comparison such as \"type == 'Boy'\"", 1),
        ("   ", "empty predicate; expected a comparison such as \"type == 'Boy'\"", 1),
        ("type == 'Boy' AND", "expected a comparison after 'AND'", 18),
        ("type == 'Boy' || ", "expected a comparison after '||'", 18),
        ("NOT", "expected a comparison after 'NOT'", 4),
        ("name CONTAINS[x] 'a'", "unknown modifier '[x]'; expected [c], [d] or [cd]", 14),
        ("name CONTAINS[c 'a'", "unterminated modifier '['; expected ']'", 14),
        ("name MATCHES '('", "invalid regular expression '(': unbalanced '('", 15),
        // docs/spec.md §9: features that need backtracking are spec errors, with the column
        // of the feature (escapes in the string literal counted as written).
        (#"name MATCHES '(a)\1'"#, #"invalid regular expression '(a)\1': a backreference '\1' needs a backtracking matcher; rkmap matches regular expressions in linear time and does not support it"#, 18),
        (#"name MATCHES '(a)\1'"#, #"invalid regular expression '(a)\1': a backreference '\1' needs a backtracking matcher; rkmap matches regular expressions in linear time and does not support it"#, 18),
        ("name MATCHES 'a(?!b)'", "invalid regular expression 'a(?!b)': lookahead '(?!' needs a backtracking matcher; rkmap matches regular expressions in linear time and does not support it", 16),
        ("name MATCHES 'a(?<=b)'", "invalid regular expression 'a(?<=b)': lookbehind '(?<=' needs a backtracking matcher; rkmap matches regular expressions in linear time and does not support it", 16),
        ("name MATCHES '(?>ab)'", "invalid regular expression '(?>ab)': an atomic group '(?>' needs a backtracking matcher; rkmap matches regular expressions in linear time and does not support it", 15),
        ("name MATCHES 'a++'", "invalid regular expression 'a++': a possessive quantifier needs a backtracking matcher; rkmap matches regular expressions in linear time and does not support it", 17),
        ("name MATCHES 'a{3,2}'", "invalid regular expression 'a{3,2}': interval {3,2} has its maximum below its minimum", 16),
        ("name MATCHES '[z-a]'", "invalid regular expression '[z-a]': range 'z-a' is out of order", 16),
        ("name MATCHES '(a{1000}){1000}'", "invalid regular expression '(a{1000}){1000}': repeat count too large (more than 100000 steps once expanded)", 24),
        ("friends.@cuont > 1", "unknown operator '@cuont' in key path 'friends.@cuont'; did you mean '@count'?", 9),
        ("a..b == 1", "empty key in key path 'a..b'", 3),
        ("age > $min", "variables like '$min' are not supported; write the value itself", 7),
        ("age == 12 13", "expected AND, OR or the end of the predicate, found '13'", 11),
        ("active", "expected a comparison operator after 'active'; a key path alone is not a predicate (write 'active == TRUE' or 'active != nil')", 7),
        ("name 'Bob'", "expected a comparison operator after 'name', found 'Bob'", 6),
        ("type IN {'a', 'b'", "unbalanced '{'", 9),
        ("type IN {'a' 'b'}", "expected ',' or '}' in '{…}', found 'b'", 14),
        ("age > 1.2.3", "invalid number '1.2.3'", 7),
        ("age > 12abc", "invalid number '12abc' (a key that starts with a digit is written with a backslash: '\\12abc')", 7),
        (#"name == 'caf\u00g9'"#, #"invalid escape '\u'; expected 4 hex digits as in '\u00e9'"#, 13),
        ("ANY == 1", "expected a key path after 'ANY'", 5),
        ("type == 'Boy' & age > 1", "unexpected character '&'; did you mean '&&'?", 15),
        ("age + 1 > 2", #"unexpected character '+'; arithmetic is not supported (in a key, write it with a backslash before it, as in 'dist\-tags' or 'app\/name')"#, 5),
        ("()", "expected a comparison inside '()'", 2),
        ("AND age > 1", "expected a key path or value to compare, found 'AND'", 1),
        ("név == 'é' AND", "expected a comparison after 'AND'", 15),
        ("(a == 1 b == 2)", "expected ')' or a logical operator, found 'b'", 9),
        ("a == 1 AND (b == 2", "unbalanced '('", 12),
        ("type IN {'a', }", "expected a value in '{…}', found '}'", 15),
        ("type NOT IN {'a'}", "expected a comparison operator after 'type', found 'NOT'; negate the whole comparison instead, as in 'NOT (type IN {…})'", 6),
        ("name == %@", "unexpected character '%'; format arguments like %@ are not supported, write the value itself", 9),
        ("a == 1 AND AND b == 2", "expected a comparison after 'AND'", 12),
        ("ANY friends.type", "expected a comparison operator after 'friends.type'; a key path alone is not a predicate (write 'friends.type == TRUE' or 'friends.type != nil')", 17),
        ("n == 0x", "invalid number '0x'", 6),
        ("# == 1", "expected a name after '#' (as in '#in' for a key named 'in')", 2),
        ("a.@ == 1", "unknown operator '@' in key path 'a.@'", 3), ("@ == 1", "expected an operator name after '@'", 2),
        ("n == 1e", "invalid number '1e'", 6),
    ]

    @Test(arguments: cases)
    func reportsMessageAndColumn(_ text: String, _ message: String, _ column: Int) {
        #expect(throws: PredicateSyntaxError(message: message, column: column)) {
            try Predicate(parsing: text)
        }
    }

    /// Every prefix of every table predicate either parses or fails with a column
    /// inside the text (or just past its end): the parser never traps or points
    /// nowhere.
    @Test func everyPrefixParsesOrPointsInsideTheText() {
        let sources = PredicateTable.personRows.map(\.0) + PredicateTable.valueRows.map(\.predicate)
        for source in sources {
            let scalars = Array(source.unicodeScalars)
            for end in 0...scalars.count {
                var prefix = ""
                prefix.unicodeScalars.append(contentsOf: scalars[..<end])
                do {
                    _ = try Predicate(parsing: prefix)
                } catch {
                    #expect((1...end + 1).contains(error.column), "\(prefix): \(error)")
                    #expect(!error.message.isEmpty)
                }
            }
        }
    }

    @Test func descriptionAddsTheColumn() {
        let error = PredicateSyntaxError(message: "expected a value after '=='", column: 12)
        #expect(error.description == "expected a value after '==' at column 12")
    }

    @Test func briefExamplesReadAsDocumented() throws {
        do {
            _ = try Predicate(parsing: "age >= 18 AND type == ")
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.description == "expected a value after '==' at column 23")
        }
        do {
            _ = try Predicate(parsing: "name == 'Bob")
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.description == "unterminated string starting at column 9")
        }
    }
}
