// tillcount's tables in a shared PostgreSQL store (schema "tillcount"): each till's live
// count, float and notes under the till's name, the undo steps of every person who counts
// it, and the saved counts with the till they came from. The saved counts mirror the
// SQLite history's schema version 5 (amounts bigint minor units, times ISO 8601 text);
// version 2 of these tables adds counts.movements and counts.tolerance (the movements and
// tolerance saved with a count, as in SQLite; NULL for counts saved before); version 3
// lets undo_steps.kind be 'till' (a till removed by 'tills rm', brought back by undo);
// version 4 moves undo onto the shared journal.
//
//   tills(till_key PK, till, currency, float, notes, updated, count)
//       till is the name as first given, till_key its match key (case folded; lower case in a store written before); count is the
//       live count in the state file's JSON form (lines, movements, blind, tolerance):
//       what is read back. currency, float and notes repeat it for SQL readers and must
//       agree with it (a row where they do not is refused, 65).
//   journal_steps, journal_records (version 4): the undo journal every kit shares
//       (PostgresUndoJournalRows), the actor of a step "TILL_KEY\tuser@host": undo takes
//       the newest step of its own till and person (TillUndo.swift). Versions 1 to 3 kept
//       undo_steps and pending_purges instead; version 4 takes them in and drops them.
//   audit(id, at, till, who, action, detail) (version 5): the audit trail (TillAudit.swift),
//       never undone.
//   counts, count_lines, count_labels, count_notes: as in the SQLite history, with
//       saved_actor, and the actor of each label and note (undo of a save that another
//       person relabelled or noted since is refused).

import TillKit
import MoneyKitPostgres

enum PostgresTillSchema {
    /// The layout: schema tillcount, migrations[0] the tables above.
    static let layout = PostgresSchemaLayout(schema: "tillcount", tool: "tillcount", migrations: [[
        """
        CREATE TABLE tillcount.tills (
            till_key text PRIMARY KEY,
            till text NOT NULL,
            currency text,
            float bigint NOT NULL CHECK (float >= 0),
            notes text NOT NULL DEFAULT '',
            updated text,
            count text NOT NULL
        )
        """,
        """
        CREATE TABLE tillcount.undo_steps (
            seq bigserial PRIMARY KEY,
            till_key text NOT NULL REFERENCES tillcount.tills (till_key),
            actor text NOT NULL,
            kind text NOT NULL CHECK (kind IN ('count', 'history')),
            step text NOT NULL
        )
        """,
        "CREATE INDEX undo_steps_by_till ON tillcount.undo_steps (till_key, actor, seq)",
        """
        CREATE TABLE tillcount.pending_purges (
            key text PRIMARY KEY,
            till_key text NOT NULL
        )
        """,
        """
        CREATE TABLE tillcount.counts (
            id bigserial PRIMARY KEY,
            saved_at text NOT NULL,
            label text,
            currency text NOT NULL,
            total bigint NOT NULL,
            float bigint NOT NULL,
            expected bigint,
            notes text NOT NULL DEFAULT '',
            saved_by text,
            saved_actor text,
            deleted_at text,
            deleted_by text,
            till text NOT NULL,
            till_key text NOT NULL,
            kind text NOT NULL DEFAULT 'x' CHECK (kind IN ('x', 'z')),
            z_number bigint CHECK (z_number IS NULL OR z_number > 0)
        )
        """,
        "CREATE UNIQUE INDEX counts_z_number ON tillcount.counts (till_key, z_number) WHERE z_number IS NOT NULL",
        """
        CREATE TABLE tillcount.count_lines (
            line_id bigserial PRIMARY KEY,
            count_id bigint NOT NULL REFERENCES tillcount.counts (id) ON DELETE CASCADE,
            kind text NOT NULL CHECK (kind IN ('note', 'coin', 'roll')),
            value bigint NOT NULL,
            quantity bigint NOT NULL CHECK (quantity > 0),
            roll_size bigint NOT NULL,
            packaging text,
            line_value bigint NOT NULL,
            roll_size_from text NOT NULL DEFAULT 'saved',
            token text,
            label text
        )
        """,
        "CREATE INDEX count_lines_by_count ON tillcount.count_lines (count_id)",
        """
        CREATE TABLE tillcount.count_labels (
            label_id bigserial PRIMARY KEY,
            count_id bigint NOT NULL REFERENCES tillcount.counts (id) ON DELETE CASCADE,
            label text,
            at text NOT NULL,
            set_by text NOT NULL,
            actor text NOT NULL
        )
        """,
        "CREATE INDEX count_labels_by_count ON tillcount.count_labels (count_id)",
        """
        CREATE TABLE tillcount.count_notes (
            note_id bigserial PRIMARY KEY,
            count_id bigint NOT NULL REFERENCES tillcount.counts (id) ON DELETE CASCADE,
            note text NOT NULL,
            at text NOT NULL,
            added_by text NOT NULL,
            actor text NOT NULL
        )
        """,
        "CREATE INDEX count_notes_by_count ON tillcount.count_notes (count_id)",
    ], [
        // Version 2: the movements and tolerance saved with a count (columns of counts,
        // so the grants 'db init' gave on the table cover them).
        "ALTER TABLE tillcount.counts ADD COLUMN movements text",
        "ALTER TABLE tillcount.counts ADD COLUMN tolerance bigint CHECK (tolerance IS NULL OR tolerance >= 0)",
    ], [
        // Version 3: a till removed by 'tills rm' is an undo step of its own kind (TillRemoval).
        "ALTER TABLE tillcount.undo_steps DROP CONSTRAINT undo_steps_kind_check",
        "ALTER TABLE tillcount.undo_steps ADD CONSTRAINT undo_steps_kind_check CHECK (kind IN ('count', 'history', 'till'))",
    ], PostgresUndoJournalRows.tables(in: "tillcount") + [
        // Version 4: undo is the shared journal's (TillUndo.swift). Its tables, granted as
        // the tills are; every person's steps taken in, oldest first, keeping their ids
        // (seq), each step of the actor "TILL_KEY\tPERSON" with one record (a count step the
        // count before, a history step the step, a till step the removed till); the counts
        // hidden by rm steps that had left a stack purged; then the old tables dropped.
        PostgresUndoJournalRows.grants(likeThoseOn: "tills", in: "tillcount"),
        """
        INSERT INTO tillcount.journal_steps (id, label, at, actor, mark)
        SELECT seq, coalesce(step::json->>'action', ''), 0, till_key || E'\\t' || actor, NULL
        FROM tillcount.undo_steps ORDER BY seq
        """,
        """
        INSERT INTO tillcount.journal_records (step_id, position, kind, key, before)
        SELECT seq, 0,
            CASE kind WHEN 'count' THEN 'live' WHEN 'history' THEN 'history' ELSE 'removed-till' END,
            CASE kind WHEN 'count' THEN till_key WHEN 'history' THEN step::json->>'key' ELSE 'converted ' || seq END,
            CASE kind WHEN 'count' THEN (step::json->'count')::text WHEN 'history' THEN step
                ELSE json_build_object('till', step::json->>'till', 'count', step::json->'count')::text END
        FROM tillcount.undo_steps
        """,
        "SELECT setval(pg_get_serial_sequence('tillcount.journal_steps', 'id'), coalesce((SELECT max(id) FROM tillcount.journal_steps), 0) + 1, false)",
        "DELETE FROM tillcount.counts WHERE deleted_at IS NOT NULL AND deleted_by IN (SELECT key FROM tillcount.pending_purges)",
        "DROP TABLE tillcount.undo_steps",
        "DROP TABLE tillcount.pending_purges",
    ], [
        // Version 5: the audit trail (TillAudit.swift), granted as the tills are.
        """
        CREATE TABLE tillcount.audit (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            at text NOT NULL,
            till text NOT NULL,
            who text NOT NULL,
            action text NOT NULL,
            detail text NOT NULL
        )
        """,
        PostgresSchemaLayout.grants(
            likeThoseOn: "tills", to: ["audit"], privileges: ["SELECT", "INSERT"], sequenceOf: "audit", sequencePrivileges: "USAGE, SELECT",
            in: "tillcount"),
    ]], appendOnlyTables: ["audit"])

    /// The tables, for the manual.
    static let tableNames = ["tills", "journal_steps", "journal_records", "counts", "count_lines", "count_labels", "count_notes", "audit"]
}
