// portfolio's storage adapter: accounts and their timestamped updates in SQLite (the
// app's SwiftData). Everything is keyed by account id, never by name. Update-only: no
// cached snapshots; a current value is the latest update at or before now, the later
// entered (higher id) winning a tie on the same instant.
//
// Schema (PRAGMA user_version 1):
//   accounts(id, name UNIQUE (case-insensitive), currency, created_at, closed_at,
//            update_count: how many updates it has, kept with every insert and delete)
//   updates(id, account_id → accounts ON DELETE CASCADE, at, value)
//   index updates(account_id, at, id, value): the latest update per account is one
//   lookup in the index alone (it covers the value);
//   index updates(at, id): the whole history streams in time order for charts.
// Instants are whole seconds since 1970 (UTC); values are minor units of the account's
// currency.

import MoneyKit
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
    static let schemaVersion: Int64 = 1
    static let migrations = [
        """
        CREATE TABLE accounts (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            currency TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            closed_at INTEGER,
            update_count INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE updates (
            id INTEGER PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            at INTEGER NOT NULL,
            value INTEGER NOT NULL
        );
        CREATE INDEX updates_by_account_time ON updates(account_id, at, id, value);
        CREATE INDEX updates_by_time ON updates(at, id);
        """,
    ]

    let database: SQLiteDatabase

    /// Opens the store named by --db, else PORTFOLIO_DB, else $XDG_DATA_HOME/portfolio/portfolio.sqlite.
    init(invocation: Invocation) throws {
        let path = try XDGPaths(environment: invocation.environment).storePath(
            option: invocation.arguments.value("db"), environmentVariable: "PORTFOLIO_DB",
            kind: .data, tool: "portfolio", fileName: "portfolio.sqlite")
        database = try SQLiteDatabase(path: path)
        try database.migrate(to: Self.schemaVersion, migrations: Self.migrations)
    }

    var path: String { database.path }

    // MARK: accounts

    func accounts(includeClosed: Bool = true) throws -> [Account] {
        var result: [Account] = []
        let statement = try database.prepare("SELECT id, name, currency, created_at, closed_at FROM accounts ORDER BY name COLLATE NOCASE, id")
        try statement.forEachRow { row in
            let code = row.text(2)
            guard let currency = Currency(code: code) else {
                throw StoreError.corrupt(path: path, reason: "account \(row.int64(0)) has an unknown currency '\(code)'")
            }
            let account = Account(id: row.int64(0), name: row.text(1), currency: currency, createdAt: row.int64(3), closedAt: row.optionalInt64(4))
            if includeClosed || account.isActive { result.append(account) }
        }
        return result
    }

    /// The account called `name` (letter case ignored), or exit 66 with "did you mean".
    func account(named name: String) throws -> Account {
        let all = try accounts()
        if let exact = all.first(where: { $0.name == name }) ?? all.first(where: { $0.name.lowercased() == name.lowercased() }) {
            return exact
        }
        let hint = all.isEmpty ? "there are no accounts yet; create one with 'portfolio add NAME VALUE'" : nil
        throw CLIError.notFound("account", name, known: all.map(\.name), hint: hint)
    }

    func createAccount(name: String, currency: Currency, at instant: Int64) throws -> Account {
        if let existing = try accounts().first(where: { $0.name.lowercased() == name.lowercased() }) {
            throw CLIError.data("an account named '\(existing.name)' already exists", hint: "choose another name, or update it with 'portfolio update'")
        }
        try database.query("INSERT INTO accounts (name, currency, created_at) VALUES (?, ?, ?)", [.text(name), .text(currency.code), .integer(instant)])
        return Account(id: database.lastInsertRowID, name: name, currency: currency, createdAt: instant, closedAt: nil)
    }

    func rename(_ account: Account, to newName: String) throws {
        if let other = try accounts().first(where: { $0.id != account.id && $0.name.lowercased() == newName.lowercased() }) {
            throw CLIError.data("an account named '\(other.name)' already exists")
        }
        try database.query("UPDATE accounts SET name = ? WHERE id = ?", [.text(newName), .integer(account.id)])
    }

    func setClosed(_ account: Account, at instant: Int64?) throws {
        try database.query("UPDATE accounts SET closed_at = ? WHERE id = ?", [instant.map(SQLiteValue.integer) ?? .null, .integer(account.id)])
    }

    /// Deletes the account and, by cascade, all its updates.
    func delete(_ account: Account) throws {
        try database.query("DELETE FROM accounts WHERE id = ?", [.integer(account.id)])
    }

    // MARK: updates

    func addUpdate(account: Account, at instant: Int64, value: Int64) throws -> Int64 {
        try transaction {
            try database.query("INSERT INTO updates (account_id, at, value) VALUES (?, ?, ?)", [.integer(account.id), .integer(instant), .integer(value)])
            let id = database.lastInsertRowID
            try recount([account.id])
            return id
        }
    }

    /// Sets update_count of `accounts` from the updates themselves (after a bulk import).
    func recount(_ accounts: [Int64]) throws {
        let statement = try database.cached("UPDATE accounts SET update_count = (SELECT count(*) FROM updates WHERE account_id = ?1) WHERE id = ?1")
        for id in accounts { try statement.run([.integer(id)]) }
    }

    /// The update in force at `instant`: the latest at or before it, later-entered first.
    func latestUpdate(of account: Account, atOrBefore instant: Int64) throws -> Update? {
        var found: Update?
        let statement = try database.cached(
            "SELECT id, at, value FROM updates WHERE account_id = ? AND at <= ? ORDER BY at DESC, id DESC LIMIT 1")
        try statement.forEachRow([.integer(account.id), .integer(instant)]) { row in
            found = Update(id: row.int64(0), accountID: account.id, at: row.int64(1), value: row.int64(2))
        }
        return found
    }

    /// Every update of `account`, oldest first (ties: entry order).
    func updates(of account: Account) throws -> [Update] {
        var result: [Update] = []
        let statement = try database.prepare("SELECT id, at, value FROM updates WHERE account_id = ? ORDER BY at, id")
        try statement.forEachRow([.integer(account.id)]) { row in
            result.append(Update(id: row.int64(0), accountID: account.id, at: row.int64(1), value: row.int64(2)))
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
        let statement = try database.prepare("SELECT id, account_id, at, value FROM updates ORDER BY at, id")
        try statement.forEachRow { row in
            try body(Update(id: row.int64(0), accountID: row.int64(1), at: row.int64(2), value: row.int64(3)))
        }
    }

    func deleteUpdate(id: Int64, of account: Account) throws {
        try transaction {
            try database.query("DELETE FROM updates WHERE id = ? AND account_id = ?", [.integer(id), .integer(account.id)])
            if database.changes == 0 {
                throw CLIError("account '\(account.name)' has no update with id \(id)", hint: "'portfolio updates \(account.name)' lists them with their ids", exitCode: .noInput)
            }
            try recount([account.id])
        }
    }

    /// Runs `body` in a write transaction, or as part of the one already open.
    func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        if database.isInTransaction { return try body() }
        return try database.transaction { _ in try body() }
    }
}
