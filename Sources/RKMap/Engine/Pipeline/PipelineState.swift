import Foundation

/// The state the splitter, the workers and the writer share, guarded by one
/// condition variable. Sequence numbers are positions in the unit stream.
///
/// Back-pressure keeps memory bounded: workers stay at most `resultWindow` units
/// ahead of the writer, and the splitter at most `unitWindow` units ahead.
///
/// `@unchecked Sendable`: every mutable member is read and written only with
/// `condition` locked (`locked`); the compiler cannot see a lock-based guard.
final class PipelineState: @unchecked Sendable {
    private let condition = NSCondition()

    // Guarded by `condition`:
    /// Units with the chunk their offsets are in; a taken unit's chunk is
    /// dropped here at once (the worker holds it), so chunks live only while
    /// their units wait or are mapped.
    private var units: [(unit: WorkUnit, view: InputView?)] = []
    /// Sequence number of `units[0]` (taken units are dropped from the front).
    private var unitBase = 0
    private var nextToTake = 0
    private var splitterDone = false
    private var results: [Int: (unit: WorkUnit, base: Int, result: WorkResult)] = [:]
    private var nextToWrite = 0
    private var verdicts: [Int: StreamVerdict] = [:]
    /// Values streamed documents' units share (`DocumentValue`), by
    /// document, from before their first unit is sent until the writer is
    /// done with them.
    private var documentValues: [Int: [DocumentValue: JSONValue]] = [:]
    /// Results the writer is done with, freed by a worker (`takeRetired`).
    private var retired: [WorkResult] = []
    private(set) var cancelled = false

    let resultWindow: Int
    let unitWindow: Int

    /// - Parameter unitWindow: units are at most `Splitter.batchBytes` (256 KiB)
    ///   of input each, so 12 of them keep the splitter at most 3 MiB ahead
    ///   of the writer: the chunks they hold, and the results mapped from
    ///   them while the writer is behind, are what bounds memory, whatever
    ///   the input's size. It was 32: a writer starved of the CPU at the
    ///   start of a large document let 32 units' records pile up (12 MB of
    ///   records above a 12 MB document, in a debug build, on a loaded
    ///   machine), and the peak depended on the timing. A streamed document
    ///   longer than the lookahead is written as it is read (see `verdict(for:)`).
    init(resultWindow: Int = 48, unitWindow: Int = 12) {
        self.resultWindow = resultWindow
        self.unitWindow = unitWindow
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    // MARK: Splitter

    /// Appends a unit; waits while the splitter is too far ahead of the writer,
    /// unless `mayWait` is false: the writer is waiting for the verdict on the
    /// streamed document the unit belongs to (the splitter bounds those units
    /// by bytes instead, `Splitter.lookaheadBytes`).
    /// - Returns: false when the run was cancelled.
    func add(_ unit: WorkUnit, view: InputView, mayWait: Bool = true) -> Bool {
        locked {
            while mayWait, !cancelled, unitBase + units.count - nextToWrite >= unitWindow {
                condition.wait()
            }
            guard !cancelled else { return false }
            units.append((unit, view))
            condition.broadcast()
            return true
        }
    }

    func publish(_ verdict: StreamVerdict, for document: Int) {
        locked {
            verdicts[document] = verdict
            condition.broadcast()
        }
    }

    /// A value a streamed document's units share, read once by the splitter.
    enum DocumentValue: Hashable {
        /// What `@root` is for its elements (`Splitter.readRoot`).
        case root
        /// The object of a record whose relationship's array is streamed,
        /// without that array (`StreamedRelationship.readsObject`): what the
        /// record is mapped from, and its elements' `@parent`. By the
        /// record's input offset (`StreamedRecord`): a content array may
        /// hold several such records, whose units are mapped at once.
        case parentObject(record: Int)
        /// Under `keyMatching: caseInsensitive`, the members the splitter
        /// followed for the leading keys of descriptor `descriptor`'s key
        /// path, when one is spelled otherwise (`data` for `Data`): what a
        /// unit's diagnostics name (`DocumentPath.respell`), as a whole
        /// read's do. Strings; unset where the spellings agree.
        case contentKeys(descriptor: Int)
    }

    /// Sets it, before the first unit that reads it is sent.
    func set(_ kind: DocumentValue, _ value: JSONValue, for document: Int) {
        locked { documentValues[document, default: [:]][kind] = value }
    }

    /// It, or `.null` when none was set (the spec reads no `@root`).
    func value(_ kind: DocumentValue, for document: Int) -> JSONValue {
        locked { documentValues[document]?[kind] ?? .null }
    }

    /// Forgets one value of the document: every unit that reads it was mapped.
    func drop(_ kind: DocumentValue, for document: Int) {
        locked { _ = documentValues[document]?.removeValue(forKey: kind) }
    }

    /// Forgets the document's values: every unit of it was mapped.
    func dropValues(for document: Int) {
        locked { documentValues[document] = nil }
    }

    /// How many bytes of the input the splitter read in all (for the last
    /// progress report); set when it finishes.
    private(set) var bytesRead = 0

    func finishSplitting(bytesRead: Int = 0) {
        locked {
            self.bytesRead = bytesRead
            splitterDone = true
            condition.broadcast()
        }
    }

    // MARK: Workers

    /// The next unit to work on, or `nil` when there is none left (or the run was cancelled).
    func take() -> (seq: Int, unit: WorkUnit, view: InputView?)? {
        locked {
            while true {
                if cancelled { return nil }
                let available = nextToTake < unitBase + units.count
                if available, nextToTake < nextToWrite + resultWindow {
                    let seq = nextToTake
                    let (unit, view) = units[seq - unitBase]
                    // The worker holds both now. Drop them here at once, not when
                    // the front is trimmed: a unit's offsets (8 KiB for 1024
                    // small elements) times 4096 taken units would be 32 MiB.
                    units[seq - unitBase] = (.idle, nil)
                    nextToTake += 1
                    // Drop taken units from the front now and then.
                    if nextToTake - unitBase > 4096 {
                        let drop = nextToTake - unitBase
                        units.removeFirst(drop)
                        unitBase += drop
                    }
                    return (seq, unit, view)
                }
                if !available, splitterDone { return nil }
                condition.wait()
            }
        }
    }

    /// The results the writer is done with, for the caller to free: tearing
    /// down a unit's record trees costs the writer a tenth of its time on
    /// SQLite output, and the writer is the one thread that cannot be doubled.
    func takeRetired() -> [WorkResult] {
        locked {
            defer { retired = [] }
            return retired
        }
    }

    /// - Parameter base: the input offset of the unit's chunk (offsets in the
    ///   unit count from there), for progress reports.
    func complete(_ seq: Int, unit: WorkUnit, base: Int, result: WorkResult) {
        locked {
            results[seq] = (unit, base, result)
            condition.broadcast()
        }
    }

    // MARK: Writer

    /// The next result in sequence, waiting for it; `nil` when every unit was written.
    func nextResult() -> (unit: WorkUnit, base: Int, result: WorkResult)? {
        locked {
            while true {
                if let r = results.removeValue(forKey: nextToWrite) {
                    nextToWrite += 1
                    condition.broadcast()
                    return r
                }
                if cancelled { return nil }
                if splitterDone, nextToWrite >= unitBase + units.count { return nil }
                condition.wait()
            }
        }
    }

    /// Hands a written result back, to be freed on a worker's thread.
    func retire(_ result: WorkResult) {
        locked { retired.append(result) }
    }

    /// Waits for the splitter's verdict on a streamed document: whether it
    /// parsed, or that it is longer than the lookahead (`undecided`: output
    /// starts before the end is read). Which one depends on the document's
    /// bytes only, never on timing, so output is the same on every run.
    /// `nil` when the run was cancelled, or the splitter stopped without one
    /// (interrupted, or a failed read, reported by the unit it sent last).
    func verdict(for document: Int) -> StreamVerdict? {
        locked {
            while verdicts[document] == nil, !cancelled, !splitterDone {
                condition.wait()
            }
            return verdicts.removeValue(forKey: document)
        }
    }

    func cancel() {
        locked {
            cancelled = true
            condition.broadcast()
        }
    }
}
