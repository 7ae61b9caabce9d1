import Testing
@testable import RKMap

/// The writer hands written results back to the shared state
/// (`PipelineState.retire`) so that a worker, not the writer, frees their
/// record trees (`takeRetired`).
@Suite struct PipelineStateTests {
    /// A result of one document holding one record of `mapper`.
    func result(_ mapper: ObjectMapper) -> WorkResult {
        let roots: [FieldValue] = [.record(Fixture.record(mapper, ["a": .string("x")]))]
        let unit = MappedUnit(result: .success(Mapped.values([(Fixture.descriptor, roots)])), diagnostics: [], stats: DocumentStats())
        return .documents([unit], encoded: EncodedOutput())
    }

    @Test func aRetiredResultLivesUntilATakerDropsIt() {
        let state = PipelineState()
        weak var mapper: ObjectMapper?
        do {
            let m = Fixture.mapper("T", [.attribute("a")])
            mapper = m
            state.retire(result(m))
            state.retire(.passThrough)
        }
        // The writer's copies are gone; the state still holds the tree.
        #expect(mapper != nil)
        var taken: [WorkResult]? = state.takeRetired()
        #expect(taken?.count == 2)
        #expect(state.takeRetired().isEmpty)
        #expect(mapper != nil)
        taken = nil
        #expect(mapper == nil)
    }

    /// A unit a worker took is not kept by the state until the front of its
    /// queue is trimmed (every 4096 units): 4096 units of 1024 small elements
    /// would hold 32 MiB of offsets, on top of the bounded window.
    @Test func aTakenUnitIsDroppedAtOnce() throws {
        let state = PipelineState()
        let chunk = try InputChunk(capacity: 16, origin: .start, inputOffset: 0)
        var starts = [Int](0..<1024)
        let address = starts.withUnsafeBufferPointer { $0.baseAddress }
        #expect(state.add(.elements(starts: starts, document: 0, firstPosition: 0, descriptor: 0), view: InputView(chunk)))
        do {
            let taken = state.take()
            #expect(taken?.seq == 0)
        }
        // Only `starts` holds its storage now, so writing to it does not copy it.
        starts[0] = 1
        #expect(starts.withUnsafeBufferPointer { $0.baseAddress } == address)
    }
}
