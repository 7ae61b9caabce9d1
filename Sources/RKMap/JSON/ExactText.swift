/// A string as a hash key that compares as JSON compares text: code unit for
/// code unit (`JSONValue.sameText`), so `"é"` and `"e\u{301}"` are two keys,
/// where Swift's `String` keys would make them one.
struct ExactText: Hashable, Sendable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (lhs: ExactText, rhs: ExactText) -> Bool { JSONValue.sameText(lhs.text, rhs.text) }

    /// Swift's hash of the text: texts the same code for code unit are
    /// canonically equivalent, so they hash alike.
    func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
