// The JSON adapter of the live count: the state file, changed under its lock, written to a
// private temporary file, fsynced and renamed into place (see JSONFileStore).

import MoneyKitStorage

public struct JSONTillRepository: TillRepository {
    public let store: JSONFileStore<TillState>

    public init(store: JSONFileStore<TillState>) {
        self.store = store
    }

    public var path: String { store.path }

    public func load() throws -> TillState {
        try store.load()
    }

    public func change<Result>(_ body: (inout TillState) throws -> Result) throws -> Result {
        try store.write(body)
    }
}
