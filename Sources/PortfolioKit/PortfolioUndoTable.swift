// The tables an undo step of portfolio can create rows in and keep rows of, with the
// columns of their rows (a row as undo keeps it names them: PortfolioRowImage) and the
// kinds of record the shared undo journal files them under.

/// A table of portfolio's store that a change creates rows in.
package enum PortfolioUndoTable: String, CaseIterable, Sendable {
    case accounts, updates, contributions, goals

    /// The columns of the table's rows, the id first (names of ours, never text from a store).
    package var columnNames: [String] {
        switch self {
        case .accounts: return ["id", "name", "currency", "created_at", "closed_at", "update_count"]
        case .updates: return ["id", "account_id", "at", "value"]
        case .contributions: return ["id", "account_id", "at", "amount"]
        case .goals: return ["id", "account_id", "currency", "amount", "by_at"]
        }
    }

    /// "id, name, …": the columns as a list.
    package var columns: String { columnNames.joined(separator: ", ") }

    /// "name = excluded.name, …": every column but the id set from the row an upsert
    /// refused (the same in SQLite and PostgreSQL).
    package var upsert: String {
        columnNames.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    }

    /// The statement that puts a row of the table back with its id: inserted, or set where
    /// the row exists; `table` is the table's name as the backend writes it, `placeholder`
    /// the backend's parameter marker for the column at an index (from 1).
    package func restoreStatement(table: String, placeholder: (Int) -> String) -> String {
        "INSERT INTO \(table) (\(columns)) VALUES (\(columnNames.indices.map { placeholder($0 + 1) }.joined(separator: ", ")))"
            + " ON CONFLICT (id) DO UPDATE SET \(upsert)"
    }

    /// The journal's kind of a record of one row of the table, keyed by its id, before
    /// the row as it was ("account", "update", "contribution", "goal").
    package var rowKind: String { String(rawValue.dropLast()) }

    /// The journal's kind of a record of ids the step created in the table, keyed by the
    /// run "FIRST...LAST", nothing before ("new updates"): one record per run, so an
    /// import of a million updates is one record.
    package var createdKind: String { "new " + rawValue }
}
