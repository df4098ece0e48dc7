// tillcount's one storage seam, in the shape tally's and portfolio's have (and GRDB's
// DatabaseReader.read / DatabaseWriter.write): `read { session in … }` sees one snapshot,
// `write(label) { session in … }` is one transaction holding a till's live count change,
// the history's change (save, rm, label, note) and the undo step together. The adapters
// (InMemoryTillStore here, SQLiteTillStore in TillSQLite, PostgresTillStore in
// TillPostgres) map rows only: the rules stay in TillDirectoryRules, TillHistoryRules and
// TillUndoStepRules, run by Till.
//
// Every Till has a store (a stand-in, RepositoriesTillStore, for one built from bare
// repositories), and the rules in Till.swift read and change only through the session a
// `read` or `write` gives them. (Still to go, issue 27 item 1: the session offers the
// repositories; reading them as rows of the session is the next step.) Undo is the
// shared journal's (UndoJournal): the session gives its rows, TillUndo.swift the rules.

import MoneyKitStorage

/// What one read or one write of a till store sees: every till's live count and the saved
/// counts, all in the same snapshot or transaction.
public protocol TillSession {
    /// Every till's live count.
    var tills: any TillDirectory { get }
    /// The saved counts.
    var history: any TillHistoryRepository { get }
    /// The live count of the till `name` (the directory's, unless a session keeps a till
    /// of its own: the stand-in of a till built from bare repositories).
    func live(of name: TillName) -> any TillRepository
    /// The undo journal's rows (the shared journal, UndoJournal), in the session's
    /// snapshot or transaction: every step of every till and person.
    /// - Throws: the store's errors.
    func journalRows() throws -> any UndoJournalRows
    /// Who this session's changes are made by where several people share the store (their
    /// undo steps are their own); "" where one person keeps it.
    var person: String { get }
}

extension TillSession {
    /// The live count of the till `name`: the directory's.
    public func live(of name: TillName) -> any TillRepository {
        tills.repository(for: name)
    }
}

/// A store of tills, their live counts and their saved counts: the seam every adapter (in
/// memory, SQLite, PostgreSQL) offers.
///
/// `read` sees one consistent state and never creates, migrates or changes anything (a
/// store that does not exist yet reads as empty). `write` runs its body in one transaction
/// on the latest state, holding the change and its undo step, and keeps what the body did
/// only when it returns; when it throws, nothing is stored. Two writes at once never lose
/// an update.
///
/// A body may run more than once: PostgreSQL runs a transaction again after a
/// serialization failure or a deadlock, on a fresh session. So a body has no effect
/// outside its session (no printing, no counting in captured variables it does not
/// reset), and returns what the caller needs instead.
public protocol TillStore {
    /// Runs `body` on one consistent state of the store.
    /// - Throws: what `body` throws; the store's errors (unreadable, not a tillcount store).
    func read<Result>(_ body: (any TillSession) throws -> Result) throws -> Result
    /// Runs `body` as one transaction and keeps what it did, only when it returns. `label`
    /// names the change for people (the action of the undo step the body pushes, as in
    /// "add 20=4"). `body` may run more than once (see above).
    /// - Throws: what `body` throws (nothing is kept); the store's errors (busy, I/O).
    func write<Result>(_ label: String, _ body: (any TillSession) throws -> Result) throws -> Result
}

/// A session of repositories that join the snapshot or the transaction in progress
/// themselves (the database adapters': their reads and changes use its connection).
public struct JoinedTillSession: TillSession {
    /// Every till's live count.
    public let tills: any TillDirectory
    /// The saved counts.
    public let history: any TillHistoryRepository
    /// Who the changes are made by.
    public let person: String
    /// The journal's rows on the session's connection.
    let journal: () throws -> any UndoJournalRows

    /// The session of `tills`, `history` and the journal `journal` gives, for `person`.
    public init(tills: any TillDirectory, history: any TillHistoryRepository, person: String, journal: @escaping () throws -> any UndoJournalRows) {
        self.tills = tills
        self.history = history
        self.person = person
        self.journal = journal
    }

    /// The journal's rows on the session's connection.
    /// - Throws: the store's errors.
    public func journalRows() throws -> any UndoJournalRows { try journal() }
}
