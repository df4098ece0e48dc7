// A tally store's rows held in memory (InMemoryTallyRepository): counters by serial, the
// log, the next serial and the undo journal, as one value a change copies and keeps only
// when it returns.

import MoneyKitStorage
import MoneyKitPlatform

/// The rows of an in-memory tally store.
final class InMemoryTallyRows: TallyRows {
    /// Everything the store holds.
    struct State {
        var counters: [Int64: Counter] = [:]
        var nextSerial: Int64?
        var dayStart: Int64?
        var events: [CounterEvent] = []
        var nextEventID: Int64 = 1
        /// Which undo step recorded each event, by event id (0: none).
        var eventSteps: [Int64: Int64] = [:]
        var journal = InMemoryUndoJournalRows.Tables()
    }

    var state: State
    private let journal: InMemoryUndoJournalRows
    /// Set on an empty stand-in for a missing store: the first write asks for the real one.
    var refusesWrites = false

    init(_ state: State) {
        self.state = state
        journal = InMemoryUndoJournalRows(state.journal)
    }

    /// The state with the journal's rows as they are now.
    var current: State {
        var result = state
        result.journal = journal.tables
        return result
    }

    var storeName: String { "memory" }
    var journalRows: any UndoJournalRows { journal }

    func willWrite() throws {
        if refusesWrites { throw StoreNeeded() }
    }

    func counter(serial: Int64) -> Counter? { state.counters[serial] }

    func counter(exactly name: String) -> Counter? { state.counters.values.first { $0.name == name } }

    func counters(withStoredKey key: String) -> [Counter] {
        state.counters.values.filter { ItemName.matchKey($0.name) == key }.sorted { $0.serial < $1.serial }
    }

    func allCounters() -> [Counter] { state.counters.values.sorted { $0.serial < $1.serial } }

    func derivedCounters() -> [Counter] { allCounters().filter(\.isDerived) }

    func lockDerivedCounters() {}

    func hasCounters() -> Bool { !state.counters.isEmpty }

    func insertCounter(_ counter: Counter) { state.counters[counter.serial] = counter }

    func updateCounter(_ counter: Counter) { state.counters[counter.serial] = counter }

    func deleteCounter(serial: Int64) { state.counters[serial] = nil }

    func lockNames() {}

    // Match keys are computed from the names, never stored: always the current rule's.
    func matchKeyRule() -> Int64? { Int64(ItemName.matchKeyRule) }
    func storedMatchKeys() -> [(serial: Int64, name: String, key: String)] { [] }
    func setMatchKey(_ key: String, serial: Int64) {}
    func setMatchKeyRule(_ rule: Int64) {}

    func events(of serial: Int64, from: Double?, through: Double?) -> [CounterEvent] {
        let low = from ?? -Double.greatestFiniteMagnitude, high = through ?? Double.greatestFiniteMagnitude
        return state.events.filter { event in event.serial == serial && event.at >= low && event.at <= high }
            .sorted { ($0.at, $0.id) < ($1.at, $1.id) }
    }

    func allEvents() -> [CounterEvent] { state.events }

    func hasEvents() -> Bool { !state.events.isEmpty }

    func appendEvent(_ event: CounterEvent, step: Int64) throws {
        var stored = event
        stored.id = state.nextEventID
        let (next, overflow) = stored.id.addingReportingOverflow(1)
        if overflow { throw StoreError.corrupt(path: storeName, reason: "no event id left") }
        state.nextEventID = next
        state.events.append(stored)
        if step != 0 { state.eventSteps[stored.id] = step }
    }

    func deleteEvents(step: Int64) {
        let steps = state.eventSteps
        state.events.removeAll { steps[$0.id] == step }
    }

    func deleteEvents(serial: Int64) { state.events.removeAll { $0.serial == serial } }

    func storedNextSerial() -> Int64? { state.nextSerial }

    func setNextSerial(_ value: Int64) { state.nextSerial = value }

    func storedDayStart() -> Int64? { state.dayStart }

    func setDayStart(_ minutes: Int64?) { state.dayStart = minutes }

    func finish() {}
}

/// Thrown by a change tried on an empty stand-in when it needs a real store.
package struct StoreNeeded: Error {}
