/// A readable line diff for golden-test failures: `-` expected, `+` actual,
/// with a little context, plus a note when only the final newline differs.
enum TextDiff {
    static func describe(expected: String, actual: String, context: Int = 2, maxLines: Int = 60) -> String {
        if expected == actual { return "(identical)" }
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if e.dropLast() == a.dropLast() || e == a.dropLast() || e.dropLast() == a {
            if expected.hasSuffix("\n") != actual.hasSuffix("\n") {
                return expected.hasSuffix("\n") ? "actual is missing the final newline" : "actual has an extra final newline"
            }
        }
        // Trim the common head and tail; a quadratic LCS on what remains is cheap
        // for the sizes golden cases have, and falls back to a plain listing beyond.
        var head = 0
        while head < e.count, head < a.count, e[head] == a[head] { head += 1 }
        var tail = 0
        while tail < e.count - head, tail < a.count - head, e[e.count - 1 - tail] == a[a.count - 1 - tail] { tail += 1 }
        let eMid = Array(e[head..<(e.count - tail)])
        let aMid = Array(a[head..<(a.count - tail)])
        var lines: [String] = ["@@ from line \(head + 1) @@"]
        for i in max(0, head - context)..<head { lines.append("  " + e[i]) }
        if eMid.count * aMid.count <= 250_000 {
            lines += lcsDiff(eMid, aMid)
        } else {
            lines += eMid.map { "- " + $0 } + aMid.map { "+ " + $0 }
        }
        for i in (e.count - tail)..<min(e.count, e.count - tail + context) { lines.append("  " + e[i]) }
        if lines.count > maxLines {
            lines = Array(lines.prefix(maxLines)) + ["… (\(lines.count - maxLines) more diff lines)"]
        }
        return lines.joined(separator: "\n")
    }

    private static func lcsDiff(_ e: [String], _ a: [String]) -> [String] {
        let n = e.count, m = a.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = e[i] == a[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var out: [String] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, e[i] == a[j] {
                out.append("  " + e[i]); i += 1; j += 1
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                out.append("- " + e[i]); i += 1
            } else {
                out.append("+ " + a[j]); j += 1
            }
        }
        return out
    }
}
