// The SQLite adapter of the history (the app kept saved counts in SwiftData): one
// transaction per save or delete, bound parameters only, the schema version in PRAGMA
// user_version. The only place that speaks SQL about saved counts.
//
// Since schema version 3 a deletion only hides a count (deleted_at, deleted_by), so that
// undo can bring it back exactly; it is purged once its undo step is gone. Every read
// leaves hidden counts out. saved_by and deleted_by hold the key of the undo step that
// made or hid the row (see TillUndoStep.swift).
//
// Since schema version 4 each count records its till (till, and till_key, the name's
// match key), its kind (x or z) and a Z count's number (z_number: 1, 2, … per till_key,
// taken in the save's own transaction, so gap-free and unique). A relabel or a note
// added after saving is a row of its own (count_labels, count_notes) marked with its
// undo step's key: the count's own row and lines never change, the newest label row
// wins, and undo deletes the row its step made.
//
// Since schema version 5 each count keeps the movements recorded with it (movements: the
// entries as JSON, SavedMovementsText.swift; NULL for none) and the tolerance it was
// judged by (tolerance, minor units; NULL for none). Counts saved before have neither;
// a version 4 database opened only to read is read with both NULL.

import TillKit
import MoneyKit
import MoneyKitPlatform
import MoneyKitSQLite
import MoneyKitStorage

/// The history kept in an SQLite database (the tool's adapter).
public final class SQLiteTillHistory: TillHistoryRepository {
    /// The schema version this build writes (PRAGMA user_version).
    public static let schemaVersion: Int64 = 7
    package static let migrations = [
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
        // Version 2: each line keeps what it was counted as, so a saved count never changes
        // with the denominations file. Lines saved before stay NULL here until the first
        // save or delete fills them in (see fillInOldLines); until then they are
        // read the same way.
        """
        ALTER TABLE count_lines ADD COLUMN roll_size INTEGER;
        ALTER TABLE count_lines ADD COLUMN packaging TEXT;
        ALTER TABLE count_lines ADD COLUMN line_value INTEGER;
        ALTER TABLE count_lines ADD COLUMN roll_size_from TEXT;
        ALTER TABLE count_lines ADD COLUMN token TEXT;
        ALTER TABLE count_lines ADD COLUMN label TEXT;
        """,
        // Version 3: undo of save and rm. Counts saved before have no saved_by (no undo
        // step refers to them); none is hidden.
        """
        ALTER TABLE counts ADD COLUMN saved_by TEXT;
        ALTER TABLE counts ADD COLUMN deleted_at TEXT;
        ALTER TABLE counts ADD COLUMN deleted_by TEXT;
        """,
        // Version 4: tills, X and Z counts, labels and notes changed after saving. Counts
        // saved before belong to the default till and are X counts.
        """
        ALTER TABLE counts ADD COLUMN till TEXT NOT NULL DEFAULT 'main';
        ALTER TABLE counts ADD COLUMN till_key TEXT NOT NULL DEFAULT 'main';
        ALTER TABLE counts ADD COLUMN kind TEXT NOT NULL DEFAULT 'x' CHECK (kind IN ('x', 'z'));
        ALTER TABLE counts ADD COLUMN z_number INTEGER CHECK (z_number IS NULL OR z_number > 0);
        CREATE UNIQUE INDEX counts_z_number ON counts(till_key, z_number) WHERE z_number IS NOT NULL;
        CREATE TABLE count_labels (
            count_id INTEGER NOT NULL REFERENCES counts(id) ON DELETE CASCADE,
            label TEXT,
            at TEXT NOT NULL,
            set_by TEXT NOT NULL
        );
        CREATE INDEX count_labels_by_count ON count_labels(count_id);
        CREATE TABLE count_notes (
            count_id INTEGER NOT NULL REFERENCES counts(id) ON DELETE CASCADE,
            note TEXT NOT NULL,
            at TEXT NOT NULL,
            added_by TEXT NOT NULL
        );
        CREATE INDEX count_notes_by_count ON count_notes(count_id);
        """,
        // Version 5: the movements and the tolerance saved with a count (see the top of this file).
        """
        ALTER TABLE counts ADD COLUMN movements TEXT;
        ALTER TABLE counts ADD COLUMN tolerance INTEGER;
        """,
        // Version 6: every till's live count with its undo stack, in the state file's JSON
        // form (SQLiteTillDirectory.swift), and where the JSON files taken over were.
        """
        CREATE TABLE tills (
            till_key TEXT PRIMARY KEY,
            till TEXT NOT NULL,
            state TEXT NOT NULL
        );
        CREATE TABLE live_count_files (
            state_file TEXT NOT NULL,
            taken_over_at TEXT NOT NULL
        );
        """,
        // Version 7: undo is the shared journal's (TillUndo.swift): its two tables, and the
        // stacks the tills' rows kept taken into them (SQLiteTillUndoStacks.swift).
        SQLiteUndoJournalRows.tables + SQLiteTillUndoStacks.conversion,
        // Version 8: the audit trail (TillAudit.swift): who turned blind mode on or off,
        // revealed a blind count, undid a change; never undone itself.
        """
        CREATE TABLE audit (
            id INTEGER PRIMARY KEY,
            at TEXT NOT NULL,
            till TEXT NOT NULL,
            who TEXT NOT NULL,
            action TEXT NOT NULL,
            detail TEXT NOT NULL
        );
        """,
    ]

    /// The database the history is kept in (with the live counts: SQLiteTillDirectory).
    public let database: SQLiteTillDatabase
    /// The database file.
    public var path: String { database.path }
    /// Whether a save may create the database's missing folders (its default location).
    public var createsFolders: Bool { database.createsFolders }
    /// Whether a read of a missing history is an error (a history the user named) rather
    /// than an empty history (the default one, not made yet).
    public var mustExist: Bool { database.mustExist }

    /// The history at `path`; a save creates missing folders only with `createsFolders`;
    /// a read finds a missing one an error with `mustExist`.
    public convenience init(path: String, createsFolders: Bool, mustExist: Bool = false) {
        self.init(database: SQLiteTillDatabase(path: path, createsFolders: createsFolders, mustExist: mustExist))
    }

    /// The history kept in `database`.
    public init(database: SQLiteTillDatabase) {
        self.database = database
    }

    /// What makes a file tillcount's history: PRAGMA application_id 0x4D4B5443 ("MKTC")
    /// and the tables its migrations build; another program's database is refused.
    package static let schema = SQLiteSchema(
        name: "a tillcount history", applicationID: 0x4D4B_5443, migrations: migrations,
        // What the migrations build, pinned (TillSchemaShapeTests checks it): a store with
        // it opens without its schema being rebuilt.
        shape: SQLiteSchemaShape(version: 8, objects: 15, hash: 0xa7a30fb601f2be42))

    /// Opens the history for `access`: reading creates, migrates and marks nothing (a
    /// missing history reads as empty); a write creates folders only where allowed.
    private func open(_ access: SQLiteAccess) throws -> SQLiteDatabase {
        if case .read = access { return try database.reader() }
        return try database.open(access)
    }

    /// The denominations of a currency now, for counts saved before roll sizes were kept.
    typealias Definitions = (Currency) throws -> DenominationSet

    /// Opens the database for writing: created (0600), migrated and marked.
    /// - Throws: `StoreError` (cannot create, foreign, newer, corrupt, I/O).
    public func prepareToSave() throws {
        try database.write { _ in }
    }

    /// Files `summary` (with the count's notes) as made by the undo step `step` (its time
    /// and key) and returns the new id. Each line is stored as counted: kind, face value,
    /// quantity, roll size, packaging and value.
    /// - Throws: `StoreError` from the database; nothing is saved then.
    public func save(_ count: SavedCount, step: HistoryStep, definitions: (Currency) throws -> DenominationSet) throws -> Int64 {
        try database.write { db in
            try fillInOldLines(db, definitions: definitions)
            return try TillHistoryRules.save(count, step: step, in: SQLiteTillHistoryRows(database: db))
        }
    }

    /// Every saved count (without its lines), newest first; hidden ones left out.
    /// - Throws: `StoreError` for a database that cannot be read or holds an impossible row.
    public func savedCounts() throws -> [SavedCount] {
        let database = try open(.read)
        let rows = try database.query("SELECT \(try Self.headerColumns(in: database)) FROM counts WHERE deleted_at IS NULL ORDER BY saved_at DESC, id DESC")
        return try withEdits(try rows.map { try savedCount(from: $0, in: database) }, in: database, only: nil)
    }

    /// The visible count `id` without its lines (read only).
    /// - Throws: `TillError.noSavedCount`; `StoreError`.
    public func header(_ id: Int64) throws -> SavedCount {
        try header(id, in: try open(.read))
    }

    /// The visible count `id`, read where its deletion will write.
    /// - Throws: `TillError.noSavedCount`; `StoreError`.
    public func countToDelete(_ id: Int64) throws -> SavedCount {
        try database.change { db in try header(id, in: db) }
    }

    /// The saved count `id` without its lines, or `noSavedCount` (also for a hidden one:
    /// it is deleted until undo brings it back).
    private func header(_ id: Int64, in database: SQLiteDatabase) throws -> SavedCount {
        let rows = try database.query("SELECT \(try Self.headerColumns(in: database)) FROM counts WHERE id = ? AND deleted_at IS NULL", [.integer(id)])
        guard let row = rows.first else { throw TillError.noSavedCount(id: id) }
        return try withEdits([try savedCount(from: row, in: database)], in: database, only: id)[0]
    }

    /// The saved count `id` with its lines. Every line is checked (one per kind and value,
    /// quantities above 0, roll sizes in range, values that are face × quantity × roll
    /// size and add up to the saved total): a count that breaks one is refused.
    /// - Throws: `TillError.noSavedCount`, `.rollSizeUnknown`, `.savedCountTooLarge`; `StoreError.corrupt` for lines that break an invariant.
    public func count(_ id: Int64, definitions: (Currency) throws -> DenominationSet) throws -> SavedCount {
        let database = try open(.read)
        var count = try header(id, in: database)
        count.lines = try SavedLines.read(count, rows: try lineRows(id, in: database), definitions: definitions, path: database.path).map(\.line)
        return count
    }

    /// Every visible count with its lines, oldest first, from one connection and one
    /// query for all lines; every count's lines checked as `count(_:definitions:)` does.
    /// - Throws: `TillError` (`.rollSizeUnknown`, `.savedCountTooLarge`); `StoreError`.
    public func countsWithLines(definitions: (Currency) throws -> DenominationSet) throws -> [SavedCount] {
        let database = try open(.read)
        let rows = try database.query("SELECT \(try Self.headerColumns(in: database)) FROM counts WHERE deleted_at IS NULL ORDER BY saved_at, id")
        let counts = try withEdits(try rows.map { try savedCount(from: $0, in: database) }, in: database, only: nil)
        var lineRows: [Int64: [[TillRowValue]]] = [:]
        for row in try database.query("""
            SELECT count_id, rowid, kind, value, quantity, roll_size, packaging, line_value, roll_size_from, token, label FROM count_lines
            WHERE count_id IN (SELECT id FROM counts WHERE deleted_at IS NULL) ORDER BY count_id, rowid
            """) {
            guard case .integer(let id)? = row.first else { throw StoreError.corrupt(path: database.path, reason: "a saved line has no count") }
            lineRows[id, default: []].append(row.dropFirst().map(TillRowValue.init))
        }
        return try SavedLines.attach(to: counts, lineRows: lineRows, definitions: definitions, path: database.path)
    }

    /// Deletes the saved count `id` for the undo step `step`: hides it (deleted_at, and
    /// deleted_by the step's key) until undo brings it back or it is purged.
    /// - Throws: `TillError.noSavedCount`; `StoreError`.
    public func delete(_ id: Int64, step: HistoryStep, definitions: (Currency) throws -> DenominationSet) throws {
        try database.change { db in
            try fillInOldLines(db, definitions: definitions)
            try TillHistoryRules.delete(id, step: step, in: SQLiteTillHistoryRows(database: db))
        }
    }

    /// Reverts `step` in one transaction: an rm's count is shown again exactly as it was,
    /// a save's count is deleted with its lines (refused while it carries labels or notes
    /// made since from another till: SaveUndoRule.swift). A step whose row is gone changes
    /// nothing and says so.
    /// - Throws: `TillError.undoSaveEditedSince`; `StoreError` from the database.
    public func revert(_ step: HistoryStep) throws -> HistoryReversal {
        guard database.holdsSomething else { return .stepNotFound(step, store: database.path) }
        let name = database.path
        return try database.write { db -> HistoryReversal in
            try TillHistoryRules.revert(step, in: SQLiteTillHistoryRows(database: db, storeName: name))
        }
    }

    /// Deletes for good the hidden counts deleted by the rm steps `keys` (steps the undo
    /// journal has forgotten), with their lines; returns how many. A history that does not
    /// exist has nothing to purge.
    /// - Throws: `StoreError` from the database; nothing is purged then.
    public func purge(_ keys: [String]) throws -> Int {
        guard !keys.isEmpty else { return 0 }
        guard database.holdsSomething else { return 0 }
        return try database.write { db in try TillHistoryRules.purge(keys, in: SQLiteTillHistoryRows(database: db)) }
    }

    /// Relabels the visible X count `id` for the undo step `step` (nil: no label): a row of
    /// count_labels marked with the step's key; the count's own row is unchanged.
    /// - Throws: `TillError.noSavedCount`, `.zCountIsFinal`; `StoreError`.
    public func relabel(_ id: Int64, label: String?, step: HistoryStep) throws {
        try database.change { db in try TillHistoryRules.relabel(id, label: label, step: step, in: SQLiteTillHistoryRows(database: db)) }
    }

    /// Adds `text` to the notes of the visible count `id` for the step `step` (a row of
    /// count_notes marked with its key); the notes filed with the count are unchanged.
    /// - Throws: `TillError.noSavedCount`; `StoreError`.
    public func addNote(_ id: Int64, text: String, step: HistoryStep) throws {
        try database.change { db in try TillHistoryRules.addNote(id, text: text, step: step, in: SQLiteTillHistoryRows(database: db)) }
    }

    /// Adds `entry` to the audit table, in the change's transaction.
    /// - Throws: `StoreError`.
    public func appendAudit(_ entry: TillAuditEntry) throws {
        try database.write { db in
            try db.cached("INSERT INTO audit (at, till, who, action, detail) VALUES (?, ?, ?, ?, ?)").run([
                .text(entry.at), .text(entry.till), .text(entry.who), .text(entry.action.rawValue), .text(entry.detail),
            ])
        }
    }

    /// The audit trail, oldest first (a missing history has none).
    /// - Throws: `StoreError` for a row of an action tillcount does not know.
    public func auditEntries() throws -> [TillAuditEntry] {
        let database = try open(.read)
        // A missing history reads as an empty database, without the table.
        guard try database.scalarInteger("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'audit'") == 1 else { return [] }
        return try database.query("SELECT at, till, who, action, detail FROM audit ORDER BY id").map { row in
            let values = row.map { value -> String in if case .text(let text) = value { return text } else { return "" } }
            guard values.count == 5, let action = TillAuditEntry.Action(rawValue: values[3]) else {
                throw StoreError.corrupt(path: path, reason: "an audit entry has an unknown action '\(values.count > 3 ? values[3] : "")'")
            }
            return TillAuditEntry(at: values[0], till: values[1], who: values[2], action: action, detail: values[4])
        }
    }

    /// The columns a saved count's header is read from, in `savedCount(from:in:)`'s order.
    static let headerColumns = SavedCountRow.headerColumns
    /// The header columns of schema version 4.
    private static let versionFourColumns = SavedCountRow.versionFourColumns

    /// `headerColumns` as `database` has them: one still at schema version 4 (opened only
    /// to read, never migrated) has no movements or tolerance yet, read as NULL.
    static func headerColumns(in database: SQLiteDatabase) throws -> String {
        try database.userVersion >= 5 ? headerColumns : versionFourColumns + ", NULL, NULL"
    }

    /// The values of the columns movements and tolerance for `count`.
    static func cashValues(_ count: SavedCount) -> [SQLiteValue] {
        [SavedMovementsText.text(count.movements, currency: count.currency).map(SQLiteValue.text) ?? .null,
         count.tolerance.map { .integer($0.minorUnits) } ?? .null]
    }

    /// `counts` with their newest labels and the notes added since they were saved
    /// (`only`: the one count they are all of).
    private func withEdits(_ counts: [SavedCount], in database: SQLiteDatabase, only: Int64?) throws -> [SavedCount] {
        guard !counts.isEmpty else { return counts }
        let filter = only == nil ? "" : " WHERE count_id = ?"
        let parameters: [SQLiteValue] = only.map { [.integer($0)] } ?? []
        var labels: [Int64: String?] = [:]
        for row in try database.query("SELECT count_id, label FROM count_labels\(filter) ORDER BY rowid", parameters) {
            guard row.count == 2, case .integer(let id) = row[0] else { continue }
            switch row[1] {
            case .text(let text): labels[id] = .some(text)
            case .null: labels[id] = .some(nil)
            default: throw StoreError.corrupt(path: database.path, reason: "saved count \(id) has a changed label that is not text")
            }
        }
        var notes: [Int64: [SavedNote]] = [:]
        for row in try database.query("SELECT count_id, at, note FROM count_notes\(filter) ORDER BY rowid", parameters) {
            guard row.count == 3, case .integer(let id) = row[0], case .text(let at) = row[1], case .text(let text) = row[2] else {
                throw StoreError.corrupt(path: database.path, reason: "a note added to a saved count has unexpected values")
            }
            notes[id, default: []].append(SavedNote(at: at, text: text))
        }
        return SavedCountRow.edited(counts, labels: labels, notes: notes)
    }

    /// Records the roll sizes of lines saved before schema version 2 (see SavedLines for
    /// how they are found), so they never change again. Runs inside a write transaction;
    /// a count whose sizes cannot be told is left as it is (reading it says why).
    private func fillInOldLines(_ database: SQLiteDatabase, definitions: Definitions) throws {
        guard try database.userVersion >= 2 else { return }
        let ids = try database.query("SELECT DISTINCT count_id FROM count_lines WHERE roll_size IS NULL").compactMap { row -> Int64? in
            if case .integer(let id)? = row.first { return id }
            return nil
        }
        for id in ids {
            guard let count = try? header(id, in: database),
                let lines = try? SavedLines.read(count, rows: try lineRows(id, in: database), definitions: definitions, path: database.path)
            else { continue }
            for (rowID, line) in lines {
                try database.query(
                    "UPDATE count_lines SET roll_size = ?, packaging = ?, line_value = ?, roll_size_from = ?, token = ?, label = ? WHERE rowid = ?",
                    [.integer(line.rollSize), line.item.kind == .roll ? .text(line.packaging.rawValue) : .null,
                     .integer(line.valueMinorUnits), .text(line.sizeSource.rawValue),
                     line.token.map(SQLiteValue.text) ?? .null, line.label.map(SQLiteValue.text) ?? .null, .integer(rowID)])
            }
        }
    }

    /// The stored lines of count `id`; a database still at schema version 1 (opened only
    /// for reading) has no roll sizes yet.
    private func lineRows(_ id: Int64, in database: SQLiteDatabase) throws -> [[TillRowValue]] {
        let columns = try database.userVersion >= 2 ? "roll_size, packaging, line_value, roll_size_from, token, label" : "NULL, NULL, NULL, NULL, NULL, NULL"
        return try database.query("SELECT rowid, kind, value, quantity, \(columns) FROM count_lines WHERE count_id = ? ORDER BY rowid", [.integer(id)]).map { $0.map(TillRowValue.init) }
    }

    private func savedCount(from row: [SQLiteValue], in database: SQLiteDatabase) throws -> SavedCount {
        try SavedCountRow.savedCount(from: row.map(TillRowValue.init), path: database.path)
    }

}

extension SQLiteTillHistory: TillHistoryCopyTarget {
    /// Whether the database holds any saved count (hidden ones too); a missing one is empty.
    /// - Throws: `StoreError`.
    public func holdsAnything() throws -> String? {
        // A copy's target may well not exist yet, named or not.
        guard try StoreError.mapping(PosixFile.fileSize(path)) != nil else { return nil }
        let database = try open(.read)
        guard database.exists else { return nil }
        let counts = try database.scalarInteger("SELECT count(*) FROM counts") ?? 0
        if counts > 0 { return "\(counts) saved count(s)" }
        let hasAudit = try database.scalarInteger("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'audit'") == 1
        let entries = hasAudit ? try database.scalarInteger("SELECT count(*) FROM audit") ?? 0 : 0
        return entries > 0 ? "\(entries) audit entries" : nil
    }

    /// Files `counts` as they are (ids, times, tills, kinds, Z numbers, labels, added
    /// notes) and the audit trail in one transaction; no undo step refers to them.
    /// - Throws: `StoreError`; nothing is filed then.
    public func copyIn(_ counts: [SavedCount], audit: [TillAuditEntry]) throws {
        try database.write { db in
            for entry in audit { try appendAudit(entry) }
            for count in counts {
                try db.query(
                    "INSERT INTO counts (id, saved_at, label, currency, total, float, expected, notes, saved_by, till, till_key, kind, z_number, movements, tolerance) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?)",
                    [.integer(count.id), .text(count.savedAt), count.label.map(SQLiteValue.text) ?? .null, .text(count.currency.code),
                     .integer(count.total.minorUnits), .integer(count.float.minorUnits),
                     count.expected.map { .integer($0.minorUnits) } ?? .null, .text(count.notes.joined(separator: "\n")),
                     .text(count.till), .text(TillName(stored: count.till).key), .text(count.kind.rawValue),
                     count.zNumber.map(SQLiteValue.integer) ?? .null] + Self.cashValues(count))
                for line in count.lines {
                    let packaging: SQLiteValue = line.item.kind == .roll ? .text(line.packaging.rawValue) : .null
                    try db.query(
                        "INSERT INTO count_lines (count_id, kind, value, quantity, roll_size, packaging, line_value, roll_size_from, token, label) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        [.integer(count.id), .text(line.item.kind.rawValue), .integer(line.item.minorUnits), .integer(line.quantity),
                         .integer(line.rollSize), packaging, .integer(line.valueMinorUnits), .text(line.sizeSource.rawValue),
                         line.token.map(SQLiteValue.text) ?? .null, line.label.map(SQLiteValue.text) ?? .null])
                }
                for note in count.addedNotes {
                    try db.query("INSERT INTO count_notes (count_id, note, at, added_by) VALUES (?, ?, ?, ?)",
                                 [.integer(count.id), .text(note.text), .text(note.at), .text(HistoryStep.randomKey())])
                }
            }
        }
    }
}

