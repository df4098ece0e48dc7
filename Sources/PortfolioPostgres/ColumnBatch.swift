// Columns of integers bound as PostgreSQL arrays: many rows go in as one statement
// (unnest), so an import of 100,000 updates is a few statements, not 100,000 round trips.

import MoneyKitPostgres

/// Columns of integers gathered for one statement, bound as PostgreSQL arrays ('{1,2,3}').
struct ColumnBatch {
    private var columns: [[Int64]]

    init(columns: Int) { self.columns = Array(repeating: [], count: columns) }

    var count: Int { columns.first?.count ?? 0 }
    var isEmpty: Bool { count == 0 }

    mutating func append(_ row: [Int64]) {
        for index in columns.indices { columns[index].append(row[index]) }
    }

    mutating func removeAll() {
        for index in columns.indices { columns[index].removeAll(keepingCapacity: true) }
    }

    /// Each column as one bound array.
    var parameters: [PostgresValue] { columns.map(Self.array) }

    /// `values` in PostgreSQL's array text form: digits and commas only, never text from a user.
    static func array(_ values: [Int64]) -> PostgresValue {
        .text("{" + values.map(String.init).joined(separator: ",") + "}")
    }
}
