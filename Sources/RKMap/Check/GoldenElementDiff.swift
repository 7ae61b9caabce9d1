#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Compares a body's output with its golden file as JSON values, one
/// top-level array element at a time (docs/spec.md §12 check 4), as the
/// output is rendered: what `GoldenDiff` reports of the two whole values,
/// without either whole tree, nor the output's text, in memory (a 12 MB
/// fixture whose golden differs took 11.7× its size so).
///
/// `GoldenDiff` compares two arrays index by index, then reports the
/// elements one has past the other's end, so the differences of the
/// elements, each under its `$[i]`, are the differences of the arrays.
/// Anything else, where the whole-value comparison says more than the
/// elements would (a golden that is not one array, a syntax error or too
/// deep a nesting, anywhere in it), makes `finish` return `nil`: the caller
/// then compares the whole values, which report it as before.
///
/// ```swift
/// let diff = GoldenElementDiff(path: "articles.expected.json", maxDepth: 520)!
/// diff.write(outputBytes)          // as the output is rendered
/// diff.finish()                    // [$[3].title: expected "A", got "B"]
/// ```
final class GoldenElementDiff {
    private let descriptor: Int32
    private let maxDepth: Int
    private let limit: Int
    private var output = ArrayElementSplitter()
    private var golden = ArrayElementSplitter()
    /// Golden elements read ahead of the output (at most a chunk's worth).
    private var pending: [[UInt8]] = []
    private var pendingHead = 0
    private var goldenAtEnd = false
    /// A chunk of the golden has been read (its start is behind).
    private var readAny = false
    /// The output's elements compared so far.
    private var index = 0
    private var differences: [GoldenDiff.Difference] = []
    /// Compare the whole values instead (see the type's documentation).
    private var unusable = false

    static let chunkSize = 1 << 16

    /// - Parameters:
    ///   - maxDepth: the deepest nesting the golden (and the output) may have,
    ///     the array included.
    ///   - limit: how many differences are reported (`GoldenDiff`'s).
    /// - Returns: `nil` when the golden cannot be opened.
    init?(path: String, maxDepth: Int, limit: Int = 5) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        descriptor = fd
        self.maxDepth = maxDepth
        self.limit = limit
    }

    deinit { close(descriptor) }

    /// The next piece of the output.
    func write(_ bytes: UnsafeRawBufferPointer) {
        guard !unusable else { return }
        output.push(bytes) { compare($0) }
        if output.state == .invalid { unusable = true }
    }

    /// The differences, in document order, the first `limit`; `nil` when the
    /// whole values must be compared instead.
    func finish() -> [GoldenDiff.Difference]? {
        guard !unusable, output.state == .after else { return nil }
        // Golden elements past the output's end: missing.
        while !unusable, let expected = nextGolden() {
            guard let value = parsed(expected) else { break }
            if differences.count < limit { differences.append(GoldenDiff.missing(value, at: index)) }
            index += 1
        }
        guard !unusable, golden.state == .after else { return nil }
        return differences
    }

    private func compare(_ element: [UInt8]) {
        guard !unusable, let actual = parsed(element) else { return }
        defer { index += 1 }
        guard let text = nextGolden() else {
            if !unusable, differences.count < limit { differences.append(GoldenDiff.unexpected(actual, at: index)) }
            return
        }
        // Parsed whatever the count: an error further on in the golden is
        // what the whole comparison would report.
        guard let expected = parsed(text), differences.count < limit else { return }
        for d in GoldenDiff.differences(expected: expected, actual: actual, limit: limit - differences.count) {
            differences.append(GoldenDiff.Difference(path: "$[\(index)]" + d.path.dropFirst(), message: d.message))
        }
    }

    /// One element's value (its nesting one less than the array's); `nil`,
    /// and the comparison unusable, when it does not parse.
    private func parsed(_ text: [UInt8]) -> JSONValue? {
        guard case .success(let value) = FixtureReader.parseOne(text, file: "", maxDepth: maxDepth - 1) else {
            unusable = true
            return nil
        }
        return value
    }

    /// The golden's next element's text, read a chunk at a time; `nil` past
    /// its last element (or when it is not usable).
    private func nextGolden() -> [UInt8]? {
        while pendingHead == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
            guard !goldenAtEnd, !unusable else { return nil }
            var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
            var count = 0
            repeat {
                count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            } while count < 0 && errno == EINTR
            guard count >= 0 else {
                unusable = true
                return nil
            }
            if count == 0 {
                goldenAtEnd = true
                return nil
            }
            // A byte order mark at the start is not part of the golden (as
            // the whole read takes it).
            let skip = !readAny && count >= 3 && chunk[0] == 0xEF && chunk[1] == 0xBB && chunk[2] == 0xBF ? 3 : 0
            readAny = true
            chunk.withUnsafeBytes { golden.push(UnsafeRawBufferPointer(rebasing: $0[skip..<count])) { pending.append($0) } }
            if golden.state == .invalid {
                unusable = true
                return nil
            }
        }
        defer { pendingHead += 1 }
        return pending[pendingHead]
    }
}

/// Splits the text of a JSON array, as it arrives, into its elements'
/// text: strings and nesting followed, nothing parsed. An element's own
/// syntax is the parser's business; this says only whether the text is
/// one array (`after`) or not (`invalid`: something before the `[`, an
/// empty element, anything after the `]`).
struct ArrayElementSplitter {
    enum State: Equatable { case before, inArray, after, invalid }
    private(set) var state = State.before
    private var element: [UInt8] = []
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// A comma ended the last element: another must follow.
    private var afterComma = false

    mutating func push(_ bytes: UnsafeRawBufferPointer, element emit: ([UInt8]) -> Void) {
        for byte in bytes {
            switch state {
            case .invalid:
                return
            case .before:
                if byte == UInt8(ascii: "[") { state = .inArray } else if !Self.isSpace(byte) { state = .invalid }
            case .after:
                if !Self.isSpace(byte) { state = .invalid }
            case .inArray:
                take(byte, emit)
            }
        }
    }

    private mutating func take(_ byte: UInt8, _ emit: ([UInt8]) -> Void) {
        if inString {
            element.append(byte)
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            return
        }
        switch byte {
        case UInt8(ascii: "\""):
            inString = true
            element.append(byte)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
            element.append(byte)
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            if depth > 0 {
                depth -= 1
                element.append(byte)
            } else if byte == UInt8(ascii: "]") {
                if !element.isEmpty {
                    emit(element)
                    element.removeAll(keepingCapacity: true)
                } else if afterComma {
                    state = .invalid
                    return
                }
                state = .after
            } else {
                state = .invalid
            }
        case UInt8(ascii: ",") where depth == 0:
            guard !element.isEmpty else {
                state = .invalid
                return
            }
            emit(element)
            element.removeAll(keepingCapacity: true)
            afterComma = true
        default:
            // Space between elements is not part of either.
            if depth == 0, element.isEmpty, Self.isSpace(byte) { return }
            element.append(byte)
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
