// portfolio's SQLite adapter (the app's SwiftData): accounts and their timestamped
// updates. Update-only: no cached snapshots; a current value is the latest update at or
// before now, the later entered (higher id) winning a tie on the same instant.
//
// Schema (PRAGMA user_version 3, PRAGMA application_id 0x4D4B5046):
//   accounts(id, name UNIQUE (case-insensitive), currency, created_at, closed_at,
//            update_count: how many updates it has, kept with every insert and delete)
//   updates(id, account_id → accounts ON DELETE CASCADE, at, value)
//   index updates(account_id, at, id, value): the latest update per account is one
//   lookup in the index alone (it covers the value);
//   index updates(at, id): the whole history streams in time order for charts.
//   version 2 adds the undo journal (SQLiteUndoJournal.swift): undo_steps, undo_accounts,
//   undo_updates, undo_created. A version 1 store is read as if migrated (in memory)
//   and migrated on its next write.
//   version 3 adds contributions and goals (SQLiteMoneySchema.swift), the same way.
// Commands open the store for reading (nothing created or changed; a missing store
// reads as empty) or for writing (see SQLiteDatabase+Opening.swift); a change looks its
// account up inside its write transaction, so the lookup and the write see one state.
// Every write goes through `change`, which records its undo step in the same transaction.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitSQLite

/// How a command uses the store.
public enum PortfolioStoreAccess: Equatable, Sendable {
    /// Reads only: nothing is created or changed; a missing store reads as empty.
    case read
    /// Changes an existing store (a missing or empty one reads as empty and takes no writes).
    case change
    /// Creates the store when missing (its folders too when `createFolders`).
    case write(createFolders: Bool)
}

/// The SQLite store of portfolio (the tool's store).
public final class SQLitePortfolioRepository: PortfolioRepository {
    static let schemaVersion: Int64 = 3
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
        SQLiteUndoJournal.migration,
        SQLiteMoneySchema.migration,  // version 3: contributions and goals (SQLiteMoneySchema.swift)
    ]
    /// What makes a file portfolio's: PRAGMA application_id 0x4D4B5046 ("MKPF") and the tables above.
    static let schema = SQLiteSchema(name: "a portfolio database", applicationID: 0x4D4B_5046, migrations: migrations)

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
    /// handles (reports take the first instant for their range): two lookups in the index
    /// by time, cheap at any size. Other rows are checked as they are read (`checkedUpdate`).
    private func checkInstantRange() throws {
        for order in ["", " DESC"] {
            try database.prepare("SELECT id, at, typeof(at) FROM updates ORDER BY at\(order) LIMIT 1").forEachRow { row in
                let id = row.int64(0)
                guard row.text(2) == "integer" else { throw corrupt("update \(id) has a date of the wrong type") }
                if let fault = PortfolioLimits.instantFault(row.int64(1)) { throw corrupt("update \(id): \(fault) (\(row.int64(1)))") }
            }
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
        if let fault = PortfolioLimits.instantFault(at) { throw corrupt("update \(id): \(fault) (\(at))") }
        if let fault = PortfolioLimits.valueFault(value) { throw corrupt("update \(id): \(fault) (\(value))") }
        return Update(id: id, accountID: accountID, at: at, value: value)
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
            let name = row.text(1), code = row.text(2)
            // Only an empty name is unusable. A control character cannot be typed or
            // imported any more, but a store of an earlier release may hold one: it is
            // shown escaped, never refused, so that store stays readable and exportable.
            if name.isEmpty { throw corrupt("account \(id) has an empty name") }
            guard let currency = Currency(code: code) else { throw corrupt("account \(id) has an unknown currency '\(code)'") }
            let account = Account(id: id, name: name, currency: currency, createdAt: row.int64(3), closedAt: row.optionalInt64(4))
            for instant in [account.createdAt] + (account.closedAt.map { [$0] } ?? []) {
                if let fault = PortfolioLimits.instantFault(instant) { throw corrupt("account \(id) ('\(name)'): \(fault) (\(instant))") }
            }
            result.append(account)
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
        try database.scalarInteger("SELECT min(at) FROM updates")
    }

    /// Every update in time order.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func forEachUpdate(_ body: (Update) throws -> Void) throws {
        let statement = try database.prepare(
            "SELECT id, account_id, at, value FROM updates ORDER BY at, id")
        try statement.forEachRow { row in
            try body(try checkedUpdate(row, accountID: nil))
        }
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
    public func reading<Result>(_ body: () throws -> Result) throws -> Result {
        try database.reading(body)
    }

    // MARK: changing

    /// Runs `body` as one change, with its undo step.
    /// - Throws: What `body` throws (nothing is then changed); `StoreError` when the store cannot be written.
    public func change<Result>(_ command: String, _ body: (any PortfolioChange) throws -> Result) throws -> Result {
        // The outermost change checks what every report will add up (a nested one is part of it).
        let outermost = !database.isInTransaction && database.exists
        return try transaction {
            let change = SQLitePortfolioChange(repository: self, undo: UndoRecorder(database: database, command: command))
            let result = outermost ? try keepingTotalsInRange { try body(change) } : try body(change)
            try change.undo.finish()
            return result
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
        try SQLiteUndoJournal.latestStep(in: database)
    }

    /// Reverts the newest step.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func undoLatest() throws -> UndoOutcome {
        try transaction {
            guard let step = try SQLiteUndoJournal.latestStep(in: database) else { throw PortfolioError.nothingToUndo }
            return try SQLiteUndoJournal.revert(step, in: self)
        }
    }

    /// How many steps are kept.
    func undoStepCount() throws -> Int64 {
        try database.scalarInteger("SELECT count(*) FROM undo_steps") ?? 0
    }
}

/// One change of the SQLite store: each write saves what undo needs first.
final class SQLitePortfolioChange: PortfolioChange {
    let repository: SQLitePortfolioRepository
    let undo: UndoRecorder
    var database: SQLiteDatabase { repository.database }

    init(repository: SQLitePortfolioRepository, undo: UndoRecorder) {
        self.repository = repository
        self.undo = undo
    }

    var description: String {
        get { undo.description }
        set { undo.description = newValue }
    }

    func createAccount(name: String, currency: Currency, at instant: Int64) throws -> Account {
        do {
            try database.query("INSERT INTO accounts (name, currency, created_at) VALUES (?, ?, ?)", [.text(name), .text(currency.code), .integer(instant)])
        } catch StoreError.rejected(_, let reason) where reason.contains("UNIQUE") {
            throw PortfolioError.nameTaken(existing: name)
        }
        let id = database.lastInsertRowID
        try undo.created(.accounts, id: id)
        return Account(id: id, name: name, currency: currency, createdAt: instant, closedAt: nil)
    }

    func addUpdate(to account: Account, at instant: Int64, value: Int64) throws -> Int64 {
        try undo.saveAccount(account.id)  // its update_count changes
        do {
            try database.query("INSERT INTO updates (account_id, at, value) VALUES (?, ?, ?)", [.integer(account.id), .integer(instant), .integer(value)])
        } catch StoreError.rejected(_, let reason) where reason.contains("FOREIGN KEY") {
            throw PortfolioError.accountGone(account.name)  // deleted meanwhile
        }
        let id = database.lastInsertRowID
        try undo.created(.updates, id: id)
        try recount([account.id])
        return id
    }

    func addUpdates(_ updates: [(account: Account, at: Int64, value: Int64)]) throws {
        var touched: [Int64] = []
        var seen = Set<Int64>()
        for update in updates where seen.insert(update.account.id).inserted { touched.append(update.account.id) }
        for id in touched.sorted() { try undo.saveAccount(id) }
        let insert = try database.prepare("INSERT INTO updates (account_id, at, value) VALUES (?, ?, ?)")
        for update in updates {
            try insert.run([.integer(update.account.id), .integer(update.at), .integer(update.value)])
            try undo.created(.updates, id: database.lastInsertRowID)
        }
        try recount(touched.sorted())
    }

    /// The bulk path of an import: each update's id given (the next after the highest,
    /// as SQLite would give it), so undo records one run of ids, not a row per update.
    /// One row per INSERT: a statement of several rows inside a transaction that has
    /// written already keeps a statement journal, and rows of different accounts touch a
    /// page each, so at a million rows that journal cost more than the statements saved
    /// (measured: 64 rows a statement 6.1 s, one row 5.5 s). Ids and order are those of
    /// `addUpdates(_:)`.
    func addUpdates(of accounts: [Account], _ forEach: ((Int, Int64, Int64) throws -> Void) throws -> Void) throws {
        var touched = [Bool](repeating: false, count: accounts.count)
        var total: Int64 = 0
        try forEach { account, _, _ in
            touched[account] = true
            total = total.addingReportingOverflow(1).partialValue
        }
        guard total > 0 else { return }
        let highest = try database.scalarInteger("SELECT max(id) FROM updates") ?? 0
        let (last, overflow) = highest.addingReportingOverflow(total)
        guard highest >= 0, !overflow else {
            // Ids near the top of the range: SQLite picks them, one insert at a time.
            var updates: [(account: Account, at: Int64, value: Int64)] = []
            try forEach { account, at, value in updates.append((accounts[account], at, value)) }
            return try addUpdates(updates)
        }
        let ids = accounts.indices.filter { touched[$0] }.map { accounts[$0].id }.sorted()
        for id in ids { try undo.saveAccount(id) }
        let insert = try database.prepare("INSERT INTO updates (id, account_id, at, value) VALUES (?, ?, ?, ?)")
        var id = highest
        try forEach { account, at, value in
            id += 1  // at most `last`: no overflow (checked above)
            try insert.bindInteger(1, id)
            try insert.bindInteger(2, accounts[account].id)
            try insert.bindInteger(3, at)
            try insert.bindInteger(4, value)
            try insert.step()
        }
        try undo.created(.updates, ids: (highest + 1)...last)
        try recount(ids)
    }

    /// Sets update_count of `accounts` from the updates themselves; saved for undo first.
    private func recount(_ accounts: [Int64]) throws {
        let statement = try database.cached("UPDATE accounts SET update_count = (SELECT count(*) FROM updates WHERE account_id = ?1) WHERE id = ?1")
        for id in accounts { try statement.run([.integer(id)]) }
    }

    func setClosed(_ account: Account, at instant: Int64?) throws {
        try undo.saveAccount(account.id)
        try database.query("UPDATE accounts SET closed_at = ? WHERE id = ?", [instant.map(SQLiteValue.integer) ?? .null, .integer(account.id)])
        if database.changes == 0 { throw PortfolioError.accountGone(account.name) }
    }

    func rename(_ account: Account, to newName: String) throws {
        try undo.saveAccount(account.id)
        do {
            try database.query("UPDATE accounts SET name = ? WHERE id = ?", [.text(newName), .integer(account.id)])
        } catch StoreError.rejected(_, let reason) where reason.contains("UNIQUE") {
            throw PortfolioError.renameTaken(existing: newName)
        }
        if database.changes == 0 { throw PortfolioError.accountGone(account.name) }
    }

    func delete(_ account: Account) throws {
        try undo.saveAccount(account.id)
        try undo.saveUpdates(ofAccount: account.id)
        try undo.saveMoneyRows(ofAccount: account.id)  // its contributions and goal go by cascade
        try database.query("DELETE FROM accounts WHERE id = ?", [.integer(account.id)])
        if database.changes == 0 { throw PortfolioError.accountGone(account.name) }
    }

    func deleteUpdate(id: Int64, of account: Account) throws {
        try undo.saveAccount(account.id)
        try undo.saveUpdate(id)
        try database.query("DELETE FROM updates WHERE id = ? AND account_id = ?", [.integer(id), .integer(account.id)])
        if database.changes == 0 { throw PortfolioError.updateGone(account: account.name, id: id) }
        try recount([account.id])
    }
}
