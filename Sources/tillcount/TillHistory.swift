// Saved counts in SQLite (the app kept them in SwiftData): one transaction per save or
// delete, bound parameters only, the schema version in PRAGMA user_version.

import MoneyKit
import MoneyKitCLI
import MoneyKitSQLite

struct SavedCount {
    let id: Int64
    let savedAt: String
    let label: String?
    let currency: Currency
    let total: Money
    let float: Money
    let expected: Money?
    let notes: [String]
    /// The counted lines (quantities above 0).
    var quantities: [TillItem: Int64]

    var difference: Money { (try? total - float) ?? total }
    var overShort: Money? { expected.flatMap { try? total - $0 } }
}

struct TillHistory {
    static let schemaVersion: Int64 = 1
    static let migrations = [
        """
        CREATE TABLE counts (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            saved_at TEXT NOT NULL,
            label TEXT,
            currency TEXT NOT NULL,
            total INTEGER NOT NULL,
            float INTEGER NOT NULL,
            expected INTEGER,
            notes TEXT NOT NULL DEFAULT ''
        );
        CREATE TABLE count_lines (
            count_id INTEGER NOT NULL REFERENCES counts(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('note', 'coin', 'roll')),
            value INTEGER NOT NULL,
            quantity INTEGER NOT NULL CHECK (quantity > 0)
        );
        CREATE INDEX count_lines_by_count ON count_lines(count_id);
        """,
    ]

    let database: SQLiteDatabase

    /// What makes a file tillcount's history: PRAGMA application_id 0x4D4B5443 ("MKTC")
    /// and the tables its migrations build; another program's database is refused.
    static var schema: SQLiteSchema { SQLiteSchema(name: "a tillcount history", applicationID: 0x4D4B_5443, migrations: migrations) }

    /// Opens the history at `path` for `access`: reading creates, migrates and marks
    /// nothing (a missing history reads as empty).
    init(path: String, access: SQLiteAccess) throws {
        database = try SQLiteDatabase.open(path, schema: Self.schema, access: access)
    }

    /// Files `summary` (with the count's notes) and returns the new id.
    func save(_ summary: TillSummary, notes: [String], label: String?, expected: Money?) throws -> Int64 {
        try database.transaction { db in
            try db.query(
                "INSERT INTO counts (saved_at, label, currency, total, float, expected, notes) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [.text(Timestamp.iso8601UTC(Timestamp.now())), label.map(SQLiteValue.text) ?? .null, .text(summary.currency.code),
                 .integer(summary.total.minorUnits), .integer(summary.float.minorUnits),
                 expected.map { .integer($0.minorUnits) } ?? .null, .text(notes.joined(separator: "\n"))])
            let id = db.lastInsertRowID
            for line in summary.counted {
                try db.query(
                    "INSERT INTO count_lines (count_id, kind, value, quantity) VALUES (?, ?, ?, ?)",
                    [.integer(id), .text(line.item.kind.rawValue), .integer(line.item.minorUnits), .integer(line.quantity)])
            }
            return id
        }
    }

    /// Every saved count, newest first.
    func all() throws -> [SavedCount] {
        let rows = try database.query("SELECT id, saved_at, label, currency, total, float, expected, notes FROM counts ORDER BY saved_at DESC, id DESC")
        return try rows.map { try savedCount(from: $0, withLines: false) }
    }

    /// The saved count `id`, lines included, or exit 66 naming the id.
    func count(_ id: Int64) throws -> SavedCount {
        let rows = try database.query("SELECT id, saved_at, label, currency, total, float, expected, notes FROM counts WHERE id = ?", [.integer(id)])
        guard let row = rows.first else { throw notFound(id) }
        return try savedCount(from: row, withLines: true)
    }

    func delete(_ id: Int64) throws {
        try database.transaction { db in
            try db.query("DELETE FROM count_lines WHERE count_id = ?", [.integer(id)])
            try db.query("DELETE FROM counts WHERE id = ?", [.integer(id)])
            if db.changes == 0 { throw notFound(id) }
        }
    }

    private func notFound(_ id: Int64) -> CLIError {
        CLIError("no saved count with id \(id)", hint: "'tillcount history' lists the saved counts", exitCode: .noInput)
    }

    private func savedCount(from row: [SQLiteValue], withLines: Bool) throws -> SavedCount {
        guard row.count == 8, case .integer(let id) = row[0], case .text(let savedAt) = row[1],
            case .text(let code) = row[3], let currency = Currency(code: code),
            case .integer(let total) = row[4], case .integer(let float) = row[5], case .text(let notes) = row[7]
        else { throw StoreError.corrupt(path: database.path, reason: "a saved count has unexpected values") }
        var expected: Money?
        if case .integer(let value) = row[6] { expected = Money(minorUnits: value, currency: currency) }
        var label: String?
        if case .text(let text) = row[2] { label = text }
        var quantities: [TillItem: Int64] = [:]
        if withLines {
            for line in try database.query("SELECT kind, value, quantity FROM count_lines WHERE count_id = ?", [.integer(id)]) {
                guard line.count == 3, case .text(let kindText) = line[0], let kind = TillItem.Kind(rawValue: kindText),
                    case .integer(let value) = line[1], case .integer(let quantity) = line[2]
                else { throw StoreError.corrupt(path: database.path, reason: "a saved line has unexpected values") }
                quantities[TillItem(kind: kind, minorUnits: value), default: 0] += quantity
            }
        }
        return SavedCount(
            id: id, savedAt: savedAt, label: label, currency: currency, total: Money(minorUnits: total, currency: currency),
            float: Money(minorUnits: float, currency: currency), expected: expected,
            notes: notes.isEmpty ? [] : notes.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
            quantities: quantities)
    }
}
