// The undo rule every kit shares, on every backend: a before-image journal. A command's
// change is one step; the first time the step touches a row, the row as it was is
// recorded (kind, key, before); undo restores the records of the newest step in reverse
// order through the kit's one `restore` function, then forgets the step. The newest
// `stepsKept` steps are kept (of each actor, on a shared store). On a shared store undo
// reverts only the actor's own newest step, and is refused when another actor's later
// step touched one of its rows. No SQL here: the rows are UndoJournalRows'.

import MoneyKitPlatform

/// One session's view of an undo journal: begin or continue a step, record first touches,
/// undo the newest step. Made for one transaction and dropped with it.
public final class UndoJournal {
    /// The backend's rows.
    public let rows: any UndoJournalRows
    /// Who this session's steps are made by.
    public let actor: String
    /// Whether several actors share the store: undo then sees only `actor`'s steps and
    /// refuses when another actor touched their rows since.
    public let isShared: Bool
    /// How many steps are kept (of each actor on a shared store).
    public let stepsKept: Int
    /// Names the store in errors.
    let storeName: String
    /// The step this session's writes belong to.
    public private(set) var currentStep: Int64?
    private var nextPosition: Int64 = 0
    /// The rows this session has recorded in the current step, as "kind\0key".
    private var touched: Set<String> = []

    /// A journal over `rows`, for `actor`; `storeName` names the store in errors.
    public init(rows: any UndoJournalRows, actor: String, isShared: Bool, stepsKept: Int = UndoHistory.stepsKept, storeName: String) {
        self.rows = rows
        self.actor = actor
        self.isShared = isShared
        self.stepsKept = stepsKept
        self.storeName = storeName
    }

    /// Whose steps undo sees: this actor's on a shared store, everyone's elsewhere.
    private var scope: String? { isShared ? actor : nil }

    /// The newest step undo would revert, or nil.
    /// - Throws: the store's errors.
    public func newestStep() throws -> UndoJournalStep? {
        try rows.newestStep(actor: scope)
    }

    /// The records of `step`, in the order they were made.
    /// - Throws: the store's errors.
    public func records(of step: UndoJournalStep) throws -> [UndoJournalRecord] {
        try rows.records(ofStep: step.id)
    }

    /// Starts a step: the writes that follow belong to it. Forgets the steps beyond the
    /// newest `stepsKept` and returns their records, for the kit to drop what only they
    /// could bring back.
    /// - Throws: the store's errors.
    @discardableResult
    public func begin(_ label: String, at: Double, mark: String? = nil) throws -> [UndoJournalRecord] {
        let id = try rows.appendStep(label: label, at: at, actor: actor, mark: mark)
        currentStep = id
        nextPosition = 0
        touched = []
        var forgotten: [UndoJournalRecord] = []
        for old in try rows.stepIDs(actor: scope, beyondNewest: max(stepsKept, 1)) {
            forgotten += try rows.records(ofStep: old)
            try rows.deleteStep(old)
        }
        return forgotten
    }

    /// Forgets every step of the actors whose names start with `prefix` (a place removed
    /// with its people's steps) and returns their records, for the kit to drop what only
    /// they could bring back.
    /// - Throws: the store's errors.
    public func forgetSteps(ofActorsStartingWith prefix: String) throws -> [UndoJournalRecord] {
        var forgotten: [UndoJournalRecord] = []
        for old in try rows.stepIDs(actorPrefix: prefix) {
            forgotten += try rows.records(ofStep: old)
            try rows.deleteStep(old)
        }
        return forgotten
    }

    /// Names the current step `label` in place of the label it was begun with: for a kit
    /// whose change says what it did only once it is made ("rm 'ISA' and its 3 updates").
    /// - Throws: `StoreError.io` outside a step; the store's errors.
    public func relabelCurrent(_ label: String) throws {
        guard let step = currentStep else { throw StoreError.io(path: storeName, reason: "a relabel outside a change group") }
        try rows.relabelStep(step, label: label)
    }

    /// Adds the writes that follow to the newest step (a feed saving again). False, and no
    /// step chosen, when there is none or, on a shared store, when another actor has
    /// touched its rows since: undoing it whole would overwrite their change, so the
    /// caller begins a step of its own.
    /// - Throws: the store's errors.
    public func continueNewest() throws -> Bool {
        guard let step = try newestStep() else { return false }
        if isShared, try !rows.laterRecords(touching: step.id, notBy: actor).isEmpty { return false }
        currentStep = step.id
        nextPosition = try rows.nextPosition(inStep: step.id)
        touched = []
        return true
    }

    /// Records the row `key` of `kind` as it is now (`before()`; nil: it does not exist),
    /// the first time the current step touches it; later touches record nothing.
    /// - Throws: `StoreError.io` outside a step; what `before` throws; the store's errors.
    public func touch(kind: String, key: String, before: () throws -> JSONValue?) throws {
        guard let step = currentStep else { throw StoreError.io(path: storeName, reason: "a write outside a change group") }
        guard touched.insert(kind + "\u{0}" + key).inserted else { return }
        let (following, overflow) = nextPosition.addingReportingOverflow(1)
        if overflow { throw StoreError.corrupt(path: storeName, reason: "undo step \(step) has no position left") }
        try rows.addRecord(UndoJournalRecord(kind: kind, key: key, before: try before()), step: step, position: nextPosition)
        nextPosition = following
    }

    /// Reverts the newest step: `reverting` sees it and its records first (to describe
    /// it while its rows are as the step left them), then `restore` puts each record's row
    /// back as it was (the newest record first), then the step is forgotten. Nil when
    /// there is none. A kit whose rows must come back in an order of their own (foreign
    /// keys: an account before its updates) reverts them all in `reverting`, from the
    /// records it is given, and passes a `restore` that does nothing.
    /// - Throws: `UndoConflict` on a shared store when another actor touched the step's
    ///   rows since (nothing is restored); what `reverting` and `restore` throw; the
    ///   store's errors.
    public func undoNewest(
        reverting: (UndoJournalStep, [UndoJournalRecord]) throws -> Void = { _, _ in },
        restore: (UndoJournalRecord) throws -> Void
    ) throws -> UndoJournalStep? {
        // Two undos by one actor at once take turns, so the second sees the first's result.
        if isShared { try rows.lockUndo(actor: actor) }
        guard let step = try newestStep() else { return nil }
        let records = try rows.records(ofStep: step.id)
        if isShared {
            let later = try rows.laterRecords(touching: step.id, notBy: actor)
            if !later.isEmpty {
                var touches: [UndoConflict.Touch] = []
                for mine in records {
                    for other in later where other.record.kind == mine.kind && other.record.key == mine.key {
                        touches.append(UndoConflict.Touch(mine: mine, theirs: other.record, actor: other.actor))
                    }
                }
                throw UndoConflict(step: step, touches: touches)
            }
        }
        try reverting(step, records)
        for record in records.reversed() { try restore(record) }
        try rows.deleteStep(step.id)
        if currentStep == step.id { currentStep = nil }
        return step
    }
}
