// portfolio's undo journal in PostgreSQL: the rows of the kit's journal
// (PortfolioJournalRows; what a step records and how undo reverts it are
// PortfolioUndoRecorder and PortfolioUndoReverter) in the change's own transaction, plus
// who made each step. In a shared store undo reverts the newest step of this actor
// (user@host), never another's; it refuses (PortfolioError.undoConflict, exit 65) when
// another actor changed one of the step's items (an account, or a currency's total goal)
// after it: undo_touches keeps each step's items, last_changes the newest step of each
// actor on each item, undo_pruned the newest step of each actor pruned. Each actor keeps
// its last `PortfolioUndo.limit` steps.

import MoneyKit
import MoneyKitPlatform
import MoneyKitPostgres
import PortfolioKit

extension PostgresPortfolioRepository: PortfolioJournalRows {
    package func insertStep(command: String, description: String, at: Int64) throws -> Int64 {
        let connection = try changeConnection()
        guard let id = try connection.scalarInteger(
            "INSERT INTO portfolio.undo_steps (actor, command, description, at) VALUES ($1, $2, $3, $4) RETURNING id",
            [.text(store.actor), .text(command), .text(description), .integer(at)])
        else { throw StoreError.io(path: connection.server, reason: "a new undo step got no id") }
        return id
    }

    package func saveImage(_ table: PortfolioUndoTable, id: Int64, step: Int64) throws {
        try changeConnection().execute("""
            INSERT INTO portfolio.undo_\(table.rawValue) (step_id, \(table.columns))
            SELECT $1, \(table.columns) FROM portfolio.\(table.rawValue) WHERE id = $2
            ON CONFLICT DO NOTHING
            """, [.integer(step), .integer(id)])
    }

    package func saveImages(_ table: PortfolioUndoTable, ofAccount accountID: Int64, excluding: [ClosedRange<Int64>], step: Int64) throws {
        var exclusions = ""
        var bounds: [PostgresValue] = []
        for (index, run) in excluding.enumerated() {
            exclusions += " AND NOT (id BETWEEN $\(2 * index + 3) AND $\(2 * index + 4))"
            bounds += [.integer(run.lowerBound), .integer(run.upperBound)]
        }
        try changeConnection().execute("""
            INSERT INTO portfolio.undo_\(table.rawValue) (step_id, \(table.columns))
            SELECT $1, \(table.columns) FROM portfolio.\(table.rawValue) WHERE account_id = $2\(exclusions)
            ON CONFLICT DO NOTHING
            """, [.integer(step), .integer(accountID)] + bounds)
    }

    package func goalIDs(ofAccount accountID: Int64) throws -> [Int64] {
        try changeConnection().query("SELECT id FROM portfolio.goals WHERE account_id = $1", [.integer(accountID)]).compactMap { try $0.integer(0) }
    }

    package func recordCreated(_ runs: [(table: PortfolioUndoTable, run: ClosedRange<Int64>)], step: Int64) throws {
        // Table names are the four known ones: letters only, safe in an array literal.
        try changeConnection().execute("""
            INSERT INTO portfolio.undo_created (step_id, table_name, first_id, last_id)
            SELECT $1, n, f, l FROM unnest($2::text[], $3::bigint[], $4::bigint[]) AS u (n, f, l)
            """, [.integer(step), .text("{" + runs.map(\.table.rawValue).joined(separator: ",") + "}"),
                  ColumnBatch.array(runs.map(\.run.lowerBound)), ColumnBatch.array(runs.map(\.run.upperBound))])
    }

    package func recordTouches(_ items: [String], step: Int64) throws {
        let connection = try changeConnection()
        for item in items {
            try connection.execute("INSERT INTO portfolio.undo_touches (step_id, item) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                                   [.integer(step), .text(item)])
            try connection.execute("""
                INSERT INTO portfolio.last_changes (item, actor, step_id) VALUES ($1, $2, $3)
                ON CONFLICT (item, actor) DO UPDATE SET step_id = greatest(last_changes.step_id, excluded.step_id)
                """, [.text(item), .text(store.actor), .integer(step)])
        }
    }

    package func setDescription(_ description: String, step: Int64) throws {
        try changeConnection().execute("UPDATE portfolio.undo_steps SET description = $1 WHERE id = $2", [.text(description), .integer(step)])
    }

    package func pruneSteps(keeping kept: Int) throws {
        try changeConnection().execute("""
            WITH gone AS (
                DELETE FROM portfolio.undo_steps WHERE actor = $1
                    AND id < (SELECT min(id) FROM (SELECT id FROM portfolio.undo_steps WHERE actor = $1 ORDER BY id DESC LIMIT $2) AS kept)
                RETURNING id)
            INSERT INTO portfolio.undo_pruned (actor, pruned_through) SELECT $1, max(id) FROM gone HAVING count(*) > 0
            ON CONFLICT (actor) DO UPDATE SET pruned_through = greatest(undo_pruned.pruned_through, excluded.pruned_through)
            """, [.text(store.actor), .integer(Int64(kept))])
    }

    package func newestStep() throws -> UndoStep? {
        guard let row = try rows(
            "SELECT id, command, description, at FROM portfolio.undo_steps WHERE actor = $1 ORDER BY id DESC LIMIT 1",
            [.text(store.actor)]).first else { return nil }
        guard let id = try row.integer(0), let at = try row.integer(3) else { throw corrupt("an undo step has no id or time") }
        return UndoStep(id: id, command: row.text(1) ?? "", description: row.text(2) ?? "", at: at)
    }

    package func laterActor(over step: UndoStep) throws -> String? {
        try changeConnection().query("""
            SELECT l.actor FROM portfolio.last_changes l JOIN portfolio.undo_touches t ON t.item = l.item
            WHERE t.step_id = $1 AND l.actor <> $2 AND l.step_id > $1 ORDER BY l.step_id DESC LIMIT 1
            """, [.integer(step.id), .text(store.actor)]).first?.text(0)
    }

    /// The columns are typed and checked by the server: what they hold, the store's rows can.
    package func checkImages(of step: UndoStep) throws {}

    package func createdRuns(of step: UndoStep) throws -> [(table: PortfolioUndoTable?, run: ClosedRange<Int64>)] {
        var runs: [(table: PortfolioUndoTable?, run: ClosedRange<Int64>)] = []
        for row in try changeConnection().query(
            "SELECT table_name, first_id, last_id FROM portfolio.undo_created WHERE step_id = $1 ORDER BY table_name DESC, first_id",
            [.integer(step.id)]) {
            guard let first = try row.integer(1), let last = try row.integer(2) else { runs.append((nil, 0...0)); continue }
            runs.append((PortfolioUndoTable(rawValue: row.text(0) ?? ""), first...max(first, last)))
        }
        return runs
    }

    package func deleteRows(_ table: PortfolioUndoTable, in run: ClosedRange<Int64>) throws -> Int64 {
        // The table's name is one of the four known ones, never text from the database.
        Int64(try changeConnection().execute("DELETE FROM portfolio.\(table.rawValue) WHERE id BETWEEN $1 AND $2",
                                             [.integer(run.lowerBound), .integer(run.upperBound)]))
    }

    package func rowsOwned(byAccountsIn run: ClosedRange<Int64>) throws -> Int64 {
        let bounds: [PostgresValue] = [.integer(run.lowerBound), .integer(run.upperBound)]
        return try changeConnection().scalarInteger("""
            SELECT (SELECT count(*) FROM portfolio.updates WHERE account_id BETWEEN $1 AND $2)
                 + (SELECT count(*) FROM portfolio.contributions WHERE account_id BETWEEN $1 AND $2)
            """, bounds) ?? 0
    }

    package func restoreImages(_ table: PortfolioUndoTable, of step: UndoStep) throws -> Int64 {
        let connection = try changeConnection()
        let stepID = PostgresValue.integer(step.id)
        let missing = try connection.scalarInteger(
            "SELECT count(*) FROM portfolio.undo_\(table.rawValue) WHERE step_id = $1 AND id NOT IN (SELECT id FROM portfolio.\(table.rawValue))",
            [stepID]) ?? 0
        try connection.execute("""
            INSERT INTO portfolio.\(table.rawValue) (\(table.columns))
            SELECT \(table.columns) FROM portfolio.undo_\(table.rawValue) WHERE step_id = $1 ORDER BY id
            ON CONFLICT (id) DO UPDATE SET \(table.upsert)
            """, [stepID])
        return missing
    }

    /// Forgets the step; its items are now last changed by this actor's previous step
    /// touching them (or, unknown, by its newest pruned one): another actor may undo over them again.
    package func forget(_ step: UndoStep) throws {
        let connection = try changeConnection()
        let stepID = PostgresValue.integer(step.id)
        try connection.execute("""
            UPDATE portfolio.last_changes l SET step_id = coalesce(
                (SELECT max(s.id) FROM portfolio.undo_touches t JOIN portfolio.undo_steps s ON s.id = t.step_id
                 WHERE t.item = l.item AND s.actor = l.actor AND s.id <> $1),
                (SELECT pruned_through FROM portfolio.undo_pruned WHERE actor = l.actor), 0)
            WHERE l.actor = $2 AND l.step_id = $1
            """, [stepID, .text(store.actor)])
        try connection.execute("DELETE FROM portfolio.last_changes WHERE actor = $1 AND step_id = 0", [.text(store.actor)])
        try connection.execute("DELETE FROM portfolio.undo_steps WHERE id = $1", [stepID])
    }
}
