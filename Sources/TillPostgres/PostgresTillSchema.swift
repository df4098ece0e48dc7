// tillcount's tables in a shared PostgreSQL store (schema "tillcount"): each till's live
// count, float and notes under the till's name, the undo steps of every person who counts
// it, and the saved counts with the till they came from. The saved counts mirror the
// SQLite history's schema version 5 (amounts bigint minor units, times ISO 8601 text);
// version 2 of these tables adds counts.movements and counts.tolerance (the movements and
// tolerance saved with a count, as in SQLite; NULL for counts saved before); version 3
// lets undo_steps.kind be 'till' (a till removed by 'tills rm', brought back by undo).
//
//   tills(till_key PK, till, currency, float, notes, updated, count)
//       till is the name as first given, till_key its match key (case folded; lower case in a store written before); count is the
//       live count in the state file's JSON form (lines, movements, blind, tolerance):
//       what is read back. currency, float and notes repeat it for SQL readers and must
//       agree with it (a row where they do not is refused, 65).
//   undo_steps(seq, till_key, actor, kind, step)
//       one row per undo step, actor "user@host": undo takes the newest row of its own
//       actor, never another's. step is the step in the state file's JSON form.
//   pending_purges(key PK, till_key)
//       keys of rm steps that left an undo stack: their counts are purged next.
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
    ]])

    /// The tables, for the manual.
    static let tableNames = ["tills", "undo_steps", "pending_purges", "counts", "count_lines", "count_labels", "count_notes"]
}
