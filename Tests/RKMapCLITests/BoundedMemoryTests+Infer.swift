import Foundation
import Testing

extension BoundedMemoryTests {
    /// `infer` reads its samples document by document and keeps one per
    /// distinct shape (docs/spec.md §15): the stream's records differ only in
    /// their values, so memory stays under the bound however long it is.
    @Test func inferFromAPipeStaysUnderTheBound() throws {
        guard let peak = try Self.measure(["infer", "-"], from: "pipe") else { return }
        #expect(peak.exit == 0)
        #expect(peak.bytes > Self.streamMB * 990_000)
        #expect(peak.peak_rss_kib < Self.boundKiB, "peak RSS \(peak.peak_rss_kib) KiB on a \(Self.streamMB) MB stream")
    }

    /// The same from a file, whose documents are read through the window too.
    @Test func inferFromAFileStaysUnderTheBound() throws {
        guard let peak = try Self.measure(["infer"], from: "file") else { return }
        #expect(peak.exit == 0)
        #expect(peak.bytes > Self.streamMB * 990_000)
        #expect(peak.peak_rss_kib < Self.boundKiB, "peak RSS \(peak.peak_rss_kib) KiB on a \(Self.streamMB) MB file")
    }
}

extension BoundedMemoryTests {
    /// Lines that each hold a log file of records (CloudTrail's `{"Records":
    /// [...]}`) whose optional members vary, so that no two lines mix the
    /// same record shapes: an element of a shape already kept at its place is
    /// dropped, as a repeat within one array is, and memory stays that of the
    /// shapes however many lines come. Keeping every line for its mix grew
    /// in step with the input (+22 MB from 20 to 80 MB of this stream, 254 MB
    /// for 100 MB of a tester's CloudTrail export).
    @Test func inferOnLinesOfManyRecordsStaysFlat() throws {
        guard let small = try Self.measure(["infer", "-"], from: "pipe", shape: "logs", mb: 10),
              let large = try Self.measure(["infer", "-"], from: "pipe", shape: "logs", mb: 60)
        else { return }
        #expect(small.exit == 0 && large.exit == 0)
        #expect(large.bytes > 59_000_000)
        #expect(large.peak_rss_kib - small.peak_rss_kib < 6 * 1024,
                "peak RSS \(small.peak_rss_kib) KiB on 10 MB, \(large.peak_rss_kib) KiB on 60 MB")
    }
}

extension BoundedMemoryTests {
    /// One large document (a 12 MB listing of items, at the root or one level
    /// down) is rewritten as it is read, never built whole: its bytes and the
    /// few records of each shape it keeps. Built whole and then rewritten it
    /// took 7.8 times the document above the baseline; now about 1.6.
    @Test(arguments: ["items", "listing"])
    func inferOfOneLargeDocumentStaysWithinThreeTimesItsSize(shape: String) throws {
        try Self.expectWithinThreeTimes(["infer", "-"], shape: shape, mb: 12)
    }
}

extension BoundedMemoryTests {
    /// One object of 100,000 small articles under distinct keys (12 MB of
    /// `{"articles": {"b0-0": {...}, ...}}`): a member each and one value
    /// of their shape (`InferSampleSet.SharedValues`), and one mapper for
    /// them all. Each kept its own tree and made two mappers, 11.7 times
    /// the document, and merging those mappers took 9 minutes (each merge
    /// copied the values gathered so far); now about 2.5 times, in 2 s.
    @Test func inferOfADictionaryOfManySmallValuesStaysWithinThreeTimesItsSize() throws {
        try Self.expectWithinThreeTimes(["infer", "-"], shape: "keyed", mb: 12, bodyBytes: 10)
    }
}

extension BoundedMemoryTests {
    /// One object of a million members (`{"key0": 0, ...}`, 12 MB) makes a
    /// spec of a million attributes, 3.2 times the sample's size. It took
    /// 20.7 times the sample above the baseline while the spec was built as
    /// a tree and then as text, the sample's tree still held, every member's
    /// spellings tabled and the mapper's shape made as a set of every
    /// member; the spec is now written as bytes and streamed out as it is
    /// formatted, after the sample is released: 8.0× measured; 6.5× since
    /// the walk that finds left-out members looks fields up through a table
    /// of 4-byte positions rather than a `Dictionary` of keys (its 50 MB and
    /// 24 MB of pairs were the peak); 5.4× since the sample's members and
    /// the spec's compact text are each given their room at once (grown by
    /// doubling, each was held twice while it moved: the sample's 42 MB of
    /// members beside their 21 MB predecessor was the peak); 5.3× since the
    /// spec's text is laid out as it is written and only renumbered
    /// destinations are kept. The sample is now read into its shape key
    /// alone (no tree while it is read), and its tree is read back from
    /// the key when the spec is inferred, in room of its size and without
    /// an index: 4.35× in a debug build, that tree (24 MB of members, 2
    /// times the object) and its fields (one per member) held together
    /// while the mapper was made. The object is now never built: its
    /// members are read from its key one at a time (`InferNode`), for its
    /// fields and for the walk that finds left-out members: 2.9× in a
    /// debug build; 2.4× since a field takes 24 bytes, not 40.
    @Test func inferOfOneObjectOfManyMembersStaysWithinThreeTimesItsSize() throws {
        try Self.expectWithinThreeTimes(["infer", "-"], shape: "keys", mb: 12)
    }

    /// The same on 2 MB (170,000 members): each numeric member had a place
    /// of its own in the table of settled questions (up to its 65,536, 5.8
    /// MB), 9.4× the object in a release build; a number asks no question,
    /// and has none now: 5.1× (5.2× in a debug build); 3.1× since the
    /// object is read from its key member by member, never built, 2.8×
    /// since a field takes 24 bytes (the bound leaves room for the fixed
    /// costs that weigh more on 2 MB, and for a loaded machine).
    @Test func inferOfAnObjectOfManyNumbersMakesNoPlaceForEach() throws {
        try Self.expectWithinThreeTimes(["infer", "-"], shape: "keys", mb: 2, times: 3.5)
    }
}

extension BoundedMemoryTests {
    /// Samples whose keys are all distinct: every line or array element is a
    /// shape of its own, which `infer` keeps (docs/behaviour.md). 12 MB of
    /// one-member lines each named apart took 25.6 times their size above
    /// the baseline, objects each with a member of their own in one array
    /// 14.1 times: the union of the keys was gathered in a `Dictionary` of
    /// every key, its spelling and an array of its values (five times the
    /// lines alone), the shape keys kept as an array each, and a table of
    /// arrays of ranges per array. Now a field is found through a table of
    /// 4-byte positions and gathers its own values, and the shape keys are
    /// held one after another: about 11 and 8.8 times. A kept sample is now
    /// its shape key alone, read back as a tree only when the spec is
    /// inferred (each was a tree while the rest was read: an object's
    /// members 72 bytes against a line's 17), and a field's values repeat
    /// no scalar (a place's every `id` was a copy of one representative):
    /// 9.7 and 6.9 times in a debug build. The lines are then read back
    /// from their keys one at a time, each time the builder visits them
    /// (`InferDocuments`), never all held as trees, and the keys are held
    /// in blocks and their ends and the documents' numbers in chunks, none
    /// grown by doubling: 4.2–4.6 times. A kept sample's number now takes
    /// 4 bytes, and documents 0, 1, 2, … at one place none; a field takes
    /// 24 bytes, not 40 (its values held apart, a lone scalar shared); and
    /// the store of the documents' keys holds no context for each (all 0):
    /// 3.0 times in a debug build, the peak now while the lines are read.
    /// The objects of one array (one document) were built whole as trees
    /// beside their fields (6.9×); they are now read from the document's
    /// key where they are (`InferNode`), one at a time, and an element's
    /// first place is 4 bytes by its number where a set held them all:
    /// 2.4× in a debug build. On 6 MB, whose ratios are those of 12 MB
    /// within a tenth, in half the time (each run infers a field per key,
    /// slowly in a debug build); the lines' bound leaves room for a loaded
    /// machine.
    @Test func inferOfLinesWhoseKeysAllDifferStaysWithinThreeAndAHalfTimesTheirSize() throws {
        try Self.expectWithinThreeTimes(["infer", "-"], shape: "distinct-lines", mb: 6, times: 3.5)
    }

    @Test func inferOfObjectsWhoseKeysAllDifferStaysWithinThreeTimesTheirSize() throws {
        try Self.expectWithinThreeTimes(["infer", "-"], shape: "distinct-items", mb: 6)
    }

    /// A document of many distinct records (a spec of 2,964 mappers of 100
    /// attributes, 12 MB): each record's shape key was held twice while it
    /// was read, in the store of kept elements and in the document's key,
    /// and each place in the tree of places took about 100 bytes: 4.8×.
    /// The document's key now refers to each element by number, a place is
    /// a few 4-byte numbers, and an object of 34 members is read back in
    /// room for 34, not 64: 2.9× (2.95× in a release build). Read where it
    /// is in its key (`InferNode`), its mappers' `attributes` objects never
    /// built beside it: 1.8×.
    @Test func inferOfADocumentOfManyDistinctRecordsStaysWithinThreeTimesItsSize() throws {
        try Self.expectWithinThreeTimes(["infer", "-"], shape: "spec", mb: 12)
    }
}
