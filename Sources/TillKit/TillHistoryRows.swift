// The rows of the history that the rules of TillHistoryRules.swift read and write, inside
// one transaction of the adapter. An adapter (SQLite, PostgreSQL) maps these rows to its
// tables and nothing else: which change a Z count refuses, and what undo of each step
// does, is written once.

/// The history's rows as one transaction sees them.
package protocol TillHistoryRows {
    /// How a reversal that found nothing names the store (its file or server).
    var storeName: String { get }
    /// The kind and Z number of the visible count `id` (nil: missing or hidden); a shared
    /// store locks its row for the rest of the transaction.
    /// - Throws: `StoreError`.
    func visibleKind(of id: Int64) throws -> (kind: SavedCount.Kind, zNumber: Int64?)?
    /// The count the rm step `key` hid, if it is still hidden.
    /// - Throws: `StoreError`.
    func countHidden(by key: String) throws -> Int64?
    /// Shows the hidden count `id` again, exactly as it was.
    /// - Throws: `StoreError`.
    func show(_ id: Int64) throws
    /// Deletes the label row the step `key` made; whether there was one.
    /// - Throws: `StoreError`.
    func deleteLabel(setBy key: String) throws -> Bool
    /// Deletes the note row the step `key` made; whether there was one.
    /// - Throws: `StoreError`.
    func deleteNote(addedBy key: String) throws -> Bool
    /// The visible X count the save step `key` filed (a shared store locks its row).
    /// - Throws: `StoreError`.
    func visibleXCount(savedBy key: String) throws -> Int64?
    /// The X count the save step `key` filed, hidden or not.
    /// - Throws: `StoreError`.
    func xCount(savedBy key: String) throws -> Int64?
    /// The Z count the save step `key` filed, with its number.
    /// - Throws: `StoreError`.
    func zCount(savedBy key: String) throws -> (id: Int64, zNumber: Int64)?
    /// Who made each label and note row of count `id` (nil where the store does not record it).
    /// - Throws: `StoreError`.
    func editors(of id: Int64) throws -> [String?]
    /// The highest Z number the till `till` has used (0: none), counting the counts filed
    /// under an older key of its name; a shared store locks the till's numbering for the
    /// rest of the transaction.
    /// - Throws: `StoreError`.
    func lastZNumber(of till: TillName) throws -> Int64
    /// Deletes count `id` with its lines, labels and notes.
    /// - Throws: `StoreError`.
    func deleteCount(_ id: Int64) throws
    /// Files `count` (its id ignored) as made by the save step `step`, stamped with
    /// `step.at`, with the Z number `zNumber` (nil: an X count); returns its new id.
    /// - Throws: `StoreError`.
    func insertCount(_ count: SavedCount, zNumber: Int64?, step: HistoryStep) throws -> Int64
    /// Hides the visible X count `id` for the rm step `step` (deleted_at, deleted_by);
    /// whether there was one.
    /// - Throws: `StoreError`.
    func hide(_ id: Int64, step: HistoryStep) throws -> Bool
    /// Adds a label row `label` (nil: no label) to count `id` for the label step `step`.
    /// - Throws: `StoreError`.
    func insertLabel(_ id: Int64, label: String?, step: HistoryStep) throws
    /// Adds the note row `text` to count `id` for the note step `step`.
    /// - Throws: `StoreError`.
    func insertNote(_ id: Int64, text: String, step: HistoryStep) throws
    /// Deletes for good the count the rm step `key` hid, with its lines, labels and
    /// notes; how many counts.
    /// - Throws: `StoreError`.
    func deleteHidden(by key: String) throws -> Int
}
