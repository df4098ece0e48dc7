// The tables an undo step of portfolio can create rows in and save images of, by the
// names every backend's journal stores (undo_created.table_name), with the columns of
// their rows, which the journal's image tables (undo_<table>) repeat.

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
}
