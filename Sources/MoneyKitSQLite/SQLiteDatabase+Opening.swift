// How a tool opens its database: the one place that decides what is created, what is
// adopted and what is refused.
//
// - Reading never creates, migrates, marks or switches to WAL. A missing or empty file
//   reads as an empty store kept in memory. When SQLite cannot make the -shm file a
//   WAL reader needs (a full disk, a read-only folder), the file is read as immutable,
//   provided no -wal file holds changes not yet in it.
// - Writing creates a missing file (0600; its folders 0700 only at the default
//   location), migrates it and marks it with the schema's application id. A file this
//   call created is removed again when it could not be made a store.
// - A database that is not ours is refused, not adopted: another application id, or no
//   id and tables other than exactly ours (what a release before the mark made).

import CSQLite
import MoneyKit
import MoneyKitPlatform


extension SQLiteDatabase {
    /// Opens the database at `path` as `schema`'s store, for `access`.
    /// - Throws: `StoreError`: `.foreign` for another program's database, `.newerVersion`,
    ///   `.corrupt`, `.cannotCreate` (a write into a folder that does not exist), I/O.
    package static func open(
        _ path: String, schema: SQLiteSchema, access: SQLiteAccess, busyTimeoutMilliseconds: Int32 = 10_000
    ) throws(StoreError) -> SQLiteDatabase {
        // A folder, FIFO or device is no database: refused before SQLite opens it (a FIFO
        // would otherwise read as an empty store, or fail as "disk I/O error").
        if path != ":memory:", PosixFile.holdsNonRegularFile(path) {
            throw StoreError.unreadable(path: path, reason: "not a regular file")
        }
        switch access {
        case .change:
            let access: SQLiteAccess = try fileSize(path) ?? 0 > 0 ? .write(createFolders: false) : .read
            return try open(path, schema: schema, access: access, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        case .read:
            guard try fileSize(path) ?? 0 > 0 else {
                return try emptyStore(path, schema: schema, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            }
            let database = try connect(path, readOnly: true, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            do throws(StoreError) {
                if try database.isBlank {
                    database.close()
                    return try emptyStore(path, schema: schema, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                }
                try database.verify(schema)
                // An older version is read as it would be after its migrations, from a
                // copy in memory: the file is migrated only by the next write.
                if try database.userVersion < schema.version {
                    let copy = try database.migratedCopy(schema, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                    database.close()
                    return copy
                }
            } catch {
                database.close()
                throw error
            }
            return database
        case .write(let createFolders):
            var created = false
            if try fileSize(path) == nil {
                let folder = PosixFile.directory(of: path)
                if try fileSize(folder) == nil {
                    guard createFolders else {
                        throw StoreError.cannotCreate(path: path, reason: "the folder \(folder) does not exist")
                    }
                    try PosixFile.makeDirectories(folder)
                }
                created = try createExclusively(path)
            }
            do throws(StoreError) {
                let database = try connect(path, readOnly: false, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                do throws(StoreError) {
                    if try !database.isBlank { try database.verify(schema) }
                    try database.migrate(to: schema)
                } catch {
                    database.close()
                    throw error
                }
                return database
            } catch {
                // No empty database left behind by a failed first open.
                if created { for suffix in ["-wal", "-shm", "-journal", ""] { PosixFile.remove(path + suffix) } }
                throw error
            }
        }
    }

    /// Refuses a database that is not `schema`'s: another application id, a newer version,
    /// or tables that differ from the ones its migrations build at its version.
    func verify(_ schema: SQLiteSchema) throws(StoreError) {
        let mark = try applicationID
        let version = try userVersion
        let ours = mark == schema.applicationID
        if mark != 0 && !ours {
            throw StoreError.foreign(path: path, expected: schema.name, reason: "it belongs to another program (application id \(mark))")
        }
        if version > schema.version {
            guard ours else {
                throw StoreError.foreign(path: path, expected: schema.name, reason: "it is unmarked and has schema version \(version)")
            }
            throw StoreError.newerVersion(path: path, found: Int(version), supported: Int(schema.version))
        }
        guard version >= 0 else {
            throw StoreError.foreign(path: path, expected: schema.name, reason: "it has schema version \(version)")
        }
        // The fast path: sqlite_master holds exactly the text the migrations create.
        if ours, try storedSchemaMatches(schema, atVersion: version) { return }
        let expected = try Self.tables(of: schema, atVersion: version, path: path)
        if let difference = SQLiteTableShape.difference(found: try SQLiteTableShape.all(in: self), expected: expected) {
            if ours { throw StoreError.corrupt(path: path, reason: "\(difference) (schema version \(version))") }
            throw StoreError.foreign(path: path, expected: schema.name, reason: difference)
        }
    }

    /// The database copied into memory and migrated there to `schema.version`, for reading.
    private func migratedCopy(_ schema: SQLiteSchema, busyTimeoutMilliseconds: Int32) throws(StoreError) -> SQLiteDatabase {
        let version = try userVersion
        let copy = try Self.connect(":memory:", displayPath: path, readOnly: false, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        guard let source = connectionHandle, let target = copy.connectionHandle,
            let backup = sqlite3_backup_init(target, "main", source, "main")
        else {
            copy.close()
            throw StoreError.io(path: path, reason: "cannot read it into memory")
        }
        let code = sqlite3_backup_step(backup, -1)
        sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE else {
            copy.close()
            throw error(code, lastMessage(code))
        }
        do throws(StoreError) {
            for step in Int(version)..<Int(schema.version) { try copy.execute(schema.migrations[step]) }
            try copy.execute("PRAGMA query_only = ON")
        } catch {
            copy.close()
            throw error
        }
        copy.isReadOnly = true
        return copy
    }

    /// A file SQLite has nothing in: no tables, no version, no mark (a new or empty file).
    var isBlank: Bool {
        get throws(StoreError) {
            let version = try userVersion
            let mark = try applicationID
            let objects = try scalarInteger("SELECT count(*) FROM sqlite_master") ?? 0
            return version == 0 && mark == 0 && objects == 0
        }
    }

    // MARK: connecting

    /// The tables `schema`'s migrations build up to `version`, built in memory.
    private static func tables(of schema: SQLiteSchema, atVersion version: Int64, path: String) throws(StoreError) -> [String: SQLiteTableShape] {
        let scratch = try connect(":memory:", displayPath: path, readOnly: false, busyTimeoutMilliseconds: 0)
        defer { scratch.close() }
        for step in 0..<Int(version) { try scratch.execute(schema.migrations[step]) }
        return try SQLiteTableShape.all(in: scratch)
    }

    /// An empty store in memory standing in for a missing or empty file: reads find
    /// nothing, and nothing can be written (query_only).
    private static func emptyStore(_ path: String, schema: SQLiteSchema, busyTimeoutMilliseconds: Int32) throws(StoreError) -> SQLiteDatabase {
        let database = try connect(":memory:", displayPath: path, readOnly: false, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        for migration in schema.migrations { try database.execute(migration) }
        try database.execute("PRAGMA query_only = ON")
        database.isReadOnly = true
        database.exists = false
        return database
    }

    /// Opens a connection and reads the schema, which tells whether the file is a database.
    /// A reader that SQLite cannot give a -shm file reads the file as immutable when no
    /// -wal file holds changes not yet in it.
    private static func connect(
        _ target: String, displayPath: String? = nil, readOnly: Bool, busyTimeoutMilliseconds: Int32
    ) throws(StoreError) -> SQLiteDatabase {
        let path = displayPath ?? target
        // A reader opens read-write where it may (query_only keeps it from writing), so
        // that as the last connection it removes the -wal and -shm files as a writer does;
        // else read-only.
        var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        var first: SQLiteDatabase
        do {
            first = try rawConnect(target, path: path, flags: flags, readOnly: readOnly, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        } catch {
            guard readOnly else { throw error }
            flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
            first = try rawConnect(target, path: path, flags: flags, readOnly: readOnly, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        }
        let code = first.probe()
        if code == SQLITE_OK { return try first.configured() }
        let failure = first.error(code, first.lastMessage(code))
        first.close()
        let primary = code & 0xFF
        let sharedMemoryFailure = primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN || primary == SQLITE_FULL || primary == SQLITE_READONLY
        guard readOnly, target != ":memory:", sharedMemoryFailure else { throw failure }
        guard (try fileSize(target + "-wal") ?? 0) == 0 else {
            // Its last changes are only in the -wal file, which cannot be read without -shm.
            throw StoreError.io(path: path, reason: "\(failure.reasonText); its -wal file holds changes a reader needs a writable -shm file for (is the disk full?)")
        }
        let immutable = try rawConnect(
            "file:" + uriEscaped(target) + "?immutable=1", path: path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, readOnly: true,
            busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        let second = immutable.probe()
        guard second == SQLITE_OK else {
            immutable.close()
            throw failure
        }
        return try immutable.configured()
    }

    private static func rawConnect(
        _ target: String, path: String, flags: Int32, readOnly: Bool, busyTimeoutMilliseconds: Int32
    ) throws(StoreError) -> SQLiteDatabase {
        var connection: OpaquePointer?
        // Files SQLite creates (-wal, -shm): 0600.
        let code = PosixFile.withPrivateFileMask { sqlite3_open_v2(target.systemPath, &connection, flags, nil) }
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close(connection)
            if code == SQLITE_CANTOPEN { throw StoreError.unreadable(path: path, reason: message) }
            throw StoreError.io(path: path, reason: message)
        }
        sqlite3_busy_timeout(connection, busyTimeoutMilliseconds)
        return SQLiteDatabase(path: path, handle: connection, readOnly: readOnly, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    }

    /// `file:` URI text for a path: every byte but unreserved ones and '/' percent-escaped.
    private static func uriEscaped(_ path: String) -> String {
        var result = ""
        for byte in LosslessText.encode(path) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                result += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
            }
        }
        return result
    }

    // MARK: files

    /// The size of the file at `path`, nil when there is none.
    static func fileSize(_ path: String) throws(StoreError) -> Int64? {
        try PosixFile.fileSize(path)
    }

    /// Creates the file (0600, never through a symlink); false when another process made it first.
    private static func createExclusively(_ path: String) throws(StoreError) -> Bool {
        try PosixFile.createEmptyExclusively(path)
    }
}
