// A store the portfolio tool opens and closes: the repository, whichever backend holds it
// (a SQLite file or a PostgreSQL database). The executable picks the adapter from the
// store's text; no command knows which one it has.

/// A repository the tool opens for one command and closes after it.
public protocol PortfolioStore: PortfolioRepository {
    /// Ends the store's use by this process (the file's connection closed, its WAL checkpointed).
    func close()
}
