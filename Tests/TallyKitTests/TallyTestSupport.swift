// A Tally over the in-memory repository, with a clock the test sets, and counters built
// tersely: what every test in this target starts from.

import TallyKit

/// 2026-11-21T10:55:28Z, the instant the tests' clock reads.
let testNow: Double = 1_795_258_528

/// A tally over `repository` whose clock reads `seconds`.
func makeTally(_ repository: InMemoryTallyRepository = InMemoryTallyRepository(), seconds: Double = testNow) -> Tally {
    Tally(repository: repository, now: { seconds })
}

/// A stored counter with defaults for what a test does not care about.
func counter(
    _ name: String, count: Int64 = 0, start: Int64 = 0, step: Int64 = 1, pinned: Bool = false,
    created: String = "2026-11-01T10:00:00Z", serial: Int64
) -> Counter {
    Counter(name: name, count: count, start: start, step: step, pinned: pinned, created: created, serial: serial)
}

/// An in-memory store holding `counters`, and no undo history.
func store(_ counters: [Counter], nextSerial: Int64? = nil) throws -> InMemoryTallyRepository {
    let next = nextSerial ?? ((counters.map(\.serial).max() ?? 0) + 1)
    return try InMemoryTallyRepository(TallyDocument(counters: counters, nextSerial: next))
}

/// The error `body` throws, as a TallyError (nil when it throws none or another kind).
func tallyError(_ body: () throws -> Void) -> TallyError? {
    do {
        try body()
        return nil
    } catch let error as TallyError {
        return error
    } catch {
        return nil
    }
}

/// Everything an in-memory store holds, compared whole by the tests.
struct StoredState: Equatable {
    struct UndoEntry: Equatable { var action: String }
    /// In creation order.
    var counters: [Counter]
    var nextSerial: Int64
    /// Oldest first.
    var undo: [UndoEntry]
    var events: [CounterEvent]
}

extension TallyRepository {
    /// The state of an in-memory store (the only kind these tests use).
    func load() throws -> StoredState {
        guard let memory = self as? InMemoryTallyRepository else { throw StoreNotInMemory() }
        return memory.load()
    }
}

extension InMemoryTallyRepository {
    /// Everything the store holds now.
    func load() -> StoredState {
        let snapshot = self.snapshot
        return StoredState(
            counters: snapshot.counters, nextSerial: snapshot.nextSerial, undo: snapshot.undoSteps.map { .init(action: $0) },
            events: snapshot.events)
    }
}

struct StoreNotInMemory: Error {}
