// The file store's adapter of the till store seam (TillStore): every till's live count
// (SQLiteTillDirectory) and the saved counts (SQLiteTillHistory) in one SQLite database,
// a read one read transaction, a write one write transaction (BEGIN IMMEDIATE) that every
// change of both joins.

import TillKit
import MoneyKitSQLite
import MoneyKitStorage

/// The live counts and the history of the file store's one database (see the top of this file).
public struct SQLiteTillStore: TillStore, TillSession {
    /// Every till's live count.
    public let directory: SQLiteTillDirectory
    /// The saved counts.
    public let files: SQLiteTillHistory

    /// The store of `directory` and `history`, which share one database.
    public init(directory: SQLiteTillDirectory, history: SQLiteTillHistory) {
        self.directory = directory
        self.files = history
    }

    /// Every till's live count.
    public var tills: any TillDirectory { directory }

    /// The saved counts.
    public var history: any TillHistoryRepository { files }

    /// The undo journal in the database: the writer's inside a write, the snapshot's
    /// inside a read; empty where no database exists yet.
    /// - Throws: `StoreError` (unreadable, foreign, newer, corrupt).
    public func journalRows() throws -> any UndoJournalRows {
        guard directory.database.holdsSomething else { return InMemoryUndoJournalRows() }
        return SQLiteUndoJournalRows(database: try directory.database.reader())
    }

    /// One person keeps the file store.
    public var person: String { "" }

    /// Runs `body` with its reads in one read transaction (a missing database reads as empty).
    /// - Throws: what `body` throws; `StoreError` (unreadable, foreign, newer).
    public func read<Result>(_ body: (any TillSession) throws -> Result) throws -> Result {
        try directory.database.reading { try body(self) }
    }

    /// Runs `body` in one write transaction of the database (joining the one open, if
    /// any): committed when it returns, rolled back when it throws.
    /// - Throws: what `body` throws; `StoreError` (cannot create, busy, I/O).
    public func write<Result>(_ label: String, _ body: (any TillSession) throws -> Result) throws -> Result {
        try directory.database.write { _ in try body(self) }
    }
}
