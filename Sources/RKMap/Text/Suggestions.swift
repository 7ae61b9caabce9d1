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
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        let limit = max(1, w.count / 3)
        var best: (candidate: String, distance: Int)?
        var rows = Rows()
        var scalars: [Unicode.Scalar] = []
        for c in candidates {
            let bound = best.map { $0.distance - 1 } ?? limit
            if bound < 0 { break }
            scalars.removeAll(keepingCapacity: true)
            if c.utf8.allSatisfy({ $0 < 0x80 }) {
                for b in c.utf8 { scalars.append(Unicode.Scalar((b >= 0x41 && b <= 0x5A) ? b + 0x20 : b)) }
            } else {
                scalars.append(contentsOf: c.lowercased().unicodeScalars)
            }
            // An edit changes the length by at most one.
            guard abs(scalars.count - w.count) <= bound else { continue }
            let d = distance(w, scalars, bound: bound, rows: &rows)
            if d <= bound { best = (c, d) }
        }
        return best?.candidate
    }

    /// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions).
    public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var rows = Rows()
        return distance(a, b, bound: .max, rows: &rows)
    }

    /// Three rows of the table, kept between calls.
    struct Rows {
        var prev2: [Int] = []
        var prev: [Int] = []
        var cur: [Int] = []
    }

    /// The distance, or a number past `bound` as soon as every entry of a
    /// row is past it (a row's least entry never decreases).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], bound: Int, rows: inout Rows) -> Int {
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
