// portfolio's SQLite adapter (the app's SwiftData): accounts and their timestamped
// updates. Update-only: no cached snapshots; a current value is the latest update at or
// before now, the later entered (higher id) winning a tie on the same instant.
//
// Schema (PRAGMA user_version 5, PRAGMA application_id 0x4D4B5046):
//   accounts(id, name UNIQUE (case-insensitive), currency, created_at, closed_at,
//            update_count: how many updates it has, kept with every insert and delete)
//   updates(id, account_id → accounts ON DELETE CASCADE, at, value)
//   index updates(account_id, at, id, value): the latest update per account is one
//   lookup in the index alone (it covers the value);
//   index updates(at, id), until version 5: the whole history in time order. Version 5
//   drops it (issue 28): an import writes its updates account by account, in the
//   order of the covering index, with ids in that order, so that every B-tree it
//   writes is appended to; a second index in time order made each insert a seek into
//   it (a million updates: 3 s instead of 1). The history in time order is now a merge
//   of the accounts' own orders (SQLiteTimeOrderMerge.swift). A version 4 store is read
//   as it is (its extra index changes no answer) and migrated by its next write.
//   version 2 adds portfolio's own undo tables (SQLitePortfolioUndo.swift): undo_steps,
//   undo_accounts, undo_updates, undo_created. A version 1 store is read as if migrated
//   (in memory) and migrated on its next write.
//   version 3 adds contributions and goals (SQLiteMoneySchema.swift), the same way.
//   version 4 moves the undo history into the journal every kit shares (journal_steps,
//   journal_records) and drops the old undo tables (SQLitePortfolioUndo.swift).
// Commands open the store for reading (nothing created or changed; a missing store
// reads as empty) or for writing (see SQLiteDatabase+Opening.swift); a change looks its
// account up inside its write transaction, so the lookup and the write see one state.
// Every write goes through `change`, which records its undo step in the same transaction.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitSQLite
import PortfolioKit

/// The SQLite store of portfolio (the tool's store).
public final class SQLitePortfolioRepository: PortfolioStore {
    /// The clock that stamps each undo step (a tool's run sets its own; default the system's).
    package var clock: () -> Int64 = { Instant.now() }
    static let schemaVersion: Int64 = 5
    // New stores get CHECKs for what the code relies on; stores made before them are
    // checked where their rows are read (see PortfolioLimits).
    static let migrations = [
        """
        CREATE TABLE accounts (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (typeof(name) = 'text' AND length(name) > 0),
            currency TEXT NOT NULL CHECK (typeof(currency) = 'text' AND length(currency) = 3),
            created_at INTEGER NOT NULL CHECK (typeof(created_at) = 'integer' AND created_at BETWEEN \(PortfolioLimits.instants.lowerBound) AND \(PortfolioLimits.instants.upperBound)),
            closed_at INTEGER CHECK (closed_at IS NULL OR (typeof(closed_at) = 'integer' AND closed_at BETWEEN \(PortfolioLimits.instants.lowerBound) AND \(PortfolioLimits.instants.upperBound))),
            update_count INTEGER NOT NULL DEFAULT 0 CHECK (update_count >= 0)
        );
        CREATE TABLE updates (
            id INTEGER PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            at INTEGER NOT NULL CHECK (typeof(at) = 'integer' AND at BETWEEN \(PortfolioLimits.instants.lowerBound) AND \(PortfolioLimits.instants.upperBound)),
            value INTEGER NOT NULL CHECK (typeof(value) = 'integer' AND value BETWEEN \(PortfolioLimits.values.lowerBound) AND \(PortfolioLimits.values.upperBound))
        );
        CREATE INDEX updates_by_account_time ON updates(account_id, at, id, value);
        CREATE INDEX updates_by_time ON updates(at, id);
        """,
        SQLitePortfolioUndo.version2,
        SQLiteMoneySchema.migration,  // version 3: contributions and goals (SQLiteMoneySchema.swift)
        SQLitePortfolioUndo.version4,  // the shared undo journal, the old steps carried over (SQLitePortfolioUndo.swift)
        // Version 5: no index in time order (see the top of this file).
        "DROP INDEX updates_by_time;",
    ]
    /// What makes a file portfolio's: PRAGMA application_id 0x4D4B5046 ("MKPF") and the tables above.
    static let schema = SQLiteSchema(
        name: "a portfolio database", applicationID: 0x4D4B_5046, migrations: migrations,
        // What the migrations build, pinned (PortfolioSchemaShapeTests checks it): a store
        // with it opens without its schema being rebuilt.
        shape: SQLiteSchemaShape(version: 5, objects: 12, hash: 0xb7f6e2e190c98089),
        readsAsItIsFrom: 4)

    let database: SQLiteDatabase

    /// Opens the store at `path` for `access`. With `mustExist` (a store the user named), a
    /// read finds a missing file an error rather than an empty store.
    /// - Throws: `StoreError` (not a portfolio database, corrupt, newer, busy, I/O;
    ///   `unreadable` for a missing store that must exist).
    public init(path: String, access: PortfolioStoreAccess, mustExist: Bool = false) throws {
        let sqliteAccess: SQLiteAccess
        switch access {
        case .read: sqliteAccess = .read
        case .change: sqliteAccess = .change
        case .write(let createFolders): sqliteAccess = .write(createFolders: createFolders)
        }
        database = try SQLiteDatabase.open(path, schema: Self.schema, access: sqliteAccess, mustExist: mustExist)
        do {
            try checkInstantRange()
        } catch {
            database.close()
            throw error
        }
    }

    /// Closes the connection (the process is about to end, or a writer replaces a reader).
    public func close() {
        // Statements first: a connection with a statement left open is not closed (nor its WAL checkpointed).
        latestAtOrBefore = nil
        database.close()
    }

    /// Whether the store exists.
    public var exists: Bool { database.exists }
    /// Where the store is, for messages.
    public var location: String { database.path }
    /// Whether the store is open for changes (not a read, nor an empty stand-in).
    public var isWritable: Bool { !database.isReadOnly }

    /// The earliest and the latest update must be whole seconds within the years the code
    /// handles (reports take the first instant for their range). Each account's earliest
    /// and latest update are looked at: two lookups in the covering index per account,
    /// since the store keeps no index in time order (version 5). A store may hold rows
    /// past its CHECKs (made before them, or written with the CHECKs off). Other rows are
    /// checked as they are read (`checkedUpdate`).
    private func checkInstantRange() throws {
        try database.prepare("""
            SELECT u.id, u.at, typeof(u.at) FROM accounts a JOIN updates u ON u.id IN (
                (SELECT id FROM updates WHERE account_id = a.id ORDER BY at, id LIMIT 1),
                (SELECT id FROM updates WHERE account_id = a.id ORDER BY at DESC, id DESC LIMIT 1))
            """).forEachRow { row in
            let id = row.int64(0)
            guard row.text(2) == "integer" else { throw corrupt("update \(id) has a date of the wrong type") }
            if let fault = PortfolioLimits.instantFault(row.int64(1)) { throw corrupt("update \(id): \(fault) (\(row.int64(1)))") }
        }
    }

    /// The store's fault `reason`: exit 65 naming the file.
    func corrupt(_ reason: String) -> StoreError { .corrupt(path: location, reason: reason) }

    /// An update read from the store, checked against what the code relies on.
    /// The update of a row `id, [account_id,] at, value` (account_id read when `accountID`
    /// is nil). The types are asked of SQLite before anything is read (a reading converts),
    /// not with typeof() in the query, which made a text to compare for every row.
    func checkedUpdate(_ row: SQLiteRow, accountID: Int64?) throws(StoreError) -> Update {
        let first = accountID == nil ? Int32(2) : 1
        let typed = row.isInteger(first) && row.isInteger(first + 1)
        return try checkedUpdate(id: row.int64(0), accountID: accountID ?? row.int64(1), at: row.int64(first), value: row.int64(first + 1), typed: typed)
    }

    func checkedUpdate(id: Int64, accountID: Int64, at: Int64, value: Int64, typed: Bool) throws(StoreError) -> Update {
        guard typed else { throw corrupt("update \(id) has a value of the wrong type") }
        return try PortfolioRowCheck.update(id: id, accountID: accountID, at: at, value: value, in: location)
    }

    // MARK: reading

    /// Every account, by name (letter case ignored), then id.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func accounts() throws -> [Account] {
        var result: [Account] = []
        let statement = try database.prepare("""
            SELECT id, name, currency, created_at, closed_at,
                typeof(name) = 'text' AND typeof(currency) = 'text' AND typeof(created_at) = 'integer'
                AND typeof(closed_at) IN ('integer', 'null')
            FROM accounts ORDER BY name COLLATE NOCASE, id
            """)
        try statement.forEachRow { row in
            let id = row.int64(0)
            guard row.int64(5) == 1 else { throw corrupt("account \(id) has a value of the wrong type") }
            result.append(try PortfolioRowCheck.account(id: id, name: row.text(1), currencyCode: row.text(2), createdAt: row.int64(3),
                                                        closedAt: row.optionalInt64(4), in: location))
        }
        return result
    }

    /// The update in force at `instant`.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func latestUpdate(of account: Account, atOrBefore instant: Int64) throws -> Update? {
        // The dashboard's and the table's lookup, thousands per report: its statement is
        // kept here rather than found by its text (hashing the text cost as much as a seek).
        if latestAtOrBefore == nil {
            latestAtOrBefore = try database.prepare(
                "SELECT id, at, value FROM updates WHERE account_id = ? AND at <= ? ORDER BY at DESC, id DESC LIMIT 1")
        }
        guard let statement = latestAtOrBefore else { return nil }
        return try latest(account, statement, instant)
    }
    private var latestAtOrBefore: SQLiteStatement?

    /// The latest update at or after `instant`.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func latestUpdate(of account: Account, atOrAfter instant: Int64) throws -> Update? {
        try latest(account, database.cached("SELECT id, at, value FROM updates WHERE account_id = ? AND at >= ? ORDER BY at DESC, id DESC LIMIT 1"), instant)
    }

    private func latest(_ account: Account, _ statement: SQLiteStatement, _ instant: Int64) throws -> Update? {
        var found: Update?
        try statement.forEachRow([.integer(account.id), .integer(instant)]) { row in
            found = try checkedUpdate(row, accountID: account.id)
        }
        return found
    }

    /// Every update of `account`, oldest first.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func updates(of account: Account) throws -> [Update] {
        var result: [Update] = []
        let statement = try database.prepare(
            "SELECT id, at, value FROM updates WHERE account_id = ? ORDER BY at, id")
        try statement.forEachRow([.integer(account.id)]) { row in
            result.append(try checkedUpdate(row, accountID: account.id))
        }
        return result
    }

    /// Kept in accounts.update_count by every insert and delete here: counting a million
    /// rows per listing would cost more than the listing.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func updateCount(of account: Account) throws -> Int64 {
        var count: Int64 = 0
        try database.cached("SELECT update_count FROM accounts WHERE id = ?").forEachRow([.integer(account.id)]) { row in
            count = row.int64(0)
        }
        return count
    }

    /// The instant of the earliest update.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func firstInstant() throws -> Int64? {
        // One lookup in the covering index per account: there is no index in time order.
        try database.scalarInteger("SELECT min((SELECT min(at) FROM updates WHERE account_id = accounts.id)) FROM accounts")
    }

    /// Every update in time order.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func forEachUpdate(_ body: (Update) throws -> Void) throws {
        try SQLiteTimeOrderMerge(repository: self).forEachUpdate(body)
    }

    /// How many updates of the account are at `at` with `value`.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func updateCount(accountID: Int64, at: Int64, value: Int64) throws -> Int64 {
        var count: Int64 = 0
        try database.cached("SELECT count(*) FROM updates WHERE account_id = ? AND at = ? AND value = ?")
            .forEachRow([.integer(accountID), .integer(at), .integer(value)]) { count = $0.int64(0) }
        return count
    }

    /// The instant of the account's latest update.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func latestInstant(accountID: Int64) throws -> Int64? {
        var found: Int64?
        try database.cached("SELECT max(at) FROM updates WHERE account_id = ?").forEachRow([.integer(accountID)]) { found = $0.optionalInt64(0) }
        return found
    }

    /// Runs `body` on one consistent snapshot.
    /// - Throws: What `body` throws; `StoreError` when the store cannot be read.
    public func read<Result>(_ body: (any PortfolioSession) throws -> Result) throws -> Result {
        try database.reading { try body(self) }
    }

    // MARK: changing

    /// Runs `body` as one change, with its undo step (PortfolioRowChange: the rules and
    /// the undo are the kit's; this store maps their rows). SQLite's single writer runs
    /// the body once.
    /// - Throws: What `body` throws (nothing is then changed); `StoreError` when the store cannot be written.
    public func write<Result>(_ command: String, _ body: (any PortfolioChange) throws -> Result) throws -> Result {
        // The outermost change checks what every report will add up (a nested one is part of it).
        let outermost = !database.isInTransaction && database.exists
        return try transaction {
            try PortfolioRowChange.run(command, rows: self, repository: self, checksTotals: outermost, now: clock, body)
        }
    }

    /// Each account's largest value, every deposit's and withdrawal's amount and every
    /// goal's, in magnitude, by currency code (see `PortfolioTotalsBudget`).
    /// - Throws: `StoreError` when the store cannot be read.
    public func magnitudes() throws -> [(currency: String, magnitude: Int64)] {
        var result: [(currency: String, magnitude: Int64)] = []
        // Values lie within ±Int64.max (PortfolioLimits.values): abs() cannot overflow.
        try database.cached("""
            SELECT a.currency, max(abs(u.value)) FROM updates u JOIN accounts a ON a.id = u.account_id GROUP BY a.id
            UNION ALL SELECT a.currency, abs(c.amount) FROM contributions c JOIN accounts a ON a.id = c.account_id
            UNION ALL SELECT currency, amount FROM goals
            """).forEachRow { row in result.append((row.text(0), row.int64(1))) }
        return result
    }

    /// Runs `body` in a write transaction, or as part of the one already open.
    func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        // An empty stand-in for a missing store: its lookups find nothing (and it takes no writes).
        if database.isInTransaction || !database.exists { return try body() }
        return try database.transaction { _ in try body() }
    }

    /// The newest undo step.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func latestUndoStep() throws -> UndoStep? {
        try PortfolioUndoReverter.latestStep(in: self)
    }

    /// Reverts the newest step (PortfolioUndoReverter).
    /// - Throws: `PortfolioError.nothingToUndo`, `.undoMismatch`; `StoreError`.
    public func undoLatest() throws -> UndoOutcome {
        try transaction { try PortfolioUndoReverter.revertLatest(in: self) }
    }

    /// How many steps are kept.
    func undoStepCount() throws -> Int64 {
        try database.scalarInteger("SELECT count(*) FROM journal_steps") ?? 0
    }
}
