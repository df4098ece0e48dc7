// The history's rows in a PostgreSQL transaction, as TillKit's rules read and write them
// (TillHistoryRules.swift): SQL only, no rule. The rows a rule goes on to change are
// locked (FOR UPDATE) for the rest of the transaction.

import TillKit
import MoneyKitPostgres

/// The history's rows in the transaction of `connection`.
struct PostgresTillHistoryRows: TillHistoryRows {
    let connection: PostgresConnection
    /// Who the change is made by (recorded with each count, label and note).
    let actor: String

    var storeName: String { connection.server }

    func visibleKind(of id: Int64) throws -> (kind: SavedCount.Kind, zNumber: Int64?)? {
        guard let row = try connection.query(
            "SELECT kind, z_number FROM tillcount.counts WHERE id = $1 AND deleted_at IS NULL FOR UPDATE", [.integer(id)]).first else {
            return nil
        }
        return (row.text(0) == "z" ? .z : .x, try row.integer(1))
    }

    func countHidden(by key: String) throws -> Int64? {
        try connection.scalarInteger(
            "SELECT id FROM tillcount.counts WHERE deleted_by = $1 AND deleted_at IS NOT NULL FOR UPDATE", [.text(key)])
    }

    func show(_ id: Int64) throws {
        try connection.execute("UPDATE tillcount.counts SET deleted_at = NULL, deleted_by = NULL WHERE id = $1", [.integer(id)])
    }

    func deleteLabel(setBy key: String) throws -> Bool {
        try connection.execute("DELETE FROM tillcount.count_labels WHERE set_by = $1", [.text(key)]) != 0
    }

    func deleteNote(addedBy key: String) throws -> Bool {
        try connection.execute("DELETE FROM tillcount.count_notes WHERE added_by = $1", [.text(key)]) != 0
    }

    func visibleXCount(savedBy key: String) throws -> Int64? {
        try connection.scalarInteger(
            "SELECT id FROM tillcount.counts WHERE saved_by = $1 AND deleted_at IS NULL AND kind = 'x' FOR UPDATE", [.text(key)])
    }

    func xCount(savedBy key: String) throws -> Int64? {
        try connection.scalarInteger("SELECT id FROM tillcount.counts WHERE saved_by = $1 AND kind = 'x'", [.text(key)])
    }

    func zCount(savedBy key: String) throws -> (id: Int64, zNumber: Int64)? {
        guard let row = try connection.query(
            "SELECT id, z_number FROM tillcount.counts WHERE saved_by = $1 AND kind = 'z'", [.text(key)]).first,
            let id = try row.integer(0), let number = try row.integer(1)
        else { return nil }
        return (id, number)
    }

    func editors(of id: Int64) throws -> [String?] {
        try connection.query(
            """
            SELECT actor FROM tillcount.count_labels WHERE count_id = $1
            UNION ALL SELECT actor FROM tillcount.count_notes WHERE count_id = $1
            """, [.integer(id)]).map { $0.text(0) }
    }

    func lastZNumber(of till: TillName) throws -> Int64 {
        try connection.execute("SELECT pg_advisory_xact_lock(hashtext($1))", [.text("tillcount z " + till.key)])
        // Counts filed before names were compared by case folding keep the first rule's
        // key of the spelling they were saved under ('straße' for a 'Straße' now keyed
        // 'strasse'), until the till's first change re-keys them: the numbers of every key
        // this till's spellings fold to count.
        var last: Int64 = 0
        for row in try connection.query(
            "SELECT till_key, till, MAX(z_number) FROM tillcount.counts WHERE kind = 'z' GROUP BY till_key, till") {
            guard let key = row.text(0), let name = row.text(1), let number = try row.integer(2) else { continue }
            if key == till.key || TillName(stored: name).key == till.key { last = max(last, number) }
        }
        return last
    }

    func insertCount(_ count: SavedCount, zNumber: Int64?, step: HistoryStep) throws -> Int64 {
        try PostgresTillHistory.insert(
            count, savedAt: step.at, savedBy: .text(step.key), actor: .text(actor), zNumber: zNumber.map(PostgresValue.integer) ?? .null, id: nil,
            on: connection)
    }

    func hide(_ id: Int64, step: HistoryStep) throws -> Bool {
        try connection.execute(
            "UPDATE tillcount.counts SET deleted_at = $1, deleted_by = $2 WHERE id = $3 AND deleted_at IS NULL AND kind = 'x'",
            [.text(step.at), .text(step.key), .integer(id)]) != 0
    }

    func insertLabel(_ id: Int64, label: String?, step: HistoryStep) throws {
        try connection.execute(
            "INSERT INTO tillcount.count_labels (count_id, label, at, set_by, actor) VALUES ($1, $2, $3, $4, $5)",
            [.integer(id), label.map(PostgresValue.text) ?? .null, .text(step.at), .text(step.key), .text(actor)])
    }

    func insertNote(_ id: Int64, text: String, step: HistoryStep) throws {
        try connection.execute(
            "INSERT INTO tillcount.count_notes (count_id, note, at, added_by, actor) VALUES ($1, $2, $3, $4, $5)",
            [.integer(id), .text(text), .text(step.at), .text(step.key), .text(actor)])
    }

    func deleteHidden(by key: String) throws -> Int {
        // Lines, labels and notes cascade.
        try connection.execute("DELETE FROM tillcount.counts WHERE deleted_by = $1 AND deleted_at IS NOT NULL", [.text(key)])
    }

    func deleteCount(_ id: Int64) throws {
        // Lines, labels and notes cascade.
        try connection.execute("DELETE FROM tillcount.counts WHERE id = $1", [.integer(id)])
    }
}
