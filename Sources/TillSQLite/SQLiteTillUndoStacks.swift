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
// - both lists leave the row. A row whose JSON cannot be read is left as it is: reading
//   it refuses it, as before.
// Never edited once shipped: migration 7 runs this text.

enum SQLiteTillUndoStacks {
    /// The counts hidden by the keys in the rows' "purge" lists.
    private static let countsToPurge = """
        SELECT counts.id FROM counts WHERE counts.deleted_at IS NOT NULL AND counts.deleted_by IN (
            SELECT key.value FROM tills, json_each(tills.state, '$.content.purge') AS key WHERE json_valid(tills.state))
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
            FROM tills, json_each(tills.state, '$.content.undo') AS step
            WHERE json_valid(tills.state)
            ORDER BY tills.till_key, step.key;
        INSERT INTO journal_records (step_id, position, kind, key, before)
            SELECT journal_steps.id, 0,
                CASE json_extract(step.value, '$.kind') WHEN 'count' THEN 'live' WHEN 'history' THEN 'history' ELSE 'removed-till' END,
                CASE json_extract(step.value, '$.kind')
                    WHEN 'count' THEN tills.till_key
                    WHEN 'history' THEN json_extract(step.value, '$.key')
                    ELSE lower(json_extract(step.value, '$.till')) END,
                CASE json_extract(step.value, '$.kind')
                    WHEN 'count' THEN json(json_extract(step.value, '$.count'))
                    WHEN 'history' THEN json(step.value)
                    ELSE json_object('till', json_extract(step.value, '$.till'), 'count', json(json_extract(step.value, '$.count'))) END
            FROM tills, json_each(tills.state, '$.content.undo') AS step
            JOIN journal_steps ON journal_steps.mark = 'converting ' || tills.till_key || char(9) || step.key
            WHERE json_valid(tills.state);
        UPDATE journal_steps SET mark = NULL WHERE mark LIKE 'converting %';
        """ + purgingHiddenCounts + """
        UPDATE tills SET state = json_remove(state, '$.content.undo', '$.content.purge')
            WHERE json_valid(state)
                AND (json_array_length(state, '$.content.undo') > 0 OR json_array_length(state, '$.content.purge') > 0);
        """
}
