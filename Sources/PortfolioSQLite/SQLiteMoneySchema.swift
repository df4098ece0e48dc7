// Schema version 3 of portfolio's store (issue 16): money in and out, and goals.
//   contributions(id, account_id → accounts ON DELETE CASCADE, at, amount): a deposit
//     (amount > 0) or a withdrawal (amount < 0), never 0;
//   goals(id, account_id → accounts ON DELETE CASCADE or NULL for a currency's total,
//     currency, amount > 0, by_at or NULL): one goal per account, one per currency's total;
//   undo_contributions, undo_goals: the rows an undo step saved (SQLitePortfolioUndo; version 4
//     moves them into the shared journal and drops them);
//   undo_created_money: the ids a step created in the two new tables, as undo_created
//     keeps them for accounts and updates.
// Only CREATE TABLE and CREATE INDEX statements, so that opening a store keeps the fast
// check of its schema (SQLiteSchemaText: the stored SQL foretold from the migrations).
// A version 1 or 2 store is read as if migrated (in memory) and migrated on its next write.

import MoneyKit
import PortfolioKit

enum SQLiteMoneySchema {
    private static let instants = "BETWEEN \(PortfolioLimits.instants.lowerBound) AND \(PortfolioLimits.instants.upperBound)"
    private static let values = "BETWEEN \(PortfolioLimits.values.lowerBound) AND \(PortfolioLimits.values.upperBound)"

    /// From version 2 to 3.
    static let migration = """
        CREATE TABLE contributions (
            id INTEGER PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            at INTEGER NOT NULL CHECK (typeof(at) = 'integer' AND at \(instants)),
            amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount <> 0 AND amount \(values))
        );
        CREATE INDEX contributions_by_account_time ON contributions(account_id, at, id);
        CREATE INDEX contributions_by_time ON contributions(at, id);
        CREATE TABLE goals (
            id INTEGER PRIMARY KEY,
            account_id INTEGER UNIQUE REFERENCES accounts(id) ON DELETE CASCADE,
            currency TEXT NOT NULL CHECK (typeof(currency) = 'text' AND length(currency) = 3),
            amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
            by_at INTEGER CHECK (by_at IS NULL OR (typeof(by_at) = 'integer' AND by_at \(instants)))
        );
        CREATE UNIQUE INDEX goals_of_totals ON goals(currency) WHERE account_id IS NULL;
        CREATE TABLE undo_contributions (
            step_id INTEGER NOT NULL REFERENCES undo_steps(id) ON DELETE CASCADE,
            id INTEGER NOT NULL,
            account_id INTEGER NOT NULL,
            at INTEGER NOT NULL,
            amount INTEGER NOT NULL,
            PRIMARY KEY (step_id, id)
        ) WITHOUT ROWID;
        CREATE TABLE undo_goals (
            step_id INTEGER NOT NULL REFERENCES undo_steps(id) ON DELETE CASCADE,
            id INTEGER NOT NULL,
            account_id INTEGER,
            currency TEXT NOT NULL,
            amount INTEGER NOT NULL,
            by_at INTEGER,
            PRIMARY KEY (step_id, id)
        ) WITHOUT ROWID;
        CREATE TABLE undo_created_money (
            step_id INTEGER NOT NULL REFERENCES undo_steps(id) ON DELETE CASCADE,
            table_name TEXT NOT NULL CHECK (table_name IN ('contributions', 'goals')),
            first_id INTEGER NOT NULL,
            last_id INTEGER NOT NULL CHECK (last_id >= first_id),
            PRIMARY KEY (step_id, table_name, first_id)
        ) WITHOUT ROWID;
        """
}
