// Taking the undo stacks that schema version 6 kept inside each till's row (tills.state,
// "undo" and "purge" in the state file's JSON, TillUndoStep.swift) into the undo journal
// (version 7; TillUndo.swift says what each record holds). Plain SQL over the JSON, so
// that it runs inside the migration itself, and again after the take-over of the JSON
// files (whose stacks arrive in the rows the same way):
// - each step, oldest first, becomes a step of the till's actor ("KEY\t": one person)
//   with one record: a "count" step a "live" record of the count before, a "history"
//   step a "history" record of the step, a "till" step a "removed-till" record;
// - the counts hidden by the keys in "purge" (rm steps that had left the stack) are
//   deleted with their lines, labels and notes, as the next change would have;
// - both lists leave the row. A row whose JSON cannot be read, or holding a step or key
//   this conversion cannot read, is left as it is: reading that till refuses it, as
//   before, and every other till and the history work.
// Never edited once shipped: migration 7 runs this text.

enum SQLiteTillUndoStacks {
    /// A row's state as JSON, or an empty object where it is not valid JSON: the JSON
    /// functions then find nothing in it rather than fail the statement (SQLite may read a
    /// row's JSON before a WHERE clause that would leave the row out).
    private static let state = "(CASE WHEN json_valid(tills.state) THEN tills.state ELSE '{}' END)"

    /// Whether the step `alias` (a json_each row) is one this conversion can read (IS, not
    /// =: a missing member must make it false, not NULL, or NOT EXISTS would let it through).
    private static func readable(_ alias: String) -> String {
        """
        ((json_extract(\(alias).value, '$.kind') IS 'count' AND json_type(\(alias).value, '$.count') IS 'object')
            OR (json_extract(\(alias).value, '$.kind') IS 'history' AND json_type(\(alias).value, '$.key') IS 'text')
            OR (json_extract(\(alias).value, '$.kind') IS 'till' AND json_type(\(alias).value, '$.till') IS 'text'
                AND json_type(\(alias).value, '$.count') IS 'object'))
        """
    }

    /// The rows the conversion takes: valid JSON whose every step and purge key it can read.
    private static let convertible = """
        json_valid(tills.state)
            AND NOT EXISTS (SELECT 1 FROM json_each(\(state), '$.content.undo') AS bad WHERE NOT \(readable("bad")))
            AND NOT EXISTS (SELECT 1 FROM json_each(\(state), '$.content.purge') AS bad WHERE bad.type IS NOT 'text')
        """

    /// The counts hidden by the keys in the rows' "purge" lists.
    private static let countsToPurge = """
        SELECT counts.id FROM counts WHERE counts.deleted_at IS NOT NULL AND counts.deleted_by IN (
            SELECT key.value FROM tills, json_each(\(state), '$.content.purge') AS key WHERE \(convertible))
        """

    /// Deletes those counts with their lines, labels and notes.
    private static let purgingHiddenCounts = (["count_lines", "count_labels", "count_notes"].map { table in
        "DELETE FROM \(table) WHERE count_id IN (\(countsToPurge));\n"
    } + ["DELETE FROM counts WHERE id IN (\(countsToPurge));\n"]).joined()

    /// The conversion (see the top of this file).
    static let conversion = """
        INSERT INTO journal_steps (label, at, actor, mark)
            SELECT coalesce(json_extract(step.value, '$.action'), ''), 0, tills.till_key || char(9),
                'converting ' || tills.till_key || char(9) || step.key
            FROM tills, json_each(\(state), '$.content.undo') AS step
            WHERE \(convertible)
            ORDER BY tills.till_key, step.key;
        INSERT INTO journal_records (step_id, position, kind, key, before)
            SELECT journal_steps.id, 0,
                CASE json_extract(step.value, '$.kind') WHEN 'count' THEN 'live' WHEN 'history' THEN 'history' ELSE 'removed-till' END,
                CASE json_extract(step.value, '$.kind')
                    WHEN 'count' THEN tills.till_key
                    WHEN 'history' THEN json_extract(step.value, '$.key')
                    ELSE 'converted ' || journal_steps.id END,
                CASE json_extract(step.value, '$.kind')
                    WHEN 'count' THEN json(json_extract(step.value, '$.count'))
                    WHEN 'history' THEN json(step.value)
                    ELSE json_object('till', json_extract(step.value, '$.till'), 'count', json(json_extract(step.value, '$.count'))) END
            FROM tills, json_each(\(state), '$.content.undo') AS step
            JOIN journal_steps ON journal_steps.mark = 'converting ' || tills.till_key || char(9) || step.key
            WHERE \(convertible);
        UPDATE journal_steps SET mark = NULL WHERE mark LIKE 'converting %';
        """ + purgingHiddenCounts + """
        UPDATE tills SET state = json_remove(state, '$.content.undo', '$.content.purge')
            WHERE \(convertible)
                AND (json_array_length(\(state), '$.content.undo') > 0 OR json_array_length(\(state), '$.content.purge') > 0);
        """
}
