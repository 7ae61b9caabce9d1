/// Reading a window of a longer stream (see `ChunkedInput`): the bytes end
/// where reading stopped, not necessarily at a document boundary.
extension JSONScanner {
    /// What `readDocument(final:)` found.
    public enum WindowRead {
        /// A document, starting at `start`.
        case value(JSONValue, start: Int)
        /// Only whitespace was left.
        case end
        /// The document at `start` continues past the window.
        case needsMore(start: Int)
    }

    /// Reads the next document of a window. Unless the window is the input's
    /// last (`final`), a document cut by the window's end is `.needsMore`: its
    /// scan failed for want of bytes (`needsMoreInput`), or it is a number or
    /// literal reaching the very end, which the next bytes might continue
    /// (`12` of `123`, `true` of `truex`). Whole strings and containers end
    /// where they end. `projection` says what of the document to build (see
    /// `readValue(projection:)`); the rest is validated only.
    public mutating func readDocument(final: Bool, projection: ProjectionPlan = .everything) throws(JSONSyntaxError) -> WindowRead {
        inputContinues = !final
        if try atEnd() { return .end }
        let start = offset
        do {
            // The first byte says whether the document is a container or a
            // string (a projection may have left a placeholder for it).
            let first = buf[start]
            let value = try readValue(projection: projection)
            if !final, offset == buf.count, first != JSONByte.openBrace, first != JSONByte.openBracket, first != JSONByte.quote {
                return .needsMore(start: start)
            }
            return .value(value, start: start)
        } catch {
            if !final, error.needsMoreInput { return .needsMore(start: start) }
            throw error
        }
    }

    /// Where the scanner is, without its scratch storage: cheap to take
    /// before each step of a streaming reader.
    struct Checkpoint {
        var offset: Int
        var depth: Int
        var justOpened: Bool
    }

    var checkpoint: Checkpoint { Checkpoint(offset: offset, depth: depth, justOpened: justOpened) }

    mutating func restore(_ c: Checkpoint) {
        offset = c.offset
        depth = c.depth
        justOpened = c.justOpened
    }

    /// Points the scanner at `bytes`, a longer view of the same memory (more
    /// bytes were read into the chunk).
    mutating func extend(to bytes: UnsafeRawBufferPointer) {
        buf = bytes
    }

    /// Moves the scanner to `bytes`, which hold this buffer's bytes from
    /// `shift` on, starting at `origin`: the nesting state stays, offsets move.
    mutating func rebase(onto bytes: UnsafeRawBufferPointer, droppingFirst shift: Int, origin: TextOrigin) {
        buf = bytes
        offset -= shift
        self.origin = origin
        // The last error's place moves with the bytes, or is gone with them
        // (locations then count from the new origin).
        locationHint = locationHint.flatMap { $0.offset >= shift ? ($0.offset - shift, $0.location) : nil }
    }

    /// Starts over on another buffer (a pipeline worker moving to a unit from
    /// another chunk), keeping the scratch storage.
    mutating func reset(bytes: UnsafeRawBufferPointer, origin: TextOrigin) {
        buf = bytes
        self.origin = origin
        offset = 0
        depth = 0
        justOpened = false
        locationHint = nil
    }
}
