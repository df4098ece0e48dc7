// A tally store held in memory: for tests, previews and apps that keep counters their own
// way. It follows the repository's contract as the SQLite store does: a change that throws
// stores nothing, one command is one change group, undo reverts the newest group and
// removes its events, and at most `undoLimit` groups are kept.

import MoneyKitStorage
import MoneyKitPlatform

/// Counters and their log kept in memory, changed one at a time under a lock.
public final class InMemoryTallyRepository: TallyRepository, @unchecked Sendable {
    /// Everything the store holds; a change works on a copy.
    struct State {
        var counters: [Int64: Counter] = [:]
        var nextSerial: Int64 = 1
        var events: [CounterEvent] = []
        var nextEventID: Int64 = 1
        var groups: [Group] = []
        var nextGroupID: Int64 = 1
        /// Which group recorded each event, by event id (the store's column).
        var eventGroupIDs: [Int64: Int64] = [:]
    }

    /// A change group with each counter as it was before the group first touched it
    /// (nil: the group created it).
    struct Group {
        var id: Int64
        var action: String
        var before: [(serial: Int64, counter: Counter?)]
    }

    private var state = State()
    private let undoLimit: Int
    /// Changes run one at a time. Not reentrant: a body must not call this repository.
    private let lock = PlainLock()

    /// An empty store, as a store that does not exist yet; undo reaches back `undoLimit` changes.
    public init(undoLimit: Int = SQLiteTallyRepository.undoLimit) {
        self.undoLimit = undoLimit
    }

    /// A store holding `document`'s counters and undo history, refused as a file would be
    /// when it breaks an invariant.
    /// - Throws: `StoredContentError` naming the invariant `document` breaks.
    public init(_ document: TallyDocument, undoLimit: Int = SQLiteTallyRepository.undoLimit) throws(StoredContentError) {
        try document.checkInvariants()
        self.undoLimit = undoLimit
        for counter in document.counters { state.counters[counter.serial] = counter }
        state.nextSerial = document.nextSerial
        for (action, rows) in document.changeGroups() {
            state.groups.append(Group(id: state.nextGroupID, action: action, before: rows.map { ($0.serial, $0.before) }))
            state.nextGroupID += 1
        }
    }

    /// Every counter in creation order, the next serial and every event: for tests.
    public var snapshot: (counters: [Counter], nextSerial: Int64, events: [CounterEvent], undoSteps: [String]) {
        lock.withLock {
            (state.counters.values.sorted { $0.serial < $1.serial }, state.nextSerial, state.events, state.groups.map(\.action))
        }
    }

    /// Runs `body` on a copy of the state as it is now.
    /// - Throws: what `body` throws.
    public func reading<Result>(_ body: (any TallyStoreReading) throws -> Result) throws -> Result {
        let copy = lock.withLock { state }
        return try body(Session(state: copy, undoLimit: undoLimit))
    }

    /// Runs `body` on a copy of the state and keeps the copy only when it returns.
    /// - Throws: what `body` throws (nothing is kept).
    public func change<Result>(_ body: (any TallyStoreChange) throws -> Result) throws -> Result {
        try lock.withLock {
            let session = Session(state: state, undoLimit: undoLimit)
            let result = try body(session)
            state = session.state
            return result
        }
    }

    /// One reading or change, on its own copy of the state.
    final class Session: TallyStoreChange {
        var state: State
        let undoLimit: Int
        private var group: Int?  // index into state.groups
        /// Set on an empty stand-in for a missing store: the first write asks for the real one.
        var refusesWrites = false

        init(state: State, undoLimit: Int) {
            self.state = state
            self.undoLimit = undoLimit
        }

        func counter(exactly name: String) -> Counter? { state.counters.values.first { $0.name == name } }

        func counters(matchingKey key: String) -> [Counter] {
            state.counters.values.filter { ItemName.matchKey($0.name) == key }.sorted { $0.serial < $1.serial }
        }

        func allCounters() -> [Counter] { state.counters.values.sorted { $0.serial < $1.serial } }

        func events(of serial: Int64, from: Double?, through: Double?) -> [CounterEvent] {
            let low = from ?? -Double.greatestFiniteMagnitude, high = through ?? Double.greatestFiniteMagnitude
            return state.events.filter { event in event.serial == serial && event.at >= low && event.at <= high }
                .sorted { ($0.at, $0.id) < ($1.at, $1.id) }
        }

        func latestChange() -> TallyChangeGroup? {
            state.groups.last.map { describe($0) }
        }

        private func describe(_ group: Group) -> TallyChangeGroup {
            var names: [String] = []
            for (serial, before) in group.before {
                if let name = before?.name, !names.contains(name) { names.append(name) }
                if let name = state.counters[serial]?.name, !names.contains(name) { names.append(name) }
            }
            return TallyChangeGroup(action: group.action, names: names)
        }

        func begin(_ action: String, at: Double) throws {
            if refusesWrites { throw StoreNeeded() }
            state.groups.append(Group(id: state.nextGroupID, action: action, before: []))
            state.nextGroupID += 1
            if state.groups.count > undoLimit {
                let dropped = state.groups.prefix(state.groups.count - undoLimit)
                state.groups.removeFirst(dropped.count)
                // A deleted counter that no kept group can bring back takes its log with it.
                let kept = Set(state.groups.flatMap { $0.before.map(\.serial) })
                let gone = Set(dropped.flatMap { $0.before.map(\.serial) }).filter { state.counters[$0] == nil && !kept.contains($0) }
                if !gone.isEmpty { state.events.removeAll { gone.contains($0.serial) } }
            }
            group = state.groups.count - 1
        }

        func continueLatest() throws {
            guard !state.groups.isEmpty else { throw TallyError.nothingToUndo }
            group = state.groups.count - 1
        }

        func takeSerial() throws -> Int64 {
            if refusesWrites { throw StoreNeeded() }
            let serial = state.nextSerial
            guard serial < Int64.max - 1 else { throw TallyError.noSerialLeft(nextSerial: serial) }
            state.nextSerial = serial + 1
            return serial
        }

        /// Keeps the counter `serial` as it is now in the group, the first time the group touches it.
        private func remember(_ serial: Int64) throws -> Int64 {
            if refusesWrites { throw StoreNeeded() }
            guard let group else { throw StoreError.io(path: "memory", reason: "a write outside a change group") }
            if !state.groups[group].before.contains(where: { $0.serial == serial }) {
                state.groups[group].before.append((serial, state.counters[serial]))
            }
            return state.groups[group].id
        }

        func insert(_ counter: Counter) throws {
            try counter.requireStorable()  // as the SQL stores refuse it (`Counter.storedFault`)
            _ = try remember(counter.serial)
            state.counters[counter.serial] = counter
        }

        func update(_ counter: Counter) throws {
            try counter.requireStorable()  // as the SQL stores refuse it (`Counter.storedFault`)
            _ = try remember(counter.serial)
            state.counters[counter.serial] = counter
        }

        func delete(_ counter: Counter) throws {
            _ = try remember(counter.serial)
            state.counters[counter.serial] = nil
        }

        func record(_ event: CounterEvent) throws {
            let groupID = try remember(event.serial)
            var stored = event
            stored.id = state.nextEventID
            state.nextEventID += 1
            state.events.append(stored)
            state.eventGroupIDs[stored.id] = groupID
        }

        func allEvents() -> [CounterEvent] { state.events }

        func nextFreeSerial() -> Int64 { state.nextSerial }

        func isEmpty() -> Bool { state.counters.isEmpty && state.events.isEmpty && state.groups.isEmpty }

        func storeCopied(_ counter: Counter) throws {
            if refusesWrites { throw StoreNeeded() }
            try counter.requireStorable()
            state.counters[counter.serial] = counter
        }

        func storeCopied(_ event: CounterEvent) throws {
            if refusesWrites { throw StoreNeeded() }
            var stored = event
            stored.id = state.nextEventID
            state.nextEventID += 1
            state.events.append(stored)
        }

        func reserveSerials(below serial: Int64) throws {
            if refusesWrites { throw StoreNeeded() }
            state.nextSerial = max(state.nextSerial, serial)
        }

        func revertLatest() -> TallyChangeGroup? {
            guard let last = state.groups.popLast() else { return nil }
            let described = describe(last)
            for (serial, _) in last.before { state.counters[serial] = nil }
            for (serial, counter) in last.before { if let counter { state.counters[serial] = counter } }
            let groups = state.eventGroupIDs
            state.events.removeAll { groups[$0.id] == last.id }
            return described
        }
    }
}
