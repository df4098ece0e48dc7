// The PostgreSQL adapter of the saved counts: the SQLite history's rules (hidden counts,
// undo by step key, Z numbers per till, labels and notes as rows of their own) on the
// tables of PostgresTillSchema.swift, each call one snapshot or one transaction. Rows are
// read through the SQLite adapter's checks (SavedLines, SavedCountRow.savedCount), so
// both backends refuse the same impossible counts.

import TillKit
import MoneyKit
import MoneyKitPlatform
import MoneyKitPostgres
import MoneyKitStorage

/// Saved counts in a PostgreSQL database.
public struct PostgresTillHistory: TillHistoryRepository {
    let store: PostgresTillStore
    typealias Definitions = (Currency) throws -> DenominationSet

    static let lineColumns = "line_id, kind, value, quantity, roll_size, packaging, line_value, roll_size_from, token, label"

    /// Every visible count, newest first.
    /// - Throws: `StoreError`.
    public func savedCounts() throws -> [SavedCount] {
        try store.read { connection, hasTables -> [SavedCount] in
            guard hasTables else { return [] }
            return try headers("deleted_at IS NULL ORDER BY saved_at DESC, id DESC", [], on: connection)
        }
    }

    /// The visible count `id` without lines.
    /// - Throws: `TillError.noSavedCount`; `StoreError`.
    public func header(_ id: Int64) throws -> SavedCount {
        try store.read { connection, hasTables -> SavedCount in
            guard hasTables, let found = try headers("id = $1 AND deleted_at IS NULL", [.integer(id)], on: connection).first else {
                throw TillError.noSavedCount(id: id)
            }
            return found
        }
    }

    /// As `header(_:)` (the deletion checks it again in its own transaction).
    /// - Throws: `TillError.noSavedCount`; `StoreError`.
    public func countToDelete(_ id: Int64) throws -> SavedCount { try header(id) }

    /// The visible count `id` with its lines, every line checked.
    /// - Throws: `TillError.noSavedCount`; `StoreError.corrupt`.
    public func count(_ id: Int64, definitions: (Currency) throws -> DenominationSet) throws -> SavedCount {
        try store.read { connection, hasTables -> SavedCount in
            guard hasTables, var found = try headers("id = $1 AND deleted_at IS NULL", [.integer(id)], on: connection).first else {
                throw TillError.noSavedCount(id: id)
            }
            let rows = try connection.query(
                "SELECT \(Self.lineColumns) FROM tillcount.count_lines WHERE count_id = $1 ORDER BY line_id", [.integer(id)])
            found.lines = try SavedLines.read(found, rows: try rows.map(Self.lineValues), definitions: definitions, path: connection.server).map(\.line)
            return found
        }
    }

    /// Every visible count with its lines, oldest first, from one snapshot.
    /// - Throws: `TillError`, `StoreError`.
    public func countsWithLines(definitions: (Currency) throws -> DenominationSet) throws -> [SavedCount] {
        try store.read { connection, hasTables -> [SavedCount] in
            guard hasTables else { return [] }
            let counts = try headers("deleted_at IS NULL ORDER BY saved_at, id", [], on: connection)
            var lineRows: [Int64: [[TillRowValue]]] = [:]
            for row in try connection.query("""
                SELECT count_id, \(Self.lineColumns) FROM tillcount.count_lines
                WHERE count_id IN (SELECT id FROM tillcount.counts WHERE deleted_at IS NULL) ORDER BY count_id, line_id
                """) {
                guard let id = try row.integer(0) else { throw StoreError.corrupt(path: connection.server, reason: "a saved line has no count") }
                let rest = PostgresRow(values: Array(row.values.dropFirst()), server: connection.server)
                lineRows[id, default: []].append(try Self.lineValues(rest))
            }
            return try SavedLines.attach(to: counts, lineRows: lineRows, definitions: definitions, path: connection.server)
        }
    }

    /// Connects, so that a server that cannot be reached is refused before the live count changes.
    /// - Throws: `StoreError.unavailable`, `.badConnection`.
    public func prepareToSave() throws {
        _ = try store.store.connection()
    }

    /// Files `count` for `step` in one transaction (a Z count's number taken under a lock
    /// of its till); returns the new id.
    /// - Throws: `StoreError`; nothing is saved then.
    public func save(_ count: SavedCount, step: HistoryStep, definitions: (Currency) throws -> DenominationSet) throws -> Int64 {
        try store.change { connection, change -> Int64 in
            try TillHistoryRules.save(count, step: step, in: PostgresTillHistoryRows(connection: connection, actor: change.actor))
        }
    }

    /// Inserts `count` and its lines; returns its id (`id`: the one to keep, when copying).
    static func insert(
        _ count: SavedCount, savedAt: String, savedBy: PostgresValue, actor: PostgresValue, zNumber: PostgresValue, id: Int64?,
        on connection: PostgresConnection
    ) throws -> Int64 {
        let till = TillName(stored: count.till)
        let values: [PostgresValue] = [
            .text(savedAt), count.label.map(PostgresValue.text) ?? .null, .text(count.currency.code),
            .integer(count.total.minorUnits), .integer(count.float.minorUnits), count.expected.map { .integer($0.minorUnits) } ?? .null,
            .text(count.notes.joined(separator: "\n")), savedBy, actor, .text(count.till), .text(till.key), .text(count.kind.rawValue), zNumber,
            SavedMovementsText.text(count.movements, currency: count.currency).map(PostgresValue.text) ?? .null,
            count.tolerance.map { .integer($0.minorUnits) } ?? .null,
        ]
        let idColumn = id == nil ? "" : ", id"
        let idValue = id == nil ? "" : ", $16"
        guard let newID = try connection.query(
            """
            INSERT INTO tillcount.counts (saved_at, label, currency, total, float, expected, notes, saved_by, saved_actor, till, till_key, kind, z_number, movements, tolerance\(idColumn))
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15\(idValue)) RETURNING id
            """, values + (id.map { [PostgresValue.integer($0)] } ?? [])).first.flatMap({ try? $0.integer(0) }) ?? nil
        else { throw StoreError.corrupt(path: connection.server, reason: "the new saved count has no id") }
        for line in count.lines {
            try connection.execute(
                """
                INSERT INTO tillcount.count_lines (count_id, kind, value, quantity, roll_size, packaging, line_value, roll_size_from, token, label)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                """,
                [.integer(newID), .text(line.item.kind.rawValue), .integer(line.item.minorUnits), .integer(line.quantity),
                 .integer(line.rollSize), line.item.kind == .roll ? .text(line.packaging.rawValue) : .null, .integer(line.valueMinorUnits),
                 .text(line.sizeSource.rawValue), line.token.map(PostgresValue.text) ?? .null, line.label.map(PostgresValue.text) ?? .null])
        }
        return newID
    }

    /// Hides the visible X count `id` for `step`.
    /// - Throws: `TillError.noSavedCount`, `.zCountIsFinal`; `StoreError`.
    public func delete(_ id: Int64, step: HistoryStep, definitions: (Currency) throws -> DenominationSet) throws {
        try store.change { connection, change in
            try TillHistoryRules.delete(id, step: step, in: PostgresTillHistoryRows(connection: connection, actor: change.actor))
        }
    }

    /// Reverts `step` in one transaction. Undoing a save whose count has been relabelled
    /// or noted since by another till's or person's step is refused (SaveUndoRule.swift).
    /// - Throws: `TillError.undoSaveEditedSince`; `StoreError`.
    public func revert(_ step: HistoryStep) throws -> HistoryReversal {
        try store.change { connection, change -> HistoryReversal in
            try TillHistoryRules.revert(step, in: PostgresTillHistoryRows(connection: connection, actor: change.actor))
        }
    }

    /// Deletes for good the counts hidden by the rm steps `keys` (lines, labels and notes cascade).
    /// - Throws: `StoreError`.
    public func purge(_ keys: [String]) throws -> Int {
        guard !keys.isEmpty else { return 0 }
        return try store.change { connection, change -> Int in
            try TillHistoryRules.purge(keys, in: PostgresTillHistoryRows(connection: connection, actor: change.actor))
        }
    }

    /// Relabels the visible X count `id` for `step` (a row of count_labels).
    /// - Throws: `TillError.noSavedCount`, `.zCountIsFinal`; `StoreError`.
    public func relabel(_ id: Int64, label: String?, step: HistoryStep) throws {
        try store.change { connection, change in
            try TillHistoryRules.relabel(id, label: label, step: step, in: PostgresTillHistoryRows(connection: connection, actor: change.actor))
        }
    }

    /// Adds `text` to the notes of the visible count `id` for `step` (a row of count_notes).
    /// - Throws: `TillError.noSavedCount`; `StoreError`.
    public func addNote(_ id: Int64, text: String, step: HistoryStep) throws {
        try store.change { connection, change in
            try TillHistoryRules.addNote(id, text: text, step: step, in: PostgresTillHistoryRows(connection: connection, actor: change.actor))
        }
    }

    /// Adds `entry` to the audit table, in the change's transaction.
    /// - Throws: `StoreError`.
    public func appendAudit(_ entry: TillAuditEntry) throws {
        try store.change { connection, _ in try Self.insertAudit(entry, on: connection) }
    }

    /// The row of `entry`, in the transaction open on `connection`.
    private static func insertAudit(_ entry: TillAuditEntry, on connection: PostgresConnection) throws {
        try connection.execute(
            "INSERT INTO tillcount.audit (at, till, who, action, detail) VALUES ($1, $2, $3, $4, $5)",
            [.text(entry.at), .text(entry.till), .text(entry.who), .text(entry.action.rawValue), .text(entry.detail)])
    }

    /// The audit trail, oldest first.
    /// - Throws: `StoreError` for a row of an action tillcount does not know.
    public func auditEntries() throws -> [TillAuditEntry] {
        try store.read { connection, hasTables -> [TillAuditEntry] in
            guard hasTables else { return [] }
            return try connection.query("SELECT at, till, who, action, detail FROM tillcount.audit ORDER BY id", []).map { row in
                let values = (0..<5).map { row.text($0) ?? "" }
                guard let action = TillAuditEntry.Action(rawValue: values[3]) else {
                    throw StoreError.corrupt(path: connection.server, reason: "an audit entry has an unknown action '\(values[3])'")
                }
                return TillAuditEntry(at: values[0], till: values[1], who: values[2], action: action, detail: values[4])
            }
        }
    }

    /// The headers `condition` selects (in its order), with their newest labels and added notes.
    private func headers(_ condition: String, _ parameters: [PostgresValue], on connection: PostgresConnection) throws -> [SavedCount] {
        let rows = try connection.query("SELECT \(SavedCountRow.headerColumns) FROM tillcount.counts WHERE \(condition)", parameters)
        let counts = try rows.map { row in
            try SavedCountRow.savedCount(from: try Self.values(row, "itttiiitttiti"), path: connection.server)
        }
        guard !counts.isEmpty else { return counts }
        let only = counts.count == 1 ? counts[0].id : nil
        let filter = only == nil ? "" : " WHERE count_id = $1"
        let onlyParameters: [PostgresValue] = only.map { [.integer($0)] } ?? []
        var labels: [Int64: String?] = [:]
        for row in try connection.query("SELECT count_id, label FROM tillcount.count_labels\(filter) ORDER BY label_id", onlyParameters) {
            guard let id = try row.integer(0) else { continue }
            labels[id] = .some(row.text(1))
        }
        var notes: [Int64: [SavedNote]] = [:]
        for row in try connection.query("SELECT count_id, at, note FROM tillcount.count_notes\(filter) ORDER BY note_id", onlyParameters) {
            guard let id = try row.integer(0), let at = row.text(1), let text = row.text(2) else {
                throw StoreError.corrupt(path: connection.server, reason: "a note added to a saved count has unexpected values")
            }
            notes[id, default: []].append(SavedNote(at: at, text: text))
        }
        return SavedCountRow.edited(counts, labels: labels, notes: notes)
    }

    /// A row as the SQLite adapter's checks read it: `pattern` says which columns are
    /// integers (i) and which text (t).
    static func values(_ row: PostgresRow, _ pattern: String) throws -> [TillRowValue] {
        try pattern.enumerated().map { index, letter in
            if letter == "i" { return try row.integer(index).map(TillRowValue.integer) ?? .null }
            return row.text(index).map(TillRowValue.text) ?? .null
        }
    }

    /// A line row (`lineColumns`) as SavedLines reads it.
    static func lineValues(_ row: PostgresRow) throws -> [TillRowValue] {
        try values(row, "itiiitittt")
    }
}

extension PostgresTillHistory: TillHistoryCopyTarget {
    /// Whether the database holds any till or saved count (hidden ones too).
    /// - Throws: `StoreError`.
    public func holdsAnything() throws -> String? {
        try store.read { connection, hasTables -> String? in
            guard hasTables else { return nil }
            let tills = try connection.scalarInteger("SELECT count(*) FROM tillcount.tills") ?? 0
            let counts = try connection.scalarInteger("SELECT count(*) FROM tillcount.counts") ?? 0
            if tills > 0 { return "\(tills) till(s)" }
            if counts > 0 { return "\(counts) saved count(s)" }
            let entries = try connection.scalarInteger("SELECT count(*) FROM tillcount.audit") ?? 0
            return entries > 0 ? "\(entries) audit entries" : nil
        }
    }

    /// Files `counts` as they are (ids, times, tills, kinds, Z numbers, labels, added
    /// notes) in one transaction, then moves the id sequence past them.
    /// - Throws: `StoreError`; nothing is filed then.
    public func copyIn(_ counts: [SavedCount], audit: [TillAuditEntry]) throws {
        try store.change { connection, change in
            for entry in audit { try Self.insertAudit(entry, on: connection) }
            for count in counts {
                _ = try Self.insert(count, savedAt: count.savedAt, savedBy: .null, actor: .text(change.actor),
                               zNumber: count.zNumber.map(PostgresValue.integer) ?? .null, id: count.id, on: connection)
                for note in count.addedNotes {
                    try connection.execute(
                        "INSERT INTO tillcount.count_notes (count_id, note, at, added_by, actor) VALUES ($1, $2, $3, $4, $5)",
                        [.integer(count.id), .text(note.text), .text(note.at), .text(HistoryStep.randomKey()), .text(change.actor)])
                }
            }
            try connection.execute(
                "SELECT setval(pg_get_serial_sequence('tillcount.counts', 'id'), GREATEST((SELECT MAX(id) FROM tillcount.counts), 1))")
        }
    }
}
