// In-memory adapters of the three seams: for apps that keep nothing on disk, and for the
// kit's tests, which run every rule against them. They keep the promises of the protocols
// (hidden counts left out, undo of save and rm, purge) as the SQLite and JSON adapters do.

import MoneyKit

/// A live count kept in memory.
public final class InMemoryTillRepository: TillRepository {
    /// The live count as last kept.
    public private(set) var state: TillState
    /// The till it is kept for (nil: the default till), named in the count by its first
    /// change, as a till's file names it.
    public let till: TillName?

    /// A live count starting as `state`, of the till `till` (nil: the default till).
    public init(_ state: TillState = TillState(), till: TillName? = nil) {
        self.state = state
        self.till = till
    }

    /// The live count; never throws.
    /// - Throws: nothing: memory cannot fail.
    public func load() throws -> TillState { state }

    /// Runs `body` on a copy and keeps it unless `body` throws or the copy breaks a rule
    /// the loader checks (`TillState.checkStorable`).
    /// - Throws: what `body` throws, `TillError.changeWouldBreakStore` (then nothing changes).
    public func change<Result>(_ body: (inout TillState) throws -> Result) throws -> Result {
        var copy = state
        if let till, !till.isMain { copy.tillName = copy.tillName ?? till.display }
        let result = try body(&copy)
        try copy.checkStorable()  // as the file and database adapters check it
        state = copy
        return result
    }
}

/// Saved counts kept in memory.
public final class InMemoryTillHistory: TillHistoryRepository {
    struct Row {
        var count: SavedCount
        var savedBy: String?
        var deletedAt: String?
        var deletedBy: String?
        /// Relabels, oldest first, each with its step's key.
        var labels: [(key: String, label: String?)] = []
        /// Notes added after saving, oldest first, each with its step's key.
        var notes: [(key: String, note: SavedNote)] = []

        /// The count with its newest label and its added notes.
        var edited: SavedCount {
            var count = count
            if let last = labels.last { count.label = last.label }
            count.addedNotes = notes.map(\.note)
            return count
        }
    }

    var rows: [Row] = []
    private var lastID: Int64 = 0
    /// How `stepNotFound` names this store.
    public let name: String

    /// An empty history; `name` is how `HistoryReversal.stepNotFound` names it.
    public init(name: String = "the history") {
        self.name = name
    }

    /// Every count kept, hidden ones included, by id (for tests).
    public var storedIDs: [Int64] { rows.map(\.count.id) }

    /// Every visible count, newest first (by saved time, then id).
    /// - Throws: nothing.
    public func savedCounts() throws -> [SavedCount] {
        rows.filter { $0.deletedAt == nil }.map(\.edited.header)
            .sorted { ($0.savedAt, $0.id) > ($1.savedAt, $1.id) }
    }

    /// The visible count `id` without its lines.
    /// - Throws: `TillError.noSavedCount`.
    public func header(_ id: Int64) throws -> SavedCount {
        try visible(id).header
    }

    /// As `header(_:)`.
    /// - Throws: `TillError.noSavedCount`.
    public func countToDelete(_ id: Int64) throws -> SavedCount {
        try header(id)
    }

    /// The visible count `id` with its lines as saved.
    /// - Throws: `TillError.noSavedCount`.
    public func count(_ id: Int64, definitions: (Currency) throws -> DenominationSet) throws -> SavedCount {
        try visible(id)
    }

    /// Nothing to prepare in memory.
    /// - Throws: nothing.
    public func prepareToSave() throws {}

    /// Keeps `count` under the next id, stamped and marked by `step`.
    /// - Throws: nothing: memory cannot fail.
    public func save(_ count: SavedCount, step: HistoryStep, definitions: (Currency) throws -> DenominationSet) throws -> Int64 {
        var zNumber: Int64?
        if count.kind == .z {
            let key = TillName(stored: count.till).key
            let last = rows.filter { TillName(stored: $0.count.till).key == key }.compactMap(\.count.zNumber).max() ?? 0
            let (next, overflow) = last.addingReportingOverflow(1)
            if overflow { throw TillError.countTooLarge(reason: "the Z numbers of till '\(count.till)' are used up") }
            zNumber = next
        }
        lastID += 1
        let saved = SavedCount(
            id: lastID, savedAt: step.at, label: count.label, currency: count.currency, total: count.total, float: count.float,
            expected: count.expected, notes: count.notes, lines: count.lines, till: count.till, kind: count.kind, zNumber: zNumber,
            movements: count.movements, tolerance: count.tolerance)
        rows.append(Row(count: saved, savedBy: step.key))
        return lastID
    }

    /// Hides the visible count `id`, marked by `step`.
    /// - Throws: `TillError.noSavedCount`.
    public func delete(_ id: Int64, step: HistoryStep, definitions: (Currency) throws -> DenominationSet) throws {
        let index = try changeable(id, step.change)
        rows[index].deletedAt = step.at
        rows[index].deletedBy = step.key
    }

    /// Reverts `step`: an rm's count shown again, a save's count deleted (refused while it
    /// carries labels or notes: SaveUndoRule.swift).
    /// - Throws: `TillError.undoSaveEditedSince`; a step that finds nothing is a reversal.
    public func revert(_ step: HistoryStep) throws -> HistoryReversal {
        switch step.change {
        case .rm:
            guard let index = rows.firstIndex(where: { $0.deletedBy == step.key && $0.deletedAt != nil }) else {
                return .stepNotFound(step, store: name)
            }
            rows[index].deletedAt = nil
            rows[index].deletedBy = nil
            return .restored(id: rows[index].count.id)
        case .label, .note:
            for index in rows.indices {
                let before = rows[index].labels.count + rows[index].notes.count
                rows[index].labels.removeAll { $0.key == step.key }
                rows[index].notes.removeAll { $0.key == step.key }
                if rows[index].labels.count + rows[index].notes.count != before {
                    return step.change == .label ? .labelRestored(id: rows[index].count.id) : .noteRemoved(id: rows[index].count.id)
                }
            }
            return .stepNotFound(step, store: name)
        case .save:
            guard let index = rows.firstIndex(where: { $0.savedBy == step.key && $0.deletedAt == nil && $0.count.kind == .x }) else {
                if let final = rows.first(where: { $0.savedBy == step.key && $0.count.kind == .z }) {
                    return .finalCount(id: final.count.id, zNumber: final.count.zNumber ?? 0)
                }
                if let hidden = rows.first(where: { $0.savedBy == step.key }) { return .deletedAlready(id: hidden.count.id) }
                return .stepNotFound(step, store: name)
            }
            let id = rows[index].count.id
            try SaveUndoRule.check(step, id: id, editors: rows[index].labels.map { _ in nil } + rows[index].notes.map { _ in nil })
            rows.remove(at: index)
            return .removed(id: id)
        }
    }

    /// Deletes the counts hidden by `keys`; returns how many.
    /// - Throws: nothing.
    public func purge(_ keys: [String]) throws -> Int {
        let before = rows.count
        rows.removeAll { row in row.deletedAt != nil && row.deletedBy.map(keys.contains) == true }
        return before - rows.count
    }

    /// Every visible count with its lines, oldest first.
    /// - Throws: nothing.
    public func countsWithLines(definitions: (Currency) throws -> DenominationSet) throws -> [SavedCount] {
        rows.filter { $0.deletedAt == nil }.map(\.edited).sorted { ($0.savedAt, $0.id) < ($1.savedAt, $1.id) }
    }

    /// Relabels the visible X count `id`, marked by `step`.
    /// - Throws: `TillError.noSavedCount`, `.zCountIsFinal`.
    public func relabel(_ id: Int64, label: String?, step: HistoryStep) throws {
        let index = try changeable(id, step.change)
        rows[index].labels.append((step.key, label))
    }

    /// Adds a note to the visible count `id`, marked by `step`.
    /// - Throws: `TillError.noSavedCount`.
    public func addNote(_ id: Int64, text: String, step: HistoryStep) throws {
        let index = try changeable(id, step.change)
        rows[index].notes.append((step.key, SavedNote(at: step.at, text: text)))
    }

    /// The index of the visible count `id`, which `change` may change (a Z count refuses rm and label).
    private func changeable(_ id: Int64, _ change: HistoryStep.Change) throws -> Int {
        guard let index = rows.firstIndex(where: { $0.count.id == id && $0.deletedAt == nil }) else { throw TillError.noSavedCount(id: id) }
        if rows[index].count.kind == .z, change == .rm || change == .label {
            throw TillError.zCountIsFinal(id: id, number: rows[index].count.zNumber ?? 0, refused: change)
        }
        return index
    }

    private func visible(_ id: Int64) throws -> SavedCount {
        guard let row = rows.first(where: { $0.count.id == id && $0.deletedAt == nil }) else { throw TillError.noSavedCount(id: id) }
        return row.edited
    }
}

/// Denominations without a file: the built-in sets, with overrides by currency code.
public struct InMemoryDenominations: DenominationSource {
    /// The changes to the built-in sets, by currency code.
    public var overrides: [String: DenominationOverride]

    /// The built-in sets with `overrides` applied.
    public init(overrides: [String: DenominationOverride] = [:]) {
        self.overrides = overrides
    }

    /// The built-in set of `currency` with its override; never throws.
    /// - Throws: nothing.
    public func denominations(for currency: Currency) throws -> DenominationSet {
        let base = DenominationSet.tillDefault(for: currency)
        return overrides[currency.code].map(base.merging) ?? base
    }
}
