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
//   id and tables other than exactly ours (what a release before the mark made); any
//   index, trigger or view our migrations do not make (SQLiteSchemaObjects).
// - Before SQLite opens a file, we read its header ourselves (SQLiteFileHeader): another
//   program's application id is refused unopened, and a file cut short (not a whole
//   number of pages, or fewer than its header counts) is refused untouched, for reading
//   too; and the -wal, -shm and -journal beside it must be this user's own files, in a
//   folder not every user may write to (SQLiteCompanionFiles).
// - Until a file is known to be ours, closing it checkpoints nothing: another program's
//   -wal is never folded into its database, nor removed. An unmarked file is judged
//   through a read-only connection, so that SQLite rolls back no journal of another
//   program's, and creates no -wal or -shm file beside it.
// - A read of a store the user named that is not there is refused (`mustExist`), while
//   the default store not made yet reads as empty.
// - A store the tool makes is created by us, exclusively (O_CREAT|O_EXCL|O_NOFOLLOW),
//   before SQLite opens it: never through a link planted at its name. An existing store
//   the user named may be a link they made.

import CSQLite
import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage


extension SQLiteDatabase {
    /// Opens the database at `path` as `schema`'s store, for `access`. With `mustExist`
    /// (a store the user named), a read of a file that is not there is refused rather
    /// than read as an empty store.
    /// - Throws: `StoreError`: `.foreign` for another program's database (or a companion
    ///   file or folder not safe to use), `.newerVersion`, `.corrupt` (also a file cut
    ///   short), `.unreadable` (a named store that is not there, for a read),
    ///   `.cannotCreate` (a write into a folder that does not exist, or through a link), I/O.
    package static func open(
        _ path: String, schema: SQLiteSchema, access: SQLiteAccess, busyTimeoutMilliseconds: Int32 = 10_000,
        mustExist: Bool = false
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
            if mustExist, try fileSize(path) == nil { throw missingStore(path) }
            guard let file = try inspect(path, schema: schema) else {
                return try emptyStore(path, schema: schema, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            }
            try file.judgeIfUnmarked(schema: schema, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            let database = try connect(
                path, readOnly: true, busyTimeoutMilliseconds: busyTimeoutMilliseconds, companionsOf: file)
            do throws(StoreError) {
                if try database.isBlank {
                    database.close()
                    return try emptyStore(path, schema: schema, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                }
                try database.verify(schema)
                try database.adopt()
                // An older version is read as it would be after its migrations, from a
                // copy in memory (unless its schema reads it as it is): the file is
                // migrated only by the next write.
                if schema.readsFromMigratedCopy(at: try database.userVersion) {
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
                    try StoreError.mapping(PosixFile.makeDirectories(folder))
                }
                // A link at the name (to a missing file) is refused here: never created through.
                created = try createExclusively(path)
            } else if try fileSize(path) == 0 {
                // An empty file is filled as a new store: only one of this user's own.
                try requireFillable(path)
            }
            do throws(StoreError) {
                let file = try inspect(path, schema: schema)
                try file?.judgeIfUnmarked(schema: schema, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                let database = try connect(
                    path, readOnly: false, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
                    companionsOf: file ?? SQLiteStoreFile(path: path, real: PosixFile.resolvedPath(path), hadLog: false, header: nil))
                do throws(StoreError) {
                    if try !database.isBlank { try database.verify(schema) }
                    try database.adopt()
                    try database.migrate(to: schema)
                    // The -wal is open now: check again that nobody slipped one in meanwhile.
                    try SQLiteCompanionFiles.check(PosixFile.resolvedPath(path), displayPath: path)
                } catch {
                    database.close()
                    throw error
                }
                return database
            } catch {
                // No empty database left behind by a failed first open.
                // (Only files of ours: one another user planted is left for the message.)
                if created {
                    for suffix in SQLiteCompanionFiles.suffixes + [""] {
                        guard let facts = try? PosixFile.facts(of: path + suffix), SQLiteCompanionFiles.refusal(facts) == nil else { continue }
                        PosixFile.remove(path + suffix)
                    }
                }
                throw error
            }
        }
    }

    /// The refusal of a read of a store the user named at `path`, where there is no file:
    /// a typo reads as an error (66), not as an empty store.
    package static func missingStore(_ path: String) -> StoreError {
        .namedStoreMissing(path)
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
        // The fast paths: a store at the newest version with the pinned shape
        // (SQLiteSchemaShape.swift); else sqlite_master holding exactly the text the
        // migrations create.
        if ours, version == schema.version, let pinned = schema.shape, try SQLiteSchemaShape.of(self, version: version) == pinned { return }
        if ours, try storedSchemaMatches(schema, atVersion: version) { return }
        let (expectedTables, expectedObjects) = try Self.objects(of: schema, atVersion: version, path: path)
        let foundTables = try SQLiteTableShape.all(in: self)
        let foundObjects = try SQLiteSchemaObjects.all(in: self)
        let difference =
            SQLiteTableShape.difference(found: foundTables, expected: expectedTables)
            ?? SQLiteSchemaObjects.difference(found: foundObjects, expected: expectedObjects)
        if let difference {
            if ours { throw StoreError.corrupt(path: path, reason: "\(difference) (schema version \(version))") }
            throw StoreError.foreign(path: path, expected: schema.name, reason: difference)
        }
    }

    /// Marks the connection as one to a file known to be ours: closing it may now fold
    /// the -wal into the database and remove it (until now it would not), and its
    /// companion files are made private.
    func adopt() throws(StoreError) {
        try setCheckpointOnClose(true)
        try SQLiteCompanionFiles.makePrivate(PosixFile.resolvedPath(path))
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

    /// The tables and other objects `schema`'s migrations build up to `version`, built in memory.
    private static func objects(
        of schema: SQLiteSchema, atVersion version: Int64, path: String
    ) throws(StoreError) -> ([String: SQLiteTableShape], SQLiteSchemaObjects) {
        let scratch = try Self.scratch(schema, atVersion: version, path: path)
        defer { scratch.close() }
        return (try SQLiteTableShape.all(in: scratch), try SQLiteSchemaObjects.all(in: scratch))
    }

    /// A database in memory holding what `schema`'s migrations build up to `version`
    /// (`path` names the store in errors). The caller closes it.
    /// - Throws: `StoreError` when a migration fails.
    static func scratch(_ schema: SQLiteSchema, atVersion version: Int64, path: String = ":memory:") throws(StoreError) -> SQLiteDatabase {
        let scratch = try connect(":memory:", displayPath: path, readOnly: false, busyTimeoutMilliseconds: 0)
        do throws(StoreError) {
            for step in 0..<Int(version) { try scratch.execute(schema.migrations[step]) }
        } catch {
            scratch.close()
            throw error
        }
        return scratch
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
    /// -wal file holds changes not yet in it. For a file (`companionsOf`), closing
    /// checkpoints nothing until `adopt()` when a -wal was there before we opened it, and
    /// the companion files SQLite opened are checked once it has opened them.
    private static func connect(
        _ target: String, displayPath: String? = nil, readOnly: Bool, busyTimeoutMilliseconds: Int32,
        companionsOf file: SQLiteStoreFile? = nil
    ) throws(StoreError) -> SQLiteDatabase {
        let path = displayPath ?? target
        // Without a -wal before, a checkpoint on close only removes the -wal and -shm
        // this open made, leaving the folder as it was.
        let checkpointOnClose = !(file?.hadLog ?? false)
        // A reader opens read-write where it may (query_only keeps it from writing), so
        // that as the last connection it removes the -wal and -shm files as a writer does;
        // else read-only.
        var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        var first: SQLiteDatabase
        do {
            first = try rawConnect(
                target, path: path, flags: flags, readOnly: readOnly, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
                checkpointOnClose: checkpointOnClose)
        } catch {
            guard readOnly else { throw error }
            flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
            first = try rawConnect(
                target, path: path, flags: flags, readOnly: readOnly, busyTimeoutMilliseconds: busyTimeoutMilliseconds,
                checkpointOnClose: checkpointOnClose)
        }
        let code = first.probe()
        if code == SQLITE_OK {
            if let file {
                do throws(StoreError) {
                    // SQLite has opened (or made) the -wal and -shm by now: made by another
                    // user between our first look and its open, they are refused before a
                    // byte of ours is written to them.
                    try SQLiteCompanionFiles.check(file.real, displayPath: path)
                } catch {
                    first.close()
                    throw error
                }
            }
            return try first.configured()
        }
        let failure = first.error(code, first.lastMessage(code))
        first.close()
        let primary = code & 0xFF
        let sharedMemoryFailure = primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN || primary == SQLITE_FULL || primary == SQLITE_READONLY
        guard readOnly, target != ":memory:", sharedMemoryFailure else { throw failure }
        guard (try fileSize(target + "-wal") ?? 0) == 0 else {
            // Its last changes are only in the -wal file, which cannot be read without -shm.
            throw StoreError.io(path: path, reason: "\(failure.reasonText); its -wal file holds changes a reader needs a writable -shm file for (is the disk full?)")
        }
        let immutable = try openImmutable(target, path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        let second = immutable.probe()
        guard second == SQLITE_OK else {
            immutable.close()
            throw failure
        }
        return try immutable.configured()
    }

    /// A read-only connection to `target` as it is on disk: SQLite locks nothing, creates
    /// no -wal or -shm and rolls back no journal (so only for a file with no -wal changes
    /// a reader needs, or for judging a file that may not be ours).
    static func openImmutable(_ target: String, path: String, busyTimeoutMilliseconds: Int32) throws(StoreError) -> SQLiteDatabase {
        try rawConnect(
            "file:" + uriEscaped(target) + "?immutable=1", path: path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI,
            readOnly: true, busyTimeoutMilliseconds: busyTimeoutMilliseconds, checkpointOnClose: false)
    }

    /// A read-only connection to the file as it is, for watching its `PRAGMA data_version`
    /// (a reader that stays): no schema is checked or migrated, nothing is written. The
    /// caller checks first that the file is its tool's (`open(…, access: .read)`).
    /// - Throws: `StoreError` when the file cannot be opened.
    package static func openToWatch(_ path: String, busyTimeoutMilliseconds: Int32 = 10_000) throws(StoreError) -> SQLiteDatabase {
        try openForJudging(path, path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    }

    /// A read-only connection that never checkpoints: for judging a file with a -wal that
    /// may be another program's.
    static func openForJudging(_ target: String, path: String, busyTimeoutMilliseconds: Int32) throws(StoreError) -> SQLiteDatabase {
        try rawConnect(
            target, path: path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, readOnly: true,
            busyTimeoutMilliseconds: busyTimeoutMilliseconds, checkpointOnClose: false)
    }

    private static func rawConnect(
        _ target: String, path: String, flags: Int32, readOnly: Bool, busyTimeoutMilliseconds: Int32, checkpointOnClose: Bool = true
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
        let database = SQLiteDatabase(path: path, handle: connection, readOnly: readOnly, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        do throws(StoreError) {
            // Before the first statement reads the schema.
            try database.distrustSchema()
            try database.setCheckpointOnClose(checkpointOnClose)
        } catch {
            database.close()
            throw error
        }
        return database
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
        try StoreError.mapping(PosixFile.fileSize(path))
    }

    /// Creates the file (0600, never through a symlink); false when another process made it first.
    private static func createExclusively(_ path: String) throws(StoreError) -> Bool {
        try StoreError.mapping(PosixFile.createEmptyExclusively(path))
    }

    /// Refuses an empty file at `path` that a new store may not be written into: a link
    /// (the store would be made through it), another user's file, or one with other
    /// names (hard links). One of ours is made private, as a store we create is.
    private static func requireFillable(_ path: String) throws(StoreError) {
        guard let facts = try StoreError.mapping(PosixFile.facts(of: path)) else { return }
        let reason: String?
        if facts.isSymbolicLink {
            reason = "it is a symbolic link to an empty file, and a store is never created through a link; "
                + "remove the link to make the store here"
        } else if !facts.isOwnedByUs {
            reason = "it is an empty file of another user (uid \(facts.owner)); remove it to make the store here"
        } else if facts.links != 1 {
            reason = "it is an empty file with \(facts.links) names (hard links); remove it to make the store here"
        } else {
            reason = nil
        }
        if let reason { throw StoreError.cannotCreate(path: path, reason: reason) }
        if facts.isOpenToOthers { try StoreError.mapping(PosixFile.makePrivate(path)) }
    }

    /// The checks on an existing database file before SQLite opens it: its companion
    /// files and folder, its header (whole, and not another program's). Nil when there
    /// is no file; a file that is empty has no header.
    /// - Throws: `StoreError.foreign`, `.corrupt` (see `SQLiteCompanionFiles`, `SQLiteFileHeader`).
    private static func inspect(_ path: String, schema: SQLiteSchema) throws(StoreError) -> SQLiteStoreFile? {
        guard try fileSize(path) != nil else { return nil }
        // SQLite names the -wal and -shm after the file a link leads to.
        let real = PosixFile.resolvedPath(path)
        try SQLiteCompanionFiles.check(real, displayPath: path)
        let header = try SQLiteFileHeader.read(real, displayPath: path)
        if let header, header.applicationID != 0, header.applicationID != schema.applicationID {
            throw StoreError.foreign(
                path: path, expected: schema.name, reason: "it belongs to another program (application id \(header.applicationID))")
        }
        return SQLiteStoreFile(path: path, real: real, hadLog: try fileSize(real + "-wal") != nil, header: header)
    }
}

/// An existing database file as found before SQLite opened it.
struct SQLiteStoreFile {
    /// The path as the user named it.
    let path: String
    /// The path with links resolved, where SQLite keeps the -wal and -shm.
    let real: String
    /// Whether a -wal file was there: then it may hold another program's changes, which
    /// a connection must not checkpoint or remove before the file is known to be ours.
    let hadLog: Bool
    /// The header, nil for an empty file.
    let header: SQLiteFileHeader?

    /// A file with content but no application id may be another program's (or a store of
    /// a release before the mark): judged through a connection that cannot change it or
    /// its companions (read-only, no checkpoint; immutable when there is no -wal, so no
    /// -wal or -shm is made and no journal rolled back). Refused when not ours.
    /// - Throws: what `verify` throws.
    func judgeIfUnmarked(schema: SQLiteSchema, busyTimeoutMilliseconds: Int32) throws(StoreError) {
        guard let header, header.applicationID == 0 else { return }
        let judge = hadLog
            ? try SQLiteDatabase.openForJudging(path, path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            : try SQLiteDatabase.openImmutable(path, path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        defer { judge.close() }
        let code = judge.probe()
        guard code == SQLITE_OK else { throw judge.error(code, judge.lastMessage(code)) }
        if try judge.isBlank { return }
        try judge.verify(schema)
    }
}
