// The JSON adapter of the live count: the state file, changed under its lock, written to a
// private temporary file, fsynced and renamed into place (see JSONFileStore).

import MoneyKitStorage

/// The live count kept in the JSON state file.
public struct JSONTillRepository: TillRepository {
    /// The state file's store.
    public let store: JSONFileStore<TillState>

    /// The live count kept in `store`.
    public init(store: JSONFileStore<TillState>) {
        self.store = store
    }

    /// The state file, for messages.
    public var path: String { store.path }

    /// The live count, or an empty one when there is no file yet; takes no lock.
    /// - Throws: `StoreError` for a file that cannot be read (corrupt, newer, unreadable).
    public func load() throws -> TillState {
        try store.load()
    }

    /// Changes the file under its lock (written to a temporary file, fsynced, renamed).
    /// - Throws: `StoreError` (unreadable, busy, cannot create, I/O) or what `body` throws; then the file is unchanged.
    public func change<Result>(_ body: (inout TillState) throws -> Result) throws -> Result {
        try store.write(body)
    }
}
