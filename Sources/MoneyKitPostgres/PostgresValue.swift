// Values bound to a statement's $1, $2… and rows read back, both in libpq's text format:
// no binary layouts to get wrong, and PostgreSQL checks every value against its column.

import MoneyKitPlatform
import MoneyKitStorage

/// A value bound to a statement's `$n`.
package enum PostgresValue: Equatable, Sendable {
    case integer(Int64)
    case text(String)
    case boolean(Bool)
    case null

    /// The text PostgreSQL reads for this value (nil for NULL).
    var textForm: String? {
        switch self {
        case .integer(let value): return String(value)
        case .text(let value): return value
        case .boolean(let value): return value ? "t" : "f"
        case .null: return nil
        }
    }
}

/// One row of a result: each column as PostgreSQL's text form, nil for NULL.
package struct PostgresRow: Equatable, Sendable {
    package var values: [String?]
    /// Names the server in errors about a value that is not what the schema promises.
    let server: String

    package init(values: [String?], server: String) {
        self.values = values
        self.server = server
    }

    /// The column's text, nil for NULL or a column beyond the row.
    package func text(_ column: Int) -> String? {
        values.indices.contains(column) ? values[column] : nil
    }

    /// The column as a 64-bit integer, nil for NULL.
    /// - Throws: `StoreError.corrupt` when it holds something else.
    package func integer(_ column: Int) throws(StoreError) -> Int64? {
        guard let text = text(column) else { return nil }
        guard let value = Int64(text) else {
            throw StoreError.corrupt(path: server, reason: "column \(column + 1) holds '\(text)', not an integer")
        }
        return value
    }

    /// The column as a boolean (PostgreSQL's `t`/`f`), nil for NULL.
    /// - Throws: `StoreError.corrupt` when it holds something else.
    package func boolean(_ column: Int) throws(StoreError) -> Bool? {
        switch text(column) {
        case nil: return nil
        case "t"?: return true
        case "f"?: return false
        case let other?: throw StoreError.corrupt(path: server, reason: "column \(column + 1) holds '\(other)', not a boolean")
        }
    }
}
