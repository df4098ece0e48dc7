// The tally database (SQLite, WAL, synchronous=FULL). Schema version in PRAGMA
// user_version (3), marked as tally's by PRAGMA application_id 0x4D4B5441 ("MKTA"):
//   counters(serial, name, match_key, count, start, step, pinned, created, updated, goal,
//            minimum, maximum, formula): one row per counter; match_key is
//            ItemName.matchKey(name), indexed, so a name typed in another case is one
//            lookup; formula is a derived counter's sources ("+3 -4": CounterFormula),
//            NULL for a counter that keeps its count (a derived one keeps 0, 0 and 1 in
//            count, start and step), indexed where it is set (counters_derived), so a
//            change finds the derived counters without reading every counter;
//   counter_tags(serial, position, tag);
//   meta(key, value): next_serial, the serial the next counter gets (never reused);
//            match_key_rule, the ItemName.matchKeyRule the match keys were made by (2: case
//            folding; absent: 1, lower case, in a store written before it). Until a change
//            recomputes the keys and sets it, a lookup compares every name;
//   events(id, change_id, serial, at, kind, count_before, count_after, old_value,
//            new_value, actor): the log, append-only; change_id is the undo step that
//            recorded the event (0: none, copied in by db copy), whose undo deletes it;
//   journal_steps, journal_records: the undo journal every kit shares
//            (SQLiteUndoJournalRows, UndoJournal): the newest `SQLiteTallyRepository.undoLimit`
//            change groups, each with the counters it touched as they were before
//            (kind 'counter', key the serial, before the counter's JSON as in counters.json,
//            NULL: the group made it) and one record of its events (kind 'events', key the
//            step id).
// Version 1 kept the undo history in changes(id, action, at, first_event, actor) and
// undo_rows(change_id, serial, existed, name, …, tags); migration 2 carries every group
// over into the journal (same ids, so the events keep their group) and drops them.
// events.at is in milliseconds since 1970 UTC, journal_steps.at in seconds; created and
// updated are ISO 8601.

import MoneyKitSQLite

enum SQLiteTallySchema {
    static let migrations = [
        """
        CREATE TABLE counters (
            serial INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE CHECK (typeof(name) = 'text' AND length(name) > 0),
            match_key TEXT NOT NULL,
            count INTEGER NOT NULL CHECK (typeof(count) = 'integer'),
            start INTEGER NOT NULL CHECK (typeof(start) = 'integer'),
            step INTEGER NOT NULL CHECK (typeof(step) = 'integer' AND step <> 0),
            pinned INTEGER NOT NULL CHECK (pinned IN (0, 1)),
            created TEXT NOT NULL,
            updated TEXT,
            goal INTEGER,
            minimum INTEGER,
            maximum INTEGER
        );
        CREATE INDEX counters_by_match_key ON counters(match_key);
        CREATE TABLE counter_tags (
            serial INTEGER NOT NULL,
            position INTEGER NOT NULL,
            tag TEXT NOT NULL,
            PRIMARY KEY (serial, position)
        );
        CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
        CREATE TABLE changes (
            id INTEGER PRIMARY KEY,
            action TEXT NOT NULL,
            at REAL NOT NULL,
            first_event INTEGER NOT NULL,
            actor TEXT
        );
        CREATE TABLE undo_rows (
            change_id INTEGER NOT NULL,
            serial INTEGER NOT NULL,
            existed INTEGER NOT NULL,
            name TEXT, count INTEGER, start INTEGER, step INTEGER, pinned INTEGER, created TEXT,
            updated TEXT, goal INTEGER, minimum INTEGER, maximum INTEGER, tags TEXT,
            PRIMARY KEY (change_id, serial)
        ) WITHOUT ROWID;
        CREATE TABLE events (
            id INTEGER PRIMARY KEY,
            change_id INTEGER NOT NULL,
            serial INTEGER NOT NULL,
            at INTEGER NOT NULL,
            kind TEXT NOT NULL,
            count_before INTEGER NOT NULL,
            count_after INTEGER NOT NULL,
            old_value TEXT,
            new_value TEXT,
            actor TEXT
        );
        CREATE INDEX events_by_counter ON events(serial, at);
        """,
        // 2: the shared undo journal; the undo history carried over, nothing lost.
        SQLiteUndoJournalRows.tables + """

        INSERT INTO journal_steps (id, label, at, actor, mark) SELECT id, action, at, coalesce(actor, ''), NULL FROM changes;
        INSERT INTO journal_records (step_id, position, kind, key, before)
            SELECT id, 0, 'events', CAST(id AS TEXT), NULL FROM changes;
        INSERT INTO journal_records (step_id, position, kind, key, before)
            SELECT change_id, row_number() OVER (PARTITION BY change_id ORDER BY serial), 'counter', CAST(serial AS TEXT),
                CASE WHEN existed = 0 THEN NULL ELSE json_object(
                    'name', name, 'count', count, 'start', start, 'step', step,
                    'pinned', json(CASE WHEN pinned = 1 THEN 'true' ELSE 'false' END), 'created', created, 'serial', serial,
                    'goal', goal, 'min', minimum, 'max', maximum, 'tagLines', tags, 'updated', updated) END
            FROM undo_rows WHERE change_id IN (SELECT id FROM changes);
        -- Ids are never reused: not those of groups forgotten or undone whose events remain.
        INSERT INTO sqlite_sequence (name, seq)
            SELECT 'journal_steps', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'journal_steps');
        UPDATE sqlite_sequence SET seq = max(seq, (SELECT coalesce(max(change_id), 0) FROM events),
            (SELECT coalesce(max(id), 0) FROM changes)) WHERE name = 'journal_steps';
        DROP TABLE undo_rows;
        DROP TABLE changes;
        CREATE INDEX events_by_step ON events(change_id);
        """,
        // 3: derived counters.
        """
        ALTER TABLE counters ADD COLUMN formula TEXT;
        CREATE INDEX counters_derived ON counters(serial) WHERE formula IS NOT NULL;
        """,
    ]

    /// What makes a file tally's: the mark 0x4D4B5441 ("MKTA") and the tables above.
    static let schema = SQLiteSchema(
        name: "a tally database", applicationID: 0x4D4B_5441, migrations: migrations,
        // What the migrations build, pinned (TallySchemaShapeTests checks it): a store with
        // it opens without its schema being rebuilt.
        shape: SQLiteSchemaShape(version: 3, objects: 12, hash: 0x2709c07a1bb5f993))

    /// The columns of a counter, in the order `SQLiteTallyRows.counter(from:)` reads them.
    static let counterColumns = "serial, name, count, start, step, pinned, created, updated, goal, minimum, maximum, formula"
}
