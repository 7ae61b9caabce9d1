/// A string as a hash key that compares as JSON compares text: code unit for
/// code unit (`JSONValue.sameText`), so `"é"` and `"e\u{301}"` are two keys,
/// where Swift's `String` keys would make them one.
///
/// Hashed by its bytes (`JSONValue.hashText`): Swift's hash of a `String` is
/// of its canonical form, in time quadratic in a run of combining marks, so a
/// `String` key lets one long key or value in a document take minutes.
package struct ExactText: Hashable, Sendable {
    package let text: String

    package init(_ text: String) { self.text = text }

    package static func == (lhs: ExactText, rhs: ExactText) -> Bool { JSONValue.sameText(lhs.text, rhs.text) }

    package func hash(into hasher: inout Hasher) { JSONValue.hashText(text, into: &hasher) }
}

/// A name as `infer` merges spellings: by canonical equivalence (NFC `café`
/// and NFD `cafe\u0301` are one key, as for a `String`, and as `lint` finds
/// two spellings of one name), except a text with a run of more than 30
/// combining marks, by code units: normalizing it takes time quadratic in
/// the run, and no spec may hold it (`CombiningMarks.longRun`; `infer`
/// leaves such a key out).
package struct SpellingKey: Hashable, Sendable {
    package let text: String
    /// Compared by code units: the text has a long run of marks.
    private let exact: Bool

    package init(_ text: String) {
        self.text = text
        exact = CombiningMarks.longRun(in: text) != nil
    }

    /// Whether another text can be canonically equivalent to `name`: one
    /// with a non-ASCII character, or with `K`, `;` or `` ` ``, which the
    /// Kelvin sign, the Greek question mark and the Greek varia are
    /// canonically; other ASCII text has one spelling only, and a table of
    /// first spellings need not keep it.
    package static func mayHaveOtherSpellings(_ name: String) -> Bool {
        name.utf8.contains { $0 >= 0x80 || $0 == UInt8(ascii: "K") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "`") }
    }

    package static func == (lhs: SpellingKey, rhs: SpellingKey) -> Bool {
        guard lhs.exact == rhs.exact else { return false }
        return lhs.exact ? JSONValue.sameText(lhs.text, rhs.text) : lhs.text == rhs.text
    }

    package func hash(into hasher: inout Hasher) {
        if exact { JSONValue.hashText(text, into: &hasher) } else { hasher.combine(text) }
    }
}
