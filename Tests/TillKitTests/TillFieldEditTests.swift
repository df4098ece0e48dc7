// The counting screen's edits as undo steps (issue 26, item 38): every key is kept at
// once, but the keys that edit one line's quantity are one undo step, on every store.
// A change made in between (another command, another person) starts a new step, so undo
// never reverts more than the edit.

import Foundation
import MoneyKit
import MoneyKitStorage
import Testing
import TillKit

@Suite struct TillFieldEditTests {
    static let twenty = TillItem(kind: .note, minorUnits: 2000)
    static let ten = TillItem(kind: .note, minorUnits: 1000)

    /// The till on each store the tool has without a server: memory, and the file store's
    /// database (the default till and another).
    static func tills() throws -> [Till] {
        let files = SQLiteLiveCountTests.Store(folder: try Fixture.temporaryFolder())
        return [Fixture.till().0, try files.till(), try files.till("Front")]
    }

    /// Types `digits` into `item`'s field as the screen does: each digit sets the quantity
    /// typed so far (`before`, then the digits), continuing `edit`.
    static func type(
        _ digits: String, into item: TillItem, of till: Till, continuing edit: Till.FieldEdit? = nil, after before: String = ""
    ) throws -> Till.FieldEdit? {
        var edit = edit
        var typed = before
        for digit in digits {
            typed.append(digit)
            let quantity = Int64(typed) ?? 0
            edit = try till.setQuantity(item, action: { _, quantity in "count: set \(item.minorUnits / 100)=\(quantity)" },
                                        currency: Fixture.choice(), continuing: edit, to: { _ in quantity })
        }
        return edit
    }

    @Test func typingIntoOneFieldIsOneUndoStepAndEveryKeyIsKept() throws {
        for till in try Self.tills() {
            let first = try Self.type("1", into: Self.twenty, of: till)
            // Kept at once: the file (or memory) holds each key's quantity before the next key.
            #expect(try till.live.load().quantities[Self.twenty] == 1)
            let edit = try Self.type("25", into: Self.twenty, of: till, continuing: first, after: "1")
            #expect(try till.live.load().quantities[Self.twenty] == 125)
            #expect(try till.undoStepCount() == 1)
            // Moving on: the next field is a step of its own.
            _ = try Self.type("3", into: Self.ten, of: till)
            #expect(try till.undoStepCount() == 2)
            #expect(try till.undo { _, _ in } == .liveCount(action: "count: set 10=3"))
            #expect(try till.undo { _, _ in } == .liveCount(action: "count: set 20=125"))
            #expect(try till.live.load().quantities[Self.twenty] == nil)
            #expect(edit?.item == Self.twenty)
        }
    }

    @Test func aChangeInBetweenStartsANewStep() throws {
        for till in try Self.tills() {
            let edit = try Self.type("1", into: Self.twenty, of: till)
            // Another command changes the till: the edit goes on as a step of its own, so
            // that undoing it does not revert that command too.
            try Fixture.add(till, "5=1", action: "add 5")
            _ = try Self.type("2", into: Self.twenty, of: till, continuing: edit)
            #expect(try till.undoStepCount() == 3)
            #expect(try till.undo { _, _ in } == .liveCount(action: "count: set 20=2"))
            #expect(try Fixture.quantities(till) == ["20": 1, "5": 1])
            // The same edit on another field starts a new step too.
            let other = try Self.type("4", into: Self.ten, of: till)
            _ = try Self.type("7", into: Self.twenty, of: till, continuing: other)
            #expect(try till.undo { _, _ in } == .liveCount(action: "count: set 20=7"))
            #expect(try Fixture.quantities(till) == ["20": 1, "5": 1, "10": 4])
        }
    }

    @Test func anUndoEndsTheEdit() throws {
        for till in try Self.tills() {
            try Fixture.add(till, "10=1", action: "add 10")
            let edit = try Self.type("12", into: Self.twenty, of: till)
            _ = try till.undo { _, _ in }
            // The edit's step is gone: typing on with it is a new step, and the add stays.
            _ = try Self.type("3", into: Self.twenty, of: till, continuing: edit)
            #expect(try till.undoStepCount() == 2)
            #expect(try till.undo { _, _ in } == .liveCount(action: "count: set 20=3"))
            #expect(try Fixture.quantities(till) == ["10": 1])
        }
    }

    /// The step kept in a file reads back equal to the one the screen holds, whatever the
    /// count holds (rolls with their sizes, movements, blind, tolerance, notes): else a file
    /// store would never join an edit's keys.
    @Test func anEditJoinsOnAFullCountToo() throws {
        for till in try Self.tills() {
            try Fixture.add(till, "roll:1=2", "0.50=3")
            _ = try TillExpectedCashTests.record(till, .paidOut, "2.50", reason: "milk")
            _ = try till.setBlind(true, action: "blind on")
            _ = try till.setTolerance(action: "tolerance 1", currency: Fixture.choice()) { _ in Fixture.money("1") }
            _ = try till.addNote("opened", action: "note", currency: Fixture.choice(), time: "09:00")
            let steps = try till.undoStepCount()
            _ = try Self.type("42", into: Self.twenty, of: till)
            #expect(try till.undoStepCount() == steps + 1)
            #expect(try Fixture.quantities(till)["20"] == 42)
        }
    }
}
