// The history's rules, written once for every database adapter against TillHistoryRows:
// a Z count's number (the next of its till, gap-free: taken in the save's own
// transaction), a Z count is final (no rm, no relabel), and what undo of each step does.

import MoneyKitPlatform
import MoneyKitStorage

/// The rules every history adapter applies inside its change's own transaction.
package enum TillHistoryRules {
    /// The number the Z count of `till` being saved takes: the till's last plus one.
    /// - Throws: `StoreError.corrupt` when the numbers are used up; what `rows` throws.
    package static func nextZNumber(of till: String, in rows: some TillHistoryRows) throws -> Int64 {
        let (next, overflow) = try rows.lastZNumber(of: TillName(stored: till)).addingReportingOverflow(1)
        if overflow { throw StoreError.corrupt(path: rows.storeName, reason: "the Z numbers of till '\(till)' are used up") }
        return next
    }

    /// Files `count` for the save step `step`: a Z count takes the next number of its
    /// till in the same transaction. Returns the new id.
    /// - Throws: `StoreError.corrupt` when the Z numbers are used up; what `rows` throws.
    package static func save(_ count: SavedCount, step: HistoryStep, in rows: some TillHistoryRows) throws -> Int64 {
        let zNumber = count.kind == .z ? try nextZNumber(of: count.till, in: rows) : nil
        return try rows.insertCount(count, zNumber: zNumber, step: step)
    }

    /// Hides the visible X count `id` for the rm step `step` (until undo shows it again or
    /// a purge deletes it); a Z count is final.
    /// - Throws: `TillError.noSavedCount`, `.zCountIsFinal`; what `rows` throws.
    package static func delete(_ id: Int64, step: HistoryStep, in rows: some TillHistoryRows) throws {
        try refuseFinal(id, step.change, in: rows)
        guard try rows.hide(id, step: step) else { throw TillError.noSavedCount(id: id) }
    }

    /// Relabels the visible X count `id` for the label step `step` (a label row of its
    /// own: the count's lines and amounts never change); a Z count keeps its label.
    /// - Throws: `TillError.noSavedCount`, `.zCountIsFinal`; what `rows` throws.
    package static func relabel(_ id: Int64, label: String?, step: HistoryStep, in rows: some TillHistoryRows) throws {
        try refuseFinal(id, step.change, in: rows)
        try rows.insertLabel(id, label: label, step: step)
    }

    /// Adds `text` to the notes of the visible count `id` for the note step `step` (a
    /// note row of its own).
    /// - Throws: `TillError.noSavedCount`; what `rows` throws.
    package static func addNote(_ id: Int64, text: String, step: HistoryStep, in rows: some TillHistoryRows) throws {
        try refuseFinal(id, step.change, in: rows)
        try rows.insertNote(id, text: text, step: step)
    }

    /// Deletes for good the counts hidden by the rm steps `keys` (steps the undo journal
    /// has forgotten); how many.
    /// - Throws: what `rows` throws.
    package static func purge(_ keys: [String], in rows: some TillHistoryRows) throws -> Int {
        var purged = 0
        for key in keys { purged += try rows.deleteHidden(by: key) }
        return purged
    }

    /// Refuses a change to `id` that does not exist (or is hidden), or that `change` may
    /// not make to a Z count (rm, label).
    /// - Throws: `TillError.noSavedCount`, `.zCountIsFinal`; what `rows` throws.
    package static func refuseFinal(_ id: Int64, _ change: HistoryStep.Change, in rows: some TillHistoryRows) throws {
        guard let found = try rows.visibleKind(of: id) else { throw TillError.noSavedCount(id: id) }
        if found.kind == .z, change == .rm || change == .label {
            throw TillError.zCountIsFinal(id: id, number: found.zNumber ?? 0, refused: change)
        }
    }

    /// Reverts `step`: an rm's count is shown again exactly as it was, a relabel's or a
    /// note's row is deleted, a save's count is deleted with its lines (refused while it
    /// carries labels or notes: SaveUndoRule.swift). A Z count is final: undo of its save
    /// only says so. A step whose change never reached the history, or whose row is gone,
    /// changes nothing and says so.
    /// - Throws: `TillError.undoSaveEditedSince`; what `rows` throws.
    package static func revert(_ step: HistoryStep, in rows: some TillHistoryRows) throws -> HistoryReversal {
        switch step.change {
        case .rm:
            guard let id = try rows.countHidden(by: step.key) else { return .stepNotFound(step, store: rows.storeName) }
            try rows.show(id)
            return .restored(id: id)
        case .label:
            return try rows.deleteLabel(setBy: step.key) ? .labelRestored(id: step.id ?? 0) : .stepNotFound(step, store: rows.storeName)
        case .note:
            return try rows.deleteNote(addedBy: step.key) ? .noteRemoved(id: step.id ?? 0) : .stepNotFound(step, store: rows.storeName)
        case .save:
            guard let id = try rows.visibleXCount(savedBy: step.key) else {
                if let hidden = try rows.xCount(savedBy: step.key) { return .deletedAlready(id: hidden) }
                if let final = try rows.zCount(savedBy: step.key) { return .finalCount(id: final.id, zNumber: final.zNumber) }
                return .stepNotFound(step, store: rows.storeName)
            }
            try SaveUndoRule.check(step, id: id, editors: try rows.editors(of: id))
            try rows.deleteCount(id)
            return .removed(id: id)
        }
    }
}
