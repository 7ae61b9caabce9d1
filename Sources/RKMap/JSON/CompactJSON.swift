import Foundation

/// An array or object held as its compact JSON text (`JSONValue.compact`):
/// the bytes `JSONWriter` would write for it without whitespace, strings
/// escaped as it escapes them, numbers with their source digits, a repeated
/// key's last value at its first position.
///
/// A value that mapping only ever copies to the output (an untyped attribute
/// nothing else reads, `JSONProjection.verbatim`) is read into this instead
/// of a tree: a GeoJSON polygon's million coordinate pairs cost their text,
/// not a node per number (a tree costs 6–8 times the text). Writers copy the
/// bytes (compact output) or indent them (`JSONWriter.writeCompact`); what
/// needs the structure reads `expanded`.
///
/// The bytes live in memory this object owns, grown with `realloc`, which
/// moves large blocks without copying them and gives back the unused end.
public final class CompactJSON: @unchecked Sendable {
    /// `.array` or `.object`.
    public let kind: JSONKind
    private let base: UnsafeMutableRawPointer
    public let count: Int
    /// For an array held for the relationships that map it
    /// (`JSONProjection.elements`): where each element's text starts, and
    /// how each is read back (`element(at:)`). Nothing but a relationship's
    /// mapping (`DocumentMapper.mapRelationship`), a collection operator
    /// (`KeyPath.heldResult`), a key path through the array or an index into
    /// it (`KeyPath.lookup`, `KeyPath.element`), a copy of it as it is and
    /// `set` (`JSONValue.distinctElements`) meets such a value.
    let elements: HeldElements?

    /// Takes over what `builder` wrote.
    init(kind: JSONKind, builder: consuming CompactBuilder) {
        self.kind = kind
        (base, count) = builder.finish()
        elements = nil
    }

    /// An array held element by element: `builder` holds `[`, the elements'
    /// compact texts separated by commas, and `]`; `starts` where each begins.
    init(heldArray builder: consuming CompactBuilder, starts: HeldStarts, plan: ProjectionPlan) {
        kind = .array
        (base, count) = builder.finish()
        elements = HeldElements(starts: starts, plan: plan)
    }

    deinit { free(base) }

    /// The compact JSON text.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The text as a string (tests, messages).
    public var text: String { withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }

    /// The value as a tree. The text is valid JSON this reader wrote, so
    /// reading it back cannot fail.
    public var expanded: JSONValue {
        withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes: bytes, offset: 0, maxDepth: Int.max, trusted: true)
            do {
                return try scanner.readValue()
            } catch {
                preconditionFailure("compact JSON that does not read back: \(error)")
            }
        }
    }
}

/// Where the elements of a held array are in its text, and the plan they
/// were read through, which reads them back the same: the text holds what
/// the plan read, as `JSONWriter` writes it.
struct HeldElements: Sendable {
    let starts: HeldStarts
    let plan: ProjectionPlan
}

/// Where each element of a held array starts in its text, in about 1.5
/// bytes an element: each element's distance from the one before in a
/// byte (`steps`), and for every 32nd element its start and how many
/// distances of 255 bytes or more (kept in full in `long`) come before it
/// (`blocks`). An array of 3,000,000 small numbers in 12 MB of text costs
/// 4.5 MB rather than the 12 MB of 4-byte starts; an element of 255 bytes
/// or more costs 9 bytes beside its text.
///
/// - Complexity: reading a start adds at most 31 distances.
struct HeldStarts: Sendable {
    private static let shift = 5
    private static let mask = (1 << shift) - 1
    private static let escape: UInt8 = .max

    private var steps: [UInt8] = []
    private var blocks: [(start: Int, longBefore: Int)] = []
    private var long: [Int] = []
    private var last = 0

    init() {}

    var count: Int { steps.count }
    var isEmpty: Bool { steps.isEmpty }

    subscript(i: Int) -> Int {
        let b = i >> Self.shift
        let block = blocks[b]
        let first = i & ~Self.mask
        let longAfter = b + 1 < blocks.count ? blocks[b + 1].longBefore : long.count
        return steps.withUnsafeBufferPointer { steps in
            var sum = 0
            if longAfter == block.longBefore {
                // No distance of 255 or more in the block: a plain sum.
                for k in first + 1 ..< i + 1 { sum &+= Int(steps[k]) }
                return block.start + sum
            }
            var n = block.longBefore
            for k in first + 1 ..< i + 1 {
                let step = steps[k]
                if step == Self.escape {
                    sum += long[n]
                    n += 1
                } else {
                    sum &+= Int(step)
                }
            }
            return block.start + sum
        }
    }

    /// Where element `i` starts and where element `i + 1` does (nil after
    /// the last): `self[i]` and `self[i + 1]` in one pass.
    func bounds(_ i: Int) -> (start: Int, next: Int?) {
        let start = self[i]
        let j = i + 1
        guard j < steps.count else { return (start, nil) }
        if j & Self.mask == 0 { return (start, blocks[j >> Self.shift].start) }
        let step = steps[j]
        if step != Self.escape { return (start, start + Int(step)) }
        // The distance's place in `long`: the escapes before it in its block.
        var n = blocks[j >> Self.shift].longBefore
        for k in (j & ~Self.mask) + 1 ..< j where steps[k] == Self.escape { n += 1 }
        return (start, start + long[n])
    }

    mutating func append(_ start: Int) {
        if steps.count & Self.mask == 0 {
            blocks.append((start, long.count))
            steps.append(0)
        } else if start - last < Int(Self.escape) {
            steps.append(UInt8(start - last))
        } else {
            steps.append(Self.escape)
            long.append(start - last)
        }
        last = start
    }
}

extension CompactJSON {
    /// The number of elements of a held array (`elements`).
    var heldCount: Int { elements?.starts.count ?? 0 }

    /// Element `i` of a held array, as a tree: the tree its plan read from
    /// the document (`JSONScanner.heldArray`). The text is JSON this reader
    /// wrote, so reading it back cannot fail.
    ///
    /// - Complexity: O(n) in the element's text.
    func element(at i: Int) -> JSONValue { element(at: i, plan: elements!.plan) }

    /// Element `i` of a held array read through `plan`: its own, or one that
    /// reads less of it (`elementPlan(readingOnly:caseInsensitive:)`).
    func element(at i: Int, plan: ProjectionPlan) -> JSONValue {
        let (start, next) = elements!.starts.bounds(i)
        let end = next.map { $0 - 1 } ?? count - 1
        return withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), offset: 0, maxDepth: Int.max, trusted: true)
            do {
                return try scanner.readValue(projection: plan)
            } catch {
                preconditionFailure("a held element that does not read back: \(error)")
            }
        }
    }

    /// The bytes of element `i`'s text in a held array.
    func elementByteCount(_ i: Int) -> Int {
        let (start, next) = elements!.starts.bounds(i)
        return (next.map { $0 - 1 } ?? count - 1) - start
    }

    /// The held array of the elements at `indices` (increasing) of this
    /// held array: their texts copied, read back through the same plan.
    func heldSubset(_ indices: [Int]) -> CompactJSON {
        let held = elements!
        var builder = CompactBuilder()
        var starts = HeldStarts()
        builder.append(UInt8(ascii: "["))
        withUnsafeBytes { bytes in
            for (n, i) in indices.enumerated() {
                if n > 0 { builder.append(UInt8(ascii: ",")) }
                let (start, next) = held.starts.bounds(i)
                let end = next.map { $0 - 1 } ?? count - 1
                starts.append(builder.count)
                builder.append(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            }
        }
        builder.append(UInt8(ascii: "]"))
        return CompactJSON(heldArray: builder, starts: starts, plan: held.plan)
    }

    /// Each element of an array kept as text, read as a tree one at a time:
    /// a held array's through its plan (`element(at:)`), another's whole.
    func forEachElement(_ body: (JSONValue) -> Void) {
        if elements != nil {
            for i in 0..<heldCount { body(element(at: i)) }
            return
        }
        precondition(kind == .array, "the elements of compact \(kind)")
        withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes: bytes, offset: 0, maxDepth: Int.max, trusted: true)
            do {
                try scanner.enterArray()
                while try scanner.nextElement() { body(try scanner.readValue()) }
            } catch {
                preconditionFailure("compact JSON that does not read back: \(error)")
            }
        }
    }

    /// The plan that reads of each held element only what a key path
    /// through the array reads first, member `key` (`KeyPath.lookup`): the
    /// others are skipped, not built, so that each of several key paths
    /// through a large array costs a scan of its text, not a tree of every
    /// element. Member `key` reads as the elements' own plan reads it (whole
    /// where that reads each element whole). The elements' plan itself
    /// where it matches keys ignoring case (names that differ only in case
    /// are read together).
    ///
    /// - Parameter caseInsensitive: the lookup ignores case: of elements
    ///   held whole, every member is read (one whose key differs in case
    ///   from `key` may be the one it finds).
    func elementPlan(readingOnly key: String, caseInsensitive: Bool) -> ProjectionPlan {
        let plan = elements!.plan
        guard !plan.caseInsensitive else { return plan }
        switch plan.projection {
        case .members(let map):
            return ProjectionPlan(.members(map[key].map { [key: $0] } ?? [:]), holdingArraysFrom: plan.holdBytes)
        case .everything where !caseInsensitive:
            // Each element held whole (copied as well, `@root.items.id`
            // beside `"@root": "doc"`): the member, whole.
            return ProjectionPlan(.members([key: .everything]), holdingArraysFrom: plan.holdBytes)
        default:
            return plan
        }
    }
}

extension JSONValue {
    /// The elements of an array; of one held as its elements' text, each
    /// read back as a tree. A projection asks a held array only for its
    /// count and for members through it (`JSONProjection.elements`), so the
    /// second case is a guard: were anything else to read one, it would get
    /// the elements, never a missing value.
    var arrayElements: [JSONValue]? {
        switch self {
        case .array(let elements): return elements
        case .compact(let held) where held.elements != nil: return (0..<held.heldCount).map { held.element(at: $0) }
        default: return nil
        }
    }
}

/// The bytes of a `CompactJSON` while it is written (`JSONScanner.compactValue`).
struct CompactBuilder: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private(set) var count = 0
    private var capacity: Int

    init() {
        capacity = 64
        base = malloc(capacity)!
    }

    deinit { free(base) }

    /// The memory and the bytes written, the unused end given back when it
    /// is a quarter or more: small values too, which are most of them (three
    /// tags, `["a","b","c"]`, in the 64 bytes a builder starts with), so that
    /// a document of many small objects does not hold 50 idle bytes a value
    /// (about 5% of the memory of mapping one whole); the builder is gone.
    consuming func finish() -> (UnsafeMutableRawPointer, Int) {
        let shrunk = count < capacity - capacity / 4 ? realloc(base, Swift.max(count, 1)) ?? base : base
        let count = self.count
        discard self
        return (shrunk, count)
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
        if capacity &- count < bytes.count { grow(toHold: bytes.count) }
        memcpy(base + count, start, bytes.count)
        count &+= bytes.count
    }

    /// The bytes from `start` on (to compare a key with earlier ones).
    func bytes(from start: Int, count n: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + start, count: n)
    }

    @inline(never)
    private mutating func grow(toHold n: Int) {
        var newCapacity = capacity
        while newCapacity - count < n { newCapacity *= 2 }
        guard let grown = realloc(base, newCapacity) else { fatalError("out of memory for \(newCapacity) bytes") }
        base = grown
        capacity = newCapacity
    }
}

extension JSONWriter {
    /// Appends a compact value as `write` would append its tree: its bytes
    /// as they are when compact; indented when pretty, each element and
    /// member on its own line one level deeper than `indent`.
    ///
    /// - Complexity: O(n) in the text's length.
    ///
    /// With a `spill`, a value of `SpilledBytes.size` or more is not written
    /// through the buffer: it is deferred when the spill defers (its place
    /// and indent noted, for the writer of the output to write from the
    /// value's own bytes, `writeCompact(_:indent:pieces:)`), else written
    /// into the spill after what the buffer holds (its text in one copy when
    /// compact; indented a piece at a time, as `writeCompact(_:indent:pretty:pieces:)` writes it, when pretty).
    mutating func writeCompact(_ value: CompactJSON, indent: Int) {
        guard let spill, value.count >= SpilledBytes.size else {
            value.withUnsafeBytes { text in
                guard pretty else { buffer.append(text); return }
                var position = (offset: 0, level: indent)
                indentCompact(text, from: &position, until: Int.max)
            }
            return
        }
        moveToSpill()
        if spill.defers {
            spill.deferred.append(DeferredValue(at: spill.bytes.count, value: value, indent: indent))
            return
        }
        // Room for the indented text too (at least one newline and indent
        // per three bytes of a coordinate list); memory reserved and not
        // written costs address space only.
        if spill.drain == nil { spill.bytes.reserveCapacity(spill.bytes.count + (pretty ? 4 : 1) * value.count) }
        Self.writeCompact(value, indent: indent, pretty: pretty) { spill.take($0) }
    }

    /// Writes a deferred value (`writeCompact`) in pieces of about
    /// `SpilledBytes.size`, each handed to `piece`: compact, its own bytes
    /// in one piece; pretty, indented a piece at a time, so that its indented
    /// text (several times the value) is never held whole.
    static func writeCompact<E: Error>(
        _ value: CompactJSON, indent: Int, pretty: Bool, pieces piece: (UnsafeRawBufferPointer) throws(E) -> Void
    ) throws(E) {
        try value.withUnsafeBytes { (text) throws(E) in
            guard pretty else { return try piece(text) }
            var writer = JSONWriter(pretty: true, capacity: SpilledBytes.size + 4096)
            var position = (offset: 0, level: indent)
            while position.offset < text.count {
                writer.buffer.removeAll()
                writer.indentCompact(text, from: &position, until: SpilledBytes.size)
                try writer.buffer.withUnsafeBytes(piece)
            }
        }
    }

    /// Indents compact text from `position` (a byte offset at a token and
    /// the nesting level there) until the text ends or, at an element or
    /// member boundary, the buffer holds `limit` bytes or more; `position`
    /// is then where to go on.
    private mutating func indentCompact(_ text: UnsafeRawBufferPointer, from position: inout (offset: Int, level: Int), until limit: Int) {
        var level = position.level
        var i = position.offset
        defer { position = (i, level) }
        let n = text.count
        while i < n {
            let b = text[i]
            switch b {
            case JSONByte.openBrace, JSONByte.openBracket:
                // `[]` and `{}` stay on one line.
                if i + 1 < n, text[i + 1] == b &+ 2 {
                    buffer.append(b)
                    buffer.append(b &+ 2)
                    i += 2
                    continue
                }
                buffer.append(b)
                level += 1
                writeNewline(indent: level)
            case JSONByte.closeBrace, JSONByte.closeBracket:
                level -= 1
                writeNewline(indent: level)
                buffer.append(b)
            case JSONByte.comma:
                buffer.append(b)
                writeNewline(indent: level)
                if buffer.count >= limit {
                    i += 1
                    return
                }
            case JSONByte.colon:
                buffer.append(b)
                buffer.append(JSONByte.space)
            case JSONByte.quote:
                // Escapes as the writer wrote them: a backslash and one
                // byte (`\"`, `\\`, `\n`, `\u001f`'s `u`); no other quote.
                var j = i + 1
                while text[j] != JSONByte.quote { j += text[j] == JSONByte.backslash ? 2 : 1 }
                buffer.append(UnsafeRawBufferPointer(rebasing: text[i...j]))
                i = j + 1
                continue
            default:
                // A number or a literal: up to the next structural byte.
                var j = i + 1
                while j < n, !Self.endsScalar(text[j]) { j += 1 }
                buffer.append(UnsafeRawBufferPointer(rebasing: text[i..<j]))
                i = j
                continue
            }
            i += 1
        }
    }

    @inline(__always)
    private static func endsScalar(_ b: UInt8) -> Bool {
        b == JSONByte.comma || b == JSONByte.closeBracket || b == JSONByte.closeBrace
    }
}
