// A prepared statement, for the hot loops: bind, step and read columns without building
// arrays per row (an import of a million updates, a scan of every update for a chart).

import CSQLite
import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

package final class SQLiteStatement {
    private let statement: OpaquePointer
    // Unowned: the database keeps its cached statements, so a strong reference back
    // would be a cycle and the connection would never close.
    private unowned let database: SQLiteDatabase

    init(statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit { sqlite3_finalize(statement) }

    /// Binds `values` to the `?`s in order, after clearing the previous run.
    package func bind(_ values: [SQLiteValue]) throws(StoreError) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(statement, index, number)
            case .real(let number): code = sqlite3_bind_double(statement, index, number)
            case .text(let text):
                // With its length in bytes: a NUL inside the text is kept, never a cut.
                guard let length = Int32(exactly: text.utf8.count) else {
                    throw StoreError.rejected(path: database.path, reason: "a text of \(text.utf8.count) bytes is too long")
                }
                code = text.withCString { sqlite3_bind_text(statement, index, $0, length, SQLITE_TRANSIENT) }
            case .null: code = sqlite3_bind_null(statement, index)
            }
            if code != SQLITE_OK { throw database.storeError(code) }
        }
    }

    /// Runs a statement that returns no rows (an insert, an update).
    package func run(_ values: [SQLiteValue]) throws(StoreError) {
        try bind(values)
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE || code == SQLITE_ROW else { throw database.storeError(code) }
    }

    /// Clears the previous run, for binding by position (`bindInteger`) and `step`: the
    /// bulk path, with no array built per row.
    package func reset() {
        sqlite3_reset(statement)
    }

    /// Binds `value` to the `?` at `position` (from 1).
    package func bindInteger(_ position: Int32, _ value: Int64) throws(StoreError) {
        let code = sqlite3_bind_int64(statement, position, value)
        if code != SQLITE_OK { throw database.storeError(code) }
    }

    /// Runs the statement as bound (an insert, an update), then resets it.
    package func step() throws(StoreError) {
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE || code == SQLITE_ROW else {
            let error = database.storeError(code)
            sqlite3_reset(statement)
            throw error
        }
        sqlite3_reset(statement)
    }

    /// Steps a query bound by `bind` to its next row: the row, valid until the next step
    /// or reset; nil when there is none left. For reading several queries in turn (a merge).
    package func nextRow() throws(StoreError) -> SQLiteRow? {
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE { return nil }
        guard code == SQLITE_ROW else { throw database.storeError(code) }
        return SQLiteRow(statement: statement)
    }

    /// Calls `body` for every row, reading columns through `SQLiteRow`.
    package func forEachRow(_ values: [SQLiteValue] = [], _ body: (SQLiteRow) throws -> Void) throws {
        try bind(values)
        let row = SQLiteRow(statement: statement)
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw database.storeError(code) }
            try body(row)
        }
    }
}

/// The current row of a statement; valid only inside `forEachRow`'s body (or until the
/// next `nextRow`).
package struct SQLiteRow {
    let statement: OpaquePointer

    package func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    /// Whether the column holds an integer as stored: ask before reading it (a reading converts).
    package func isInteger(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_INTEGER }

    package func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    package func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    package func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    /// Every column of the row, typed as SQLite stored it.
    package var values: [SQLiteValue] {
        (0..<sqlite3_column_count(statement)).map { column in
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER: return .integer(int64(column))
            case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
            case SQLITE_NULL: return .null
            default: return .text(text(column))
            }
        }
    }
}
