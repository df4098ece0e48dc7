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
