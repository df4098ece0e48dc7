// The undo journal's two tables in an SQLite database, the same in every kit's database
// (UndoJournal holds the rule): journal_steps(id, label, at, actor, mark), one row a
// step, ids never reused (AUTOINCREMENT: a kit's rows may name the step that made them);
// journal_records(step_id, position, kind, key, before), each row a step first touched,
// `before` the kit's JSON of it (NULL: the step made it).

import MoneyKitPlatform
import MoneyKitStorage

/// The undo journal's rows in an SQLite database, inside the caller's transaction.
package final class SQLiteUndoJournalRows: UndoJournalRows {
    /// The tables and indexes, version 1: a kit's migration that adds the journal runs
    /// this text (never edited once shipped: a change is a new migration).
    package static let tables = """
        CREATE TABLE journal_steps (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            label TEXT NOT NULL,
            at REAL NOT NULL,
            actor TEXT NOT NULL,
            mark TEXT
        );
        CREATE INDEX journal_steps_by_actor ON journal_steps(actor, id);
        CREATE TABLE journal_records (
            step_id INTEGER NOT NULL,
            position INTEGER NOT NULL,
            kind TEXT NOT NULL,
            key TEXT NOT NULL,
            before TEXT,
            PRIMARY KEY (step_id, kind, key)
        ) WITHOUT ROWID;
        CREATE INDEX journal_records_by_key ON journal_records(kind, key, step_id);
        """

    let database: SQLiteDatabase

    /// The journal in `database`.
    package init(database: SQLiteDatabase) {
        self.database = database
    }

    private func corrupt(_ reason: String) -> StoreError { .corrupt(path: database.path, reason: reason) }

    package func appendStep(label: String, at: Double, actor: String, mark: String?) throws -> Int64 {
        try database.cached("INSERT INTO journal_steps (label, at, actor, mark) VALUES (?, ?, ?, ?)")
            .run([.text(label), .real(at), .text(actor), mark.map(SQLiteValue.text) ?? .null])
        return database.lastInsertRowID
    }

    package func relabelStep(_ id: Int64, label: String) throws {
        try database.cached("UPDATE journal_steps SET label = ? WHERE id = ?").run([.text(label), .integer(id)])
    }

    package func newestStep(actor: String?) throws -> UndoJournalStep? {
        var found: UndoJournalStep?
        let sql = "SELECT id, label, at, actor, mark FROM journal_steps"
            + (actor == nil ? " ORDER BY id DESC LIMIT 1" : " WHERE actor = ? ORDER BY id DESC LIMIT 1")
        try database.cached(sql).forEachRow(actor.map { [.text($0)] } ?? []) { row in
            var at = 0.0
            switch row.values[2] {
            case .real(let value): at = value
            case .integer(let value): at = Double(value)
            default: throw corrupt("undo step \(row.int64(0)) has no time")
            }
            found = UndoJournalStep(id: row.int64(0), label: row.text(1), at: at, actor: row.text(3), mark: row.optionalText(4))
        }
        return found
    }

    package func stepIDs(actor: String?, beyondNewest kept: Int) throws -> [Int64] {
        var ids: [Int64] = []
        let sql = "SELECT id FROM journal_steps" + (actor == nil ? " ORDER BY id DESC LIMIT -1 OFFSET ?1" : " WHERE actor = ?2 ORDER BY id DESC LIMIT -1 OFFSET ?1")
        try database.cached(sql).forEachRow([.integer(Int64(kept))] + (actor.map { [.text($0)] } ?? [])) { ids.append($0.int64(0)) }
        return ids.reversed()
    }

    package func stepIDs(actorPrefix prefix: String) throws -> [Int64] {
        var ids: [Int64] = []
        // substr, not LIKE: a prefix is compared as it is, with no wildcard to escape.
        try database.cached("SELECT id FROM journal_steps WHERE substr(actor, 1, length(?1)) = ?1 ORDER BY id")
            .forEachRow([.text(prefix)]) { ids.append($0.int64(0)) }
        return ids
    }

    package func nextPosition(inStep id: Int64) throws -> Int64 {
        var last: Int64?
        try database.cached("SELECT max(position) FROM journal_records WHERE step_id = ?").forEachRow([.integer(id)]) {
            last = $0.optionalInt64(0)
        }
        guard let last else { return 0 }
        guard last < Int64.max else { throw corrupt("undo step \(id) has no position left") }
        return last + 1
    }

    package func addRecord(_ record: UndoJournalRecord, step id: Int64, position: Int64) throws {
        try database.cached("INSERT OR IGNORE INTO journal_records (step_id, position, kind, key, before) VALUES (?, ?, ?, ?, ?)")
            .run([.integer(id), .integer(position), .text(record.kind), .text(record.key), record.before.map { .text($0.serialized()) } ?? .null])
    }

    /// The record of a row of kind, key, before (columns `offset`…).
    private func record(_ row: SQLiteRow, at offset: Int32 = 0) throws -> UndoJournalRecord {
        let before = try row.optionalText(offset + 2).map { text -> JSONValue in
            guard let value = try? JSONValue.parse(text) else { throw corrupt("an undo record of \(row.text(offset)) \(row.text(offset + 1)) is unreadable") }
            return value
        }
        return UndoJournalRecord(kind: row.text(offset), key: row.text(offset + 1), before: before)
    }

    package func records(ofStep id: Int64) throws -> [UndoJournalRecord] {
        var records: [UndoJournalRecord] = []
        try database.cached("SELECT kind, key, before FROM journal_records WHERE step_id = ? ORDER BY position")
            .forEachRow([.integer(id)]) { records.append(try record($0)) }
        return records
    }

    package func laterRecords(touching id: Int64, notBy actor: String) throws -> [(record: UndoJournalRecord, actor: String)] {
        var found: [(record: UndoJournalRecord, actor: String)] = []
        try database.cached("""
            SELECT r.kind, r.key, r.before, s.actor FROM journal_records AS m
            JOIN journal_records AS r ON r.kind = m.kind AND r.key = m.key AND r.step_id > m.step_id
            JOIN journal_steps AS s ON s.id = r.step_id
            WHERE m.step_id = ?1 AND s.actor <> ?2 ORDER BY r.step_id, r.position
            """).forEachRow([.integer(id), .text(actor)]) { row in
            found.append((try record(row), row.text(3)))
        }
        return found
    }

    package func isRecorded(kind: String, key: String) throws -> Bool {
        try database.scalarInteger("SELECT EXISTS (SELECT 1 FROM journal_records WHERE kind = ? AND key = ?)", [.text(kind), .text(key)]) == 1
    }

    package func deleteStep(_ id: Int64) throws {
        try database.cached("DELETE FROM journal_records WHERE step_id = ?").run([.integer(id)])
        try database.cached("DELETE FROM journal_steps WHERE id = ?").run([.integer(id)])
    }

    package func hasSteps() throws -> Bool {
        try database.scalarInteger("SELECT EXISTS (SELECT 1 FROM journal_steps)") == 1
    }

    /// Nothing: SQLite runs one write transaction at a time.
    package func lockUndo(actor: String) throws {}
}
