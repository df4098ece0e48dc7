// portfolio's PostgreSQL adapter: the same repository as SQLitePortfolioRepository, over
// a shared database (schema `portfolio`, PostgresPortfolioSchema.swift). Reads run in one
// REPEATABLE READ READ ONLY snapshot (`reading`), or each on its own snapshot outside one;
// a database without portfolio's tables reads as empty and reading creates nothing.
// Every change is one transaction (PostgresStore.change: its client-made id makes a retry
// after a lost COMMIT safe) that first takes a transaction-scoped advisory lock: changes
// to one portfolio run one after another, as SQLite's single writer does, so a change's
// lookups (a name free, an account still there, an update after a close) and its writes
// see one state; readers never wait. Each change records its undo step under the actor
// (user@host): undo reverts this actor's newest step only (PostgresPortfolioUndo.swift).

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitPostgres
import PortfolioKit

/// portfolio's store in a PostgreSQL database.
public final class PostgresPortfolioRepository: PortfolioStore {
    /// The clock that stamps each undo step (a tool's run sets its own; default the system's).
    package var clock: () -> Int64 = { Instant.now() }
    package let store: PostgresStore
    /// The connection of the snapshot or change under way (nil: none).
    private var active: PostgresConnection?
    /// Whether the database held portfolio's tables when the snapshot began.
    private var activeHasTables = false
    /// Whether a change is under way (reads inside it see its writes).
    private(set) var isChanging = false
    /// Counts of (instant, value) per account for import's duplicate check, kept for one
    /// transaction (an import asks once per row: one query per account instead).
    private var duplicateCounts: [Int64: [PairKey: Int64]] = [:]
    private var knownToExist: Bool?
    /// Per account, in one read snapshot: lookups made, and the updates once read.
    private var lookups: [Int64: Int] = [:]
    private var loadedUpdates: [Int64: [Update]] = [:]
    /// Every account's update count, once asked in one read snapshot.
    private var updateCounts: [Int64: Int64]?

    struct PairKey: Hashable { let at: Int64, value: Int64 }

    /// The store reached through `connectionText` (a URI or a libpq keyword string) for
    /// changes made by `actor` ("user@host"); nothing is connected until the first command.
    public convenience init(connectionText: String, actor: String) {
        self.init(store: PostgresStore(connectionText: connectionText, layout: PostgresPortfolioSchema.layout, actor: actor))
    }

    package init(store: PostgresStore) {
        self.store = store
    }

    /// portfolio's schema, tables and migrations (for `db init` and the manual).
    package static var layout: PostgresSchemaLayout { PostgresPortfolioSchema.layout }

    /// Whether the database holds portfolio's tables (asked once).
    public var exists: Bool {
        if let knownToExist { return knownToExist }
        let found = (try? store.read { _, hasTables in hasTables }) ?? false
        knownToExist = found
        return found
    }

    /// The server's connection text with its password hidden, for messages.
    public var location: String { store.redactedText }

    /// Nothing to close before the process ends: the connection goes with it.
    public func close() {}

    /// The store's fault `reason`: exit 65 naming the server.
    func corrupt(_ reason: String) -> StoreError { .corrupt(path: location, reason: reason) }

    // MARK: connections

    /// Runs `body` on the connection of the snapshot or change under way, else in a
    /// snapshot of its own. `hasTables` false: the store reads as empty.
    func withConnection<Result>(_ body: (PostgresConnection, _ hasTables: Bool) throws -> Result) throws -> Result {
        if let active { return try body(active, activeHasTables) }
        return try store.read { connection, hasTables in
            knownToExist = hasTables
            return try body(connection, hasTables)
        }
    }

    /// Rows of `sql`, none when the tables do not exist yet.
    func rows(_ sql: String, _ parameters: [PostgresValue] = []) throws -> [PostgresRow] {
        try withConnection { connection, hasTables in hasTables ? try connection.query(sql, parameters) : [] }
    }

    /// The column as an integer that must be there.
    func integer(_ row: PostgresRow, _ column: Int, _ what: String) throws -> Int64 {
        guard let value = try row.integer(column) else { throw corrupt("\(what) has no value in column \(column + 1)") }
        return value
    }

    // MARK: reading

    /// Every account, oldest first.
    /// - Throws: the store's errors.
    public func accounts() throws -> [Account] {
        try rows("""
            SELECT id, name, currency, created_at, closed_at FROM portfolio.accounts
            ORDER BY lower(name COLLATE "C") COLLATE "C", id
            """).map { row in
            let id = try integer(row, 0, "an account")
            return try PortfolioRowCheck.account(id: id, name: row.text(1) ?? "", currencyCode: row.text(2) ?? "",
                                                 createdAt: try integer(row, 3, "account \(id)"), closedAt: try row.integer(4), in: location)
        }
    }

    /// An update of a row `id, account_id, at, value`, checked against what the code relies on.
    func checkedUpdate(_ row: PostgresRow) throws -> Update {
        let id = try integer(row, 0, "an update")
        return try PortfolioRowCheck.update(id: id, accountID: try integer(row, 1, "update \(id)"), at: try integer(row, 2, "update \(id)"),
                                            value: try integer(row, 3, "update \(id)"), in: location)
    }

    /// A table asks for one account's value at hundreds of period ends: each a round trip.
    /// After `lookupsBeforeLoading` lookups of one account in one read snapshot, its updates
    /// are read once and the rest answered from memory (a dashboard's single lookup of an
    /// account with a million updates still reads one row).
    /// - Throws: the store's errors; `StoreError.corrupt` for a row the code cannot use.
    public func latestUpdate(of account: Account, atOrBefore instant: Int64) throws -> Update? {
        if active != nil, !isChanging {
            if let loaded = loadedUpdates[account.id] { return Self.latest(in: loaded, atOrBefore: instant) }
            let count = (lookups[account.id] ?? 0) + 1
            lookups[account.id] = count
            if count > Self.lookupsBeforeLoading {
                let loaded = try updates(of: account)
                loadedUpdates[account.id] = loaded
                return Self.latest(in: loaded, atOrBefore: instant)
            }
        }
        return try rows("""
            SELECT id, account_id, at, value FROM portfolio.updates WHERE account_id = $1 AND at <= $2
            ORDER BY at DESC, id DESC LIMIT 1
            """, [.integer(account.id), .integer(instant)]).first.map(checkedUpdate)
    }

    static let lookupsBeforeLoading = 16

    /// The last of `updates` (oldest first, ties in entry order) at or before `instant`.
    static func latest(in updates: [Update], atOrBefore instant: Int64) -> Update? {
        var low = 0, high = updates.count
        while low < high {
            let middle = low + (high - low) / 2
            if updates[middle].at <= instant { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : updates[low - 1]
    }

    /// The account's first update at or after `instant`.
    /// - Throws: the store's errors; `StoreError.corrupt` for a row the code cannot use.
    public func latestUpdate(of account: Account, atOrAfter instant: Int64) throws -> Update? {
        try rows("""
            SELECT id, account_id, at, value FROM portfolio.updates WHERE account_id = $1 AND at >= $2
            ORDER BY at DESC, id DESC LIMIT 1
            """, [.integer(account.id), .integer(instant)]).first.map(checkedUpdate)
    }

    /// Every update of the account, oldest first (ties in entry order).
    /// - Throws: the store's errors; `StoreError.corrupt` for a row the code cannot use.
    public func updates(of account: Account) throws -> [Update] {
        try rows("SELECT id, account_id, at, value FROM portfolio.updates WHERE account_id = $1 ORDER BY at, id",
                 [.integer(account.id)]).map(checkedUpdate)
    }

    /// Kept in accounts.update_count by every change, as in the SQLite store. In a read
    /// snapshot, every account's count comes in the first ask (a list asks for each).
    /// - Throws: the store's errors.
    public func updateCount(of account: Account) throws -> Int64 {
        guard active != nil, !isChanging else {
            return try rows("SELECT update_count FROM portfolio.accounts WHERE id = $1", [.integer(account.id)]).first?.integer(0) ?? 0
        }
        if updateCounts == nil {
            var counts: [Int64: Int64] = [:]
            for row in try rows("SELECT id, update_count FROM portfolio.accounts") {
                counts[try integer(row, 0, "an account")] = try row.integer(1) ?? 0
            }
            updateCounts = counts
        }
        return updateCounts?[account.id] ?? 0
    }

    /// The update in force at each of `instants` for each of `accounts`, in one query: the
    /// server looks each up in its index (account, at, id), rather than a round trip per
    /// lookup or every update shipped.
    /// - Throws: the store's errors; `StoreError.corrupt` for a row the code cannot use.
    public func updatesInForce(of accounts: [Account], at instants: [Int64]) throws -> [[Update?]] {
        var result = [[Update?]](repeating: [Update?](repeating: nil, count: instants.count), count: accounts.count)
        guard !accounts.isEmpty, !instants.isEmpty else { return result }
        let found = try rows("""
            SELECT a.ord - 1, e.ord - 1, u.id, u.account_id, u.at, u.value
            FROM unnest($1::bigint[]) WITH ORDINALITY AS a(id, ord)
            CROSS JOIN unnest($2::bigint[]) WITH ORDINALITY AS e(at, ord)
            CROSS JOIN LATERAL (
                SELECT id, account_id, at, value FROM portfolio.updates
                WHERE account_id = a.id AND at <= e.at ORDER BY at DESC, id DESC LIMIT 1) u
            """, [ColumnBatch.array(accounts.map(\.id)), ColumnBatch.array(instants)])
        for row in found {
            let account = Int(try integer(row, 0, "a lookup")), instant = Int(try integer(row, 1, "a lookup"))
            guard result.indices.contains(account), result[account].indices.contains(instant) else { throw corrupt("a lookup answered out of range") }
            result[account][instant] = try PortfolioRowCheck.update(
                id: try integer(row, 2, "an update"), accountID: try integer(row, 3, "an update"), at: try integer(row, 4, "an update"),
                value: try integer(row, 5, "an update"), in: location)
        }
        return result
    }


    /// The instant of the oldest update of any account, or nil.
    /// - Throws: the store's errors.
    public func firstInstant() throws -> Int64? {
        try rows("SELECT min(at) FROM portfolio.updates").first?.integer(0)
    }

    /// Hands every update to `body`, by account, oldest first.
    /// - Throws: what `body` throws; the store's errors.
    public func forEachUpdate(_ body: (Update) throws -> Void) throws {
        for row in try rows("SELECT id, account_id, at, value FROM portfolio.updates ORDER BY at, id") {
            try body(try checkedUpdate(row))
        }
    }

    /// One query per account and transaction: every (instant, value) of it counted.
    /// - Throws: the store's errors.
    public func updateCount(accountID: Int64, at: Int64, value: Int64) throws -> Int64 {
        if active == nil {
            return try rows("SELECT count(*) FROM portfolio.updates WHERE account_id = $1 AND at = $2 AND value = $3",
                            [.integer(accountID), .integer(at), .integer(value)]).first?.integer(0) ?? 0
        }
        if duplicateCounts[accountID] == nil {
            var counts: [PairKey: Int64] = [:]
            for row in try rows("SELECT at, value, count(*) FROM portfolio.updates WHERE account_id = $1 GROUP BY at, value",
                                [.integer(accountID)]) {
                counts[PairKey(at: try integer(row, 0, "an update"), value: try integer(row, 1, "an update"))] = try integer(row, 2, "a count")
            }
            duplicateCounts[accountID] = counts
        }
        return duplicateCounts[accountID]?[PairKey(at: at, value: value)] ?? 0
    }

    /// The instant of the account's newest update, or nil.
    /// - Throws: the store's errors.
    public func latestInstant(accountID: Int64) throws -> Int64? {
        try rows("SELECT max(at) FROM portfolio.updates WHERE account_id = $1", [.integer(accountID)]).first?.integer(0)
    }

    /// The account's deposits and withdrawals, oldest first.
    /// - Throws: the store's errors; `StoreError.corrupt` for a row the code cannot use.
    public func contributions(of account: Account) throws -> [Contribution] {
        try rows("SELECT id, account_id, at, amount FROM portfolio.contributions WHERE account_id = $1 ORDER BY at, id",
                 [.integer(account.id)]).map(checkedContribution)
    }

    /// Hands every deposit and withdrawal to `body`, by account, oldest first.
    /// - Throws: what `body` throws; the store's errors.
    public func forEachContribution(_ body: (Contribution) throws -> Void) throws {
        for row in try rows("SELECT id, account_id, at, amount FROM portfolio.contributions ORDER BY at, id") {
            try body(try checkedContribution(row))
        }
    }

    func checkedContribution(_ row: PostgresRow) throws -> Contribution {
        let id = try integer(row, 0, "a contribution")
        return try PortfolioRowCheck.contribution(id: id, accountID: try integer(row, 1, "contribution \(id)"),
                                                  at: try integer(row, 2, "contribution \(id)"), amount: try integer(row, 3, "contribution \(id)"),
                                                  in: location)
    }

    /// Every account's goal.
    /// - Throws: the store's errors; `StoreError.corrupt` for a row the code cannot use.
    public func goals() throws -> [Goal] {
        try rows("SELECT id, account_id, currency, amount, by_at FROM portfolio.goals ORDER BY id").map { row in
            let id = try integer(row, 0, "a goal")
            return try PortfolioRowCheck.goal(id: id, accountID: try row.integer(1), currencyCode: row.text(2) ?? "",
                                              amount: try integer(row, 3, "goal \(id)"), by: try row.integer(4), in: location)
        }
    }

    /// One REPEATABLE READ snapshot for all of `body`'s reads.
    /// - Throws: what `body` throws; the store's errors.
    public func read<Result>(_ body: (any PortfolioSession) throws -> Result) throws -> Result {
        if active != nil { return try body(self) }
        return try store.read { connection, hasTables in
            knownToExist = hasTables
            active = connection
            activeHasTables = hasTables
            defer { leave() }
            return try body(self)
        }
    }

    private func leave() {
        active = nil
        activeHasTables = false
        isChanging = false
        duplicateCounts = [:]
        lookups = [:]
        loadedUpdates = [:]
        updateCounts = nil
    }

    // MARK: changing

    /// The key of the advisory lock every change of portfolio takes first.
    static let changeLock = "moneykit portfolio changes"

    /// Runs `body` in the change's transaction, after the lock every change takes.
    func transaction<Result>(_ body: (PostgresConnection, PostgresChange) throws -> Result) throws -> Result {
        try store.change { connection, change in
            // A rerun (serialization failure) starts from nothing kept.
            leave()
            active = connection
            activeHasTables = true
            isChanging = true
            knownToExist = true
            defer { leave() }
            try connection.execute("SELECT pg_advisory_xact_lock(hashtext($1))", [.text(Self.changeLock)])
            return try body(connection, change)
        }
    }

    /// Runs `body` as one change named `command` (one undo step of this actor), in one
    /// transaction (PortfolioRowChange: the rules and the undo are the kit's; this store
    /// maps their rows). The body may run more than once: a serialization failure reruns it.
    /// - Throws: what `body` throws (nothing is kept); the store's errors.
    public func write<Result>(_ command: String, _ body: (any PortfolioChange) throws -> Result) throws -> Result {
        if isChanging, active != nil {
            // Part of the change under way (a step of its own in the same transaction).
            return try PortfolioRowChange.run(command, rows: self, repository: self, checksTotals: false, now: clock, body)
        }
        return try transaction { _, _ in
            try PortfolioRowChange.run(command, rows: self, repository: self, checksTotals: true, now: clock, body)
        }
    }

    /// The connection of the snapshot or change under way (nil: none).
    var activeConnection: PostgresConnection? { active }

    /// The connection of the change under way.
    func changeConnection() throws -> PostgresConnection {
        guard isChanging, let active else { throw StoreError.io(path: location, reason: "a change's row written outside its transaction") }
        return active
    }

    /// Each account's largest value, every deposit's and withdrawal's amount and every
    /// goal's, in magnitude, by currency code (see `PortfolioTotalsBudget`).
    /// - Throws: the store's errors.
    public func magnitudes() throws -> [(currency: String, magnitude: Int64)] {
        try rows("""
            SELECT a.currency, max(abs(u.value)) FROM portfolio.updates u JOIN portfolio.accounts a ON a.id = u.account_id GROUP BY a.id, a.currency
            UNION ALL SELECT a.currency, abs(c.amount) FROM portfolio.contributions c JOIN portfolio.accounts a ON a.id = c.account_id
            UNION ALL SELECT currency, amount FROM portfolio.goals
            """).map { row in (row.text(0) ?? "", try integer(row, 1, "a magnitude")) }
    }

    /// The newest step of this actor.
    /// - Throws: the store's errors.
    public func latestUndoStep() throws -> UndoStep? {
        // In a snapshot of its own unless one is under way: the journal's rows read on its connection.
        try read { _ in activeHasTables ? try PortfolioUndoReverter.latestStep(in: self) : nil }
    }

    /// Reverts this actor's newest step, unless another actor changed one of its rows
    /// since (PortfolioUndoReverter).
    /// - Throws: `PortfolioError.nothingToUndo`, `.undoMismatch`, `.undoConflict`.
    public func undoLatest() throws -> UndoOutcome {
        // Asked, not `exists`: a server that cannot be reached is its error (69), not "nothing to undo".
        guard try withConnection({ _, hasTables in hasTables }) else { throw PortfolioError.nothingToUndo }
        return try transaction { _, _ in try PortfolioUndoReverter.revertLatest(in: self) }
    }
}
