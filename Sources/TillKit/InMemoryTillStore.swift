// The in-memory adapter of the till store (for apps that keep nothing on disk, and for the
// kit's tests): a write works on the rows and puts back the copy taken before it when its
// body throws, so what a failed write did is never kept, as in a database transaction.

import MoneyKitStorage

/// Every till's live count and the saved counts, kept in memory (see the top of this file).
public final class InMemoryTillStore: TillStore, TillSession {
    /// Every till's live count.
    public let memoryTills: InMemoryTillDirectory
    /// The saved counts.
    public let memoryHistory: InMemoryTillHistory

    /// A store of `tills` and `history` (empty ones unless given).
    public init(tills: InMemoryTillDirectory = InMemoryTillDirectory(), history: InMemoryTillHistory = InMemoryTillHistory()) {
        self.memoryTills = tills
        self.memoryHistory = history
    }

    /// Every till's live count.
    public var tills: any TillDirectory { memoryTills }

    /// The saved counts.
    public var history: any TillHistoryRepository { memoryHistory }

    /// The undo journal's rows in memory.
    public let memoryJournal = InMemoryUndoJournalRows()

    /// The journal in memory.
    public func journalRows() -> any UndoJournalRows { memoryJournal }

    /// One person.
    public var person: String { "" }

    /// Runs `body` on the rows as they are.
    /// - Throws: what `body` throws.
    public func read<Result>(_ body: (any TillSession) throws -> Result) throws -> Result {
        try body(self)
    }

    /// Runs `body` on the rows; when it throws, the rows as they were before are put back.
    /// - Throws: what `body` throws (then nothing of it is kept).
    public func write<Result>(_ label: String, _ body: (any TillSession) throws -> Result) throws -> Result {
        let tillsBefore = memoryTills.rows.tills
        let (historyBefore, lastIDBefore, auditBefore) = (memoryHistory.rows, memoryHistory.lastID, memoryHistory.audit)
        let journalBefore = memoryJournal.tables
        do {
            return try body(self)
        } catch {
            memoryTills.rows = InMemoryTillDirectoryRows(tills: tillsBefore)
            (memoryHistory.rows, memoryHistory.lastID, memoryHistory.audit) = (historyBefore, lastIDBefore, auditBefore)
            memoryJournal.tables = journalBefore
            throw error
        }
    }
}
