import Testing
@testable import RKMapCLI
import RKMap

/// A closed stdout (`| head`) ends a command quietly with success; any other
/// write failure fails it (docs/spec.md §11, exit status 1).
@Suite struct StoppingQuietlyTests {
    @Test func quietStopMapsClosedToSuccess() {
        #expect(Commands.stoppingQuietly { throw ByteSink.Closed() } == 0)
        #expect(Commands.stoppingQuietly { 1 } == 1)
        #expect(Commands.stoppingQuietly { throw ByteSink.WriteError(errno: 28) } == 1)
    }
}
