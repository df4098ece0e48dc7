// The history's rows in an SQLite transaction, as TillKit's rules read and write them
// (TillHistoryRules.swift): SQL only, no rule.

import TillKit
import MoneyKitSQLite

/// The history's rows in the transaction of `database`.
struct SQLiteTillHistoryRows: TillHistoryRows {
    let database: SQLiteDatabase
    /// How a reversal that found nothing names the history (the path the user gave).
    let storeName: String

    init(database: SQLiteDatabase, storeName: String? = nil) {
        self.database = database
        self.storeName = storeName ?? database.path
    }

    func visibleKind(of id: Int64) throws -> (kind: SavedCount.Kind, zNumber: Int64?)? {
        guard let row = try database.query("SELECT kind, z_number FROM counts WHERE id = ? AND deleted_at IS NULL", [.integer(id)]).first else {
            return nil
        }
        var number: Int64?
        if case .integer(let value) = row[1] { number = value }
        if case .text("z") = row[0] { return (.z, number) }
        return (.x, number)
    }

    func countHidden(by key: String) throws -> Int64? {
        try database.scalarInteger("SELECT id FROM counts WHERE deleted_by = ? AND deleted_at IS NOT NULL", [.text(key)])
    }

    func show(_ id: Int64) throws {
        try database.query("UPDATE counts SET deleted_at = NULL, deleted_by = NULL WHERE id = ?", [.integer(id)])
    }

    func deleteLabel(setBy key: String) throws -> Bool {
        try database.query("DELETE FROM count_labels WHERE set_by = ?", [.text(key)])
        return database.changes != 0
    }

    func deleteNote(addedBy key: String) throws -> Bool {
        try database.query("DELETE FROM count_notes WHERE added_by = ?", [.text(key)])
        return database.changes != 0
    }

    func visibleXCount(savedBy key: String) throws -> Int64? {
        try database.scalarInteger("SELECT id FROM counts WHERE saved_by = ? AND deleted_at IS NULL AND kind = 'x'", [.text(key)])
    }

    func xCount(savedBy key: String) throws -> Int64? {
        try database.scalarInteger("SELECT id FROM counts WHERE saved_by = ? AND kind = 'x'", [.text(key)])
    }

    func zCount(savedBy key: String) throws -> (id: Int64, zNumber: Int64)? {
        guard let row = try database.query("SELECT id, z_number FROM counts WHERE saved_by = ? AND kind = 'z'", [.text(key)]).first,
            case .integer(let id) = row[0], case .integer(let number) = row[1]
        else { return nil }
        return (id, number)
    }

    func editors(of id: Int64) throws -> [String?] {
        // The file store does not record who made a label or note.
        try database.query(
            "SELECT 1 FROM count_labels WHERE count_id = ? UNION ALL SELECT 1 FROM count_notes WHERE count_id = ?", [.integer(id), .integer(id)]
        ).map { _ in nil }
    }

    func lastZNumber(of till: TillName) throws -> Int64 {
        // Counts filed before names were compared by case folding keep the old key.
        try database.scalarInteger(
            "SELECT MAX(z_number) FROM counts WHERE till_key IN (?, ?) AND kind = 'z'", [.text(till.key), .text(till.legacyKey)]) ?? 0
    }

    func deleteCount(_ id: Int64) throws {
        try deleteRows(of: "id = ?", [.integer(id)])
    }

    func insertCount(_ count: SavedCount, zNumber: Int64?, step: HistoryStep) throws -> Int64 {
        try database.query(
            "INSERT INTO counts (saved_at, label, currency, total, float, expected, notes, saved_by, till, till_key, kind, z_number, movements, tolerance) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [.text(step.at), count.label.map(SQLiteValue.text) ?? .null, .text(count.currency.code),
             .integer(count.total.minorUnits), .integer(count.float.minorUnits),
             count.expected.map { .integer($0.minorUnits) } ?? .null, .text(count.notes.joined(separator: "\n")), .text(step.key),
             .text(count.till), .text(TillName(stored: count.till).key), .text(count.kind.rawValue),
             zNumber.map(SQLiteValue.integer) ?? .null] + SQLiteTillHistory.cashValues(count))
        let id = database.lastInsertRowID
        for line in count.lines {
            let packaging: SQLiteValue = line.item.kind == .roll ? .text(line.packaging.rawValue) : .null
            try database.query(
                "INSERT INTO count_lines (count_id, kind, value, quantity, roll_size, packaging, line_value, roll_size_from, token, label) VALUES (?, ?, ?, ?, ?, ?, ?, 'saved', ?, ?)",
                [.integer(id), .text(line.item.kind.rawValue), .integer(line.item.minorUnits), .integer(line.quantity),
                 .integer(line.rollSize), packaging, .integer(line.valueMinorUnits), line.token.map(SQLiteValue.text) ?? .null,
                 line.label.map(SQLiteValue.text) ?? .null])
        }
        return id
    }

    func hide(_ id: Int64, step: HistoryStep) throws -> Bool {
        try database.query("UPDATE counts SET deleted_at = ?, deleted_by = ? WHERE id = ? AND deleted_at IS NULL AND kind = 'x'",
                           [.text(step.at), .text(step.key), .integer(id)])
        return database.changes != 0
    }

    func insertLabel(_ id: Int64, label: String?, step: HistoryStep) throws {
        try database.query("INSERT INTO count_labels (count_id, label, at, set_by) VALUES (?, ?, ?, ?)",
                           [.integer(id), label.map(SQLiteValue.text) ?? .null, .text(step.at), .text(step.key)])
    }

    func insertNote(_ id: Int64, text: String, step: HistoryStep) throws {
        try database.query("INSERT INTO count_notes (count_id, note, at, added_by) VALUES (?, ?, ?, ?)",
                           [.integer(id), .text(text), .text(step.at), .text(step.key)])
    }

    func deleteHidden(by key: String) throws -> Int {
        try deleteRows(of: "deleted_by = ? AND deleted_at IS NOT NULL", [.text(key)])
    }

    /// Deletes the counts `condition` selects with their lines, labels and notes; returns how many counts.
    @discardableResult
    func deleteRows(of condition: String, _ parameters: [SQLiteValue]) throws -> Int {
        let ids = "SELECT id FROM counts WHERE \(condition)"
        for table in ["count_lines", "count_labels", "count_notes"] {
            try database.query("DELETE FROM \(table) WHERE count_id IN (\(ids))", parameters)
        }
        try database.query("DELETE FROM counts WHERE \(condition)", parameters)
        return database.changes
    }
}
