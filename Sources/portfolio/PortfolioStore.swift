// portfolio's storage adapter: accounts and their timestamped updates in SQLite (the
// app's SwiftData). Everything is keyed by account id, never by name. Update-only: no
// cached snapshots; a current value is the latest update at or before now, the later
// entered (higher id) winning a tie on the same instant.
//
// Schema (PRAGMA user_version 2, PRAGMA application_id 0x4D4B5046):
//   accounts(id, name UNIQUE (case-insensitive), currency, created_at, closed_at,
//            update_count: how many updates it has, kept with every insert and delete)
//   updates(id, account_id → accounts ON DELETE CASCADE, at, value)
//   index updates(account_id, at, id, value): the latest update per account is one
//   lookup in the index alone (it covers the value);
//   index updates(at, id): the whole history streams in time order for charts.
//   version 2 adds the undo journal (PortfolioUndo.swift): undo_steps, undo_accounts,
//   undo_updates, undo_created. A version 1 store is read as if migrated (in memory)
//   and migrated on its next write.
// Instants are whole seconds since 1970 (UTC); values are minor units of the account's
// currency. Commands open the store for reading (nothing created or changed; a missing
// store reads as empty) or for writing (see SQLiteDatabase+Opening.swift); a change
// looks its account up inside its write transaction, so the lookup and the write see
// one state. Every method that changes rows takes the change's UndoRecorder: nothing
// is changed without its undo step, written in the same transaction (`change`).

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import MoneyKitSQLite

struct Account: Equatable {
    let id: Int64
    var name: String
    let currency: Currency
    let createdAt: Int64
    var closedAt: Int64?

    /// Counts now: never closed, or closed at an instant still to come.
    var isActive: Bool { closedAt.map { $0 > Instant.now() } ?? true }
}

struct Update: Equatable {
    let id: Int64
    let accountID: Int64
    let at: Int64
    let value: Int64
}

struct PortfolioStore {
    static let schemaVersion: Int64 = 2
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
        UndoJournal.migration,
    ]
    /// What makes a file portfolio's: PRAGMA application_id 0x4D4B5046 ("MKPF") and the tables above.
    static let schema = SQLiteSchema(name: "a portfolio database", applicationID: 0x4D4B_5046, migrations: migrations)

    let database: SQLiteDatabase

    /// Opens the store named by --db, else PORTFOLIO_DB, else $XDG_DATA_HOME/portfolio/portfolio.sqlite,
    /// for `access`. Only the default location has its folders created; a path the user
    /// names (--db or PORTFOLIO_DB) must be in a folder that exists.
    init(invocation: Invocation, access: SQLiteAccess) throws {
        let location = try XDGPaths(environment: invocation.environment).storeLocation(
            option: invocation.arguments.value("db"), environmentVariable: "PORTFOLIO_DB",
            kind: .data, tool: "portfolio", fileName: "portfolio.sqlite")
        var access = access
        if case .write = access { access = .write(createFolders: location.isDefault) }
        database = try SQLiteDatabase.open(location.path, schema: Self.schema, access: access)
        do {
            try checkInstantRange()
        } catch {
            database.close()
            throw error
        }
    }

    /// The earliest and the latest update must be whole seconds within the years the code
    /// handles (reports take min(at) for their range): two lookups in the index by time,
    /// cheap at any size. Other rows are checked as they are read (`checkedUpdate`).
    private func checkInstantRange() throws {
        for order in ["", " DESC"] {
            try database.prepare("SELECT id, at, typeof(at) FROM updates ORDER BY at\(order) LIMIT 1").forEachRow { row in
                let id = row.int64(0)
                guard row.text(2) == "integer" else { throw corrupt("update \(id) has a date of the wrong type") }
                if let fault = PortfolioLimits.instantFault(row.int64(1)) { throw corrupt("update \(id): \(fault) (\(row.int64(1)))") }
            }
        }
    }

    /// Whether the store is open for changes (not a read, nor an empty stand-in).
    var isWritable: Bool { !database.isReadOnly }

    var path: String { database.path }

    // MARK: accounts

    func accounts(includeClosed: Bool = true) throws -> [Account] {
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
            if includeClosed || account.isActive { result.append(account) }
        }
        return result
    }

    /// The store's fault `reason`: exit 65 naming the file.
    func corrupt(_ reason: String) -> StoreError { .corrupt(path: path, reason: reason) }

    /// An update read from the store, checked against what the code relies on.
    func checkedUpdate(id: Int64, accountID: Int64, at: Int64, value: Int64, typed: Bool) throws(StoreError) -> Update {
        guard typed else { throw corrupt("update \(id) has a value of the wrong type") }
        if let fault = PortfolioLimits.instantFault(at) { throw corrupt("update \(id): \(fault) (\(at))") }
        if let fault = PortfolioLimits.valueFault(value) { throw corrupt("update \(id): \(fault) (\(value))") }
        return Update(id: id, accountID: accountID, at: at, value: value)
    }

    /// The account called `name` (exactly, else in another letter case or Unicode form:
    /// ItemName's rule), or exit 66 with "did you mean".
    /// A command that changes the account looks it up inside its write transaction.
    func account(named name: String) throws -> Account {
        let all = try accounts()
        switch ItemName.lookup(name, in: all.map(\.name)) {
        case .found(let index):
            return all[index]
        case .ambiguous(let names):
            throw CLIError.ambiguousName(name, matches: names, things: "accounts")
        case .missing:
            break
        }
        let hint: String?
        if !database.exists {
            hint = "\(path) does not exist yet; create an account with 'portfolio add NAME VALUE'"
        } else {
            hint = all.isEmpty ? "there are no accounts yet; create one with 'portfolio add NAME VALUE'" : nil
        }
        throw CLIError.notFound("account", name, known: all.map(\.name), hint: hint)
    }

    /// The account with `id` as it is now, or exit 66 naming it (deleted meanwhile).
    func account(id: Int64, name: String) throws -> Account {
        guard let account = try accounts().first(where: { $0.id == id }) else { throw CLIError.notFound("account", name) }
        return account
    }

    func createAccount(name: String, currency: Currency, at instant: Int64, _ undo: UndoRecorder) throws -> Account {
        try transaction {
            let key = ItemName.matchKey(name)
            if let existing = try accounts().first(where: { ItemName.matchKey($0.name) == key }) {
                throw Self.alreadyExists(existing.name)
            }
            do {
                try database.query("INSERT INTO accounts (name, currency, created_at) VALUES (?, ?, ?)", [.text(name), .text(currency.code), .integer(instant)])
            } catch StoreError.rejected(_, let reason) where reason.contains("UNIQUE") {
                throw Self.alreadyExists(name)
            }
            let id = database.lastInsertRowID
            try undo.created(.accounts, id: id)
            return Account(id: id, name: name, currency: currency, createdAt: instant, closedAt: nil)
        }
    }

    static func alreadyExists(_ name: String) -> CLIError {
        CLIError.data("an account named '\(name)' already exists", hint: "choose another name, or update it with 'portfolio update'")
    }

    func rename(_ account: Account, to newName: String, _ undo: UndoRecorder) throws {
        try transaction {
            let key = ItemName.matchKey(newName)
            if let other = try accounts().first(where: { $0.id != account.id && ItemName.matchKey($0.name) == key }) {
                throw CLIError.data("an account named '\(other.name)' already exists")
            }
            try undo.saveAccount(account.id)
            do {
                try database.query("UPDATE accounts SET name = ? WHERE id = ?", [.text(newName), .integer(account.id)])
            } catch StoreError.rejected(_, let reason) where reason.contains("UNIQUE") {
                throw CLIError.data("an account named '\(newName)' already exists")
            }
            if database.changes == 0 { throw CLIError.notFound("account", account.name) }
        }
    }

    func setClosed(_ account: Account, at instant: Int64?, _ undo: UndoRecorder) throws {
        try transaction {
            if let instant, let later = try latestUpdate(of: account, atOrAfter: instant) {
                throw CLIError.data(
                    "'\(account.name)' has an update on \(Instant.dateTime(later.at)) (update \(later.id)), not before \(Instant.dateTime(instant))",
                    hint: "close it at or after its last update, or delete that update first with 'portfolio updates rm'")
            }
            try undo.saveAccount(account.id)
            try database.query("UPDATE accounts SET closed_at = ? WHERE id = ?", [instant.map(SQLiteValue.integer) ?? .null, .integer(account.id)])
            if database.changes == 0 { throw CLIError.notFound("account", account.name) }
        }
    }

    /// Deletes the account and, by cascade, all its updates (all saved for undo first).
    func delete(_ account: Account, _ undo: UndoRecorder) throws {
        try transaction {
            try undo.saveAccount(account.id)
            try undo.saveUpdates(ofAccount: account.id)
            try database.query("DELETE FROM accounts WHERE id = ?", [.integer(account.id)])
            if database.changes == 0 { throw CLIError.notFound("account", account.name) }
        }
    }

    /// The latest update of `account` at or after `instant` (an update a close there would cut off).
    func latestUpdate(of account: Account, atOrAfter instant: Int64) throws -> Update? {
        var found: Update?
        try database.prepare("SELECT id, at, value, typeof(at) = 'integer' AND typeof(value) = 'integer' FROM updates WHERE account_id = ? AND at >= ? ORDER BY at DESC, id DESC LIMIT 1")
            .forEachRow([.integer(account.id), .integer(instant)]) { row in
                found = try checkedUpdate(id: row.int64(0), accountID: account.id, at: row.int64(1), value: row.int64(2), typed: row.int64(3) == 1)
            }
        return found
    }

    // MARK: updates

    func addUpdate(account: Account, at instant: Int64, value: Int64, _ undo: UndoRecorder) throws -> Int64 {
        try transaction {
            try undo.saveAccount(account.id)  // its update_count changes
            do {
                try database.query("INSERT INTO updates (account_id, at, value) VALUES (?, ?, ?)", [.integer(account.id), .integer(instant), .integer(value)])
            } catch StoreError.rejected(_, let reason) where reason.contains("FOREIGN KEY") {
                throw CLIError.notFound("account", account.name)  // deleted meanwhile
            }
            let id = database.lastInsertRowID
            try undo.created(.updates, id: id)
            try recount([account.id])
            return id
        }
    }

    /// Sets update_count of `accounts` from the updates themselves (after a bulk import);
    /// the caller has saved them for undo.
    func recount(_ accounts: [Int64]) throws {
        let statement = try database.cached("UPDATE accounts SET update_count = (SELECT count(*) FROM updates WHERE account_id = ?1) WHERE id = ?1")
        for id in accounts { try statement.run([.integer(id)]) }
    }

    /// The update in force at `instant`: the latest at or before it, later-entered first.
    func latestUpdate(of account: Account, atOrBefore instant: Int64) throws -> Update? {
        var found: Update?
        let statement = try database.cached(
            "SELECT id, at, value, typeof(at) = 'integer' AND typeof(value) = 'integer' FROM updates WHERE account_id = ? AND at <= ? ORDER BY at DESC, id DESC LIMIT 1")
        try statement.forEachRow([.integer(account.id), .integer(instant)]) { row in
            found = try checkedUpdate(id: row.int64(0), accountID: account.id, at: row.int64(1), value: row.int64(2), typed: row.int64(3) == 1)
        }
        return found
    }

    /// Every update of `account`, oldest first (ties: entry order).
    func updates(of account: Account) throws -> [Update] {
        var result: [Update] = []
        let statement = try database.prepare(
            "SELECT id, at, value, typeof(at) = 'integer' AND typeof(value) = 'integer' FROM updates WHERE account_id = ? ORDER BY at, id")
        try statement.forEachRow([.integer(account.id)]) { row in
            result.append(try checkedUpdate(id: row.int64(0), accountID: account.id, at: row.int64(1), value: row.int64(2), typed: row.int64(3) == 1))
        }
        return result
    }

    /// Kept in accounts.update_count by every insert and delete here: counting a million
    /// rows per listing would cost more than the listing.
    func updateCount(of account: Account) throws -> Int64 {
        var count: Int64 = 0
        try database.cached("SELECT update_count FROM accounts WHERE id = ?").forEachRow([.integer(account.id)]) { row in
            count = row.int64(0)
        }
        return count
    }

    /// Every update of every account in time order, streamed (a million rows stay cheap).
    func forEachUpdate(_ body: (Update) throws -> Void) throws {
        let statement = try database.prepare(
            "SELECT id, account_id, at, value, typeof(at) = 'integer' AND typeof(value) = 'integer' FROM updates ORDER BY at, id")
        try statement.forEachRow { row in
            try body(try checkedUpdate(id: row.int64(0), accountID: row.int64(1), at: row.int64(2), value: row.int64(3), typed: row.int64(4) == 1))
        }
    }

    func deleteUpdate(id: Int64, of account: Account, _ undo: UndoRecorder) throws {
        try transaction {
            try undo.saveAccount(account.id)
            try undo.saveUpdate(id)
            try database.query("DELETE FROM updates WHERE id = ? AND account_id = ?", [.integer(id), .integer(account.id)])
            if database.changes == 0 {
                throw CLIError("account '\(account.name)' has no update with id \(id)", hint: "'portfolio updates \(account.name)' lists them with their ids", exitCode: .noInput)
            }
            try recount([account.id])
        }
    }

    /// Runs `body` as one change of the store that `portfolio undo` can revert: the
    /// change and its undo step (described by the body) in one write transaction.
    func change<Result>(_ command: String, _ body: (UndoRecorder) throws -> Result) throws -> Result {
        try transaction {
            let undo = UndoRecorder(database: database, command: command)
            let result = try body(undo)
            try undo.finish()
            return result
        }
    }

    /// Runs `body` in a write transaction, or as part of the one already open.
    func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        // An empty stand-in for a missing store: its lookups find nothing (and it takes no writes).
        if database.isInTransaction || !database.exists { return try body() }
        return try database.transaction { _ in try body() }
    }
}
