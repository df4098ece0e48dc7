// tillcount's undo on the shared undo journal (UndoJournal, MoneyKitStorage): every
// command that changes something is one step of the journal, in the same transaction as
// its change, on every store. A step's actor is its till and person ("KEY\tPERSON"), so
// undo reverts the newest step made in the till a command runs in (each till has its own
// steps, as each had its own stack), and, where several people share a store, only their
// own; it is refused when someone else changed the same live count since.
//
// A step records one row (its kind, key and `before`):
//   "live"          the till's live count (key: its match key) as it was before the
//                   change (the count's snapshot JSON): undo writes it back.
//   "history"       a save, rm, label or note in the history (key: the step's key, which
//                   marks the history row it made or hid; before: the step, in
//                   TillUndoStep's JSON): undo reverts it there (TillHistoryRules.revert).
//   "removed-till"  a till 'tills rm' removed (key: a key of its own, never shared, so no
//                   later change conflicts with it; before: {"till": its name, "count": its
//                   live count}): undo brings it back where no till of that name is kept.
// A step that leaves the last `stepsKept` (100) of its till and person purges the count
// an rm step hid, in the transaction that forgot it; removing a till forgets its steps of
// every person the same way. Nothing is left for a later change to finish.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform

/// The kinds of row a till's undo step records (see the top of this file).
enum TillUndoRecord {
    /// How errors name the journal.
    static let storeName = "the undo journal"
    /// A till's live count before the change.
    static let liveCount = "live"
    /// A change to the history.
    static let history = "history"
    /// A till removed by 'tills rm'.
    static let removedTill = "removed-till"

    /// The history step a "history" record holds.
    /// - Throws: `StoreError.corrupt` for a record that is not one.
    static func historyStep(_ record: UndoJournalRecord) throws -> HistoryStep {
        do throws(StoredContentError) {
            guard let before = record.before, case .history(let step) = try TillUndoStep(json: before, place: "the undo step", version: TillState.formatVersion) else {
                throw StoredContentError("it is not a history step")
            }
            return step
        } catch {
            throw StoreError.corrupt(path: storeName, reason: "an undo step of the history cannot be read: \(error.message)")
        }
    }

    /// The live count a "live" record holds.
    /// - Throws: `StoreError.corrupt` for a record that is not one.
    static func liveCount(_ record: UndoJournalRecord) throws -> TillState {
        do throws(StoredContentError) {
            guard let before = record.before else { throw StoredContentError("it holds no count") }
            return try TillState(snapshot: before, place: "the undo step's count")
        } catch {
            throw StoreError.corrupt(path: storeName, reason: "an undo step of a live count cannot be read: \(error.message)")
        }
    }

    /// The removed till a "removed-till" record holds.
    /// - Throws: `StoreError.corrupt` for a record that is not one.
    static func removedTill(_ record: UndoJournalRecord, action: String) throws -> TillRemoval {
        do throws(StoredContentError) {
            guard let before = record.before else { throw StoredContentError("it holds no till") }
            let fields = try JSONFields(before, place: "the removed till")
            let name = try fields.string("till")
            guard !name.isEmpty, let count = fields.value("count") else { throw StoredContentError("it names no till") }
            return TillRemoval(name: TillName(stored: name), state: try TillState(snapshot: count, place: "the removed till's count"), action: action)
        } catch {
            throw StoreError.corrupt(path: storeName, reason: "an undo step of a removed till cannot be read: \(error.message)")
        }
    }

    /// What a "removed-till" record keeps of `removal`.
    static func json(of removal: TillRemoval) -> JSONValue {
        .object([("till", .string(removal.name.display)), ("count", removal.state.snapshotJSON)])
    }
}

extension Till {
    /// The undo journal of this till and the session's person, in `session`.
    /// - Throws: the store's errors.
    func journal(in session: any TillSession) throws -> UndoJournal {
        UndoJournal(rows: try session.journalRows(), actor: Self.actor(till: name, person: session.person), isShared: true,
                    stepsKept: TillState.undoLimit, storeName: TillUndoRecord.storeName)
    }

    /// The journal's actor of `till` and `person`: the till's match key, a tab, the person
    /// (a till's name holds no control character).
    static func actor(till: TillName, person: String) -> String {
        till.key + "\t" + person
    }

    /// The person of a journal actor.
    static func person(ofActor actor: String) -> String {
        actor.firstIndex(of: "\t").map { String(actor[actor.index(after: $0)...]) } ?? actor
    }

    /// How many undo steps this till keeps for the store's person (at most `TillState.undoLimit`).
    /// - Throws: the store's errors.
    public func undoStepCount() throws -> Int {
        try store.read { session in
            let journal = try journal(in: session)
            return try journal.rows.stepIDs(actor: journal.actor, beyondNewest: 0).count
        }
    }

    /// Starts a step named `action` (stamped by the till's clock), and purges the counts
    /// hidden by the rm steps it pushed out of the last `stepsKept`.
    /// - Throws: the store's errors.
    func beginStep(_ journal: UndoJournal, _ action: String, in session: any TillSession) throws {
        try purgeHidden(by: journal.begin(action, at: now()), in: session)
    }

    /// Records the history step `step` as one undo step of its own.
    /// - Throws: the store's errors.
    func record(_ step: HistoryStep, in session: any TillSession) throws {
        let journal = try journal(in: session)
        try beginStep(journal, step.action, in: session)
        try journal.touch(kind: TillUndoRecord.history, key: step.key) { TillUndoStep.history(step).json }
        try keepTill(in: session)
    }

    /// Makes the till's live count row where it has none: a till whose command made a step
    /// (saved a count, removed another till) is a till kept, as when its steps were kept
    /// in that row.
    /// - Throws: the live repository's errors.
    func keepTill(in session: any TillSession) throws {
        // The default till counts as kept without a row (TillDirectory.keeps): make it.
        if name.isMain || !session.tills.keeps(name) { try session.live(of: name).change { _ in } }
    }

    /// Deletes for good the counts hidden by the rm steps among `records` (steps the
    /// journal has forgotten): nothing can bring them back.
    /// - Throws: the store's errors.
    func purgeHidden(by records: [UndoJournalRecord], in session: any TillSession) throws {
        var keys: [String] = []
        for record in records where record.kind == TillUndoRecord.history {
            let step = try TillUndoRecord.historyStep(record)
            if step.change == .rm { keys.append(step.key) }
        }
        if !keys.isEmpty { _ = try session.history.purge(keys) }
    }

    /// `undo`'s steps: reverts the newest step of this till and person. A history step
    /// that finds nothing to revert (a Z save, final; a count deleted since) is dropped,
    /// reported through `skipped`, and the step before is undone instead.
    /// - Throws: `TillError.nothingToUndo`, `.undoRevertsOthers`; the store's errors.
    func revertNewest(_ session: any TillSession, skipped: (HistoryStep, HistoryReversal) -> Void) throws -> UndoOutcome {
        // The till's row locked first, and moved to its current key with its steps where a
        // shared store still keeps it under the first name rule's: the conflict check below
        // then sees every change committed before it, and none lands until this undo ends.
        try session.live(of: name).change { _ in }
        let journal = try journal(in: session)
        while true {
            var outcome: UndoOutcome?
            var passedOver: (HistoryStep, HistoryReversal)?
            var label = ""
            let undone: UndoJournalStep?
            do {
                undone = try journal.undoNewest { step, _ in label = step.label } restore: { record in
                    (outcome, passedOver) = try revert(record, label: label, in: session)
                }
            } catch let conflict as UndoConflict {
                let other = conflict.touches.first.map { Self.person(ofActor: $0.actor) }.flatMap { $0.isEmpty ? nil : $0 } ?? "someone else"
                throw TillError.undoRevertsOthers(action: conflict.step.label.isEmpty ? "the last change" : conflict.step.label, other: other)
            }
            guard undone != nil else { throw TillError.nothingToUndo(limit: TillState.undoLimit) }
            if let outcome { return outcome }
            if let passedOver { skipped(passedOver.0, passedOver.1) }
        }
    }

    /// Puts back the row `record` names, as the step labelled `label` found it.
    /// - Throws: the store's errors.
    private func revert(_ record: UndoJournalRecord, label: String, in session: any TillSession) throws -> (UndoOutcome?, (HistoryStep, HistoryReversal)?) {
        switch record.kind {
        case TillUndoRecord.liveCount:
            let snapshot = try TillUndoRecord.liveCount(record)
            try session.live(of: name).change { $0.restore(snapshot, at: stamp) }
            return (.liveCount(action: label.isEmpty ? nil : label), nil)
        case TillUndoRecord.history:
            let step = try TillUndoRecord.historyStep(record)
            let reversal = try session.history.revert(step)
            return reversal.foundNothing ? (nil, (step, reversal)) : (.history(step, reversal), nil)
        case TillUndoRecord.removedTill:
            let removal = try TillUndoRecord.removedTill(record, action: label)
            let restored = try session.tills.restore(removal.name, state: removal.state, at: stamp)
            return (.till(removal, restored: restored), nil)
        default:
            throw StoreError.corrupt(path: TillUndoRecord.storeName, reason: "an undo step records an unknown kind of row '\(record.kind)'")
        }
    }
}
