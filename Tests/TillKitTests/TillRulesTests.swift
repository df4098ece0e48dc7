// The rules of a till against the in-memory adapters: quantities, the float, the
// currency, clearing, notes, save/rm/resume and the undo steps with their purge.

import MoneyKit
import Testing
import TillKit

@Suite struct TillRulesTests {
    @Test func setIsAbsoluteAddAndSubDefaultToOne() throws {
        let (till, _, _) = Fixture.till()
        try Fixture.add(till, "20=4", "0.50")
        #expect(try Fixture.quantities(till) == ["20": 4, "0.50": 1])
        _ = try till.adjust(.set, action: "set", currency: Fixture.choice(), requests: Fixture.requests(["20=1"]))
        _ = try till.adjust(.subtract, action: "sub", currency: Fixture.choice(), requests: Fixture.requests(["0.50"]))
        #expect(try Fixture.quantities(till) == ["20": 1])
        // A new count takes the currency it is first changed in.
        #expect(try till.live.load().currencyCode == "GBP")
    }

    @Test func aRefusedChangeChangesNothing() throws {
        let (till, live, _) = Fixture.till()
        try Fixture.add(till, "20=2")
        let before = live.state
        #expect(throws: TillError.cannotTake(quantity: 3, token: "20", held: 2)) {
            try till.adjust(.subtract, action: "sub", currency: Fixture.choice(), requests: Fixture.requests(["10=0", "20=3"]))
        }
        #expect(live.state == before)
        let (large, largeLive, _) = Fixture.till()
        try Fixture.add(large, "0.01=9223372036854775000")
        let full = largeLive.state
        #expect(throws: TillError.quantityOverflows(token: "0.01")) {
            try Fixture.add(large, "0.01=9223372036854775000")
        }
        #expect(throws: TillError.self) { try Fixture.add(large, "50=1") }  // the total would overflow
        #expect(largeLive.state == full)
    }

    @Test func aRollCountedKeepsItsSizeWhileHeld() throws {
        let bigRolls = DenominationOverride(rolls: [CoinRoll(coinMinorUnits: 100, count: 25, packaging: .bag)])
        let (till, live, _) = Fixture.till(overrides: ["GBP": bigRolls])
        try Fixture.add(till, "roll:1=1")
        #expect(live.state.rollDefinitions[100]?.count == 25)
        _ = try till.adjust(.set, action: "set", currency: Fixture.choice(), requests: Fixture.requests(["roll:1=0"]))
        #expect(live.state.rollDefinitions.isEmpty, "forgotten once none is held")
    }

    @Test func theCurrencyOfANonEmptyCountIsKept() throws {
        let (till, _, _) = Fixture.till()
        try Fixture.add(till, "20=1")
        #expect(throws: TillError.currencyMismatch(count: Fixture.gbp, asked: Fixture.usd, adopting: true)) {
            try till.adjust(.add, action: "add", currency: Fixture.choice(Fixture.usd), requests: Fixture.requests(["1"]))
        }
        #expect(throws: TillError.currencyMismatch(count: Fixture.gbp, asked: Fixture.usd, adopting: false)) {
            try till.current(Fixture.choice(Fixture.usd))
        }
        #expect(throws: TillError.currencyChangeNeedsEmptyCount) { try till.setCurrency(Fixture.usd, force: false, action: "currency USD") }
        try till.setCurrency(Fixture.usd, force: true, action: "currency USD --force")
        #expect(try till.current(Fixture.choice()).currency == Fixture.usd)
        // An empty count takes the currency asked for.
        try till.clear(keepNotes: false, action: "clear")
        _ = try till.adjust(.add, action: "add", currency: Fixture.choice(Fixture.gbp), requests: Fixture.requests(["50p"]))
        #expect(try till.current(Fixture.choice()).currency == Fixture.gbp)
    }

    @Test func theFloatIsNeverNegative() throws {
        let (till, live, _) = Fixture.till()
        #expect(try till.setFloat(action: "float 100", currency: Fixture.choice()) { _ in Fixture.money("100") } == Fixture.money("100"))
        #expect(throws: TillError.negativeFloat) {
            try till.setFloat(action: "float -1", currency: Fixture.choice()) { _ in Fixture.money("-1") }
        }
        #expect(live.state.floatMinorUnits == 10000)
    }

    @Test func theNotesBelongToOneCount() throws {
        let (till, live, _) = Fixture.till()
        try Fixture.add(till, "20=1")
        #expect(try till.addNote("total {total}", action: "note", currency: Fixture.choice(), time: "t") == "total £20.00")
        try till.clear(keepNotes: true, action: "clear --keep-notes")
        #expect(live.state.notes == ["total £20.00"])
        #expect(live.state.isEmpty)
        try till.clear(keepNotes: false, action: "clear")
        #expect(live.state.notes.isEmpty)
        _ = try till.undo { _, _ in }
        #expect(live.state.notes == ["total £20.00"])
    }

    @Test func undoGoesBackStepByStepAndNamesEach() throws {
        let (till, live, _) = Fixture.till()
        try Fixture.add(till, "20=1", action: "add 20")
        try Fixture.add(till, "10=1", action: "add 10")
        try till.clear(keepNotes: false, action: "clear")
        #expect(try till.undo { _, _ in } == .liveCount(action: "clear"))
        #expect(try Fixture.quantities(till) == ["20": 1, "10": 1])
        #expect(try till.undo { _, _ in } == .liveCount(action: "add 10"))
        #expect(try till.undo { _, _ in } == .liveCount(action: "add 20"))
        #expect(live.state.isEmpty)
        #expect(throws: TillError.nothingToUndo(limit: TillState.undoLimit)) { try till.undo { _, _ in } }
    }

    /// 105 changes: only the newest 100 can be undone (TillcountCountTests writes the same
    /// stack into a file).
    @Test func undoKeepsTheLast100Changes() throws {
        let (till, live, _) = Fixture.till()
        for quantity in 1...105 {
            _ = try till.adjust(.set, action: "set \(quantity)", currency: Fixture.choice(), requests: Fixture.requests(["20=\(quantity)"]))
        }
        #expect(try till.undoStepCount() == 100)
        var undone = 0
        while (try? till.undo { _, _ in }) != nil { undone += 1 }
        #expect(undone == 100)
        #expect(try Fixture.quantities(till) == ["20": 5])
    }

    @Test func saveFilesTheCountAndUndoRemovesIt() throws {
        let (till, live, history) = Fixture.till()
        try Fixture.add(till, "20=2", "roll:1=1")
        let (count, summary) = try till.summary(Fixture.choice())
        let id = try till.save(summary, notes: ["n"], label: "Friday", expected: Fixture.money("60"), action: "save")
        #expect(id == 1)
        let saved = try till.savedCount(id)
        #expect(saved.total == Fixture.money("60"))
        #expect(saved.label == "Friday")
        #expect(saved.overShort == Fixture.money("0"))
        #expect(saved.lines.map(\.rollSize) == [1, 20])
        #expect(try till.historyList().map(\.id) == [1])
        #expect(live.state.isEmpty == count.state.isEmpty, "saving changes no quantity")
        guard case .history(let step, .removed(id: 1))? = try? till.undo(skipped: { _, _ in }) else {
            Issue.record("undo did not remove the saved count")
            return
        }
        #expect(step.change == .save)
        #expect(try till.historyList().isEmpty)
        #expect(history.storedIDs.isEmpty)
        #expect(try Fixture.quantities(till) == ["20": 2, "roll:1": 1])
    }

    @Test func rmHidesACountAndUndoBringsItBackExactly() throws {
        let (till, _, history) = Fixture.till()
        try Fixture.add(till, "20=2")
        let (_, summary) = try till.summary(Fixture.choice())
        let id = try till.save(summary, notes: [], label: nil, expected: nil, action: "save")
        let before = try till.savedCount(id)
        _ = try till.history.countToDelete(id)
        try till.delete(id, action: "history rm 1")
        #expect(throws: TillError.noSavedCount(id: id)) { try till.savedCount(id) }
        #expect(throws: TillError.noSavedCount(id: id)) { try till.delete(id, action: "history rm 1") }
        #expect(try till.historyList().isEmpty)
        #expect(history.storedIDs == [id], "hidden, not deleted")
        guard case .history(let step, .restored(id: id))? = try? till.undo(skipped: { _, _ in }) else {
            Issue.record("undo did not bring the count back")
            return
        }
        #expect(step.change == .rm)
        #expect(try till.savedCount(id) == before)
    }

    @Test func aHistoryStepThatFindsNothingToRevertIsSkipped() throws {
        let (till, _, history) = Fixture.till()
        try Fixture.add(till, "20=1", action: "add 20")
        let (_, summary) = try till.summary(Fixture.choice())
        let id = try till.save(summary, notes: [], label: nil, expected: nil, action: "save")
        // Hidden by a change that is not this till's step: undo of the save finds it gone.
        try history.delete(id, step: HistoryStep(change: .rm, id: id, action: "elsewhere"), definitions: Fixture.set)
        var skipped: [(HistoryStep, HistoryReversal)] = []
        let outcome = try till.undo { skipped.append(($0, $1)) }
        #expect(outcome == .liveCount(action: "add 20"))
        #expect(skipped.map(\.0.action) == ["save"])
        #expect(skipped.map(\.1) == [.deletedAlready(id: id)])
        #expect(try till.undoStepCount() == 0)
    }

    /// The purge TillcountUndoHistoryTests checks through 200 processes: the count an rm
    /// hid is deleted for good once its step leaves the last 100, and never comes back.
    @Test func aDeletedCountIsPurgedOnceItsStepLeavesTheLast100() throws {
        let (till, live, history) = Fixture.till()
        try Fixture.add(till, "20=2", "roll:1=1")
        let (_, summary) = try till.summary(Fixture.choice())
        let id = try till.save(summary, notes: [], label: nil, expected: nil, action: "save")
        try till.delete(id, action: "history rm 1")
        for quantity in 1...99 {
            _ = try till.adjust(.set, action: "set", currency: Fixture.choice(), requests: Fixture.requests(["10=\(quantity)"]))
        }
        #expect(try till.undoStepCount() == 100)
        #expect(history.storedIDs == [id], "not purged while its step is kept")
        _ = try till.adjust(.set, action: "set", currency: Fixture.choice(), requests: Fixture.requests(["10=100"]))
        #expect(try till.undoStepCount() == 100)
        #expect(history.storedIDs.isEmpty, "purged by the change that pushed its step out")
        var undone = 0
        while (try? till.undo { _, _ in }) != nil { undone += 1 }
        #expect(undone == 100)
        #expect(try till.historyList().isEmpty)
        #expect(try Fixture.quantities(till) == ["20": 2, "roll:1": 1])
    }

    /// A till whose first change named its currency keeps it when that change is undone,
    /// as the currency was the count's from then on.
    @Test func undoKeepsTheCurrencyTheFirstChangeAdopted() throws {
        let (till, _, _) = Fixture.till()
        _ = try till.adjust(.add, action: "add 20=2", currency: Fixture.choice(Fixture.usd), requests: Fixture.requests(["20=2"]))
        try Fixture.add(till, "10=1", action: "add 10=1")
        _ = try till.undo { _, _ in }
        _ = try till.undo { _, _ in }
        #expect(try till.liveCount().isEmpty)
        #expect(try till.liveCount().currencyCode == "USD")
        // A currency set on purpose is undone like any change.
        try till.setCurrency(Fixture.gbp, force: false, action: "currency GBP")
        _ = try till.undo { _, _ in }
        #expect(try till.liveCount().currencyCode == "USD")
    }

    @Test func resumeCopiesASavedCountAndRefusesToOverwrite() throws {
        let (till, live, _) = Fixture.till()
        try Fixture.add(till, "20=3", "roll:1=1")
        _ = try till.addNote("kept", action: "note", currency: Fixture.choice(), time: "t")
        let (_, summary) = try till.summary(Fixture.choice())
        let id = try till.save(summary, notes: live.state.notes, label: nil, expected: nil, action: "save")
        try Fixture.add(till, "10=1")
        #expect(throws: TillError.liveCountNotEmpty) { try till.resume(id, replacingNonEmpty: false, action: "resume 1") }
        try till.resume(id, replacingNonEmpty: true, action: "resume 1 --force")
        #expect(try Fixture.quantities(till) == ["20": 3, "roll:1": 1])
        #expect(live.state.notes == ["kept"])
        #expect(try till.undo { _, _ in } == .liveCount(action: "resume 1 --force"))
        #expect(try Fixture.quantities(till) == ["20": 3, "roll:1": 1, "10": 1])
        #expect(throws: TillError.noSavedCount(id: 9)) { try till.resume(9, replacingNonEmpty: true, action: "resume 9") }
    }

    @Test func theDenominationsReportListsEveryToken() throws {
        let (till, _, _) = Fixture.till()
        let report = try till.denominationsReport(Fixture.choice(Fixture.usd))
        #expect(report.currency == Fixture.usd)
        #expect(report.rows.map(\.token).contains("coin:1"))
        #expect(report.rows.first { $0.token == "roll:0.25" }?.value == Fixture.money("10", Fixture.usd))
        #expect(report.rows.first { $0.token == "roll:0.25" }?.pieces == 40)
    }
}

/// The currency asked for is read only when a rule needs it, after the live count: a
/// store that cannot be read is what a command reports first.
@Suite struct CurrencyChoiceTests {
    struct Unreadable: Error, Equatable {}
    struct UnknownCode: Error, Equatable {}

    final class FailingLive: TillRepository {
        func load() throws -> TillState { throw Unreadable() }
        func change<Result>(_ body: (inout TillState) throws -> Result) throws -> Result { throw Unreadable() }
    }

    static let refusing = CurrencyChoice(isAsked: true, fallback: Fixture.gbp) { throw UnknownCode() }

    @Test func theLiveCountIsReadBeforeTheCurrencyAskedFor() {
        let till = Till(live: FailingLive(), history: InMemoryTillHistory(), denominations: InMemoryDenominations())
        #expect(throws: Unreadable.self) { try till.current(Self.refusing) }
        #expect(throws: Unreadable.self) { try till.denominationsReport(Self.refusing) }
        #expect(throws: Unreadable.self) { try till.adjust(.add, action: "add", currency: Self.refusing, requests: Fixture.requests(["20"])) }
        let (readable, _, _) = Fixture.till()
        #expect(throws: UnknownCode.self) { try readable.current(Self.refusing) }
        #expect(throws: UnknownCode.self) { try readable.adjust(.add, action: "add", currency: Self.refusing, requests: Fixture.requests(["20"])) }
    }

    @Test func theCountsOwnCurrencyStandsUnlessAnotherIsAsked() throws {
        var state = TillState()
        state.currencyCode = "USD"
        #expect(try Fixture.choice().currency(for: state) == Fixture.usd)
        #expect(try Fixture.choice(Fixture.gbp).currency(for: state) == Fixture.gbp)
        #expect(try Fixture.choice().currency(for: nil) == Fixture.gbp)
    }
}
