// The file store's one database: the history (SQLiteTillHistory) and, since schema
// version 6, every till's live count (SQLiteTillDirectory), and since version 7 the undo
// journal. One connection writes for all, so that a command that changes the live count,
// the history and its undo step (save, history rm, label, note, tills rm, undo) is one
// transaction: a kill at
// any instant leaves the old state or the new one (SQLiteTillStore.write).
//
// A write that finds a transaction open on this connection joins it; the outermost one
// commits. Reads inside a write read through the writer (they see the change so far);
// other reads open the database read-only, which creates, migrates and changes nothing.
//
// The live counts kept in JSON files before (count.json and the tills in count.tills/)
// are taken over by the first write: imported in its own transaction, then the files are
// kept beside as backups (SQLiteTillDirectory.swift says how).

import TillKit
import MoneyKitPlatform
import MoneyKitSQLite

/// The SQLite database of the file store (see the top of this file).
public final class SQLiteTillDatabase {
    /// The database file.
    public let path: String
    /// Whether a write may create the database's missing folders (its default location).
    public let createsFolders: Bool
    /// Whether a read of a missing database is an error (a store the user named).
    public let mustExist: Bool
    /// Run at the start of every outermost write transaction, before its body: the
    /// take-over of the live count files (SQLiteTillDirectory). Returns what to do once
    /// the transaction is committed.
    var beforeWrite: ((SQLiteDatabase) throws -> (() -> Void)?)?
    /// The connection of the write in progress, while one is.
    private var writer: SQLiteDatabase?
    /// The read-only connection of the snapshot `reading` holds, while it does.
    private var snapshot: SQLiteDatabase?

    /// The database at `path`; a write creates missing folders only with
    /// `createsFolders`; a read finds a missing one an error with `mustExist`.
    public init(path: String, createsFolders: Bool, mustExist: Bool = false) {
        self.path = path
        self.createsFolders = createsFolders
        self.mustExist = mustExist
    }

    /// Opens the database for `access`; reading creates, migrates and marks nothing.
    func open(_ access: SQLiteAccess) throws -> SQLiteDatabase {
        var access = access
        if case .write = access { access = .write(createFolders: createsFolders) }
        return try SQLiteDatabase.open(path, schema: SQLiteTillHistory.schema, access: access, mustExist: mustExist)
    }

    /// The connection to read with: the writer's inside a write, the snapshot's inside
    /// `reading`, else a read-only one.
    /// - Throws: `StoreError` (unreadable, foreign, newer, corrupt).
    func reader() throws -> SQLiteDatabase {
        if let writer, writer.isInTransaction { return writer }
        if let snapshot { return snapshot }
        return try open(.read)
    }

    /// Runs `body` with every read in it in one snapshot (one read transaction), where the
    /// database holds something and opens; else (missing, or refused: the reads in `body`
    /// say why, as they would alone) as it is. Inside a write, its reads are the writer's.
    /// - Throws: what `body` throws.
    func reading<Result>(_ body: () throws -> Result) throws -> Result {
        if isWriting || snapshot != nil { return try body() }
        guard holdsSomething, let database = try? open(.read) else { return try body() }
        snapshot = database
        defer { snapshot = nil }
        return try database.reading(body)
    }

    /// Whether a write transaction is open on this database's writer.
    var isWriting: Bool { writer?.isInTransaction ?? false }

    /// Runs `body` in one write transaction (BEGIN IMMEDIATE): joins the one open on this
    /// database, else opens the database for writing (created, migrated, marked) and
    /// commits when `body` returns, rolls back when it throws.
    /// - Throws: `StoreError` (cannot create, foreign, newer, busy, I/O), or what `body` throws.
    func write<Result>(_ body: (SQLiteDatabase) throws -> Result) throws -> Result {
        if let writer, writer.isInTransaction { return try body(writer) }
        let database = try writer ?? open(.write(createFolders: createsFolders))
        writer = database
        defer { writer = nil }
        let (result, afterCommit) = try database.transaction { db -> (Result, (() -> Void)?) in
            let afterCommit = try beforeWrite?(db)
            return (try body(db), afterCommit)
        }
        afterCommit?()
        return result
    }

    /// Runs `body` in one write transaction when the database exists and holds something
    /// (a change that creates nothing: rm, label, note on a history); a missing or empty
    /// one is opened read-only, whose transaction refuses to start (`StoreError.readOnly`).
    /// - Throws: as `write` does.
    func change<Result>(_ body: (SQLiteDatabase) throws -> Result) throws -> Result {
        if let writer, writer.isInTransaction { return try body(writer) }
        guard holdsSomething else { return try open(.read).transaction(body) }
        return try write(body)
    }

    /// Whether the database file exists and is not empty (a write is in progress, or one
    /// made it).
    var holdsSomething: Bool {
        isWriting || ((try? PosixFile.fileSize(path)) ?? nil ?? 0) > 0
    }
}
