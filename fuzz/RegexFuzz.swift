import Foundation

/// Differential target for the `MATCHES` engine (docs/spec.md §9): the input
/// is `pattern NUL subject`. When both rkmap and ICU (`NSRegularExpression`)
/// accept a short ASCII pattern, their whole-string answers on a short
/// subject must agree — ICU's backtracking always finishes at these sizes.
func regexFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let cut = bytes.firstIndex(of: 0), bytes.allSatisfy({ $0 < 0x80 }) else { return 0 }
    let pattern = String(decoding: bytes[..<cut], as: UTF8.self)
    let subject = String(decoding: bytes[(cut + 1)...], as: UTF8.self)
    guard pattern.utf8.count <= 24, subject.utf8.count <= 12 else { return 0 }
    // ICU answers wrongly for a lazy unbounded repeat of something that can
    // match nothing, inside another repeat: `(?:(?:x?)*?a)*` rejects "aa" and
    // even "" (greedy `*` and lazy `{0,}?` are right). Whole-string matching
    // does not depend on laziness, so such patterns say nothing about rkmap;
    // they are skipped (textually, which also skips a few harmless ones).
    guard !pattern.contains("*?"), !pattern.contains("+?") else { return 0 }
    // ICU's own extensions rkmap leaves out on purpose would only add noise.
    guard let ours = try? RegexProgram(pattern: pattern, caseInsensitive: false),
          let icu = try? NSRegularExpression(pattern: "(?:" + pattern + ")\\z")
    else { return 0 }
    let range = NSRange(location: 0, length: subject.utf16.count)
    let expected = icu.firstMatch(in: subject, options: [.anchored], range: range) != nil
    if ours.matchesWhole(subject) != expected {
        fatalError("MATCHES disagrees with ICU: pattern \(pattern.debugDescription) subject \(subject.debugDescription): ICU \(expected)")
    }
    return 0
}
