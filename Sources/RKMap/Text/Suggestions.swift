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
    /// took 70 s to find no suggestion. Past the limit the search stops and
    /// suggests nothing (the best found so far may not be the closest), so
    /// each error's message costs at most a few milliseconds; searches among
    /// short names (4,000 ids of 10 characters cost about 300,000 steps)
    /// are complete.
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
            // Stopped before the end, the best so far may not be the closest:
            // no suggestion rather than a worse one.
            guard work <= allowed else { return nil }
            scalars.removeAll(keepingCapacity: true)
            lowered(c, into: &scalars)
            // An edit changes the length by at most one.
            guard abs(scalars.count - w.count) <= bound else { continue }
            guard let d = distance(w, scalars, bound: bound, rows: &rows, work: &work, limit: allowed) else { return nil }
            if d <= bound { best = (c, d) }
        }
        return best?.candidate
    }

    /// `text` lowercased, as a search compares it: ASCII in place, without
    /// a `String` of its own.
    static func lowered(_ text: String, into scalars: inout [Unicode.Scalar]) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            for b in text.utf8 { scalars.append(Unicode.Scalar((b >= 0x41 && b <= 0x5A) ? b + 0x20 : b)) }
        } else {
            scalars.append(contentsOf: text.lowercased().unicodeScalars)
        }
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
/// destinations, for each unknown field of a stream of records): the answer
/// of `Suggestions.closest(to:in:)`. A candidate within one edit of a word
/// of at most `indexedLength` scalars is found through the candidates'
/// one-deletion neighbours, in time that does not grow with the candidates;
/// otherwise a search of at most `searchSteps` steps, which suggests nothing
/// when it stops before the end.
///
/// ```swift
/// let index = SuggestionIndex(["name", "email"])
/// index.closest(to: "nmae")  // "name"
/// ```
package struct SuggestionIndex: Sendable {
    private let candidates: [String]
    /// Each candidate by the hash of its lowercased scalars (as `closest`
    /// lowercases them); a hash found is checked against the candidate.
    private let whole: HashedPositions
    /// Each one-scalar deletion of a candidate of at most `indexedLength` + 1
    /// scalars, by its hash; `nil` when the candidates have more than
    /// `indexedScalars` scalars in all. Eight bytes a scalar (a spec's
    /// names' own size, several times over), made only once `serialize`
    /// meets a field its mapper does not map.
    private let deletions: HashedPositions?
    /// Words longer than this are searched.
    static let indexedLength = 64
    static let indexedScalars = 1 << 20
    /// The steps of a search (about 0.2 ms; several hundred short names are
    /// searched whole).
    static let searchSteps = 1 << 16

    package init(_ candidates: [String]) {
        self.candidates = candidates
        let indexed = candidates.count < 1 << HashedPositions.positionBits
        whole = HashedPositions(count: indexed ? candidates.count : 0) { entries in
            guard indexed else { return }
            for (i, c) in candidates.enumerated() { entries.append(HashedPositions.entry(Self.hash(Self.lowered(c), skipping: nil), i)) }
        }
        // A word within one edit of a candidate is at most one scalar longer or shorter.
        var total = 0
        for c in candidates {
            let n = c.unicodeScalars.count
            if n <= Self.indexedLength + 1 { total += n }
        }
        guard indexed, total <= Self.indexedScalars else {
            deletions = nil
            return
        }
        deletions = HashedPositions(count: total) { entries in
            for (i, c) in candidates.enumerated() {
                let scalars = Self.lowered(c)
                guard scalars.count <= Self.indexedLength + 1 else { continue }
                for j in scalars.indices { entries.append(HashedPositions.entry(Self.hash(scalars, skipping: j), i)) }
            }
        }
    }

    /// As `Suggestions.closest(to:in:)` over the candidates, or nil when
    /// that search would take more than `searchSteps`.
    package func closest(to word: String) -> String? {
        let w = Self.lowered(word)
        for i in whole.positions(of: Self.hash(w, skipping: nil)) where Self.lowered(candidates[Int(i)]) == w {
            return candidates[Int(i)]
        }
        guard let deletions, w.count <= Self.indexedLength else { return search(word) }
        // Within one edit (OSA): a candidate with `w` as a deletion
        // (an insertion), equal to a deletion of `w`, or sharing a deletion
        // with it (a substitution or an adjacent transposition). Hashes
        // may collide: each candidate found is measured.
        var first = Int.max
        var rows = Suggestions.Rows()
        func consider(_ position: Int32) {
            let i = Int(position)
            guard i < first else { return }
            var work = 0
            let c = Self.lowered(candidates[i])
            guard abs(c.count - w.count) <= 1 else { return }
            if Suggestions.distance(w, c, bound: 1, rows: &rows, work: &work, limit: .max) == 1 { first = i }
        }
        deletions.positions(of: Self.hash(w, skipping: nil)).forEach(consider)
        for j in w.indices {
            let hash = Self.hash(w, skipping: j)
            whole.positions(of: hash).forEach(consider)
            deletions.positions(of: hash).forEach(consider)
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
    private static func lowered(_ text: String) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        Suggestions.lowered(text, into: &scalars)
        return scalars
    }

    /// The hash of `scalars` without the one at `skipping`.
    private static func hash(_ scalars: [Unicode.Scalar], skipping: Int?) -> UInt64 {
        var hasher = Hasher()
        for (j, scalar) in scalars.enumerated() where j != skipping { hasher.combine(scalar) }
        hasher.combine(skipping == nil ? scalars.count : scalars.count - 1)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// Positions by hash: each entry the hash's top 40 bits above a
    /// position of 24 bits, sorted in place (eight bytes an entry, no copy),
    /// so a hash's positions are ascending. Hashes that share those bits
    /// give each other's positions, which the caller checks.
    private struct HashedPositions: Sendable {
        private var entries: [UInt64]
        static let positionBits: UInt64 = 24

        init(count: Int, _ fill: (inout [UInt64]) -> Void) {
            entries = []
            entries.reserveCapacity(count)
            fill(&entries)
            entries.sort()
        }

        static func prefix(_ hash: UInt64) -> UInt64 { hash & ~((1 << positionBits) - 1) }

        static func entry(_ hash: UInt64, _ position: Int) -> UInt64 { prefix(hash) | UInt64(position) }

        func positions(of hash: UInt64) -> [Int32] {
            let key = Self.prefix(hash)
            var low = 0, high = entries.count
            while low < high {
                let mid = (low + high) / 2
                if entries[mid] < key { low = mid + 1 } else { high = mid }
            }
            var found: [Int32] = []
            while low < entries.count, Self.prefix(entries[low]) == key {
                found.append(Int32(entries[low] & ((1 << Self.positionBits) - 1)))
                low += 1
            }
            return found
        }
    }
}
