// Where tally's database is, and which JSON document of an older tally it takes over.
//
// The rule (also in tally's man page, FILES): the store named (by --file, TALLY_FILE or
// the default $XDG_DATA_HOME/tally/counters.json) is
// - a path ending in ".json": a JSON tally document of an older tally (or its name, when
//   there is none); the database is beside it, ".json" replaced by ".db"
//   (counters.json → counters.db);
// - a file holding a JSON tally document under another name: the database is beside it,
//   ".db" appended (my-counters → my-counters.db);
// - any other path: the database itself.
// The JSON document is imported into the database by the first command that changes
// something, and is never changed or removed: it stays as a backup.

import MoneyKitPlatform

/// The database a store location stands for, and the JSON document it takes over.
public struct TallyStorePaths: Equatable, Sendable {
    /// The SQLite database.
    public var database: String
    /// The JSON tally document of an older tally imported on the first change, if the
    /// location names one (it may not exist).
    public var legacy: String?
    /// True at the XDG default, where missing folders are created (0700).
    public var isDefault: Bool

    /// Paths given as they are.
    public init(database: String, legacy: String?, isDefault: Bool) {
        self.database = database
        self.legacy = legacy
        self.isDefault = isDefault
    }

    /// The paths `path` stands for (see the rule above).
    public init(path: String, isDefault: Bool) {
        self.isDefault = isDefault
        if path.hasSuffix(".json") && path.utf8.count > 5 && !path.hasSuffix("/.json") {
            legacy = path
            database = String(path.dropLast(5)) + ".db"
        } else if Self.holdsJSON(path) {
            legacy = path
            database = path + ".db"
        } else {
            legacy = nil
            database = path
        }
    }

    /// Whether the regular file at `path` starts (after white space) with `{`: a JSON
    /// document, never a database (which starts "SQLite format 3"). Reads 64 bytes at most.
    static func holdsJSON(_ path: String) -> Bool {
        guard PosixFile.isRegularFile(path), let file = try? FileDescriptor.openForReading(path) else { return false }
        defer { file.close() }
        var buffer = [UInt8](repeating: 0, count: 64)
        guard let count = try? file.read(into: &buffer) else { return false }
        let first = buffer.prefix(count).first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{")
    }
}
