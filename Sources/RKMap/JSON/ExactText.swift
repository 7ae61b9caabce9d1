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
/// and NFD `cafe\u0301` are one key, as for a `String`) up to
/// `canonicalBytes` of UTF-8, by code units beyond, where normalizing, whose
/// time is quadratic in a run of combining marks, would let one document
/// take minutes.
package struct SpellingKey: Hashable, Sendable {
    package static let canonicalBytes = 1024
    package let text: String

    package init(_ text: String) { self.text = text }

    private var isLong: Bool { text.utf8.count > Self.canonicalBytes }

    package static func == (lhs: SpellingKey, rhs: SpellingKey) -> Bool {
        guard lhs.isLong == rhs.isLong else { return false }
        return lhs.isLong ? JSONValue.sameText(lhs.text, rhs.text) : lhs.text == rhs.text
    }

    package func hash(into hasher: inout Hasher) {
        if isLong { JSONValue.hashText(text, into: &hasher) } else { hasher.combine(text) }
    }
}
