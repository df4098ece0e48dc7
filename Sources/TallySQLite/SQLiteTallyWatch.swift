// Watching tally's SQLite database for changes made by other processes: a read-only
// connection kept open for the watch's life, whose PRAGMA data_version moves whenever
// another connection commits (SQLite's own answer to "has anyone written since?"). A
// database that does not exist yet is looked for at every ask; its appearing is a change.

import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitSQLite
import TallyKit

/// Watches one tally database through a connection of its own.
final class SQLiteTallyWatch: TallyChangeWatch {
    private let path: String
    private var database: SQLiteDatabase?
    private var version: Int64?

    /// A watch of the database at `path`, from now on.
    /// - Throws: `StoreError` when it exists and cannot be opened as tally's.
    init(path: String) throws {
        self.path = path
        _ = try openIfThere()
    }

    /// Opens the database when it has content; true when it was opened just now.
    private func openIfThere() throws -> Bool {
        guard database == nil, try (StoreError.mapping(PosixFile.fileSize(path)) ?? 0) > 0 else { return false }
        // Checked as tally's first (another program's file is refused); then watched through
        // a plain read-only connection: a read of an older schema is a migrated copy in
        // memory, whose data_version would never move.
        try SQLiteDatabase.open(path, schema: SQLiteTallySchema.schema, access: .read).close()
        let opened = try SQLiteDatabase.openToWatch(path)
        database = opened
        version = try opened.scalarInteger("PRAGMA data_version")
        return true
    }

    func hasChanged() throws -> Bool {
        if try openIfThere() { return true }
        guard let database else { return false }
        let now = try database.scalarInteger("PRAGMA data_version")
        defer { version = now }
        return now != version
    }

    func close() {
        database?.close()
        database = nil
    }
}

extension SQLiteTallyRepository: WatchableTallyRepository {
    /// A watch of this store's database (see SQLiteTallyWatch).
    /// - Throws: `StoreError` when the database exists and cannot be opened as tally's.
    public func watch() throws -> any TallyChangeWatch { try SQLiteTallyWatch(path: paths.database) }
}
