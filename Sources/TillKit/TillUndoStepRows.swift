// A till's undo steps kept one row per step and person (the shared store), and the rules
// of that bookkeeping, written once: which steps a command sees (its own person's), when
// its newest live-count step would revert another person's change (TillState.undoBlockedBy),
// and which rows a change adds and deletes (the steps it took off, the steps it pushed,
// the purge keys). A store that keeps a till's stack inside its row (the file store's
// SQLite database) has one person and needs none of it. (Issue 27, item 2 moves undo onto
// the shared undo journal, which replaces these rows.)

/// The undo-step rows of the tills, inside the adapter's transaction.
package protocol TillUndoStepRows {
    /// The undo steps of the till kept under `key` (named `name` in errors), oldest first,
    /// each with its row number: `actor`'s only, everyone's for nil.
    /// - Throws: `StoreError` for a step that cannot be read.
    func undoSteps(ofTill key: String, named name: TillName, actor: String?) throws -> [(seq: Int64, step: TillUndoStep)]
    /// Who made the first live-count step of the till `key` after row `seq`, other than `actor`.
    /// - Throws: `StoreError`.
    func laterCountStepActor(ofTill key: String, after seq: Int64, notBy actor: String) throws -> String?
    /// Deletes the undo step row `seq`.
    /// - Throws: `StoreError`.
    func deleteUndoStep(_ seq: Int64) throws
    /// Adds `step` as `actor`'s newest undo step of the till `key`.
    /// - Throws: `StoreError`.
    func appendUndoStep(_ step: TillUndoStep, ofTill key: String, actor: String) throws
    /// The keys of rm steps gone from the till `key`'s stacks whose counts are still to purge.
    /// - Throws: `StoreError`.
    func purgeKeys(ofTill key: String) throws -> [String]
    /// Adds or deletes a purge key of the till `key`.
    /// - Throws: `StoreError`.
    func setPurgeKey(_ purgeKey: String, ofTill key: String, pending: Bool) throws
}

/// A till's stack as a change read it from its rows: what its write compares against.
package struct TillUndoStackRead: Sendable {
    /// The steps read, oldest first.
    package var steps: [TillUndoStep]
    /// Their row numbers, in the same order.
    package var seqs: [Int64]
    /// The purge keys read.
    package var purge: [String]

    /// A stack read as `steps` (rows `seqs`) with the purge keys `purge`.
    package init(steps: [TillUndoStep] = [], seqs: [Int64] = [], purge: [String] = []) {
        self.steps = steps
        self.seqs = seqs
        self.purge = purge
    }
}

/// The rules of a stack kept one row per step and person (see the top of this file).
package enum TillUndoStepRules {
    /// Reads the stack of the till `name`, kept under `key`, into `state` (its undo, purge and undoBlockedBy):
    /// `actor`'s steps, or every person's when `everyone` (a removal, whose history steps
    /// all go with the till). Returns what was read, for the change's write.
    /// - Throws: what `rows` throws.
    package static func read(
        into state: inout TillState, till name: TillName, key: String, actor: String, everyone: Bool, rows: some TillUndoStepRows
    ) throws -> TillUndoStackRead {
        let found = try rows.undoSteps(ofTill: key, named: name, actor: everyone ? nil : actor)
        let read = TillUndoStackRead(steps: found.map(\.step), seqs: found.map(\.seq), purge: try rows.purgeKeys(ofTill: key))
        state.undo = read.steps
        state.purge = read.purge
        // Another person's live-count change after this person's newest step: undoing that
        // step would revert theirs too.
        if !everyone, case .count? = read.steps.last, let seq = read.seqs.last {
            state.undoBlockedBy = try rows.laterCountStepActor(ofTill: key, after: seq, notBy: actor)
        }
        return read
    }

    /// Writes the changes of `state`'s stack against `before`: the rows of the steps taken
    /// off deleted, the steps pushed added in order, the purge keys brought up to date.
    /// Steps kept are those of `before` found in order in the new stack; the rest of the
    /// new stack is new.
    /// - Throws: what `rows` throws.
    package static func write(
        _ state: TillState, before: TillUndoStackRead, till key: String, actor: String, rows: some TillUndoStepRows
    ) throws {
        var kept = Set<Int>()
        var next = 0
        var firstNew = state.undo.count
        for (index, step) in state.undo.enumerated() {
            if next < before.steps.count, let found = before.steps[next...].firstIndex(of: step) {
                kept.insert(found)
                next = found + 1
            } else {
                firstNew = index
                break
            }
        }
        for (index, seq) in before.seqs.enumerated() where !kept.contains(index) { try rows.deleteUndoStep(seq) }
        for step in state.undo[firstNew...] { try rows.appendUndoStep(step, ofTill: key, actor: actor) }
        for purgeKey in before.purge where !state.purge.contains(purgeKey) { try rows.setPurgeKey(purgeKey, ofTill: key, pending: false) }
        for purgeKey in state.purge where !before.purge.contains(purgeKey) { try rows.setPurgeKey(purgeKey, ofTill: key, pending: true) }
    }
}
