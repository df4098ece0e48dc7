// What the SQLite opening tests share: a private folder, a small schema of our own, raw
// SQLite access (as another program would have), and the files' bytes.

import CSQLite
import Foundation
import MoneyKitPlatform
import MoneyKitSQLite
import MoneyKitStorage
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A private folder under the system's temporary folder, removed when the value goes.
final class Scratch {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("moneykit-sqlite-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func path(_ name: String) -> String { folder + "/" + name }

    /// The bytes of `name`, nil when there is no such file.
    func bytes(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path(name)).map { [UInt8]($0) }
    }

    /// Whether anything (a link too) is at `name`.
    func exists(_ name: String) -> Bool {
        var info = stat()
        return lstat(path(name), &info) == 0
    }

    /// Every name in the folder, sorted.
    func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}

/// A store of ours for the tests: one table, one index.
let testSchema = SQLiteSchema(
    name: "a test store", applicationID: 0x4D4B_5445,
    migrations: [
        """
        CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
        CREATE INDEX counters_by_value ON counters(value);
        """
    ])

/// Makes a store of ours at `path` holding `rows` counters, and closes it.
func makeStore(_ path: String, rows: Int = 3) throws {
    let database = try SQLiteDatabase.open(path, schema: testSchema, access: .write(createFolders: false))
    defer { database.close() }
    try database.transaction { db in
        for index in 0..<rows {
            try db.query("INSERT INTO counters VALUES (?, ?)", [.text("c\(index)"), .integer(Int64(index))])
        }
    }
}

/// Makes a store of ours at `path` (three counters), then runs `statement` on it as
/// another program would (none of our checks): an object of its own added, say.
func makeStore(_ path: String, thenRaw statement: String) throws {
    try makeStore(path)
    let raw = try RawSQLite(path)
    try raw.execute(statement)
    raw.close()
}

/// A connection of SQLite's own, as another program (or a person with the sqlite3 shell)
/// would open the file: none of our checks.
final class RawSQLite {
    private var handle: OpaquePointer?

    init(_ path: String) throws {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            throw RawFailure(message: "cannot open \(path)")
        }
    }

    deinit { close() }

    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "?"
            sqlite3_free(message)
            throw RawFailure(message: text)
        }
    }

    func integer(_ sql: String) throws -> Int64 {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw RawFailure(message: sql) }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw RawFailure(message: sql) }
        return sqlite3_column_int64(statement, 0)
    }

    /// Keeps the -wal and -shm files at close, with the changes still in the -wal: what a
    /// program that exits without a checkpoint (or persists its WAL) leaves behind.
    func keepWriteAheadLogOnClose() {
        var persist: Int32 = 1
        sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
        _ = moneykit_sqlite3_db_config_flag(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nil)
    }

    func close() {
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }
}

struct RawFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// The error `body` throws, as a StoreError (recorded as an issue when it throws nothing).
func storeError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> StoreError? {
    do {
        try body()
        Issue.record("expected a StoreError, got none", sourceLocation: sourceLocation)
        return nil
    } catch let error as StoreError {
        return error
    } catch {
        Issue.record("expected a StoreError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Opens `path` for `access` and closes it again.
func openAndClose(_ path: String, _ access: SQLiteAccess, mustExist: Bool = false) throws {
    let database = try SQLiteDatabase.open(path, schema: testSchema, access: access, mustExist: mustExist)
    database.close()
}

let runningAsRoot = geteuid() == 0
