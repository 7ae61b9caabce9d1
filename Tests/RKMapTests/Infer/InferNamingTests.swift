import Testing
@testable import RKMap

/// Type names come from the key, singular (docs/spec.md §15): English
/// plurals, including those of words that end in `s` (`statuses` was
/// `Statuse`, `aliases` `Aliase`, `containerStatuses` `ContainerStatuse`).
@Suite struct InferNamingTests {
    @Test(arguments: [
        ("statuses", "status"), ("containerStatuses", "containerStatus"), ("aliases", "alias"), ("addresses", "address"),
        ("buses", "bus"), ("bonuses", "bonus"), ("viruses", "virus"), ("canvases", "canvas"), ("classes", "class"),
        ("status", "status"), ("alias", "alias"), ("categories", "category"), ("boxes", "box"), ("matches", "match"),
        ("databases", "database"), ("releases", "release"), ("causes", "cause"), ("houses", "house"), ("items", "item"),
        ("data", "data"), ("ID", "ID"), ("CATEGORIES", "CATEGORY"),
        // A kept word inside a longer one is not that word's plural.
        ("abuses", "abuse"), ("pod_statuses", "pod_status"),
    ])
    func singular(plural: String, singular: String) {
        #expect(InferNaming.singular(plural) == singular)
    }
}
