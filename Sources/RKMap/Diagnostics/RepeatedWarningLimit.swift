/// Passes diagnostics on, except that the same mapping warning — same mapper,
/// attribute and kind, whatever the values in it — goes out at most `limit`
/// times per run; the rest are counted and summarized once at the end
/// (docs/spec.md §11). A misspelt key in a 50 MB input is then ten lines and a
/// count, not a hundred thousand identical lines.
///
/// ```swift
/// let limited = RepeatedWarningLimit(forwardingTo: stderrCollector)
/// // … map with `limited` …
/// limited.emitSummaries()   // "<stdin>: warning: … and 111,221 more: none of the mapped keys … [mapper e]"
/// ```
public final class RepeatedWarningLimit: DiagnosticCollector {
    /// Warnings of one group printed before the rest are only counted.
    public static let defaultLimit = 10

    private struct Group: Hashable {
        var file: String
        var mapperID: String?
        var attribute: String?
        var kind: MappingWarning.Kind
    }

    private let next: DiagnosticCollector
    private let limit: Int
    private var seen: [Group: (count: Int, first: Diagnostic)] = [:]
    /// Groups in the order their first warning arrived (summaries follow it).
    private var order: [Group] = []

    public init(forwardingTo next: DiagnosticCollector, limit: Int = RepeatedWarningLimit.defaultLimit) {
        self.next = next
        self.limit = limit
    }

    public func emit(_ diagnostic: Diagnostic) {
        guard diagnostic.severity == .warning, let kind = diagnostic.kind else {
            next.emit(diagnostic)
            return
        }
        let group = Group(file: diagnostic.file, mapperID: diagnostic.mapperID, attribute: diagnostic.attribute, kind: kind)
        if let entry = seen[group] {
            seen[group] = (entry.count + 1, entry.first)
            if entry.count < limit { next.emit(diagnostic) }
        } else {
            seen[group] = (1, diagnostic)
            order.append(group)
            next.emit(diagnostic)
        }
    }

    /// One warning per group that went over the limit, in the order the groups
    /// first appeared; then starts counting afresh.
    public func emitSummaries() {
        for group in order {
            guard let entry = seen[group], entry.count > limit else { continue }
            let more = entry.count - limit
            var summary = entry.first
            summary.location = .none
            summary.kind = nil
            summary.message = "… and \(Self.grouped(more)) more: \(Self.gist(of: entry.first.message))"
            next.emit(summary)
        }
        seen.removeAll()
        order.removeAll()
    }

    /// The start of a message, up to the first value it quotes or counts:
    /// `none of the mapped keys ('a', 'b') is present` → `none of the mapped keys …`.
    static func gist(of message: String) -> String {
        var words: [Substring] = []
        for word in message.split(separator: " ") {
            if let c = word.first, "('\"[{0123456789-".contains(c) { break }
            words.append(word)
            if word.last == ";" || word.last == ":" || word.last == "," { break }
        }
        guard !words.isEmpty else { return message }
        var text = words.joined(separator: " ")
        if let last = text.last, ";:,".contains(last) { text.removeLast() }
        return text == message ? text : text + " …"
    }

    /// `111221` → `111,221`.
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return out
    }
}
