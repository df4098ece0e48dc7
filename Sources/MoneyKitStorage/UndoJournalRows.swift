// What a backend stores for the undo journal: two tables, steps and records, mapped and
// nothing else. The rule (first touch only, what to trim, the conflict rule, undo in
// reverse order) is UndoJournal's, written once; SQLiteUndoJournalRows,
// PostgresUndoJournalRows and InMemoryUndoJournalRows map these rows on each backend.

/// The rows of an undo journal on one backend, inside the caller's transaction.
public protocol UndoJournalRows: AnyObject {
    /// Stores a new step and returns its id (greater than every id the store gave before).
    /// - Throws: the store's errors.
    func appendStep(label: String, at: Double, actor: String, mark: String?) throws -> Int64
    /// Sets the label of step `id` (a kit that names its change only once it is made).
    /// - Throws: the store's errors.
    func relabelStep(_ id: Int64, label: String) throws
    /// The newest step, of `actor` only when given.
    /// - Throws: the store's errors.
    func newestStep(actor: String?) throws -> UndoJournalStep?
    /// The ids of the steps (of `actor` only when given) beyond the newest `kept`, oldest first.
    /// - Throws: the store's errors.
    func stepIDs(actor: String?, beyondNewest kept: Int) throws -> [Int64]
    /// The ids of the steps of every actor whose name starts with `prefix`, oldest first
    /// (a kit whose actors are "place + person" forgets a removed place's steps).
    /// - Throws: the store's errors.
    func stepIDs(actorPrefix prefix: String) throws -> [Int64]
    /// The position after the last record of step `id` (0 for a step without records).
    /// - Throws: the store's errors.
    func nextPosition(inStep id: Int64) throws -> Int64
    /// Stores `record` in step `id` at `position`, unless the step holds a record of that kind and key already.
    /// - Throws: the store's errors.
    func addRecord(_ record: UndoJournalRecord, step id: Int64, position: Int64) throws
    /// The records of step `id`, in the order of their positions.
    /// - Throws: the store's errors (an unreadable record is corrupt).
    func records(ofStep id: Int64) throws -> [UndoJournalRecord]
    /// The records of later steps than `id`, by other actors than `actor`, whose kind and key a
    /// record of step `id` has; oldest step first. Each with its step's actor.
    /// - Throws: the store's errors.
    func laterRecords(touching id: Int64, notBy actor: String) throws -> [(record: UndoJournalRecord, actor: String)]
    /// Whether any step holds a record of `kind` and `key`.
    /// - Throws: the store's errors.
    func isRecorded(kind: String, key: String) throws -> Bool
    /// Deletes step `id` and its records.
    /// - Throws: the store's errors.
    func deleteStep(_ id: Int64) throws
    /// Whether the journal holds any step.
    /// - Throws: the store's errors.
    func hasSteps() throws -> Bool
    /// Makes two undos of one actor take turns, until the transaction ends (a shared store;
    /// nothing where one writer runs at a time).
    /// - Throws: the store's errors.
    func lockUndo(actor: String) throws
}
