import RKMap

/// `apply --progress` (docs/spec.md §11): one line on stderr, rewritten in
/// place (`\r`) at most four times a second, with bytes read, the percentage of
/// the current file, records written and the rate:
///
/// ```
/// rkmap: 96.0 MiB read (75% of big.ndjson), 1,200,000 records, 48.1 MiB/s
/// ```
///
/// `finish()` writes the last state and a newline, so what follows on stderr
/// starts on a line of its own; diagnostics printed meanwhile first blank the
/// line (`clear()`). It is rate-limited by the clock, checked once per
/// document only when progress is on.
final class ProgressLine: ProgressObserver {
    private let stream: ByteSink
    private let engine: MappingEngine
    /// Shown only once this many bytes were read (auto mode on a terminal).
    private let minimumBytes: Int
    private let start: Double
    private var last: Double
    private var shownWidth = 0
    /// Bytes of the inputs already finished.
    private var doneBytes = 0
    private var currentBytes = 0
    private var current: (name: String, size: Int?) = ("", nil)
    private var finished = false

    static let interval = 0.25

    init(stream: ByteSink, engine: MappingEngine, minimumBytes: Int) {
        self.stream = stream
        self.engine = engine
        self.minimumBytes = minimumBytes
        start = Self.now()
        last = start
    }

    /// A new input begins; `size` is its length for a regular file.
    func begin(input name: String, size: Int?) {
        doneBytes += currentBytes
        currentBytes = 0
        current = (name, size)
    }

    func advanced(inputOffset: Int) {
        currentBytes = inputOffset
        let now = Self.now()
        guard now - last >= Self.interval else { return }
        last = now
        show(now)
    }

    /// Blanks the line before another message is printed.
    func clear() {
        guard shownWidth > 0 else { return }
        try? stream.write("\r" + String(repeating: " ", count: shownWidth) + "\r")
        shownWidth = 0
    }

    /// The final state, then a newline (only if the line was ever shown).
    func finish() {
        guard !finished else { return }
        finished = true
        guard shownWidth > 0 || doneBytes + currentBytes >= minimumBytes else { return }
        show(Self.now())
        try? stream.write("\n")
        try? stream.flush()
        shownWidth = 0
    }

    private func show(_ now: Double) {
        let total = doneBytes + currentBytes
        guard total >= minimumBytes else { return }
        var text = "rkmap: \(Self.size(total)) read"
        if let size = current.size, size > 0 {
            text += " (\(min(100, currentBytes * 100 / size))% of \(current.name))"
        }
        let records = engine.stats.recordsPerType.reduce(0) { $0 + $1.count }
        text += ", \(Self.grouped(records)) record\(records == 1 ? "" : "s")"
        let seconds = now - start
        if seconds > 0 { text += ", \(Self.size(Int(Double(total) / seconds)))/s" }
        let width = text.unicodeScalars.count
        let padding = shownWidth > width ? String(repeating: " ", count: shownWidth - width) : ""
        try? stream.write("\r" + text + padding)
        try? stream.flush()
        shownWidth = width
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// `512 B`, `3.4 KiB`, `96.0 MiB`, `1.2 GiB`.
    static func size(_ bytes: Int) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        guard bytes >= 1024 else { return "\(bytes) B" }
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// `1,200,000`.
    static func grouped(_ n: Int) -> String {
        var digits = Array(String(n))
        var i = digits.count - 3
        while i > 0 {
            digits.insert(",", at: i)
            i -= 3
        }
        return String(digits)
    }
}
