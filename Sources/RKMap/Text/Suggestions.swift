/// "Did you mean" suggestions by edit distance, used for unknown mapper ids,
/// unknown spec fields, commands and options.
public enum Suggestions {
    /// The candidate closest to `word`, if it is close enough to be a plausible typo
    /// (distance at most a third of the word's length, and at least 1 allowed);
    /// the first of the closest.
    ///
    /// Each error asks it over every candidate (a spec of 4,000 misspelt
    /// references against 4,000 ids), so a candidate costs no allocation:
    /// ASCII is lowercased in place, the rows are reused, and a distance
    /// stops at the first row past the best so far.
    ///
    /// A search does at most `workLimit` steps (a table cell, or a candidate
    /// scalar read): a distance costs the product of the two lengths, and an
    /// unknown mapper id of 160,000 characters beside a declared one as long
    /// took 70 s to find no suggestion. Past the limit the search stops with
    /// the best found so far, so each error's message costs at most a few
    /// milliseconds; searches among short names (4,000 ids of 10 characters
    /// cost about 200,000 steps) are complete.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        var budget = workLimit
        return closest(to: word, in: candidates, budget: &budget)
    }

    /// As `closest(to:in:)`, its steps also taken from `budget`, which many
    /// searches share (a spec's errors: 8,000 misspelt references among
    /// 8,000 ids took 15 s, each search complete); none once it is spent.
    public static func closest(to word: String, in candidates: some Sequence<String>, budget: inout Int) -> String? {
        let allowed = min(budget, workLimit)
        guard allowed > 0 else { return nil }
        var work = 0
        defer { budget -= min(work, allowed) }
        // The word itself, read once (its length alone rules out a long one's table).
        let w = Array(word.lowercased().unicodeScalars)
        let limit = max(1, w.count / 3)
        var best: (candidate: String, distance: Int)?
        var rows = Rows()
        var scalars: [Unicode.Scalar] = []
        for c in candidates {
            let bound = best.map { $0.distance - 1 } ?? limit
            if bound < 0 { break }
            work += c.utf8.count + 1
            guard work <= allowed else { break }
            scalars.removeAll(keepingCapacity: true)
            if c.utf8.allSatisfy({ $0 < 0x80 }) {
                for b in c.utf8 { scalars.append(Unicode.Scalar((b >= 0x41 && b <= 0x5A) ? b + 0x20 : b)) }
            } else {
                scalars.append(contentsOf: c.lowercased().unicodeScalars)
            }
            // An edit changes the length by at most one.
            guard abs(scalars.count - w.count) <= bound else { continue }
            guard let d = distance(w, scalars, bound: bound, rows: &rows, work: &work, limit: allowed) else { break }
            if d <= bound { best = (c, d) }
        }
        return best?.candidate
    }

    /// The most steps one search does (`closest(to:in:)`): a few milliseconds.
    static let workLimit = 1 << 21

    /// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions).
    public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var rows = Rows()
        var work = 0
        return distance(a, b, bound: .max, rows: &rows, work: &work, limit: .max)!
    }

    /// Three rows of the table, kept between calls.
    struct Rows {
        var prev2: [Int] = []
        var prev: [Int] = []
        var cur: [Int] = []
    }

    /// The distance, or a number past `bound` as soon as every entry of a
    /// row is past it (a row's least entry never decreases); nil when a row
    /// would take `work` past `limit`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], bound: Int, rows: inout Rows, work: inout Int, limit: Int) -> Int? {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let n = b.count + 1
        if rows.cur.count < n {
            rows.prev2 = [Int](repeating: 0, count: n)
            rows.prev = [Int](repeating: 0, count: n)
            rows.cur = [Int](repeating: 0, count: n)
        }
        for j in 0..<n { rows.prev[j] = j }
        for i in 1...a.count {
            work &+= n
            if work > limit { return nil }
            rows.cur[0] = i
            var least = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(rows.prev[j] + 1, rows.cur[j - 1] + 1, rows.prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, rows.prev2[j - 2] + 1)
                }
                rows.cur[j] = value
                least = min(least, value)
            }
            if least > bound { return least }
            swap(&rows.prev2, &rows.prev)
            swap(&rows.prev, &rows.cur)
        }
        return rows.prev[b.count]
    }
}

/// "Did you mean" among one set of candidates asked many times (a mapper's
/// destinations, for each unknown field of a stream of records): the same
/// answer as `Suggestions.closest(to:in:)` when a candidate is within one
/// edit, found through the candidates' one-deletion neighbours in time
/// linear in the word; farther ones by a search of at most `searchSteps`
/// steps, in candidate order.
///
/// ```swift
/// let index = SuggestionIndex(["name", "email"])
/// index.closest(to: "nmae")  // "name"
/// ```
package struct SuggestionIndex: Sendable {
    private let candidates: [String]
    /// Each candidate's lowercased scalars (as `closest` lowercases them) → its first position.
    private var positions: [[UInt32]: Int] = [:]
    /// Each one-scalar deletion of a candidate of at most `indexedLength`
    /// scalars → the positions of the candidates that have it, ascending.
    private var deletions: [[UInt32]: [Int32]] = [:]
    /// Words longer than this are searched (a candidate as long has as
    /// many deletions, each as long).
    static let indexedLength = 64
    /// Candidate sets larger than this are searched (their deletions would
    /// cost more than about 30 megabytes).
    static let indexedCount = 50_000
    /// The steps of a search for a candidate two or more edits away (a
    /// few thousand short names are searched whole).
    static let searchSteps = 1 << 14

    package init(_ candidates: [String]) {
        self.candidates = candidates
        guard candidates.count <= Self.indexedCount else { return }
        for (i, c) in candidates.enumerated() {
            let scalars = Self.lowered(c)
            if positions[scalars] == nil { positions[scalars] = i }
            // A word within one edit of a candidate is at most one scalar longer or shorter.
            guard scalars.count <= Self.indexedLength + 1 else { continue }
            Self.forEachDeletion(of: scalars) { deletion in
                if deletions[deletion]?.last != Int32(i) { deletions[deletion, default: []].append(Int32(i)) }
            }
        }
    }

    /// As `Suggestions.closest(to:in:)` over the candidates.
    package func closest(to word: String) -> String? {
        let w = Self.lowered(word)
        guard candidates.count <= Self.indexedCount, w.count <= Self.indexedLength else { return search(word) }
        if let i = positions[w] { return candidates[i] }
        // Within one edit (OSA): a candidate with `w` as a deletion
        // (an insertion), equal to a deletion of `w`, or sharing a deletion
        // with it (a substitution or an adjacent transposition).
        var first = Int.max
        let scalars = w.map { Unicode.Scalar($0)! }
        var rows = Suggestions.Rows()
        func consider(_ i: Int) {
            guard i < first else { return }
            var work = 0
            let c = Self.lowered(candidates[i]).map { Unicode.Scalar($0)! }
            if Suggestions.distance(scalars, c, bound: 1, rows: &rows, work: &work, limit: .max) == 1 { first = i }
        }
        for i in deletions[w] ?? [] { consider(Int(i)) }
        Self.forEachDeletion(of: w) { deletion in
            if let i = positions[deletion] { consider(i) }
            for i in deletions[deletion] ?? [] { consider(Int(i)) }
        }
        if first != Int.max { return candidates[first] }
        // Two or more edits: allowed from six scalars on (a third of the word).
        guard w.count / 3 >= 2 else { return nil }
        return search(word)
    }

    private func search(_ word: String) -> String? {
        var budget = Self.searchSteps
        return Suggestions.closest(to: word, in: candidates, budget: &budget)
    }

    /// The scalars `Suggestions.closest` compares: the text lowercased.
    private static func lowered(_ text: String) -> [UInt32] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.map { UInt32(($0 >= 0x41 && $0 <= 0x5A) ? $0 + 0x20 : $0) }
        }
        return text.lowercased().unicodeScalars.map(\.value)
    }

    private static func forEachDeletion(of scalars: [UInt32], _ body: ([UInt32]) -> Void) {
        var deletion = scalars
        for i in scalars.indices {
            deletion.remove(at: i)
            body(deletion)
            deletion.insert(scalars[i], at: i)
        }
    }
}
