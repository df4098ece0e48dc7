// The rows of the live counts that the rules of TillDirectoryRules.swift read and write,
// inside one transaction of the adapter. An adapter (in-memory, SQLite, PostgreSQL) maps
// these rows to its tables and nothing else: how tills are listed, what removing and
// bringing back a till does, and how a change is checked before it is kept are written
// once. Undo steps are not here: they are the shared journal's (TillUndo.swift).

/// The live counts' rows as one transaction sees them.
package protocol TillDirectoryRows {
    /// Every till's row: its name as first given and its live count (with this actor's
    /// undo steps), in no particular order.
    /// - Throws: `StoreError` for a row that cannot be read (never skipped).
    func allTills() throws -> [KeptTill]
    /// Whether the till `name` has a row (under its key, or an older key of its name).
    /// - Throws: `StoreError`.
    func holdsRow(of name: TillName) throws -> Bool
    /// Moves the till `name`'s row from an older key of its name to its current one, when
    /// it is kept under one (a store without older keys does nothing); call before a
    /// change reads the row.
    /// - Throws: `StoreError`.
    func rekey(_ name: TillName) throws
    /// Makes an empty live count row for the till `name` (named as given) unless it has
    /// one; whether it made it.
    /// - Throws: `StoreError`.
    func insertEmpty(_ name: TillName) throws -> Bool
    /// The live count of the till `name` (nil: no row). `locking`: for a change, the row
    /// locked for the rest of the transaction where the store shares it.
    /// - Throws: `StoreError` for a row that cannot be read.
    func liveCount(of name: TillName, locking: Bool) throws -> TillState?
    /// Writes `state` into the till `name`'s row, read by `liveCount(of:locking:)`
    /// for this change.
    /// - Throws: `StoreError`.
    func write(_ state: TillState, of name: TillName) throws
    /// Deletes the till `name`'s row, with every person's undo steps in it.
    /// - Throws: `StoreError`.
    func deleteTill(_ name: TillName) throws
}
