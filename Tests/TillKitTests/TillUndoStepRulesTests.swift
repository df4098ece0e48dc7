// The per-person undo bookkeeping of a shared store (TillUndoStepRules), on rows in
// memory: which rows a change deletes and adds, whose steps a read sees, and when the
// newest step would revert another person's change.

import Testing
import TillKit

@Suite struct TillUndoStepRulesTests {
    /// Undo-step rows in memory: (seq, till key, actor, step), and the purge keys.
    final class Rows: TillUndoStepRows {
        var steps: [(seq: Int64, key: String, actor: String, step: TillUndoStep)] = []
        var purge: [String: String] = [:]
        var nextSeq: Int64 = 1

        func undoSteps(ofTill key: String, named name: TillName, actor: String?) -> [(seq: Int64, step: TillUndoStep)] {
            steps.filter { $0.key == key && (actor == nil || $0.actor == actor) }.map { ($0.seq, $0.step) }
        }

        func laterCountStepActor(ofTill key: String, after seq: Int64, notBy actor: String) -> String? {
            steps.first { row in
                guard case .count = row.step else { return false }
                return row.key == key && row.actor != actor && row.seq > seq
            }?.actor
        }

        func deleteUndoStep(_ seq: Int64) { steps.removeAll { $0.seq == seq } }

        func appendUndoStep(_ step: TillUndoStep, ofTill key: String, actor: String) {
            steps.append((nextSeq, key, actor, step))
            nextSeq += 1
        }

        func purgeKeys(ofTill key: String) -> [String] { purge.filter { $0.value == key }.map(\.key).sorted() }

        func setPurgeKey(_ purgeKey: String, ofTill key: String, pending: Bool) { purge[purgeKey] = pending ? key : nil }
    }

    static func step(_ action: String) -> TillUndoStep { .count(TillState(), action: action) }

    @Test func aChangeDeletesTheStepsTakenOffAndAddsThePushedOnesInOrder() throws {
        let rows = Rows()
        for action in ["a", "b", "c"] { rows.appendUndoStep(Self.step(action), ofTill: "front", actor: "ann@shop") }
        rows.appendUndoStep(Self.step("theirs"), ofTill: "front", actor: "bob@shop")
        rows.setPurgeKey("k1", ofTill: "front", pending: true)
        var state = TillState()
        let read = try TillUndoStepRules.read(into: &state, till: TillName(stored: "Front"), key: "front", actor: "ann@shop", everyone: false, rows: rows)
        #expect(state.undo == ["a", "b", "c"].map(Self.step))
        #expect(state.purge == ["k1"])
        #expect(state.undoBlockedBy == "bob@shop", "bob's count step came after ann's newest")
        state.undo = ["a", "c", "d", "e"].map(Self.step)
        state.purge = ["k2"]
        try TillUndoStepRules.write(state, before: read, till: "front", actor: "ann@shop", rows: rows)
        #expect(rows.steps.filter { $0.actor == "ann@shop" }.map(\.seq) == [1, 3, 5, 6], "b's row deleted, d and e added after")
        #expect(rows.undoSteps(ofTill: "front", named: TillName(stored: "Front"), actor: "ann@shop").map(\.step) == state.undo)
        #expect(rows.steps.contains { $0.actor == "bob@shop" }, "another person's step is never touched")
        #expect(rows.purgeKeys(ofTill: "front") == ["k2"])
    }

    @Test func aRemovalReadsEveryPersonsStepsAndNothingBlocksIt() throws {
        let rows = Rows()
        rows.appendUndoStep(Self.step("mine"), ofTill: "back", actor: "ann@shop")
        rows.appendUndoStep(Self.step("theirs"), ofTill: "back", actor: "bob@shop")
        rows.appendUndoStep(Self.step("elsewhere"), ofTill: "front", actor: "bob@shop")
        var state = TillState()
        _ = try TillUndoStepRules.read(into: &state, till: TillName(stored: "Back"), key: "back", actor: "ann@shop", everyone: true, rows: rows)
        #expect(state.undo == ["mine", "theirs"].map(Self.step))
        #expect(state.undoBlockedBy == nil)
    }
}
