// The undo journal's contract: the same bodies run on the in-memory rows
// (MoneyKitStorageTests), the SQLite rows (MoneyKitSQLiteTests) and the PostgreSQL rows
// (MoneyKitPostgresTests). Each check takes empty journal rows (inside one transaction
// of its backend) and returns what it found wrong, so that it needs no test framework.

import MoneyKitStorage

/// The checks every UndoJournalRows must pass through UndoJournal.
package enum UndoJournalContract {
    /// The names of the checks, for parameterised tests.
    package static let names = checks.map(\.name)

    /// Runs the check `name` on `rows` (empty journal rows); returns what it found wrong.
    /// - Throws: the rows' errors.
    package static func run(_ name: String, on rows: any UndoJournalRows) throws -> [String] {
        guard let check = checks.first(where: { $0.name == name }) else { return ["no check named \(name)"] }
        var failures: [String] = []
        try check.body(rows) { condition, what in if !condition { failures.append(what) } }
        return failures
    }

    typealias Expect = (_ condition: Bool, _ what: String) -> Void
    typealias Check = @Sendable (any UndoJournalRows, Expect) throws -> Void

    static func journal(_ rows: any UndoJournalRows, _ actor: String = "ann@a", shared: Bool = false, kept: Int = 100) -> UndoJournal {
        UndoJournal(rows: rows, actor: actor, isShared: shared, stepsKept: kept, storeName: "test")
    }

    static let a = JSONValue.object([("n", .integer(1))])
    static let b = JSONValue.object([("n", .integer(2)), ("s", .string("line\none \"quoted\" é"))])

    static let checks: [(name: String, body: Check)] = [
        ("onlyTheFirstTouchIsRecorded", { rows, expect in
            let journal = journal(rows)
            try journal.begin("inc x", at: 10.5)
            try journal.touch(kind: "row", key: "1") { a }
            try journal.touch(kind: "row", key: "1") { b }
            try journal.touch(kind: "row", key: "2") { nil }
            try journal.touch(kind: "other", key: "1") { b }
            let step = try journal.newestStep()
            expect(step?.label == "inc x" && step?.at == 10.5 && step?.actor == "ann@a" && step?.mark == nil, "the step as begun: \(String(describing: step))")
            let records = try step.map(journal.records(of:)) ?? []
            expect(records == [
                UndoJournalRecord(kind: "row", key: "1", before: a), UndoJournalRecord(kind: "row", key: "2", before: nil),
                UndoJournalRecord(kind: "other", key: "1", before: b),
            ], "records in order, first touch only: \(records)")
        }),
        ("forgettingAPlacesStepsTakesEveryPersonsAndNoOthers", { rows, expect in
            // Actors "place\tperson": a removed place's steps go, of every person; a place
            // whose name the prefix starts (Front2), and a prefix with wildcards, keep theirs.
            for actor in ["Front\tann@a", "Front2\tann@a", "Front\tbob@b", "%_\tann@a", "Back\tann@a"] {
                let journal = journal(rows, actor, shared: true)
                try journal.begin("rm", at: 1)
                try journal.touch(kind: "row", key: actor) { a }
            }
            let forgotten = try journal(rows).forgetSteps(ofActorsStartingWith: "Front\t")
            expect(forgotten.map(\.key) == ["Front\tann@a", "Front\tbob@b"], "the records of Front's steps, oldest first: \(forgotten)")
            let left = try ["Front\tann@a", "Front2\tann@a", "Front\tbob@b", "%_\tann@a", "Back\tann@a"].map { try rows.newestStep(actor: $0) != nil }
            expect(left == [false, true, false, true, true], "only Front's steps are gone: \(left)")
            expect(try rows.stepIDs(actorPrefix: "_").isEmpty, "a wildcard matches nothing: it is compared as it is")
        }),
        ("aTouchOutsideAStepIsRefused", { rows, expect in
            do {
                try journal(rows).touch(kind: "row", key: "1") { a }
                expect(false, "a touch outside a step was kept")
            } catch {}
            expect(try !rows.hasSteps(), "a refused touch made a step")
        }),
        ("undoRestoresTheNewestStepNewestRecordFirstAndForgetsIt", { rows, expect in
            let journal = journal(rows)
            try journal.begin("first", at: 1)
            try journal.touch(kind: "row", key: "1") { a }
            try journal.begin("second", at: 2, mark: "final")
            try journal.touch(kind: "row", key: "1") { b }
            try journal.touch(kind: "row", key: "2") { nil }
            var restored: [UndoJournalRecord] = []
            let undone = try journal.undoNewest { restored.append($0) }
            expect(undone?.label == "second" && undone?.mark == "final", "undid \(String(describing: undone))")
            expect(restored == [UndoJournalRecord(kind: "row", key: "2", before: nil), UndoJournalRecord(kind: "row", key: "1", before: b)], "restored \(restored)")
            expect(try journal.newestStep()?.label == "first", "the step before is the newest")
            expect(try journal.undoNewest { _ in }?.label == "first", "the first step undone")
            expect(try journal.undoNewest { _ in } == nil, "nothing left to undo")
            expect(try !rows.hasSteps() && !rows.isRecorded(kind: "row", key: "1"), "an undone step leaves nothing")
        }),
        ("idsAreNeverReused", { rows, expect in
            let journal = journal(rows)
            try journal.begin("one", at: 1)
            let first = try journal.newestStep()?.id ?? 0
            _ = try journal.undoNewest { _ in }
            try journal.begin("two", at: 2)
            let second = try journal.newestStep()?.id ?? 0
            expect(second > first, "step ids \(first) then \(second)")
        }),
        ("theNewestStepsKeptAreKeptAndTheForgottenRecordsReturned", { rows, expect in
            let journal = journal(rows, kept: 2)
            try journal.begin("one", at: 1)
            try journal.touch(kind: "row", key: "1") { a }
            try journal.begin("two", at: 2)
            let forgotten = try journal.begin("three", at: 3)
            expect(forgotten == [UndoJournalRecord(kind: "row", key: "1", before: a)], "forgotten \(forgotten)")
            expect(try !rows.isRecorded(kind: "row", key: "1"), "a forgotten step's record is kept")
            var labels: [String] = []
            while let step = try journal.undoNewest(restore: { _ in }) { labels.append(step.label) }
            expect(labels == ["three", "two"], "kept \(labels)")
        }),
        ("theCurrentStepIsRelabelledAndNoOther", { rows, expect in
            do {
                try journal(rows).relabelCurrent("nowhere")
                expect(false, "a relabel outside a step was kept")
            } catch {}
            let bob = journal(rows, "bob@b")
            try bob.begin("bob's", at: 1)
            let ann = journal(rows)
            try ann.begin("update", at: 2, mark: "final")
            try ann.touch(kind: "row", key: "1") { a }
            try ann.relabelCurrent("update 'ISA' to \"£1\"\né")
            let step = try ann.newestStep()
            expect(step?.label == "update 'ISA' to \"£1\"\né" && step?.at == 2 && step?.mark == "final" && step?.actor == "ann@a",
                   "the relabelled step: \(String(describing: step))")
            expect(try step.map(ann.records(of:)) == [UndoJournalRecord(kind: "row", key: "1", before: a)], "a relabel changed the records")
            _ = try ann.undoNewest { _ in }
            expect(try ann.newestStep()?.label == "bob's", "another step was relabelled")
        }),
        ("continuingTheNewestStepAddsItsNextRecords", { rows, expect in
            let first = journal(rows)
            expect(try !first.continueNewest(), "continued a step that does not exist")
            try first.begin("feed", at: 1)
            try first.touch(kind: "row", key: "1") { a }
            let again = journal(rows)
            expect(try again.continueNewest(), "the newest step was not continued")
            try again.touch(kind: "row", key: "1") { b }
            try again.touch(kind: "row", key: "2") { nil }
            let records = try again.newestStep().map(again.records(of:)) ?? []
            expect(records == [UndoJournalRecord(kind: "row", key: "1", before: a), UndoJournalRecord(kind: "row", key: "2", before: nil)], "continued \(records)")
        }),
        ("aSharedStoreUndoesAndKeepsEachActorsOwnSteps", { rows, expect in
            let ann = journal(rows, "ann@a", shared: true, kept: 2)
            let bob = journal(rows, "bob@b", shared: true, kept: 2)
            try bob.begin("bob 1", at: 1)
            try ann.begin("ann 1", at: 2)
            try ann.begin("ann 2", at: 3)
            try ann.begin("ann 3", at: 4)
            expect(try ann.newestStep()?.label == "ann 3" && bob.newestStep()?.label == "bob 1", "each sees its own newest")
            expect(try ann.undoNewest { _ in }?.label == "ann 3", "ann's newest undone")
            expect(try ann.undoNewest { _ in }?.label == "ann 2", "ann 1 was forgotten for ann's limit, not bob's")
            expect(try ann.undoNewest { _ in } == nil, "ann kept more than her limit")
            expect(try bob.undoNewest { _ in }?.label == "bob 1", "bob's step was trimmed by ann's")
        }),
        ("aSharedStoreRefusesAnUndoWhoseRowsAnotherActorTouchedSince", { rows, expect in
            let ann = journal(rows, "ann@a", shared: true)
            let bob = journal(rows, "bob@b", shared: true)
            try ann.begin("ann", at: 1)
            try ann.touch(kind: "row", key: "1") { a }
            try ann.touch(kind: "row", key: "2") { a }
            try bob.begin("bob", at: 2)
            try bob.touch(kind: "row", key: "2") { b }
            try bob.touch(kind: "row", key: "3") { nil }
            var restored = 0
            do {
                _ = try ann.undoNewest { _ in restored += 1 }
                expect(false, "an undo over another actor's change was not refused")
            } catch let conflict as UndoConflict {
                expect(conflict.step.label == "ann", "refused \(conflict.step)")
                expect(conflict.touches == [UndoConflict.Touch(mine: UndoJournalRecord(kind: "row", key: "2", before: a), theirs: UndoJournalRecord(kind: "row", key: "2", before: b), actor: "bob@b")], "touches \(conflict.touches)")
                expect(conflict.actors == ["bob@b"], "actors \(conflict.actors)")
            }
            let newest = try ann.newestStep()?.label
            expect(restored == 0 && newest == "ann", "a refused undo changed something")
            expect(try !ann.continueNewest(), "a step touched since by another actor was continued")
            expect(try bob.undoNewest { _ in }?.label == "bob", "bob's own undo")
            expect(try ann.continueNewest(), "once bob's change is undone, ann's step continues")
            expect(try ann.undoNewest { _ in }?.label == "ann", "once bob's change is undone, ann's undoes")
        }),
        ("aFileStoreUndoesTheNewestStepWhoeverMadeIt", { rows, expect in
            try journal(rows, "ann@a").begin("ann", at: 1)
            let bob = journal(rows, "bob@b")
            try bob.begin("bob", at: 2)
            try bob.touch(kind: "row", key: "1") { a }
            expect(try journal(rows, "ann@a").undoNewest { _ in }?.label == "bob", "a file store's undo takes the newest step")
        }),
    ]
}
