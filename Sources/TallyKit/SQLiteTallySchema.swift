// The tally database (SQLite, WAL, synchronous=FULL). Schema version 1 in PRAGMA
// user_version, marked as tally's by PRAGMA application_id 0x4D4B5441 ("MKTA"):
//   counters(serial, name, match_key, count, start, step, pinned, created, updated, goal,
//            minimum, maximum): one row per counter; match_key is ItemName.matchKey(name),
//            indexed, so a name typed in another case is one lookup;
//   counter_tags(serial, position, tag);
//   meta(key, value): next_serial, the serial the next counter gets (never reused);
//            match_key_rule, the ItemName.matchKeyRule the match keys were made by (2: case
//            folding; absent: 1, lower case, in a store written before it). Until a change
//            recomputes the keys and sets it, a lookup compares every name;
//   changes(id, action, at, first_event, actor): the change groups undo can revert, newest
//            last, at most `SQLiteTallyRepository.undoLimit`; first_event is the id the
//            group's first event got or would get: a group's events are the log's tail
//            from there, since only the newest group takes events;
//   undo_rows(change_id, serial, existed, …): each counter a group touched, as it was
//            before (existed 0: the group created it);
//   events(id, change_id, serial, at, kind, count_before, count_after, old_value,
//            new_value, actor): the log, append-only; undo deletes the events of the group
//            it reverts. actor is reserved for who made the change.
// events.at is in milliseconds since 1970 UTC, changes.at in seconds; created and updated
// are ISO 8601.

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
    ]

    /// What makes a file tally's: the mark 0x4D4B5441 ("MKTA") and the tables above.
    static let schema = SQLiteSchema(name: "a tally database", applicationID: 0x4D4B_5441, migrations: migrations)

    /// The columns of a counter, in the order `SQLiteTallySession.counter(from:)` reads them.
    static let counterColumns = "serial, name, count, start, step, pinned, created, updated, goal, minimum, maximum"
}
