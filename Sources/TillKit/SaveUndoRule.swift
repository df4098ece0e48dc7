// One rule for undoing a save, on every store: undo deletes the count the save filed,
// and with it every label and note it carries. A label or note made by the same till and
// person is a newer step than the save, so undo takes it off first; one still there when
// the save is undone was made by another till's or person's steps: another till of the
// file store (the back office noting the front till's count), another person or till of a
// shared store. Deleting the
// count would delete their change unasked, so the undo is refused (65) and nothing
// changes; `history rm` (itself undoable) deletes such a count on purpose.

/// The rule above, applied by every history adapter inside the undo's own transaction.
package enum SaveUndoRule {
    /// Refuses undoing `step` (a save) of the count `id` while it carries labels or notes;
    /// `editors` names who made each (user@host in a shared store; nil where the store
    /// does not record it).
    /// - Throws: `TillError.undoSaveEditedSince` when `editors` is not empty.
    package static func check(_ step: HistoryStep, id: Int64, editors: [String?]) throws(TillError) {
        guard let first = editors.first else { return }
        throw .undoSaveEditedSince(action: step.action, id: id, editor: first)
    }
}
