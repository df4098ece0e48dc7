// A tally store held in memory: for tests, previews and apps that keep counters their own
// way. The rules and the undo are TallySession's, as on every store: a change that
// throws stores nothing, one command is one change group, undo reverts the newest group
// and removes its events, and at most `undoLimit` groups are kept.

import MoneyKitStorage
import MoneyKitPlatform

/// Counters and their log kept in memory, changed one at a time under a lock.
public final class InMemoryTallyRepository: TallyRepository, @unchecked Sendable {
    private var state = InMemoryTallyRows.State()
    private let undoLimit: Int
    /// Changes run one at a time. Not reentrant: a body must not call this repository.
    private let lock = PlainLock()
    /// Who the changes are made by (kept with each undo step).
    private let actor: String
    /// How many changes have been kept (a watch compares it).
    private var changeCount = 0

    /// How many changes have been kept since the store was made.
    var changes: Int { lock.withLock { changeCount } }

    /// An empty store, as a store that does not exist yet; undo reaches back `undoLimit` changes.
    public init(undoLimit: Int = UndoHistory.stepsKept, actor: String = "") {
        self.undoLimit = undoLimit
        self.actor = actor
    }

    /// A store holding `document`'s counters and undo history, refused as a file would be
    /// when it breaks an invariant.
    /// - Throws: `StoredContentError` naming the invariant `document` breaks.
    public init(_ document: TallyDocument, undoLimit: Int = UndoHistory.stepsKept, actor: String = "") throws(StoredContentError) {
        try document.checkInvariants()
        self.undoLimit = undoLimit
        self.actor = actor
        let rows = InMemoryTallyRows(state)
        do {
            try TallySession(rows: rows, actor: actor, isShared: false, stepsKept: undoLimit).importLegacy(document, at: 0)
        } catch let error as StoredContentError {
            throw error
        } catch {
            throw StoredContentError("\(error)")
        }
        state = rows.current
    }

    /// Every counter in creation order, the next serial, every event and the undo steps'
    /// labels (oldest first): for tests.
    public var snapshot: (counters: [Counter], nextSerial: Int64, events: [CounterEvent], undoSteps: [String]) {
        lock.withLock {
            (state.counters.values.sorted { $0.serial < $1.serial }, state.nextSerial ?? 1, state.events, state.journal.labels)
        }
    }

    /// Runs `body` on a copy of the state as it is now.
    /// - Throws: what `body` throws.
    public func read<Result>(_ body: (any TallyStoreReading) throws -> Result) throws -> Result {
        let copy = lock.withLock { state }
        return try body(TallySession(rows: InMemoryTallyRows(copy), actor: actor, isShared: false, stepsKept: undoLimit))
    }

    /// Runs `body` on a copy of the state and keeps the copy only when it returns.
    /// - Throws: what `body` throws (nothing is kept).
    public func write<Result>(_ label: String?, at: Double, _ body: (any TallyStoreChange) throws -> Result) throws -> Result {
        try lock.withLock {
            let rows = InMemoryTallyRows(state)
            let result = try TallySession(rows: rows, actor: actor, isShared: false, stepsKept: undoLimit).change(label, at: at, body)
            state = rows.current
            changeCount += 1
            return result
        }
    }

    /// Runs `body` on this (empty) store, throwing `StoreNeeded` at the first write: a
    /// change tried before a store is made, which makes none when it writes nothing.
    /// - Throws: `StoreNeeded`; what `body` throws.
    package func readOnlyAttempt<Result>(_ body: (any TallyStoreChange) throws -> Result) throws -> Result {
        let rows = InMemoryTallyRows(lock.withLock { state })
        rows.refusesWrites = true
        return try body(TallySession(rows: rows, actor: actor, isShared: false, stepsKept: undoLimit))
    }
}
