import Foundation
import Testing
@testable import RKMap

/// The linear-time `MATCHES` engine (docs/spec.md §9): ICU's answers on the
/// syntax it supports, linear work on every input, and a spec error for what
/// needs backtracking.
@Suite struct RegexProgramTests {
    static func matches(_ pattern: String, _ subject: String, caseInsensitive: Bool = false) throws -> Bool {
        try RegexProgram(pattern: pattern, caseInsensitive: caseInsensitive).matchesWhole(subject)
    }

    /// (pattern, subject, whole-string match?)
    static let table: [(String, String, Bool)] = [
        ("abc", "abc", true), ("abc", "abcd", false), ("abc", "ab", false), ("", "", true), ("", "a", false),
        ("a*", "", true), ("a*", "aaaa", true), ("a+", "", false), ("a?b", "b", true), ("a?b", "aab", false),
        ("a{2,3}", "a", false), ("a{2,3}", "aa", true), ("a{2,3}", "aaa", true), ("a{2,3}", "aaaa", false),
        ("a{2}", "aa", true), ("a{2,}", "aaaaa", true), ("a{0}", "", true), ("a{0,0}b", "b", true),
        ("a*?b", "aab", true), ("(a+?)+b", "aaab", true), ("a{1,2}?", "aa", true),
        ("(a|b)*c", "ababc", true), ("(?:ab|cd)+", "abcdab", true), ("(?:ab|cd)+", "abc", false),
        ("a|ab|abc", "ab", true), ("(a+)+c|a+b", "aaaab", true), ("(a+)+c|a+b", "aaaa", false),
        ("(a*)*", "aaa", true), ("(a*)+b", "b", true), ("(|a)+", "aa", true), ("(a?){5}a{5}", "aaaaa", true),
        (".", "\n", false), (".", "x", true), ("(?s).", "\n", true), ("(?s:.)x", "\nx", true), (".*", "a\u{2028}", false),
        ("[abc]+", "cab", true), ("[^abc]", "d", true), ("[^abc]", "a", false), ("[a-z0-9_]+", "az_09", true),
        ("[a-]", "-", true), ("[]a]", "]", true), ("[\\]]", "]", true), ("[\\d.]+", "1.5", true),
        ("[[a-c][x-z]]+", "abzy", true),
        ("\\d+", "0123", true), ("\\d", "٣", true), ("\\D", "a", true), ("\\w+", "héllo_1", true), ("\\W", "-", true),
        ("\\s", " ", true), ("\\s", "\u{00A0}", true), ("\\S+", "ab", true), ("\\p{Lu}\\p{Ll}+", "Émile", true),
        ("\\p{L}+", "日本語", true), ("\\P{L}", "1", true), ("\\pN", "5", true), ("[\\p{Nd}]", "7", true),
        ("[[:alpha:]]+", "abc", true), ("[[:^digit:]]", "a", true),
        ("\\x41\\x{1F600}\\u00e9", "A😀é", true), ("\\t\\n", "\t\n", true), ("\\.\\*\\+", ".*+", true),
        ("\\Qa.b*\\E", "a.b*", true), ("\\Qa.b*\\E", "axbb", false), ("a\\Q\\E", "a", true),
        ("^abc$", "abc", true), ("abc$", "abc\n", false), ("abc$\\n", "abc\n", true), ("\\Aab\\z", "ab", true),
        ("ab\\Z\\n", "ab\n", true), ("(?m)a$\\nb", "a\nb", true), ("(?m)a\\n^b", "a\nb", true), ("a\\n^b", "a\nb", false),
        ("\\bab\\b", "ab", true), ("a\\bb", "ab", false), ("a\\B b", "a b", false), ("a \\bb", "a b", true),
        ("(?i)abc", "ABC", true), ("(?i:a)b", "Ab", true), ("(?i:a)b", "AB", false), ("a(?i)b|c", "aB", true),
        ("a(?i)b|c", "C", true), ("(?i)[a-c]+", "ABC", true), ("(?i)é", "É", true), ("(?i)k", "\u{212A}", true),
        ("(?x) a b # comment\n c", "abc", true), ("(?#note)ab", "ab", true), ("(?<name>a)(?:b)", "ab", true),
        ("(?i-i:a)", "A", false), ("😀+", "😀😀", true),
        ("e\u{301}", "e\u{301}", true), ("\\cA", "\u{01}", true), ("\\0101", "A", true),
    ]

    @Test(arguments: table)
    func matchesLikeICU(_ pattern: String, _ subject: String, _ expected: Bool) throws {
        #expect(try Self.matches(pattern, subject) == expected, "\(pattern) on \(subject.debugDescription)")
    }

    @Test func caseInsensitiveModifierIsAnInlineFlag() throws {
        #expect(try Self.matches("h[a-z]+\\d{2}", "Hello12", caseInsensitive: true))
        #expect(try !Self.matches("h[a-z]+\\d{2}", "Hello12", caseInsensitive: false))
    }

    /// Differential check against ICU (`NSRegularExpression`) on patterns and
    /// subjects small enough that ICU's backtracking always finishes.
    @Test func agreesWithICUOnGeneratedCases() throws {
        let atoms = ["a", "b", ".", "[ab]", "[^a]", "\\w", "\\d", "(a|b)", "(?:ab)", "a*", "b+", "(a|ab)", "x?", "^", "$", "\\b"]
        let quantifiers = ["", "*", "+", "?", "{2}", "{1,2}", "*?"]
        let subjects = ["", "a", "b", "ab", "ba", "aab", "abab", "aaaa", "1a", "a b", "ab1", "bbb", "x", "aabb"]
        var rng = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<400 {
            var pattern = ""
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let atom = atoms.randomElement(using: &rng)!
                let q = atom.hasSuffix("*") || atom.hasSuffix("+") || atom.hasSuffix("?") || atom == "^" || atom == "$" || atom == "\\b"
                    ? "" : quantifiers.randomElement(using: &rng)!
                pattern += atom + q
            }
            if Bool.random(using: &rng) { pattern += "|" + atoms.randomElement(using: &rng)! }
            let icu = try NSRegularExpression(pattern: "(?:" + pattern + ")\\z")
            let ours = try RegexProgram(pattern: pattern, caseInsensitive: false)
            for subject in subjects {
                let range = NSRange(location: 0, length: subject.utf16.count)
                let expected = icu.firstMatch(in: subject, options: [.anchored], range: range) != nil
                #expect(ours.matchesWhole(subject) == expected, "pattern \(pattern) on \(subject.debugDescription)")
                checked += 1
            }
        }
        #expect(checked == 400 * subjects.count)
    }

    /// The classic catastrophic patterns do work proportional to the subject:
    /// doubling the subject at most doubles the steps (plus a constant), and
    /// the steps stay within (length + 1) × program size.
    @Test(arguments: ["(a+)+c|a+b", "(a*)*b", "(a|aa)+c", "(.*a){12}", "(x+x+)+y"])
    func workIsLinearInTheSubject(_ pattern: String) throws {
        let program = try RegexProgram(pattern: pattern, caseInsensitive: false)
        var small = 0, large = 0
        let n = 2_000
        let letter = pattern.contains("x") ? "x" : "a"
        _ = program.matchesWhole(String(repeating: letter, count: n), steps: &small)
        _ = program.matchesWhole(String(repeating: letter, count: 2 * n), steps: &large)
        #expect(small > 0)
        // Allow for the threads that build up over the first positions.
        #expect(large - small <= small + 32 * program.instructions.count, "steps \(small) → \(large)")
        #expect(large <= (2 * n + 1) * program.instructions.count)
    }

    @Test func catastrophicPatternsGiveTheRightAnswer() throws {
        #expect(try Self.matches("(a+)+c|a+b", String(repeating: "a", count: 30) + "b"))
        #expect(try !Self.matches("(a+)+c|a+b", String(repeating: "a", count: 31)))
        #expect(try Self.matches("a*", String(repeating: "a", count: 100_000)))
        #expect(try !Self.matches("a*", String(repeating: "a", count: 99_999) + "b"))
    }

    /// Found by the regex fuzz target: ICU (`NSRegularExpression`) rejects these
    /// subjects, even "" for a pattern that is a `*` of something, because of how
    /// it runs a lazy repeat of something that can match nothing inside another
    /// repeat. Whole-string matching does not depend on laziness: rkmap gives the
    /// answer of the greedy form, which ICU itself gets right.
    @Test(arguments: ["(?:(?:x?)*?a)*", "(?:$*?.)*", "(?:(?:a|$)+?b)*"])
    func lazyRepeatsOfEmptyMatchesAnswerLikeTheirGreedyForm(_ pattern: String) throws {
        let greedy = pattern.replacingOccurrences(of: "*?", with: "*").replacingOccurrences(of: "+?", with: "+")
        for subject in ["", "a", "aa", "xa", "ab", "bb", "abab", "AG"] {
            let lazyAnswer = try Self.matches(pattern, subject)
            #expect(lazyAnswer == (try Self.matches(greedy, subject)), "\(pattern) on \(subject.debugDescription)")
        }
        #expect(try Self.matches(pattern, ""))
        #expect(try Self.matches("(?:(?:x?)*?a)*", "aa"))
        #expect(try Self.matches("(?:$*?.c?)*$*$", "A\0\0\0G"))
    }

    /// (pattern, message, offset of the problem)
    static let rejected: [(String, String, Int)] = [
        ("(a)\\1", "a backreference '\\1' needs a backtracking matcher; rkmap matches regular expressions in linear time and does not support it", 3),
        ("(?<n>a)\\k<n>", "a named backreference '\\k' needs a backtracking matcher; rkmap matches regular expressions in linear time and does not support it", 7),
        ("a(?=b)", "lookahead '(?=' needs a backtracking matcher; rkmap matches regular expressions in linear time and does not support it", 1),
        ("(?<!a)b", "lookbehind '(?<!' needs a backtracking matcher; rkmap matches regular expressions in linear time and does not support it", 0),
        ("a*+", "a possessive quantifier needs a backtracking matcher; rkmap matches regular expressions in linear time and does not support it", 2),
        ("(", "unbalanced '('", 0), ("a)", "unbalanced ')'", 1), ("[ab", "unbalanced '['", 0),
        ("*a", "'*' has nothing to repeat; write '\\*' for a literal", 0), ("a**", "a quantifier cannot follow another quantifier; group the first, as in '(?:a*)*'", 2),
        ("\\q", "unsupported escape '\\q'", 0), ("\\p{Greek}", "unsupported property 'Greek'; rkmap knows general categories such as L, Lu, Nd, P and Alphabetic, Uppercase, Lowercase, White_Space", 0),
        ("a{2", "invalid interval after '{'; write '\\{' for a literal brace", 1), ("(?z)", "unknown group '(?z'; rkmap supports (?:…), (?<name>…), (?#…) and the flags i, m, s, x", 0),
        ("[a&&b]", "set operation '&&' is not supported; list the members instead", 2), ("x\\", "pattern ends with a lone '\\'", 1),
        // Found by the regex fuzz target: ICU reads a stray \E differently; rkmap refuses it.
        ("^\\w+\\Eb", "'\\E' without a '\\Q' before it", 4),
        // Found by the regex fuzz target: ICU reads '--' after a set item as set
        // difference ([a-z--c] has no 'c'), not as a range ending at '-'.
        ("(?i)[\\a\u{01}--c[^2+]a.c]+", "set operation '--' is not supported; list the members instead", 8),
        ("[a-z--c]", "set operation '--' is not supported; list the members instead", 4),
        ("[+--]", "set operation '--' is not supported; list the members instead", 2),
    ]

    @Test(arguments: rejected)
    func rejectsWithOffset(_ pattern: String, _ message: String, _ offset: Int) {
        #expect(throws: RegexSyntaxError(message, at: offset)) {
            try RegexProgram(pattern: pattern, caseInsensitive: false)
        }
    }
}
