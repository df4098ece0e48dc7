// The undo journal's rule in-process, on the in-memory rows: the contract's bodies (run
// on the SQLite and PostgreSQL rows by those targets' tests too).

import MoneyKitStorage
import Testing
import UndoJournalContract

struct UndoJournalTests {
    @Test(arguments: UndoJournalContract.names)
    func contractOnTheInMemoryRows(check: String) throws {
        #expect(try UndoJournalContract.run(check, on: InMemoryUndoJournalRows()) == [])
    }

    /// The rule is the journal's, not the rows': a failing check shows (the contract can fail).
    @Test func aContractCheckReportsRowsThatBreakIt() throws {
        final class ForgetfulRows: UndoJournalRows {
            let inner = InMemoryUndoJournalRows()
            func appendStep(label: String, at: Double, actor: String, mark: String?) throws -> Int64 {
                try inner.appendStep(label: label, at: at, actor: actor, mark: mark)
            }
            func relabelStep(_ id: Int64, label: String) { inner.relabelStep(id, label: label) }
            func newestStep(actor: String?) -> UndoJournalStep? { inner.newestStep(actor: actor) }
            func stepIDs(actor: String?, beyondNewest kept: Int) -> [Int64] { inner.stepIDs(actor: actor, beyondNewest: kept) }
            func stepIDs(actorPrefix prefix: String) -> [Int64] { inner.stepIDs(actorPrefix: prefix) }
            func nextPosition(inStep id: Int64) -> Int64 { inner.nextPosition(inStep: id) }
            func addRecord(_ record: UndoJournalRecord, step id: Int64, position: Int64) {}  // loses every record
            func records(ofStep id: Int64) -> [UndoJournalRecord] { inner.records(ofStep: id) }
            func laterRecords(touching id: Int64, notBy actor: String) -> [(record: UndoJournalRecord, actor: String)] {
                inner.laterRecords(touching: id, notBy: actor)
            }
            func isRecorded(kind: String, key: String) -> Bool { inner.isRecorded(kind: kind, key: key) }
            func deleteStep(_ id: Int64) { inner.deleteStep(id) }
            func hasSteps() -> Bool { inner.hasSteps() }
            func lockUndo(actor: String) {}
        }
        #expect(try !UndoJournalContract.run("onlyTheFirstTouchIsRecorded", on: ForgetfulRows()).isEmpty)
    }
}
