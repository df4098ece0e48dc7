// The stand-in store of a till built from bare repositories (no TillStore given): `read`
// and `write` run their bodies as they are, each repository's change its own (the order
// Till.swift's top gives keeps every count undoable then). It lets every Till have a
// store, so that its rules can read and write through a session alone (issue 27, item 1).

/// A store over repositories that are no store's: bodies run as they are, nothing is
/// joined into one transaction.
struct RepositoriesTillStore: TillStore {
    /// The session every body is given.
    let session: RepositoriesTillSession

    /// Runs `body` on the repositories as they are.
    /// - Throws: what `body` throws.
    func read<Result>(_ body: (any TillSession) throws -> Result) throws -> Result {
        try body(session)
    }

    /// Runs `body` on the repositories as they are: what it changed before it threw stays.
    /// - Throws: what `body` throws.
    func write<Result>(_ label: String, _ body: (any TillSession) throws -> Result) throws -> Result {
        try body(session)
    }
}

/// The repositories of a till on its own, as a session.
struct RepositoriesTillSession: TillSession {
    /// The till's name.
    let name: TillName
    /// The till's live count, which need not be one of `tills`.
    let live: any TillRepository
    /// Every till's live count (an empty directory for a till on its own, which removes none).
    let tills: any TillDirectory
    /// The saved counts.
    let history: any TillHistoryRepository

    /// The till's own live count for its name; the directory's for any other.
    func live(of name: TillName) -> any TillRepository {
        name == self.name ? live : tills.repository(for: name)
    }
}
