// Watching tally's PostgreSQL store for changes made on any machine: a connection of its
// own LISTENs to the channel every change NOTIFYs when it commits (PostgresStore.change),
// and each ask takes what the server has sent, without waiting.

import MoneyKitStorage
import MoneyKitPostgres
import TallyKit

/// Watches one shared tally store through a listening connection.
final class PostgresTallyWatch: TallyChangeWatch {
    private var listener: PostgresConnection?

    init(listener: PostgresConnection) {
        self.listener = listener
    }

    func hasChanged() throws -> Bool {
        guard let listener else { return false }
        return try listener.takeNotifications()
    }

    func close() {
        listener?.close()
        listener = nil
    }
}

extension PostgresTallyRepository: WatchableTallyRepository {
    /// A watch of this store (see PostgresTallyWatch).
    /// - Throws: `StoreError` when the listening connection cannot be made.
    public func watch() throws -> any TallyChangeWatch { PostgresTallyWatch(listener: try store.listenForChanges()) }
}
