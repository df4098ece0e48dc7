// The storage seam of tillcount: what its rules need from where the live count, the
// saved counts and the denominations are kept. The JSON file, SQLite and denominations
// file adapters implement it for the tool; the in-memory adapters for apps and tests.

import MoneyKit

/// The notes, coins and rolls of a currency.
public protocol DenominationSource {
    /// The set for `currency`: the built-in one with the user's own changes applied.
    /// - Throws: what reading the user's denominations throws (`StoreError`).
    func denominations(for currency: Currency) throws -> DenominationSet
}

/// Where the live count is kept: read whole, changed under a lock.
public protocol TillRepository {
    /// The live count as last kept (an empty count when none is kept yet). Changes nothing.
    /// - Throws: `StoreError` for a store that cannot be read; it is never reset.
    func load() throws -> TillState
    /// Runs `body` on the latest live count, with no other change in between, and keeps
    /// what it leaves unless it throws (then nothing changes). Every adapter checks what
    /// `body` leaves with the loader's own invariants (`TillState.checkStorable`) before
    /// keeping it, so no change stores a count that later reads would refuse.
    /// - Throws: `StoreError` (busy, unreadable, cannot create, I/O),
    ///   `TillError.changeWouldBreakStore`, or what `body` throws.
    func change<Result>(_ body: (inout TillState) throws -> Result) throws -> Result
}

/// Where saved counts are kept. Deleting only hides a count (marked with its undo step's
/// key) until it is purged, so that undo can bring it back exactly; hidden counts are left
/// out of every read.
public protocol TillHistoryRepository {
    /// Every saved count, without lines, newest first.
    /// - Throws: what the store throws (`StoreError`).
    func savedCounts() throws -> [SavedCount]
    /// The saved count `id` without lines; `TillError.noSavedCount` when there is none.
    /// - Throws: `TillError.noSavedCount`; what the store throws.
    func header(_ id: Int64) throws -> SavedCount
    /// The saved count `id` about to be deleted (checked where the deletion will write).
    /// - Throws: `TillError.noSavedCount`; what the store throws.
    func countToDelete(_ id: Int64) throws -> SavedCount
    /// The saved count `id` with its lines, every line checked. `definitions` names lines
    /// saved before roll sizes were kept.
    /// - Throws: `TillError.noSavedCount`, and what reading the lines throws.
    func count(_ id: Int64, definitions: (Currency) throws -> DenominationSet) throws -> SavedCount
    /// Makes the history ready for a save (created, migrated): a history that cannot be
    /// written is refused before anything else changes.
    /// - Throws: what the store throws when it cannot be written.
    func prepareToSave() throws
    /// Files `count` (its id is ignored) as made by `step`, stamped with `step.at`; returns the new id.
    /// - Throws: what the store throws; nothing is saved then.
    func save(_ count: SavedCount, step: HistoryStep, definitions: (Currency) throws -> DenominationSet) throws -> Int64
    /// Hides the saved count `id` for the rm step `step`; `TillError.noSavedCount` when there is none.
    /// - Throws: `TillError.noSavedCount`; what the store throws.
    func delete(_ id: Int64, step: HistoryStep, definitions: (Currency) throws -> DenominationSet) throws
    /// Reverts `step` at once: an rm's count shown again, a save's count deleted.
    /// - Throws: what the store throws; a step that finds nothing is a reversal, not an error.
    func revert(_ step: HistoryStep) throws -> HistoryReversal
    /// Deletes for good the counts hidden by the rm steps `keys`; returns how many.
    /// - Throws: what the store throws; the keys stay to be purged later.
    func purge(_ keys: [String]) throws -> Int
    /// Relabels the visible count `id` (nil: no label) for the label step `step`; the
    /// count's lines and amounts never change, and undo of `step` brings the label before back.
    /// - Throws: `TillError.noSavedCount`, `.zCountIsFinal` (a Z count keeps its label); what the store throws.
    func relabel(_ id: Int64, label: String?, step: HistoryStep) throws
    /// Adds `text` to the notes of the visible count `id` for the note step `step`.
    /// - Throws: `TillError.noSavedCount`; what the store throws.
    func addNote(_ id: Int64, text: String, step: HistoryStep) throws
    /// Every visible count with its lines (checked as `count(_:definitions:)` checks
    /// them), oldest first, read at once: what an export needs.
    /// - Throws: `TillError` and `StoreError` as `count(_:definitions:)` does.
    func countsWithLines(definitions: (Currency) throws -> DenominationSet) throws -> [SavedCount]
    /// Adds `entry` to the audit trail (TillAudit.swift), in the change's transaction;
    /// no undo step records it, so no undo removes it.
    /// - Throws: the store's errors.
    func appendAudit(_ entry: TillAuditEntry) throws
    /// The audit trail, oldest first.
    /// - Throws: the store's errors.
    func auditEntries() throws -> [TillAuditEntry]
}

/// What reverting a history step did.
public enum HistoryReversal: Equatable, Sendable {
    /// The hidden count is back (rm undone).
    case restored(id: Int64)
    /// The count the step saved is deleted (save undone).
    case removed(id: Int64)
    /// The history (`store` names it) holds nothing the step made: the change is reverted
    /// already (by hand, or a step an older tillcount left after a kill).
    case stepNotFound(HistoryStep, store: String)
    /// The count a save made is deleted already.
    case deletedAlready(id: Int64)
    /// The label a relabel replaced is the count's label again.
    case labelRestored(id: Int64)
    /// The note added to the count is taken away.
    case noteRemoved(id: Int64)
    /// The step saved the closing count Z`zNumber` (saved count `id`): final, so undo
    /// passes over it (says so, and undoes the step before).
    case finalCount(id: Int64, zNumber: Int64)

    /// Whether the step found nothing to revert.
    public var foundNothing: Bool {
        switch self {
        case .restored, .removed, .labelRestored, .noteRemoved: return false
        case .stepNotFound, .deletedAlready, .finalCount: return true
        }
    }
}

extension DenominationSet {
    /// The built-in set of `currency`, or an empty one that says none is known.
    public static func tillDefault(for currency: Currency) -> DenominationSet {
        builtIn(for: currency)
            ?? DenominationSet(currencyCode: currency.code, denominations: [], rolls: [], hasStandardRolls: false,
                               rollNote: "MoneyKit knows no denominations for \(currency.code); define them in the denominations file.")
    }
}
