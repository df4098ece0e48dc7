// Knowing when others have changed a store, for a reader that stays open (tally board):
// the file store compares SQLite's data_version on a connection it keeps, the shared store
// LISTENs to the NOTIFY every change sends when it commits, the in-memory store counts its
// changes. Asking never blocks: the board asks between keys.

/// Tells a reader that stays when the store it watches has changed.
public protocol TallyChangeWatch: AnyObject {
    /// Whether the store changed since the watch began or was last asked.
    /// - Throws: the store's errors (a connection lost).
    func hasChanged() throws -> Bool
    /// Lets the store go (a connection closed). Safe to call more than once.
    func close()
}

/// A repository a reader can watch for changes.
public protocol WatchableTallyRepository: TallyRepository {
    /// A watch of this store, from now on.
    /// - Throws: the store's errors.
    func watch() throws -> any TallyChangeWatch
}

extension InMemoryTallyRepository: WatchableTallyRepository {
    /// A watch that sees every change made through this repository.
    /// - Throws: nothing in memory (the protocol's requirement).
    public func watch() throws -> any TallyChangeWatch { InMemoryTallyWatch(self) }
}

/// Compares the in-memory store's count of changes.
final class InMemoryTallyWatch: TallyChangeWatch {
    private weak var repository: InMemoryTallyRepository?
    private var seen: Int

    init(_ repository: InMemoryTallyRepository) {
        self.repository = repository
        seen = repository.changes
    }

    func hasChanged() -> Bool {
        guard let now = repository?.changes, now != seen else { return false }
        seen = now
        return true
    }

    func close() { repository = nil }
}
