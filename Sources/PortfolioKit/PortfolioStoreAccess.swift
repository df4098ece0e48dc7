// How a command uses its store: the executable says it, every adapter that has a file
// or a connection to open (SQLite today) honours it.

/// How a command uses the store.
public enum PortfolioStoreAccess: Equatable, Sendable {
    /// Reads only: nothing is created or changed; a missing store reads as empty.
    case read
    /// Changes an existing store (a missing or empty one reads as empty and takes no writes).
    case change
    /// Creates the store when missing (its folders too when `createFolders`).
    case write(createFolders: Bool)
}
