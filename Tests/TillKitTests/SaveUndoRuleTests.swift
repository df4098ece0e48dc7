// Undo of a save on every store (issue 26, items 11 and 32). One rule (SaveUndoRule.swift):
// a count labelled or noted from another till since it was saved is not deleted by the
// saving till's undo (it was in the file store, with the label and note; the shared
// store refused it). And a Z count's save, final, is passed over by undo, which says so
// instead of silently undoing the step before.

import Foundation
import MoneyKit
import Testing
import TillKit
import TillSQLite

@Suite struct SaveUndoRuleTests {
    enum Store: String, CaseIterable, Sendable { case memory, files }

    /// Two tills, front and back, sharing one history: in memory, or as the file store
    /// keeps them (a JSON file per till, one SQLite history).
    static func tills(_ store: Store) throws -> (front: Till, back: Till) {
        let front = TillName(stored: "front")
        let back = TillName(stored: "back")
        switch store {
        case .memory:
            let history = InMemoryTillHistory()
            let directory = InMemoryTillDirectory()
            let denominations = InMemoryDenominations()
            return (Till(live: directory.repository(for: front), history: history, denominations: denominations, name: front),
                    Till(live: directory.repository(for: back), history: history, denominations: denominations, name: back))
        case .files:
            let folder = try Fixture.temporaryFolder()
            let directory = JSONTillDirectory(stateFile: .init(path: folder + "/count.json", isDefault: false))
            let history = SQLiteTillHistory(path: folder + "/history.sqlite", createsFolders: false)
            return (Till(live: directory.repository(for: front), history: history, denominations: InMemoryDenominations(), name: front),
                    Till(live: directory.repository(for: back), history: history, denominations: InMemoryDenominations(), name: back))
        }
    }

    static func save(_ till: Till, kind: SavedCount.Kind = .x, action: String = "save") throws -> Int64 {
        try Fixture.add(till, "20=2")
        let (_, summary) = try till.summary(Fixture.choice())
        return try till.save(summary, notes: [], label: nil, expected: nil, action: action, kind: kind)
    }

    @Test(arguments: Store.allCases)
    func aCountLabelledOrNotedFromAnotherTillIsNotDeletedByUndo(store: Store) throws {
        for edit in ["label", "note"] {
            let (front, back) = try Self.tills(store)
            let id = try Self.save(front)
            if edit == "label" {
                try back.relabel(id, label: "checked", action: "history label")
            } else {
                try back.addSavedNote(id, text: "banked by the office", action: "history note")
            }
            #expect(throws: TillError.undoSaveEditedSince(action: "save", id: id, editor: nil), "\(store) \(edit)") {
                try front.undo { _, _ in }
            }
            let kept = try front.savedCount(id)
            #expect(edit == "label" ? kept.label == "checked" : kept.addedNotes.map(\.text) == ["banked by the office"], "nothing changed")
            // The back office undoes its own edit: then the save is the front till's alone to undo.
            _ = try back.undo { _, _ in }
            guard case .history(_, .removed(id: id))? = try? front.undo(skipped: { _, _ in }) else {
                Issue.record("\(store) \(edit): the save was not undone once the edit was")
                continue
            }
            #expect(throws: TillError.noSavedCount(id: id)) { try front.savedCount(id) }
        }
    }

    @Test(arguments: Store.allCases)
    func aCountLabelledFromItsOwnTillIsUndoneEditFirst(store: Store) throws {
        let (front, _) = try Self.tills(store)
        let id = try Self.save(front)
        try front.relabel(id, label: "mine", action: "history label")
        guard case .history(_, .labelRestored(id: id))? = try? front.undo(skipped: { _, _ in }) else {
            Issue.record("\(store): the label was not undone first")
            return
        }
        guard case .history(_, .removed(id: id))? = try? front.undo(skipped: { _, _ in }) else {
            Issue.record("\(store): the save was not undone after its own label")
            return
        }
    }

    @Test(arguments: Store.allCases)
    func undoRightAfterAZCountSaysItIsFinalAndPassesOverIt(store: Store) throws {
        let (front, _) = try Self.tills(store)
        try front.addNote("counted by Sam", action: "note counted by Sam", currency: Fixture.choice(), time: "2026-11-27 17:00")
        let id = try Self.save(front, kind: .z, action: "save --kind z")
        var skipped: [HistoryReversal] = []
        let outcome = try front.undo { _, reversal in skipped.append(reversal) }
        #expect(skipped == [.finalCount(id: id, zNumber: 1)])
        #expect(outcome == .liveCount(action: "add"), "the step before the Z save (the add of its lines) is undone")
        #expect(try front.savedCount(id).kind == .z, "the Z count stays")
        // Passed over once: the next undo goes on to the note, and says nothing of the Z count.
        skipped = []
        #expect(try front.undo { _, reversal in skipped.append(reversal) } == .liveCount(action: "note counted by Sam"))
        #expect(skipped.isEmpty)
    }
}
