// The undo journal's rows held in memory: for the kits' in-memory adapters and tests.
// A value (`Tables`) that an adapter copies for a change and keeps only when it returns.

import MoneyKitPlatform

/// The undo journal's rows in memory.
public final class InMemoryUndoJournalRows: UndoJournalRows {
    /// Everything the journal holds.
    public struct Tables: Sendable {
        /// Oldest first.
        var steps: [UndoJournalStep] = []
        /// Each step's records by position, and the kinds and keys it holds.
        var records: [Int64: [(position: Int64, record: UndoJournalRecord)]] = [:]
        var nextID: Int64 = 1

        /// An empty journal.
        public init() {}

        /// The labels of the steps, oldest first: for tests.
        public var labels: [String] { steps.map(\.label) }
    }

    /// The rows as they are now.
    public var tables: Tables

    /// Rows starting from `tables`.
    public init(_ tables: Tables = Tables()) {
        self.tables = tables
    }

    /// Stores a new step.
    /// - Throws: `StoreError.corrupt` when no id is left.
    public func appendStep(label: String, at: Double, actor: String, mark: String?) throws -> Int64 {
        let id = tables.nextID
        let (next, overflow) = id.addingReportingOverflow(1)
        if overflow { throw StoreError.corrupt(path: "memory", reason: "no undo step id left") }
        tables.steps.append(UndoJournalStep(id: id, label: label, at: at, actor: actor, mark: mark))
        tables.nextID = next
        return id
    }

    /// Sets the label of step `id`.
    public func relabelStep(_ id: Int64, label: String) {
        guard let index = tables.steps.firstIndex(where: { $0.id == id }) else { return }
        tables.steps[index].label = label
    }

    /// The newest step (of `actor`).
    public func newestStep(actor: String?) -> UndoJournalStep? {
        tables.steps.last { actor == nil || $0.actor == actor }
    }

    /// The steps beyond the newest `kept`, oldest first.
    public func stepIDs(actor: String?, beyondNewest kept: Int) -> [Int64] {
        let ids = tables.steps.filter { actor == nil || $0.actor == actor }.map(\.id)
        return Array(ids.dropLast(kept))
    }

    /// The steps of the actors named `prefix…`, oldest first.
    public func stepIDs(actorPrefix prefix: String) -> [Int64] {
        tables.steps.filter { $0.actor.hasPrefix(prefix) }.map(\.id)
    }

    /// After the step's last position.
    public func nextPosition(inStep id: Int64) -> Int64 {
        guard let last = tables.records[id]?.map(\.position).max() else { return 0 }
        return last < Int64.max ? last + 1 : last
    }

    /// Keeps `record` unless the step has its kind and key.
    public func addRecord(_ record: UndoJournalRecord, step id: Int64, position: Int64) {
        var list = tables.records[id] ?? []
        guard !list.contains(where: { $0.record.kind == record.kind && $0.record.key == record.key }) else { return }
        list.append((position, record))
        tables.records[id] = list
    }

    /// The step's records by position.
    public func records(ofStep id: Int64) -> [UndoJournalRecord] {
        (tables.records[id] ?? []).sorted { $0.position < $1.position }.map(\.record)
    }

    /// Later steps' records of the rows step `id` touched, by other actors.
    public func laterRecords(touching id: Int64, notBy actor: String) -> [(record: UndoJournalRecord, actor: String)] {
        let mine = Set(records(ofStep: id).map { $0.kind + "\u{0}" + $0.key })
        var found: [(record: UndoJournalRecord, actor: String)] = []
        for step in tables.steps where step.id > id && step.actor != actor {
            for record in records(ofStep: step.id) where mine.contains(record.kind + "\u{0}" + record.key) {
                found.append((record, step.actor))
            }
        }
        return found
    }

    /// Whether a step holds a record of `kind` and `key`.
    public func isRecorded(kind: String, key: String) -> Bool {
        tables.records.values.contains { $0.contains { $0.record.kind == kind && $0.record.key == key } }
    }

    /// Forgets step `id`.
    public func deleteStep(_ id: Int64) {
        tables.steps.removeAll { $0.id == id }
        tables.records[id] = nil
    }

    /// Whether any step is kept.
    public func hasSteps() -> Bool { !tables.steps.isEmpty }

    /// Nothing: an in-memory store runs one change at a time.
    public func lockUndo(actor: String) {}
}
