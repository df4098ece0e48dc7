// The expected cash: movements recorded, corrected and undone as steps of the live count,
// expected = float + sales + paid in − paid out − drops with checked arithmetic, the file
// keeping them (and refusing what breaks a rule), and the expected cash filed with a save.

import Foundation
import MoneyKit
import MoneyKitStorage
import Testing
import TillKit

@Suite struct TillExpectedCashTests {
    static func record(_ till: Till, _ kind: TillMovement.Kind, _ amount: String, reason: String? = nil, replacingSales: Bool = false) throws -> Till.RecordedMovement {
        try till.recordMovement(kind, reason: reason, replacingSales: replacingSales, action: "\(kind.rawValue) \(amount)", currency: Fixture.choice()) { currency in
            try Money.parse(amount, currency: currency)
        }
    }

    /// A GBP till with a £100 float and £215 counted.
    static func till() throws -> (Till, InMemoryTillRepository, InMemoryTillHistory) {
        let (till, live, history) = Fixture.till()
        _ = try till.setFloat(action: "float 100", currency: Fixture.choice()) { _ in Fixture.money("100") }
        try Fixture.add(till, "20=10", "5=3")
        return (till, live, history)
    }

    /// A refund lowers the expected cash as a paid-out does, kept apart from it (issue 29,
    /// item 5); it needs a reason, and the file keeps it.
    @Test func aRefundLowersTheExpectedCashApartFromPaidOuts() throws {
        let (till, live, _) = try Self.till()
        _ = try Self.record(till, .sale, "312.40")
        _ = try Self.record(till, .paidOut, "12.50", reason: "milk")
        let refund = try Self.record(till, .refund, "30", reason: "returned kettle")
        #expect(refund.number == 3)
        let cash = try #require(try ExpectedCash.of(live.state, currency: Fixture.gbp))
        #expect(cash.paidOut == Fixture.money("12.50") && cash.refunds == Fixture.money("30"))
        #expect(cash.expected == Fixture.money("369.90"))
        #expect(throws: TillError.reasonRequired(kind: .refund)) { _ = try Self.record(till, .refund, "5") }
        #expect(TillMovement.Kind.refund.needsReason && !TillMovement.Kind.refund.adds && !TillMovement.Kind.refund.allowsZero)
        let kept = try #require(live.state.movements.last)
        #expect(kept.kind == .refund && kept.reason == "returned kettle")
    }

    @Test func expectedIsFloatPlusSalesAndPaidInLessPaidOutAndDrops() throws {
        let (till, live, _) = try Self.till()
        _ = try Self.record(till, .sale, "312.40")
        _ = try Self.record(till, .paidOut, "12.50", reason: "milk")
        _ = try Self.record(till, .paidIn, "20", reason: "change")
        let drop = try Self.record(till, .drop, "200")
        #expect(drop.number == 4)
        let cash = try #require(try ExpectedCash.of(live.state, currency: Fixture.gbp))
        #expect(cash.sales == Fixture.money("312.40"))
        #expect(cash.paidIn == Fixture.money("20"))
        #expect(cash.paidOut == Fixture.money("12.50"))
        #expect(cash.drops == Fixture.money("200"))
        #expect(cash.expected == Fixture.money("219.90"))
        let standing = try till.standing(Fixture.choice()) { _ in StandingRequest() }
        #expect(standing.summary.expected == Fixture.money("219.90"))
        #expect(standing.summary.overShort == Fixture.money("-4.90"))
        #expect(standing.cash == cash)
        // --sales stands for the recorded sales; --expected for the whole figure.
        let what = try till.standing(Fixture.choice()) { _ in StandingRequest(sales: Fixture.money("300")) }
        #expect(what.summary.expected == Fixture.money("207.50"))
        let given = try till.standing(Fixture.choice()) { _ in StandingRequest(expected: Fixture.money("215")) }
        #expect(given.summary.overShort == Fixture.money("0"))
        #expect(given.cash == nil)
    }

    @Test func withNothingRecordedTheCountStandsAgainstItsFloatAlone() throws {
        let (till, live, _) = try Self.till()
        #expect(try ExpectedCash.of(live.state, currency: Fixture.gbp) == nil)
        let standing = try till.standing(Fixture.choice()) { _ in StandingRequest() }
        #expect(standing.summary.expected == nil)
        #expect(standing.summary.overShort == nil)
        // Recorded sales of 0 say there were none: the expected cash is the float.
        _ = try Self.record(till, .sale, "0")
        #expect(try till.standing(Fixture.choice()) { _ in StandingRequest() }.summary.expected == Fixture.money("100"))
    }

    @Test func badMovementsAreRefusedAndNothingIsStored() throws {
        let (till, live, _) = try Self.till()
        let before = live.state
        #expect(throws: TillError.reasonRequired(kind: .paidOut)) { try Self.record(till, .paidOut, "5") }
        #expect(throws: TillError.reasonRequired(kind: .paidIn)) { try Self.record(till, .paidIn, "5", reason: "") }
        #expect(throws: TillError.movementAmount(kind: .drop, isZero: false)) { try Self.record(till, .drop, "-5") }
        #expect(throws: TillError.movementAmount(kind: .paidOut, isZero: true)) { try Self.record(till, .paidOut, "0", reason: "x") }
        #expect(throws: TillError.movementAmount(kind: .sale, isZero: false)) { try Self.record(till, .sale, "-0.01") }
        #expect(throws: TillError.reasonTooLong(limit: TillMovement.longestReason)) {
            try Self.record(till, .drop, "1", reason: String(repeating: "x", count: TillMovement.longestReason + 1))
        }
        #expect(throws: TillError.noMovement(number: 1, count: 0)) { try till.removeMovement(1, action: "movements rm 1") }
        #expect(live.state == before)
    }

    @Test func anExpectedCashThatWouldOverflowIsRefusedNotWrapped() throws {
        let (till, live, _) = try Self.till()
        _ = try Self.record(till, .sale, "92233720368547658.07")
        let before = live.state
        #expect(throws: TillError.self) { try Self.record(till, .sale, "1") }
        #expect(throws: TillError.self) { try Self.record(till, .paidIn, "1", reason: "x") }
        #expect(live.state == before, "nothing stored")
        // Taking away still fits.
        _ = try Self.record(till, .drop, "1")
        #expect(throws: TillError.self) {
            try till.standing(Fixture.choice()) { _ in StandingRequest(sales: Money(minorUnits: Int64.max, currency: Fixture.gbp)) }
        }
    }

    @Test func aMovementIsCorrectedRemovedAndUndoneAndClearEmptiesThem() throws {
        let (till, live, _) = try Self.till()
        _ = try Self.record(till, .sale, "100")
        _ = try Self.record(till, .sale, "50")
        _ = try Self.record(till, .drop, "20")
        // --set replaces every sale with one figure, kept after the others.
        let set = try Self.record(till, .sale, "120", replacingSales: true)
        #expect(set.number == 2)
        #expect(live.state.movements.map(\.kind) == [.drop, .sale])
        #expect(try ExpectedCash(state: live.state, currency: Fixture.gbp).sales == Fixture.money("120"))
        let removed = try till.removeMovement(1, action: "movements rm 1")
        #expect(removed.kind == .drop)
        #expect(live.state.movements.count == 1)
        #expect(try till.undo(skipped: { _, _ in }) == .liveCount(action: "movements rm 1"))
        #expect(live.state.movements.map(\.kind) == [.drop, .sale])
        #expect(try till.undo(skipped: { _, _ in }) == .liveCount(action: "sale 120"))
        #expect(live.state.movements.map(\.minorUnits) == [10000, 5000, 2000])
        try till.clear(keepNotes: false, action: "clear")
        #expect(live.state.movements.isEmpty)
        #expect(live.state.floatMinorUnits == 10000)
        _ = try till.undo(skipped: { _, _ in })
        #expect(live.state.movements.count == 3)
    }

    @Test func theLimitOfMovementsIsKept() throws {
        var state = TillState()
        state.currencyCode = "GBP"
        state.movements = Array(repeating: TillMovement(kind: .drop, minorUnits: 1, reason: nil, at: "t"), count: TillMovement.limit)
        let (till, live, _) = Fixture.till(state)
        #expect(throws: TillError.tooManyMovements(limit: TillMovement.limit)) { try Self.record(till, .drop, "1") }
        #expect(live.state.movements.count == TillMovement.limit)
        // --set makes room: it replaces the sales (none here, so still full).
        #expect(throws: TillError.tooManyMovements(limit: TillMovement.limit)) { try Self.record(till, .sale, "1", replacingSales: true) }
    }

    @Test func aSaveFilesTheExpectedCashOfTheMovements() throws {
        let (till, live, history) = try Self.till()
        _ = try Self.record(till, .sale, "120")
        let state = live.state
        let expected = try till.expectedToFile(state, currency: Fixture.gbp, given: nil, sales: nil)
        #expect(expected == Fixture.money("220"))
        #expect(try till.expectedToFile(state, currency: Fixture.gbp, given: Fixture.money("1"), sales: nil) == Fixture.money("1"))
        #expect(try till.expectedToFile(TillState(), currency: Fixture.gbp, given: nil, sales: nil) == nil)
        let (count, _) = try till.summary(Fixture.choice())
        let summary = try TillSummary(state: count.state, set: count.set, currency: count.currency, expected: expected)
        let id = try till.save(summary, notes: [], label: nil, expected: expected, action: "save")
        let saved = try till.savedCount(id)
        #expect(saved.expected == Fixture.money("220"))
        #expect(saved.overShort == Fixture.money("-5"))
        #expect(try history.savedCounts().count == 1)
    }

    // MARK: the file

    @Test func movementsAndSettingsRoundTripThroughTheFileAndItsUndoSnapshots() throws {
        var state = TillState()
        state.currencyCode = "GBP"
        state.movements = [TillMovement(kind: .sale, minorUnits: 0, reason: nil, at: "2026-11-23T07:00:00Z"),
                           TillMovement(kind: .paidOut, minorUnits: 1250, reason: "milk \u{1B}[31m", at: "2026-11-23T07:01:00Z")]
        state.isBlind = true
        state.toleranceMinorUnits = 100
        state.undo.append(.count(state, action: "next"))  // an older stack, kept in the file
        state.movements = []
        let text = state.storedContent.serialized()
        let read = try TillState(storedContent: try JSONValue.parse(Array(text.utf8)), version: TillState.formatVersion)
        #expect(read == state)
        guard case .count(let snapshot, _)? = read.undo.last else {
            Issue.record("no snapshot")
            return
        }
        #expect(snapshot.movements.count == 2)
        #expect(snapshot.movements.last?.reason == "milk \u{1B}[31m", "exact bytes in the file")
        // A count without them is written as before: no new keys.
        var plain = TillState()
        plain.currencyCode = "GBP"
        let written = plain.storedContent.serialized()
        #expect(!written.contains("movements") && !written.contains("blind") && !written.contains("tolerance"))
    }

    static let refused: [(String, String)] = [
        (#""movements": [{"kind": "tip", "amount": "1", "at": "t"}]"#, "unknown kind"),
        (#""movements": [{"kind": "drop", "amount": "-1", "at": "t"}]"#, "not above 0"),
        (#""movements": [{"kind": "drop", "amount": "0", "at": "t"}]"#, "not above 0"),
        (#""movements": [{"kind": "sale", "amount": "-1", "at": "t"}]"#, "negative"),
        (#""movements": [{"kind": "sale", "amount": "1.001", "at": "t"}]"#, "not an amount"),
        (#""movements": [{"kind": "paid-out", "amount": "1", "at": "t"}]"#, "without a reason"),
        (#""movements": [{"kind": "paid-in", "amount": "1", "reason": "", "at": "t"}]"#, "without a reason"),
        (#""movements": [{"kind": "drop", "amount": "1", "reason": 3, "at": "t"}]"#, "reason"),
        (#""movements": [{"kind": "drop", "amount": "1"}]"#, "missing 'at'"),
        (#""movements": {}"#, "not a list"),
        (#""movements": [{"kind": "sale", "amount": "92233720368547758.07", "at": "t"}, {"kind": "sale", "amount": "1", "at": "t"}]"#, "does not fit"),
        (#""blind": "yes""#, "true or false"),
        (#""tolerance": "-1""#, "0 or more"),
        (#""tolerance": 1"#, "0 or more"),
    ]

    @Test(arguments: refused)
    func aFileThatBreaksARuleOfTheMovementsIsRefused(member: String, reason: String) throws {
        let content = #"{"currency": "GBP", "float": "1.00", "lines": [], "notes": [], "# + member + "}"
        let json = try JSONValue.parse(Array(content.utf8))
        do {
            _ = try TillState(storedContent: json, version: 3)
            Issue.record("accepted: \(content)")
        } catch {
            #expect(error.message.contains(reason), "\(error.message)")
        }
        // In an undo snapshot too.
        let nested = #"{"currency": "GBP", "float": "0", "lines": [], "notes": [], "undo": [{"kind": "count", "action": "x", "count": "# + content + "}]}"
        #expect(throws: StoredContentError.self) { try TillState(storedContent: try JSONValue.parse(Array(nested.utf8)), version: 3) }
    }

    @Test func tooManyMovementsInAFileAreRefused() throws {
        let entry = #"{"kind": "drop", "amount": "1", "at": "t"}"#
        let list = Array(repeating: entry, count: TillMovement.limit + 1).joined(separator: ", ")
        let content = #"{"currency": "GBP", "float": "0", "lines": [], "notes": [], "movements": ["# + list + "]}"
        #expect(throws: StoredContentError.self) { try TillState(storedContent: try JSONValue.parse(Array(content.utf8)), version: 3) }
    }
}
