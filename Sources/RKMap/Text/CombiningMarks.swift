/// Runs of combining marks in a spec's names (docs/spec.md §4). A spec's
/// names are compared by canonical equivalence (Swift's `String`), and
/// putting a run of combining marks in canonical order takes time that
/// grows with the square of the run: one attribute named `a` and 40,000
/// marks took 58 s to lint. Unicode's stream-safe text format (UAX #15)
/// allows at most 30 non-starters in a row; a spec keeps to it.
///
/// ```swift
/// CombiningMarks.longRun(in: "cafe\u{301}")  // nil
/// ```
package enum CombiningMarks {
    /// At most this many non-starters in a row (UAX #15).
    package static let streamSafeLimit = 30

    /// The length of the longest run of non-starters (scalars whose
    /// canonical combining class is not 0) in `text` as its canonical
    /// decomposition has them, when it is longer than `streamSafeLimit`;
    /// nil otherwise.
    ///
    /// - Complexity: O(n), without normalizing.
    package static func longRun(in text: String) -> Int? {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        var run = 0
        var longest = 0
        for scalar in text.unicodeScalars {
            if let marks = decomposingToMarks[scalar.value] {
                // Its decomposition is `marks` non-starters, whatever its own class.
                run += marks
            } else if scalar.properties.canonicalCombiningClass.rawValue == 0 {
                run = 0
            } else {
                run += 1
            }
            longest = max(longest, run)
        }
        return longest > streamSafeLimit ? longest : nil
    }

    /// The scalars whose canonical decomposition is two non-starters (Unicode
    /// 15's `UnicodeData.txt`): U+0344 (class 230), and the Tibetan vowel
    /// signs U+0F73, U+0F75 and U+0F81, whose own class is 0, so that a run of
    /// them is a run of marks once decomposed.
    private static let decomposingToMarks: [UInt32: Int] = [0x0344: 2, 0x0F73: 2, 0x0F75: 2, 0x0F81: 2]
}
