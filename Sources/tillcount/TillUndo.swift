// tillcount's one undo stack across the live count (JSON) and the history (SQLite): the
// changes to the history that record an undo step (save, history rm), undo itself, and
// the purge of deleted counts whose step is gone.
//
// Crash safety, by the order of the writes (a kill can land between any two):
// - save and rm write their undo step to the live count file first (fsynced, renamed),
//   then change the history in one transaction. Killed in between, the step names a row
//   that does not exist or is not hidden: undo says so, drops that step and goes on to
//   the next one. No count is ever deleted without the step that brings it back.
// - undo of a history step reverts it in the history first, then takes the step off the
//   stack. Killed in between, the step stays, and the next undo finds nothing to revert
//   for it (the row is back, or gone) and drops it the same way.
// - a step pushed off the stack (beyond the last undoLimit) leaves its key in "purge" in
//   the same write; the hidden count is deleted by a later history transaction, and the
//   key leaves "purge" only after that commits. Killed in between, the purge runs again.
// The live count file's lock is never held while waiting for the history's, so the two
// never deadlock.

import MoneyKit
import MoneyKitCLI

struct TillUndo {
    let store: TillStore

    /// Files `summary` in the history as one undo step; returns the new id.
    func save(_ summary: TillSummary, notes: [String], label: String?, expected: Money?, action: String) throws -> Int64 {
        // Opened (created, migrated) first: a history that cannot be written is refused
        // before the live count file changes.
        let history = try store.history(.write(createFolders: true))
        let step = HistoryStep(change: .save, id: nil, action: action)
        try store.writeState { $0.push(.history(step)) }
        do {
            return try history.save(summary, notes: notes, label: label, expected: expected, step: step, definitions: store.denominations(for:))
        } catch {
            dropStep(step)
            throw error
        }
    }

    /// Deletes the saved count `id` as one undo step (it stays hidden in the history until
    /// its step leaves the stack). `history` is the store the caller checked `id` in.
    func delete(_ id: Int64, in history: TillHistory, action: String) throws {
        let step = HistoryStep(change: .rm, id: id, action: action)
        try store.writeState { $0.push(.history(step)) }
        do {
            try history.delete(id, step: step, definitions: store.denominations(for:))
        } catch {
            dropStep(step)
            throw error
        }
    }

    /// Takes a step whose history change failed off the stack again. If that fails too,
    /// the step stays and undo skips it: it names nothing in the history.
    private func dropStep(_ step: HistoryStep) {
        _ = try? store.writeState { state in state.undo.removeAll { $0 == .history(step) } }
    }

    /// What `undo` reverted.
    enum Outcome {
        /// The live count is back as it was before `action` (nil: a step from before
        /// steps were named).
        case liveCount(action: String?)
        /// A history step reverted.
        case history(HistoryStep, TillHistory.Reversal)
    }

    static var nothingToUndo: CLIError {
        CLIError("nothing to undo", hint: "the last \(TillState.undoLimit) changes can be undone; none is recorded in the live count file", exitCode: .noInput)
    }

    /// Reverts the newest step. History steps that find nothing to revert (a command
    /// killed halfway) are dropped with a warning through `warn`, and the next step is
    /// undone instead.
    func undo(warn: (String) -> Void) throws -> Outcome {
        while true {
            guard let newest = try store.state.load().undo.last else { throw Self.nothingToUndo }
            switch newest {
            case .count:
                let action = try store.writeState { state -> String?? in
                    // Another process changed the stack since it was read: look again.
                    guard state.undo.last == newest, case .count(let snapshot, let action)? = state.undo.popLast() else { return nil }
                    state.restore(snapshot)
                    return .some(action)
                }
                if let action { return .liveCount(action: action) }
            case .history(let step):
                let reversal = try store.history(.change).revert(step)
                let taken = try store.writeState { state -> Bool in
                    guard let index = state.undo.lastIndex(of: newest) else { return false }
                    state.undo.remove(at: index)
                    return true
                }
                if case .nothingFound(let why) = reversal {
                    // Taken by another undo meanwhile: look again. Else a step whose change
                    // never happened: say so and undo the next one.
                    if taken { warn("skipped the undo step '\(step.action)': \(why)") }
                    continue
                }
                return .history(step, reversal)
            }
        }
    }

    /// Deletes for good the hidden counts whose rm steps left the stack, then forgets
    /// their keys; on any failure the keys stay, for the next change to try again.
    func purge(_ keys: [String]) {
        guard !keys.isEmpty, (try? store.history(.change).purge(keys)) != nil else { return }
        _ = try? store.state.write { state in state.purge.removeAll(where: keys.contains) }
    }
}
