/// Adding a document from its bytes: one too large to build whole (a 20 MB
/// listing of a few record shapes) is rewritten as it is read, so memory
/// follows its distinct shapes, as for many small documents (docs/spec.md §15).
extension InferSampleSet {
    /// Adds the document in `bytes[start..<end]`, which a scanner has
    /// validated (`readDocument(final:projection:)` with a validate-only plan):
    /// the same as `add(JSONScanner.parse(bytes[start..<end]))`, without the
    /// tree of a document of `largeValueBytes` or more. Its arrays and
    /// objects of that size are read member by member and element by
    /// element; smaller values are built and rewritten as usual.
    ///
    /// - Parameter origin: where `bytes` starts in its input (error locations).
    ///   The validating scanner has enforced the nesting limit (`--max-depth`);
    ///   none is enforced again here.
    /// - Throws: `JSONSyntaxError` when the bytes are not one JSON value after
    ///   all; the set is then as it was.
    package mutating func add(validated bytes: UnsafeRawBufferPointer, from start: Int, to end: Int, origin: TextOrigin = .start) throws(JSONSyntaxError) {
        let document = UnsafeRawBufferPointer(rebasing: bytes[..<end])
        guard end - start >= largeValueBytes else {
            var scanner = JSONScanner(bytes: document, offset: start, maxDepth: .max, trusted: true, origin: origin)
            add(try scanner.readValue())
            return
        }
        var survey = JSONScanner(bytes: document, offset: start, maxDepth: .max, trusted: true, origin: origin)
        var large = LargeContainers(minimumBytes: largeValueBytes)
        try large.survey(&survey)
        let before = self
        var scanner = JSONScanner(bytes: document, offset: start, maxDepth: .max, trusted: true, origin: origin)
        do throws(ByteReadStop) {
            if origins.isEmpty || contentOutlines.isSearching {
                var outliner = scanner
                let outline = try ByteReadStop.syntax { () throws(JSONSyntaxError) in try InferContentOutline(scanning: &outliner) }
                contentOutlines.note(outline, first: origins.isEmpty)
            }
            count += 1
            rewriteWholeFirst()
            key.removeAll(keepingCapacity: true)
            try rewrite(reading: &scanner, large: large, member: nil, place: InferPlaceTree.root)
            keep()
        } catch {
            self = before
            switch error {
            case .syntax(let error):
                throw error
            case .repeatedKey:
                // A key repeated in an object read member by member: the tree
                // keeps its last value at its first position, which the members
                // rewritten since cannot be moved back to. Rare; built whole.
                var whole = JSONScanner(bytes: document, offset: start, maxDepth: .max, trusted: true, origin: origin)
                add(try whole.readValue())
            }
        }
    }

    /// Why reading a document from bytes stopped.
    enum ByteReadStop: Error {
        case syntax(JSONSyntaxError)
        case repeatedKey

        static func syntax<T>(_ body: () throws(JSONSyntaxError) -> T) throws(ByteReadStop) -> T {
            do { return try body() } catch { throw .syntax(error) }
        }
    }

    /// Appends the shape key of the value `scanner` is at, as
    /// `rewrite(_:member:place:)` does for its tree; the containers `large`
    /// lists are read piece by piece.
    private mutating func rewrite(
        reading scanner: inout JSONScanner, large: LargeContainers, member: String?, place: InferPlaceTree.Index?
    ) throws(ByteReadStop) {
        let kind = try ByteReadStop.syntax { () throws(JSONSyntaxError) in try scanner.peekKind() }
        guard let signature = large.signatures[scanner.offset] else {
            let value = try ByteReadStop.syntax { () throws(JSONSyntaxError) in try scanner.readValue() }
            return rewrite(value, member: member, place: place)
        }
        if kind == .array {
            let elementPlace = place.flatMap { places.element(of: $0) }
            try ByteReadStop.syntax { () throws(JSONSyntaxError) in try scanner.enterArray() }
            return try rewriteElements(at: elementPlace) { (set: inout Self) throws(ByteReadStop) -> Bool in
                guard try ByteReadStop.syntax({ () throws(JSONSyntaxError) in try scanner.nextElement() }) else { return false }
                try set.rewrite(reading: &scanner, large: large, member: nil, place: elementPlace)
                return true
            }
        }
        let objectPlace = place.flatMap { places.variant(signature, of: $0) }
        // Every member counted (a key met twice ends reading from bytes):
        // the tree's count, so that either way has the same key.
        let memberCount = large.memberCounts[scanner.offset] ?? 0
        try ByteReadStop.syntax { () throws(JSONSyntaxError) in try scanner.enterObject() }
        appendObjectTag(count: memberCount)
        // Where each member's key starts in `key` (`appendMemberKey`), found
        // by the hash of its text: a key met twice ends reading from bytes.
        var names: [Int] = []
        names.reserveCapacity(memberCount)
        var table = PositionTable()
        var shared = SharedValues(self)
        var placed = 0
        while let name = try ByteReadStop.syntax({ () throws(JSONSyntaxError) in try scanner.nextKey() }) {
            let hash = Self.textHash(name)
            guard table.find(hash: hash, where: { key[memberKey(at: names[$0])].elementsEqual(name.utf8) }) == nil else { throw .repeatedKey }
            table.insert(names.count, hash: hash, rehash: { keyHash(memberKey(at: names[$0])) })
            names.append(key.count)
            let valueKind = try ByteReadStop.syntax { () throws(JSONSyntaxError) in try scanner.peekKind() }
            let memberPlace = placeOf(member: name, kind: valueKind, in: objectPlace, placed: &placed)
            appendMemberKey(name)
            let start = key.count
            try rewrite(reading: &scanner, large: large, member: name, place: memberPlace)
            shared.share(valueKind, keyFrom: start, in: &self)
        }
        shared.end(in: &self)
        key.append(Tag.end)
    }

    /// Where the text of the member key `appendMemberKey` wrote at `start`
    /// of `key` is.
    private func memberKey(at start: Int) -> Range<Int> {
        var position = start
        let length = key.withUnsafeBufferPointer { $0.readLEB128(at: &position) }
        return position..<position + length - Int(Tag.memberKey)
    }

    /// The hash of a key's UTF-8 text, as `keyHash` hashes its bytes in `key`.
    private static func textHash(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { utf8 in
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(utf8))
            return hasher.finalize()
        }
    }

    /// The arrays and objects of a document of at least `minimumBytes`, by
    /// the offset of their first byte, each object with its discriminator
    /// members (`InferSampleSet.signature`), which may follow members that
    /// are read before they are.
    struct LargeContainers {
        let minimumBytes: Int
        var signatures: [Int: [InferPlaceTree.Discriminant]] = [:]
        /// The number of members of each large object (a repeated key counted each time).
        var memberCounts: [Int: Int] = [:]

        init(minimumBytes: Int) { self.minimumBytes = minimumBytes }

        /// Walks the value `scanner` is at, noting the large containers.
        mutating func survey(_ scanner: inout JSONScanner) throws(JSONSyntaxError) {
            let kind = try scanner.peekKind()
            let start = scanner.offset
            switch kind {
            case .array:
                try scanner.enterArray()
                while try scanner.nextElement() { try survey(&scanner) }
                if scanner.offset - start >= minimumBytes { signatures[start] = [] }
            case .object:
                var signature: [InferPlaceTree.Discriminant] = []
                var count = 0
                try scanner.enterObject()
                while let name = try scanner.nextKey() {
                    count += 1
                    guard let discriminator = InferBuilder.discriminatorPosition(name) else {
                        try survey(&scanner)
                        continue
                    }
                    if try scanner.peekKind() == .string, case .string(let s) = try scanner.readValue() {
                        signature.append(.init(key: discriminator, value: s))
                    } else {
                        signature.append(.init(key: discriminator, value: nil))
                        try survey(&scanner)
                    }
                }
                if scanner.offset - start >= minimumBytes {
                    signatures[start] = signature
                    memberCounts[start] = count
                }
            default:
                try scanner.skipValue()
            }
        }
    }
}
