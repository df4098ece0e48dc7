// A saved count keeps what it was set against (issue 26, item 10): the cash sales,
// paid-ins, paid-outs and drops recorded with the live count, with their reasons and
// times, and the tolerance over/short was judged by. The history contract check below
// runs on every adapter (in memory and SQLite here, PostgreSQL in TillPostgresStoreTests);
// the rules through the till on the in-memory and file stores.

import Foundation
import MoneyKit
import Testing
import TillKit

extension HistoryRepositoryContractTests {
    static let movements = [
        TillMovement(kind: .sale, minorUnits: 31_240, reason: nil, at: "2026-01-01T09:00:00Z"),
        TillMovement(kind: .paidOut, minorUnits: 1_250, reason: "milk, \"semi\"\nskimmed", at: "2026-01-01T10:00:00Z"),
        TillMovement(kind: .paidIn, minorUnits: 2_000, reason: "change", at: "2026-01-01T11:00:00Z"),
        TillMovement(kind: .drop, minorUnits: 20_000, reason: nil, at: "2026-01-01T12:00:00Z"),
    ]

    @Test(arguments: Adapter.allCases)
    func aSavedCountKeepsItsMovementsAndTolerance(adapter: Adapter) throws {
        try Self.aSavedCountKeepsItsMovementsAndTolerance(try Self.history(adapter))
    }

    /// The check itself, on any adapter (the PostgreSQL suite runs it too).
    static func aSavedCountKeepsItsMovementsAndTolerance(_ history: any TillHistoryRepository) throws {
        try history.prepareToSave()
        var count = Self.count("40")
        count.movements = Self.movements
        count.tolerance = Fixture.money("1")
        let id = try history.save(count, step: Self.step(.save, at: "2026-01-01T18:00:00Z"), definitions: Self.definitions)
        let plain = try history.save(Self.count("60"), step: Self.step(.save, at: "2026-01-02T18:00:00Z"), definitions: Self.definitions)
        for read in [try history.count(id, definitions: Self.definitions), try history.header(id),
                     try #require(try history.countsWithLines(definitions: Self.definitions).first { $0.id == id }),
                     try #require(try history.savedCounts().first { $0.id == id })] {
            #expect(read.movements == Self.movements)
            #expect(read.tolerance == Fixture.money("1"))
        }
        let none = try history.count(plain, definitions: Self.definitions)
        #expect(none.movements.isEmpty && none.tolerance == nil)
    }
}

@Suite struct SavedCashTests {
    /// £215 counted against a £100 float, sales £120 and a paid-out of £10 for milk
    /// (expected £210, over by £5), a tolerance of £1: saved.
    static func saved(_ till: Till) throws -> SavedCount {
        _ = try till.setFloat(action: "float 100", currency: Fixture.choice()) { _ in Fixture.money("100") }
        try Fixture.add(till, "20=10", "5=3")
        _ = try TillExpectedCashTests.record(till, .sale, "120")
        _ = try TillExpectedCashTests.record(till, .paidOut, "10", reason: "milk")
        _ = try till.setTolerance(action: "tolerance 1", currency: Fixture.choice()) { _ in Fixture.money("1") }
        let standing = try till.standing(Fixture.choice()) { _ in StandingRequest() }
        let expected = try till.expectedToFile(standing.count.state, currency: standing.count.currency, given: nil, sales: nil)
        let id = try till.save(standing.summary, notes: [], label: nil, expected: expected, action: "save")
        return try till.savedCount(id)
    }

    @Test(arguments: RecordsKeptWholeTests.Store.allCases)
    func theTillFilesItsMovementsAndToleranceAndShowsThemAsSaved(store: RecordsKeptWholeTests.Store) throws {
        let till = try RecordsKeptWholeTests.till(store)
        let saved = try Self.saved(till)
        #expect(saved.movements.map(\.kind) == [.sale, .paidOut])
        #expect(saved.movements.map(\.reason) == [nil, "milk"])
        #expect(saved.tolerance == Fixture.money("1"))
        #expect(saved.expected == Fixture.money("210") && saved.overShort == Fixture.money("5"))
        #expect(saved.isBeyondTolerance == true)
        // Cleared and changed since: the saved count is as it was.
        try till.clear(keepNotes: false, action: "clear")
        _ = try till.setTolerance(action: "tolerance 10", currency: Fixture.choice()) { _ in Fixture.money("10") }
        let standing = try till.savedStanding(try till.savedCount(saved.id))
        #expect(!standing.isBlind)
        #expect(standing.cash?.sales == Fixture.money("120") && standing.cash?.paidOut == Fixture.money("10"))
        #expect(standing.summary.expected == Fixture.money("210") && standing.summary.overShort == Fixture.money("5"))
        #expect(standing.tolerance?.amount == Fixture.money("1") && standing.isBeyondTolerance == true)
        #expect(standing.count.state.movements == saved.movements)
    }

    /// A blind till's count shows, once saved, what it hid.
    @Test func aBlindCountShowsItsFiguresOnceSaved() throws {
        let (till, _, _) = Fixture.till()
        try till.setBlind(true, action: "blind on")
        let saved = try Self.saved(till)
        let standing = try till.savedStanding(saved)
        #expect(!standing.isBlind && standing.cash?.expected == Fixture.money("210"))
    }

    /// A figure given for the save stands for the movements: its expected is kept, the
    /// movements too, but they are not shown as making it.
    @Test func aGivenExpectedIsNotShownAsTheMovementsSum() throws {
        let (till, _, _) = Fixture.till()
        _ = try TillExpectedCashTests.record(till, .sale, "120")
        try Fixture.add(till, "20=1")
        let (_, summary) = try till.summary(Fixture.choice(), expected: { _ in Fixture.money("25") })
        let id = try till.save(summary, notes: [], label: nil, expected: Fixture.money("25"), action: "save")
        let standing = try till.savedStanding(try till.savedCount(id))
        #expect(standing.cash == nil && standing.summary.expected == Fixture.money("25"))
        #expect(standing.count.state.movements.count == 1)
    }

    /// Before filing, the count is checked with the rules the history's loader keeps.
    @Test func aCountTheLoaderWouldRefuseIsNotFiled() throws {
        var count = HistoryRepositoryContractTests.count("40")
        #expect(count.invariantFault == nil)
        count.tolerance = Fixture.money("-1")
        #expect(count.invariantFault != nil)
        count.tolerance = nil
        count.movements = [TillMovement(kind: .paidOut, minorUnits: 100, reason: nil, at: "t")]
        #expect(count.invariantFault != nil, "a paid-out without a reason")
        count.movements = [TillMovement(kind: .sale, minorUnits: .max, reason: nil, at: "t")]
        #expect(count.invariantFault != nil, "an expected cash that does not fit")
    }
}
