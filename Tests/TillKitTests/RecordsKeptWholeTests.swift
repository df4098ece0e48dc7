// Rules of issue 26 on the live count: every change is checked with the loader's own
// invariants before it is stored (item 16), no message shows a figure a blind till hides
// (item 17), and {discrepancy} is over/short against the expected cash where there is one
// (item 33).

import Foundation
import MoneyKit
import MoneyKitStorage
import Testing
import TillKit
import TillSQLite

@Suite struct RecordsKeptWholeTests {
    static let huge = "92233720368547758.07"

    /// Every live-count store a till is kept in: memory, and the JSON file.
    enum Store: String, CaseIterable, Sendable { case memory, file }

    static func till(_ store: Store) throws -> Till {
        switch store {
        case .memory: return Fixture.till().0
        case .file:
            let folder = try Fixture.temporaryFolder()
            return Till(live: JSONTillRepository(store: .init(path: folder + "/count.json", createsMissingFolders: false)),
                        history: SQLiteTillHistory(path: folder + "/history.sqlite", createsFolders: false), denominations: InMemoryDenominations())
        }
    }

    // MARK: item 16

    @Test(arguments: Store.allCases)
    func aFloatThatWouldBreakTheExpectedCashIsRefusedAndNothingStored(store: Store) throws {
        let till = try Self.till(store)
        _ = try TillExpectedCashTests.record(till, .sale, "412.40")
        let before = try till.live.load()
        #expect(throws: TillError.expectedOutOfRange(reason: ExpectedCash.outOfRangeReason)) {
            _ = try till.setFloat(action: "float", currency: Fixture.choice()) { currency in try Money.parse(Self.huge, currency: currency) }
        }
        #expect(try till.live.load() == before, "nothing stored")
        // The count stays readable: every later command works.
        _ = try till.standing(Fixture.choice()) { _ in StandingRequest() }
        try Fixture.add(till, "20=1")
    }

    /// The check every adapter makes before storing is the loader itself: a state the
    /// loader refuses is refused by the change, whatever rule made it so.
    @Test(arguments: Store.allCases)
    func everyAdapterRefusesAStateTheLoaderWouldRefuse(store: Store) throws {
        let till = try Self.till(store)
        try Fixture.add(till, "20=1")
        let before = try till.live.load()
        var broken = before
        broken.floatMinorUnits = -1
        #expect(throws: TillError.self) { try broken.checkStorable() }
        #expect(throws: TillError.changeWouldBreakStore(reason: "the float in the content is negative")) {
            try till.live.change { state in state.floatMinorUnits = -1 }
        }
        #expect(throws: TillError.self) {
            try till.live.change { state in
                state.movements = [TillMovement(kind: .sale, minorUnits: .max, reason: nil, at: "t"), TillMovement(kind: .sale, minorUnits: 1, reason: nil, at: "t")]
            }
        }
        #expect(try till.live.load() == before, "nothing stored")
        // And whatever the loader reads is storable: the check refuses nothing it accepts.
        try before.checkStorable()
        try TillState().checkStorable()
    }

    // MARK: item 17

    @Test func noMessageOfABlindTillShowsAHiddenFigure() throws {
        let (till, _, _) = try TillExpectedCashTests.till()
        _ = try TillExpectedCashTests.record(till, .sale, "412.40")
        try till.setBlind(true, action: "blind on")
        for kind in [TillMovement.Kind.paidIn, .sale, .drop, .paidOut] {
            do {
                _ = try TillExpectedCashTests.record(till, kind, Self.huge, reason: "x")
                if kind == .drop || kind == .paidOut { continue }  // these subtract: they may fit
                Issue.record("\(kind) \(Self.huge) was accepted")
            } catch let error as TillError {
                let text = "\(error)"
                for hidden in ["412", "512", "41240", "51240"] {
                    #expect(!text.contains(hidden), "\(kind): \(text)")
                }
            }
        }
        do {
            _ = try till.setFloat(action: "float", currency: Fixture.choice()) { currency in try Money.parse(Self.huge, currency: currency) }
            Issue.record("the float was accepted")
        } catch let error as TillError {
            #expect(!"\(error)".contains("412"), "\(error)")
        }
    }

    // MARK: item 33

    @Test func discrepancyIsOverShortAgainstTheExpectedCashElseAgainstTheFloat() throws {
        let moment = NoteMoment(time: "2026-11-27 17:00")
        let (till, live, _) = try TillExpectedCashTests.till()  // £215 counted, £100 float
        func discrepancy() throws -> String {
            let (_, summary) = try till.summary(Fixture.choice())
            return try NotePlaceholders.fill("{discrepancy}", state: live.state, summary: summary, moment: moment)
        }
        #expect(try discrepancy() == "deposit £115.00", "nothing recorded: against the float")
        _ = try TillExpectedCashTests.record(till, .sale, "120")
        #expect(try discrepancy() == "short by £5.00", "expected £220: short, though £115 above the float")
        _ = try TillExpectedCashTests.record(till, .paidOut, "10", reason: "milk")
        #expect(try discrepancy() == "over by £5.00")
        _ = try TillExpectedCashTests.record(till, .paidIn, "5", reason: "change")
        #expect(try discrepancy() == "exact")
        // A blind till hides over/short: the placeholder would tell it.
        try till.setBlind(true, action: "blind on")
        #expect(throws: TillError.placeholderHiddenByBlind(name: "discrepancy")) {
            try till.addNote("{discrepancy}", action: "note", currency: Fixture.choice(), time: "t")
        }
    }
}
