// The undo history of an older tally's JSON document as change groups of the stores that
// take it over: each step becomes one group holding every counter it touched as it was
// before (nil for a counter the step created), so `tally undo` after the move reverts
// exactly what it would have reverted before. The serials a step's names stood for are
// found by walking back from the document's counters, undoing one step at a time as the
// JSON store did.

/// A counter a legacy undo step touched: its serial, and the counter as it was before
/// the step (nil when the step created it).
public typealias LegacyUndoRow = (serial: Int64, before: Counter?)

extension TallyDocument {
    /// The undo history as change groups, oldest first.
    public func changeGroups() -> [(action: String, rows: [LegacyUndoRow])] {
        var bySerial: [Int64: Counter] = [:]
        var serialByName: [String: Int64] = [:]
        for counter in counters {
            bySerial[counter.serial] = counter
            serialByName[counter.name] = counter.serial
        }
        var groups: [(action: String, rows: [LegacyUndoRow])] = []
        for step in undo.reversed() {
            var rows: [LegacyUndoRow] = step.before.map { ($0.serial, $0) }
            for name in step.after {
                guard let serial = serialByName[name], !rows.contains(where: { $0.serial == serial }) else { continue }
                rows.append((serial, nil))
            }
            groups.append((step.action, rows))
            // Revert the step, as the JSON store's undo did: remove what it left, put back what it replaced.
            for name in step.after + step.before.map(\.name) {
                if let serial = serialByName.removeValue(forKey: name) { bySerial[serial] = nil }
            }
            for counter in step.before {
                if let old = bySerial[counter.serial] { serialByName[old.name] = nil }
                bySerial[counter.serial] = counter
                serialByName[counter.name] = counter.serial
            }
        }
        return groups.reversed()
    }
}
