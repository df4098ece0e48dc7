// The SQLite adapter of the live counts: each till a row of the history's database
// (table tills, schema version 6: till_key, the name's match key; till, the name as
// first given; state, the live count as the state file keeps it, TillStateJSON.swift;
// its undo steps are the journal's since version 7), so that a change to a live count,
// to the history and the undo step are one transaction (SQLiteTillDatabase).
//
// Taking over the JSON files: the live counts kept before in count.json (the default
// till) and count.tills/ (the others, JSONTillDirectory) are read as they are by every
// read until the first write. That write imports them all in its own transaction (each
// checked by the JSON loader: a file that cannot be read is refused, 65, and nothing is
// imported), records where they were (live_count_files), and once committed renames them
// as backups beside: count.json.migrated and count.tills.migrated. From then on the files
// are never read again; a rename that failed leaves the file where it was, unread.

import TillKit
import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitSQLite

/// Every till's live count in the file store's SQLite database (see the top of this file).
public struct SQLiteTillDirectory: TillDirectory {
    /// The database, shared with the history.
    public let database: SQLiteTillDatabase
    /// The JSON files taken over by the first write (read until then).
    public let files: JSONTillDirectory

    /// The live counts in `database`, taking over those of `files`; `now` (the system
    /// clock unless given) stamps the take-over.
    public init(database: SQLiteTillDatabase, files: JSONTillDirectory, now: @escaping @Sendable () -> Double = { Instant.preciseNow() }) {
        self.database = database
        self.files = files
        let files = files
        database.beforeWrite = { db in try Self.takeOver(files, into: db, at: Instant.iso8601UTC(now())) }
    }

    /// The live count of the till `name` (a row of its own, made by its first change).
    public func repository(for name: TillName) -> any TillRepository {
        SQLiteTillRepository(directory: self, till: name)
    }

    /// Every till kept: the default till first when it has a row, then the others by name
    /// (before the take-over: the files, as JSONTillDirectory lists them).
    /// - Throws: `StoreError` for a row or file that cannot be read (never skipped).
    public func tills() throws -> [KeptTill] {
        try readingEither(fromFiles: { try files.tills() }) { db in try TillDirectoryRules.tills(in: SQLiteTillRows(database: db)) }
    }

    /// The default till, and every till with a row (before the take-over: a file).
    public func keeps(_ name: TillName) -> Bool {
        let kept = try? TillDirectoryRules.keeps(name) {
            try readingEither(fromFiles: { files.keeps(name) }) { db in try SQLiteTillRows(database: db).holdsRow(of: name) }
        }
        return kept ?? false
    }

    /// Deletes the till `name`'s row once `check` accepted it; nil
    /// when there is none.
    /// - Throws: `StoreError`, or what `check` throws (then nothing changes).
    public func remove(_ name: TillName, checking check: (TillState) throws -> Void) throws -> TillState? {
        try database.write { db in try TillDirectoryRules.remove(name, in: SQLiteTillRows(database: db), checking: check) }
    }

    /// Makes the till `name`'s row from `state`, its `updated` at `stamp`, unless it has one (then false).
    /// - Throws: `StoreError`, `TillError.changeWouldBreakStore`.
    public func restore(_ name: TillName, state: TillState, at stamp: String) throws -> Bool {
        try database.write { db in try TillDirectoryRules.restore(name, state: state, at: stamp, in: SQLiteTillRows(database: db)) }
    }

    // MARK: rows

    /// What `fromDatabase` reads once the files are taken over, else what `fromFiles`
    /// reads. The files are read first: a take-over committed meanwhile is then seen in
    /// the database, so that no read finds the files renamed and the rows not there.
    func readingEither<Result>(fromFiles: () throws -> Result, fromDatabase: (SQLiteDatabase) throws -> Result) throws -> Result {
        if database.isWriting { return try fromDatabase(try database.reader()) }
        let filed = Swift.Result { try fromFiles() }
        // No database yet (a store the user named is made by the first write).
        guard try StoreError.mapping(PosixFile.fileSize(database.path)) != nil else { return try filed.get() }
        let db = try database.reader()
        guard try Self.isTakenOver(db) else { return try filed.get() }
        return try fromDatabase(db)
    }

    /// Whether the database holds the live counts (the files are taken over).
    static func isTakenOver(_ db: SQLiteDatabase) throws -> Bool {
        try db.scalarInteger("SELECT count(*) FROM live_count_files") ?? 0 > 0
    }

    /// The live count of the till `name` in `db`, nil when it has no row.
    static func state(of name: TillName, in db: SQLiteDatabase) throws -> TillState? {
        guard let row = try db.query("SELECT till_key, till, state FROM tills WHERE till_key = ?", [.text(name.key)]).first else { return nil }
        return try till(from: row, in: db).1
    }

    /// A till's name and live count from its row, checked as the state file's loader checks it.
    static func till(from row: [SQLiteValue], in db: SQLiteDatabase) throws -> (TillName, TillState) {
        guard row.count == 3, case .text(let key) = row[0], case .text(let display) = row[1], case .text(let text) = row[2] else {
            throw StoreError.corrupt(path: db.path, reason: "a till's live count has unexpected values")
        }
        let name = TillName(stored: display)
        guard name.key == key else {
            throw StoreError.corrupt(path: db.path, reason: "the live count of till '\(display)' is kept under the key '\(key)', not '\(name.key)'")
        }
        do throws(StoredContentError) {
            let state = try TillStateText.state(from: text)
            if !name.isMain, let kept = state.tillName, TillName(stored: kept) != name {
                throw StoredContentError("it keeps till '\(kept)'")
            }
            return (name, state)
        } catch {
            throw StoreError.corrupt(path: db.path, reason: "the live count of till '\(display)' cannot be read: \(error.message)")
        }
    }

    /// Writes `state` as the row of the till `name`, checked first as the loader reads it.
    static func write(_ state: TillState, of name: TillName, in db: SQLiteDatabase) throws {
        try state.checkStorable()
        try db.query(
            "INSERT INTO tills (till_key, till, state) VALUES (?, ?, ?) ON CONFLICT (till_key) DO UPDATE SET state = excluded.state",
            [.text(name.key), .text(name.display), .text(TillStateText.text(of: state))])
    }

    /// Imports the live count files into `db` unless done already (see the top of this
    /// file), recording it as taken over at `stamp`; returns the renaming of the files, to
    /// run once the import is committed.
    static func takeOver(_ files: JSONTillDirectory, into db: SQLiteDatabase, at stamp: String) throws -> (() -> Void)? {
        guard try !isTakenOver(db) else { return nil }
        for kept in try files.tills() {
            var state = kept.state
            if !kept.name.isMain { state.tillName = state.tillName ?? kept.name.display }
            guard try Self.state(of: kept.name, in: db) == nil else {
                throw StoreError.corrupt(
                    path: files.folder, reason: "two files keep the live count of till '\(kept.name.display)'; keep one of them")
            }
            try write(state, of: kept.name, in: db)
        }
        try db.query("INSERT INTO live_count_files (state_file, taken_over_at) VALUES (?, ?)",
                     [.text(files.stateFile.path), .text(stamp)])
        // The files' undo stacks arrive in the rows: into the journal, as migration 7 does.
        try db.execute(SQLiteTillUndoStacks.conversion)
        return {
            _ = PosixFile.keepAsBackup(files.stateFile.path, suffix: ".migrated")
            _ = PosixFile.keepAsBackup(files.folder, suffix: ".migrated")
        }
    }
}

/// The live count of one till in the file store's SQLite database.
public struct SQLiteTillRepository: TillRepository {
    let directory: SQLiteTillDirectory
    /// The till.
    public let till: TillName

    /// The live count (empty when the till has no row yet); before the take-over, its file's.
    /// - Throws: `StoreError` for a row or file that cannot be read.
    public func load() throws -> TillState {
        try directory.readingEither(fromFiles: { try directory.files.repository(for: till).load() }) { db in
            try TillDirectoryRules.load(till, in: SQLiteTillRows(database: db))
        }
    }

    /// Runs `body` on the live count in one write transaction (or the one open), and
    /// writes back what it leaves, checked as the loader reads it.
    /// - Throws: `StoreError`, `TillError.changeWouldBreakStore`, or what `body` throws (then nothing changes).
    public func change<Result>(_ body: (inout TillState) throws -> Result) throws -> Result {
        try directory.database.write { db in try TillDirectoryRules.change(till, in: SQLiteTillRows(database: db), body) }
    }
}

/// The live counts' rows in an SQLite transaction, as TillDirectoryRules reads and writes
/// them: SQL only, no rule. A till's undo steps are the journal's (TillUndo.swift).
struct SQLiteTillRows: TillDirectoryRows {
    let database: SQLiteDatabase

    func allTills() throws -> [KeptTill] {
        try database.query("SELECT till_key, till, state FROM tills").map { row in
            let (name, state) = try SQLiteTillDirectory.till(from: row, in: database)
            return KeptTill(name: name, state: state)
        }
    }

    func holdsRow(of name: TillName) throws -> Bool {
        try database.scalarInteger("SELECT count(*) FROM tills WHERE till_key = ?", [.text(name.key)]) ?? 0 > 0
    }

    /// Tills keep the current key since they have rows (schema 6).
    func rekey(_ name: TillName) throws {}

    func insertEmpty(_ name: TillName) throws -> Bool {
        try database.query(
            "INSERT INTO tills (till_key, till, state) VALUES (?, ?, ?) ON CONFLICT (till_key) DO NOTHING",
            [.text(name.key), .text(name.display), .text(TillStateText.text(of: TillState()))])
        return database.changes != 0
    }

    func liveCount(of name: TillName, locking: Bool) throws -> TillState? {
        try SQLiteTillDirectory.state(of: name, in: database)
    }

    func write(_ state: TillState, of name: TillName) throws {
        try SQLiteTillDirectory.write(state, of: name, in: database)
    }

    func deleteTill(_ name: TillName) throws {
        try database.query("DELETE FROM tills WHERE till_key = ?", [.text(name.key)])
    }
}

/// The live count as text: the state file's bytes (envelope, content, newline), which a
/// row keeps, read back with the state file's own checks.
enum TillStateText {
    /// The text of `state`, as its file would hold it.
    static func text(of state: TillState) -> String {
        let envelope = JSONValue.object([
            ("format", .string(TillState.formatName)), ("version", .integer(TillState.formatVersion)),
            ("content", state.storedContent),
        ])
        return envelope.serialized(pretty: true) + "\n"
    }

    /// The live count `text` keeps, every invariant checked.
    /// - Throws: `StoredContentError` naming what is wrong.
    static func state(from text: String) throws(StoredContentError) -> TillState {
        let envelope: JSONValue
        do {
            envelope = try JSONValue.parse(Array(text.utf8))
        } catch {
            throw StoredContentError("not valid JSON (\(error))")
        }
        guard envelope["format"]?.stringValue == TillState.formatName, let version = envelope["version"]?.int64Value,
            let content = envelope["content"]
        else { throw StoredContentError("not a \(TillState.formatName) document") }
        guard (1...Int64(TillState.formatVersion)).contains(version) else {
            throw StoredContentError("format version \(version) is not one this tillcount reads (1 to \(TillState.formatVersion))")
        }
        let state = try TillState(storedContent: content, version: Int(version))
        try state.checkInvariants()
        return state
    }
}
