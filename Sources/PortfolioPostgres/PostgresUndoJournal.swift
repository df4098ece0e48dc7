// portfolio's undo journal in PostgreSQL: the SQLite journal's records (SQLiteUndoJournal)
// in the change's own transaction, plus who made each step. In a shared store undo
// reverts the newest step of this actor (user@host), never another's; and it refuses
// (PortfolioError.undoConflict, exit 65) when another actor changed one of the step's
// items (an account, or a currency's total goal) after it, rather than overwrite their
// change. Each actor keeps its last `PortfolioUndo.limit` steps.

import MoneyKit
import MoneyKitPlatform
import MoneyKitPostgres

/// The undo step of the one change being made (see UndoRecorder for the SQLite store).
final class PostgresUndoRecorder {
    typealias Table = SQLiteUndoJournal.Table
    private let connection: PostgresConnection
    private let command: String
    private let actor: String
    /// What undo will say it reverted; set by the command.
    var description: String
    private var stepID: Int64?
    private var created: [Table: [ClosedRange<Int64>]] = [:]
    private var touched: Set<String> = []

    init(connection: PostgresConnection, command: String, actor: String) {
        self.connection = connection
        self.command = command
        self.actor = actor
        self.description = command
    }

    /// The step's row, made at the first change.
    private func step() throws -> Int64 {
        if let stepID { return stepID }
        guard let id = try connection.scalarInteger(
            "INSERT INTO portfolio.undo_steps (actor, command, description, at) VALUES ($1, $2, $3, $4) RETURNING id",
            [.text(actor), .text(command), .text(description), .integer(Instant.now())])
        else { throw StoreError.io(path: connection.server, reason: "a new undo step got no id") }
        stepID = id
        return id
    }

    /// The account with `id` is changed by this step.
    func touch(account id: Int64) { touched.insert("a\(id)") }
    /// The goal of the `code` total is changed by this step.
    func touch(totalOf code: String) { touched.insert("t\(code)") }

    /// Rows this change created (undo deletes them), kept as runs of ids.
    func created(_ table: Table, ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        _ = try step()
        var runs = created[table] ?? []
        for id in ids.sorted() {
            if let last = runs.last, id > last.upperBound, id.subtractingReportingOverflow(last.upperBound) == (1, false) {
                runs[runs.count - 1] = last.lowerBound...id
            } else if runs.last?.contains(id) != true {
                runs.append(id...id)
            }
        }
        created[table] = runs
    }

    private func isCreated(_ table: Table, id: Int64) -> Bool {
        created[table]?.contains { $0.contains(id) } ?? false
    }

    /// `AND NOT (id BETWEEN $n AND $n+1)…` for the runs of `table`, numbered after `first` parameters.
    private func exclusions(_ table: Table, after first: Int) -> (sql: String, parameters: [PostgresValue]) {
        let runs = created[table] ?? []
        var sql = ""
        var parameters: [PostgresValue] = []
        for (index, run) in runs.enumerated() {
            sql += " AND NOT (id BETWEEN $\(first + 2 * index + 1) AND $\(first + 2 * index + 2))"
            parameters += [.integer(run.lowerBound), .integer(run.upperBound)]
        }
        return (sql, parameters)
    }

    /// Saves the account as it is now, before this change alters or deletes it (the first image wins).
    func saveAccount(_ id: Int64) throws {
        touch(account: id)
        guard !isCreated(.accounts, id: id) else { return }
        try connection.execute("""
            INSERT INTO portfolio.undo_accounts (step_id, id, name, currency, created_at, closed_at, update_count)
            SELECT $1, id, name, currency, created_at, closed_at, update_count FROM portfolio.accounts WHERE id = $2
            ON CONFLICT DO NOTHING
            """, [.integer(try step()), .integer(id)])
    }

    /// Saves one update before this change deletes it.
    func saveUpdate(_ id: Int64) throws {
        guard !isCreated(.updates, id: id) else { return }
        try connection.execute("""
            INSERT INTO portfolio.undo_updates (step_id, id, account_id, at, value)
            SELECT $1, id, account_id, at, value FROM portfolio.updates WHERE id = $2
            ON CONFLICT DO NOTHING
            """, [.integer(try step()), .integer(id)])
    }

    /// Saves every update of the account (but those this step created) before it goes.
    func saveUpdates(ofAccount id: Int64) throws {
        guard !isCreated(.accounts, id: id) else { return }
        let excluded = exclusions(.updates, after: 2)
        try connection.execute("""
            INSERT INTO portfolio.undo_updates (step_id, id, account_id, at, value)
            SELECT $1, id, account_id, at, value FROM portfolio.updates WHERE account_id = $2\(excluded.sql)
            ON CONFLICT DO NOTHING
            """, [.integer(try step()), .integer(id)] + excluded.parameters)
    }

    /// Saves one deposit or withdrawal before this change deletes it.
    func saveContribution(_ id: Int64) throws {
        guard !isCreated(.contributions, id: id) else { return }
        try connection.execute("""
            INSERT INTO portfolio.undo_contributions (step_id, id, account_id, at, amount)
            SELECT $1, id, account_id, at, amount FROM portfolio.contributions WHERE id = $2
            ON CONFLICT DO NOTHING
            """, [.integer(try step()), .integer(id)])
    }

    /// Saves one goal before this change replaces or removes it.
    func saveGoal(_ id: Int64) throws {
        guard !isCreated(.goals, id: id) else { return }
        try connection.execute("""
            INSERT INTO portfolio.undo_goals (step_id, id, account_id, currency, amount, by_at)
            SELECT $1, id, account_id, currency, amount, by_at FROM portfolio.goals WHERE id = $2
            ON CONFLICT DO NOTHING
            """, [.integer(try step()), .integer(id)])
    }

    /// Saves the account's deposits, withdrawals and goal before the account is deleted.
    func saveMoneyRows(ofAccount id: Int64) throws {
        guard !isCreated(.accounts, id: id) else { return }
        let excluded = exclusions(.contributions, after: 2)
        try connection.execute("""
            INSERT INTO portfolio.undo_contributions (step_id, id, account_id, at, amount)
            SELECT $1, id, account_id, at, amount FROM portfolio.contributions WHERE account_id = $2\(excluded.sql)
            ON CONFLICT DO NOTHING
            """, [.integer(try step()), .integer(id)] + excluded.parameters)
        for row in try connection.query("SELECT id FROM portfolio.goals WHERE account_id = $1", [.integer(id)]) {
            if let goalID = try row.integer(0) { try saveGoal(goalID) }
        }
    }

    /// Writes the runs created, the items touched (and this actor's newest step on each),
    /// the description, and prunes this actor's oldest steps beyond the limit.
    func finish() throws {
        guard let stepID else { return }
        var tables: [String] = [], firsts: [Int64] = [], lasts: [Int64] = []
        for table in Table.allCases {
            for run in created[table] ?? [] {
                tables.append(table.rawValue)
                firsts.append(run.lowerBound)
                lasts.append(run.upperBound)
            }
        }
        if !tables.isEmpty {
            // Table names are the four known ones: letters only, safe in an array literal.
            try connection.execute("""
                INSERT INTO portfolio.undo_created (step_id, table_name, first_id, last_id)
                SELECT $1, n, f, l FROM unnest($2::text[], $3::bigint[], $4::bigint[]) AS u (n, f, l)
                """, [.integer(stepID), .text("{" + tables.joined(separator: ",") + "}"), ColumnBatch.array(firsts), ColumnBatch.array(lasts)])
        }
        for item in touched.sorted() {
            try connection.execute("INSERT INTO portfolio.undo_touches (step_id, item) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                                   [.integer(stepID), .text(item)])
            try connection.execute("""
                INSERT INTO portfolio.last_changes (item, actor, step_id) VALUES ($1, $2, $3)
                ON CONFLICT (item, actor) DO UPDATE SET step_id = greatest(last_changes.step_id, excluded.step_id)
                """, [.text(item), .text(actor), .integer(stepID)])
        }
        try connection.execute("UPDATE portfolio.undo_steps SET description = $1 WHERE id = $2", [.text(description), .integer(stepID)])
        try connection.execute("""
            WITH gone AS (
                DELETE FROM portfolio.undo_steps WHERE actor = $1
                    AND id < (SELECT min(id) FROM (SELECT id FROM portfolio.undo_steps WHERE actor = $1 ORDER BY id DESC LIMIT $2) AS kept)
                RETURNING id)
            INSERT INTO portfolio.undo_pruned (actor, pruned_through) SELECT $1, max(id) FROM gone HAVING count(*) > 0
            ON CONFLICT (actor) DO UPDATE SET pruned_through = greatest(undo_pruned.pruned_through, excluded.pruned_through)
            """, [.text(actor), .integer(Int64(PortfolioUndo.limit))])
    }
}

enum PostgresUndoJournal {
    /// The newest step of `actor`, nil when there is none.
    static func latestStep(actor: String, on connection: PostgresConnection, location: String) throws -> UndoStep? {
        guard let row = try connection.query(
            "SELECT id, command, description, at FROM portfolio.undo_steps WHERE actor = $1 ORDER BY id DESC LIMIT 1",
            [.text(actor)]).first else { return nil }
        guard let id = try row.integer(0), let at = try row.integer(3) else {
            throw StoreError.corrupt(path: location, reason: "an undo step has no id or time")
        }
        return UndoStep(id: id, command: row.text(1) ?? "", description: row.text(2) ?? "", at: at)
    }

    /// Reverts `step` inside the caller's change: refuses when another actor changed one
    /// of its items since; deletes what it created, puts back what it saved, forgets it.
    static func revert(_ step: UndoStep, actor: String, on connection: PostgresConnection, location: String) throws -> UndoOutcome {
        let stepID = PostgresValue.integer(step.id)
        if let other = try connection.query("""
            SELECT l.actor FROM portfolio.last_changes l JOIN portfolio.undo_touches t ON t.item = l.item
            WHERE t.step_id = $1 AND l.actor <> $2 AND l.step_id > $1 ORDER BY l.step_id DESC LIMIT 1
            """, [stepID, .text(actor)]).first?.text(0) {
            throw PortfolioError.undoConflict(description: step.description, actor: other)
        }
        var outcome = UndoOutcome(step: step)
        var mismatch = false
        var createdAccounts: [ClosedRange<Int64>] = []
        for row in try connection.query(
            "SELECT table_name, first_id, last_id FROM portfolio.undo_created WHERE step_id = $1 ORDER BY table_name DESC, first_id",
            [stepID]) {
            guard let first = try row.integer(1), let last = try row.integer(2),
                  let table = SQLiteUndoJournal.Table(rawValue: row.text(0) ?? "") else { mismatch = true; continue }
            let run = first...max(first, last)
            if table == .accounts { createdAccounts.append(run); continue }
            // The table's name is one of the four known ones, never text from the database.
            let deleted = Int64(try connection.execute("DELETE FROM portfolio.\(table.rawValue) WHERE id BETWEEN $1 AND $2",
                                                       [.integer(run.lowerBound), .integer(run.upperBound)]))
            let size = run.upperBound.subtractingReportingOverflow(run.lowerBound)
            if size.overflow || deleted - 1 != size.partialValue { mismatch = true }
            switch table {
            case .updates: outcome.updatesRemoved += deleted
            case .contributions: outcome.contributionsRemoved += deleted
            case .accounts, .goals: break
            }
        }
        for run in createdAccounts {
            let bounds: [PostgresValue] = [.integer(run.lowerBound), .integer(run.upperBound)]
            if try connection.scalarInteger("SELECT count(*) FROM portfolio.updates WHERE account_id BETWEEN $1 AND $2", bounds) != 0 { mismatch = true }
            if try connection.scalarInteger("SELECT count(*) FROM portfolio.contributions WHERE account_id BETWEEN $1 AND $2", bounds) != 0 { mismatch = true }
            let deleted = Int64(try connection.execute("DELETE FROM portfolio.accounts WHERE id BETWEEN $1 AND $2", bounds))
            let size = run.upperBound.subtractingReportingOverflow(run.lowerBound)
            if size.overflow || deleted - 1 != size.partialValue { mismatch = true }
            outcome.accountsRemoved += deleted
        }
        if mismatch { throw PortfolioError.undoMismatch(description: step.description) }

        outcome.accountsRestored = try connection.scalarInteger(
            "SELECT count(*) FROM portfolio.undo_accounts WHERE step_id = $1 AND id NOT IN (SELECT id FROM portfolio.accounts)", [stepID]) ?? 0
        try connection.execute("""
            INSERT INTO portfolio.accounts (id, name, currency, created_at, closed_at, update_count)
            SELECT id, name, currency, created_at, closed_at, update_count FROM portfolio.undo_accounts WHERE step_id = $1 ORDER BY id
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, currency = excluded.currency, created_at = excluded.created_at,
                closed_at = excluded.closed_at, update_count = excluded.update_count
            """, [stepID])
        outcome.updatesRestored = try connection.scalarInteger(
            "SELECT count(*) FROM portfolio.undo_updates WHERE step_id = $1 AND id NOT IN (SELECT id FROM portfolio.updates)", [stepID]) ?? 0
        try connection.execute("""
            INSERT INTO portfolio.updates (id, account_id, at, value)
            SELECT id, account_id, at, value FROM portfolio.undo_updates WHERE step_id = $1 ORDER BY id
            ON CONFLICT (id) DO UPDATE SET account_id = excluded.account_id, at = excluded.at, value = excluded.value
            """, [stepID])
        outcome.contributionsRestored = try connection.scalarInteger(
            "SELECT count(*) FROM portfolio.undo_contributions WHERE step_id = $1 AND id NOT IN (SELECT id FROM portfolio.contributions)", [stepID]) ?? 0
        try connection.execute("""
            INSERT INTO portfolio.contributions (id, account_id, at, amount)
            SELECT id, account_id, at, amount FROM portfolio.undo_contributions WHERE step_id = $1 ORDER BY id
            ON CONFLICT (id) DO UPDATE SET account_id = excluded.account_id, at = excluded.at, amount = excluded.amount
            """, [stepID])
        try connection.execute("""
            INSERT INTO portfolio.goals (id, account_id, currency, amount, by_at)
            SELECT id, account_id, currency, amount, by_at FROM portfolio.undo_goals WHERE step_id = $1 ORDER BY id
            ON CONFLICT (id) DO UPDATE SET account_id = excluded.account_id, currency = excluded.currency,
                amount = excluded.amount, by_at = excluded.by_at
            """, [stepID])
        // The step's items are now last changed by this actor's previous step touching
        // them (or, unknown, by its newest pruned one): another actor may undo over them again.
        try connection.execute("""
            UPDATE portfolio.last_changes l SET step_id = coalesce(
                (SELECT max(s.id) FROM portfolio.undo_touches t JOIN portfolio.undo_steps s ON s.id = t.step_id
                 WHERE t.item = l.item AND s.actor = l.actor AND s.id <> $1),
                (SELECT pruned_through FROM portfolio.undo_pruned WHERE actor = l.actor), 0)
            WHERE l.actor = $2 AND l.step_id = $1
            """, [stepID, .text(actor)])
        try connection.execute("DELETE FROM portfolio.last_changes WHERE actor = $1 AND step_id = 0", [.text(actor)])
        try connection.execute("DELETE FROM portfolio.undo_steps WHERE id = $1", [stepID])
        return outcome
    }
}
