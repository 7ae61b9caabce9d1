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
        return .documents([unit], encoded: [])
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
}
