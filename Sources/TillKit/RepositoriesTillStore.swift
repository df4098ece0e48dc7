// The stand-in store of a till built from bare repositories (no TillStore given): `read`
// and `write` run their bodies as they are, each repository's change its own. It lets
// every Till have a store, so that its rules read and write through a session alone.
// Its undo journal is held in memory, as long as the Till is: an app that wants undo to
// outlive it, or a change and its undo step in one transaction, gives a TillStore.

import MoneyKitStorage

/// Runs every body as it is, on bare repositories (see the top of this file).
struct RepositoriesTillStore: TillStore {
    /// The one session every body runs in.
    let session: RepositoriesTillSession

    /// Runs `body` as it is.
    /// - Throws: what `body` throws.
    func read<Result>(_ body: (any TillSession) throws -> Result) throws -> Result {
        try body(session)
    }

    /// Runs `body` as it is: each repository's change is its own.
    /// - Throws: what `body` throws (what it changed before stays).
    func write<Result>(_ label: String, _ body: (any TillSession) throws -> Result) throws -> Result {
        try body(session)
    }
}

/// The session of bare repositories: the till's own live repository, the directory's for
/// other tills, the history, and an undo journal in memory.
struct RepositoriesTillSession: TillSession {
    /// The till the repositories were given for.
    let name: TillName
    /// Its live count.
    let live: any TillRepository
    /// Every till's live count (others than `name`).
    let tills: any TillDirectory
    /// The saved counts.
    let history: any TillHistoryRepository
    /// The undo journal, in memory.
    let journal = InMemoryUndoJournalRows()

    /// The given repository for the till, the directory's for the others.
    func live(of name: TillName) -> any TillRepository {
        name == self.name ? live : tills.repository(for: name)
    }

    /// The journal in memory.
    func journalRows() -> any UndoJournalRows { journal }

    /// One person.
    var person: String { "" }
}
