/// A `MATCHES` pattern rkmap cannot compile: what is wrong and where, as a
/// 0-based offset in Unicode scalars into the pattern (docs/spec.md §9).
///
/// Besides syntax errors this names the features that need a backtracking
/// engine — backreferences, lookaround, atomic groups, possessive quantifiers —
/// since rkmap matches in linear time and never gives up on a subject.
package struct RegexSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    package var offset: Int

    package init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }

    package var description: String { "\(message) at offset \(offset)" }

    static func backtracking(_ feature: String, at offset: Int) -> RegexSyntaxError {
        RegexSyntaxError(
            "\(feature) needs a backtracking matcher; rkmap matches regular expressions in linear time and does not support it",
            at: offset)
    }
}
