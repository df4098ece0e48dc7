// Change over time (issue 16, item 6): the rule of a change over a period (ValueChange),
// this month's and this year's change of each account and total (CurrentChanges, on the
// dashboard), and each period's change of a table (PeriodTableChanges), from the
// in-memory repository. Periods are the local calendar's (local() dates).

import MoneyKit
import Testing
@testable import PortfolioKit

@Suite struct PeriodChangeTests {
    // MARK: the rule

    @Test func aChangeIsTheDifferenceAndItsShareOfTheStart() throws {
        let up = try #require(try ValueChange(start: 1_000_00, end: 1_034_56, currency: .gbp))
        #expect(up.amount == 34_56 && up.tenthsOfPercent == 35 && up.percentText == "3.5" && !up.isNew)
        let down = try #require(try ValueChange(start: 200_00, end: 199_00, currency: .gbp))
        #expect(down.amount == -1_00 && down.tenthsOfPercent == -5 && down.percentText == "-0.5")
        let flat = try #require(try ValueChange(start: 5_00, end: 5_00, currency: .gbp))
        #expect(flat.amount == 0 && flat.percentText == "0.0")
        // Half a tenth rounds away from zero, either way.
        #expect(ValueChange.tenthsOfPercent(1, of: 2_000) == 1)
        #expect(ValueChange.tenthsOfPercent(-1, of: 2_000) == -1)
        #expect(ValueChange.tenthsOfPercent(1, of: 2_001) == 0)
        // A negative start (a debt): the share of its magnitude, the sign the change's.
        #expect(ValueChange.tenthsOfPercent(50_00, of: -100_00) == 500)
    }

    @Test func aStartOfZeroOrNoneGivesNoPercentageAndNeverTraps() throws {
        let fromZero = try #require(try ValueChange(start: 0, end: 20_00, currency: .gbp))
        #expect(fromZero.amount == 20_00 && fromZero.tenthsOfPercent == nil && !fromZero.isNew)
        let new = try #require(try ValueChange(start: nil, end: 1_000_00, currency: .gbp))
        #expect(new.isNew && new.amount == 1_000_00 && new.tenthsOfPercent == nil)
        let closed = try #require(try ValueChange(start: 300_00, end: nil, currency: .gbp))
        #expect(closed.amount == -300_00 && closed.percentText == "-100.0")
        #expect(try ValueChange(start: nil, end: nil, currency: .gbp) == nil)
        // The largest ratios: beyond Int64 tenths there is no percentage, never a trap.
        #expect(ValueChange.tenthsOfPercent(.max, of: 1) == nil)
        #expect(ValueChange.tenthsOfPercent(-.max, of: 1) == nil)
        #expect(ValueChange.tenthsOfPercent(.max, of: .max) == 1_000)
        #expect(ValueChange.tenthsOfPercent(Int64.max / 1_000, of: 1) == Optional(Int64(9_223_372_036_854_775_000)))
    }

    @Test func aChangeBeyondTheRangeOfAmountsIsAnError() throws {
        #expect(throws: PortfolioError.changeOutOfRange(.gbp)) { try ValueChange(start: -.max, end: .max, currency: .gbp) }
        #expect(throws: PortfolioError.changeOutOfRange(.usd)) { try ValueChange(start: .max, end: -2, currency: .usd) }
        let widest = try #require(try ValueChange(start: 0, end: .max, currency: .gbp))
        #expect(widest.amount == .max)
    }

    // MARK: this month and this year

    /// A from last year, B new this month, C closed this month, D in USD; now is 20 July 2025.
    func portfolio() throws -> Portfolio {
        let portfolio = memoryPortfolio()
        try portfolio.add("A", "1000", at: local(2024, 6, 1))
        try portfolio.set("A", "1100", at: local(2025, 3, 1))
        try portfolio.set("A", "1200", at: local(2025, 6, 30, 23, 59, 59))
        // At the month's first second: this month's change.
        try portfolio.set("A", "1260", at: local(2025, 7, 1))
        try portfolio.add("B", "500", at: local(2025, 7, 10))
        try portfolio.add("C", "300", at: local(2025, 2, 1))
        _ = try portfolio.close(named: "C", at: local(2025, 7, 5))
        try portfolio.add("D", "0", at: local(2024, 1, 1), currency: .usd)
        try portfolio.set("D", "40", at: local(2025, 7, 2))
        // After now: not counted.
        try portfolio.set("A", "9999", at: local(2025, 8, 1))
        return portfolio
    }

    @Test func eachAccountsChangeThisMonthAndThisYear() throws {
        let portfolio = try portfolio()
        let now = local(2025, 7, 20, 12)
        let changes = try CurrentChanges(repository: portfolio.repository, accounts: try portfolio.repository.accounts(), now: now)
        #expect(changes.monthStart == local(2025, 7, 1) && changes.yearStart == local(2025, 1, 1))
        let ids = Dictionary(uniqueKeysWithValues: try portfolio.repository.accounts().map { ($0.name, $0.id) })
        func change(_ name: String) -> PeriodChanges? { ids[name].flatMap { changes.accounts[$0] } }
        #expect(change("A")?.month == (try ValueChange(start: 1_200_00, end: 1_260_00, currency: .gbp)))
        #expect(change("A")?.month?.percentText == "5.0")
        #expect(change("A")?.year?.amount == 260_00 && change("A")?.year?.percentText == "26.0")
        #expect(change("B")?.month?.isNew == true && change("B")?.month?.amount == 500_00)
        #expect(change("B")?.year?.isNew == true)
        #expect(change("C")?.month?.amount == -300_00 && change("C")?.month?.percentText == "-100.0")
        // C was created in February and is closed by now: nothing at either end of the year.
        #expect(change("C") != nil && change("C")?.year == nil)
        #expect(change("D")?.month?.amount == 40_00 && change("D")?.month?.tenthsOfPercent == nil && change("D")?.month?.isNew == false)
        // The total's change: now (A 1260 + B 500) against the start (A 1200 + C 300), the
        // accounts' changes added up.
        let gbp = try #require(changes.totals[.gbp])
        #expect(gbp.month?.start == 1_500_00 && gbp.month?.end == 1_760_00 && gbp.month?.amount == 260_00)
        #expect(gbp.month?.amount == ["A", "B", "C"].compactMap { change($0)?.month?.amount }.reduce(0, +))
        #expect(gbp.month?.percentText == "17.3")
        #expect(gbp.year?.start == 1_000_00 && gbp.year?.amount == 760_00 && gbp.year?.percentText == "76.0")
        #expect(changes.totals[.usd]?.year?.amount == 40_00 && changes.totals[.usd]?.year?.tenthsOfPercent == nil)
    }

    @Test func theDashboardCarriesTheChanges() throws {
        let portfolio = try portfolio()
        let dashboard = try Dashboard(portfolio: portfolio, now: local(2025, 7, 20, 12), maxColumns: 60)
        #expect(dashboard.changes.totals[.gbp]?.month?.amount == 260_00)
        let a = try #require(dashboard.rows.first { $0.account.name == "A" })
        #expect(dashboard.changes.accounts[a.account.id]?.month?.amount == 60_00)
        let empty = try Dashboard(portfolio: memoryPortfolio(), now: local(2025, 7, 20), maxColumns: 60)
        #expect(empty.changes.accounts.isEmpty && empty.changes.totals.isEmpty)
    }

    /// The changes read one value per account and period start by index lookup: no update
    /// list, no walk over the whole history (a million updates stay instant).
    @Test func theChangesAreLookupsNotScans() throws {
        let memory = MemoryPortfolioRepository()
        let portfolio = Portfolio(repository: memory)
        try portfolio.add("A", "1000", at: local(2024, 6, 1))
        for day in 1...28 { try portfolio.set("A", "\(1000 + day)", at: local(2025, 2, Int32(day))) }
        try portfolio.add("B", "5", at: local(2025, 1, 1))
        let counting = CountingRepository(memory)
        let accounts = try counting.accounts()
        let changes = try CurrentChanges(repository: counting, accounts: accounts, now: local(2025, 7, 20))
        #expect(changes.totals[.gbp]?.year?.amount == 33_00)
        #expect(counting.scans == 0 && counting.accountReads == 0)
        #expect(counting.lookups == 3 * accounts.count)
        // The dashboard's samples read an account's updates once only where it holds fewer
        // than 8 per sample (cheaper than a lookup each): never the whole history.
        let dashboard = try Dashboard(portfolio: Portfolio(repository: counting), now: local(2025, 7, 20), maxColumns: 16)
        #expect(counting.scans == 0)
        #expect(counting.updatesRead <= 8 * dashboard.columns * accounts.count)
    }

    // MARK: table --change

    @Test func eachPeriodsChangeFollowsTheEndOfThePeriodBefore() throws {
        let portfolio = try portfolio()
        let table = try PeriodTable(repository: portfolio.repository, period: .month, currency: .gbp, from: local(2025, 5, 15), to: local(2025, 7, 20), now: local(2025, 7, 20))
        let changes = try PeriodTableChanges(table: table, repository: portfolio.repository)
        #expect(table.rows.map(\.label) == ["2025-05", "2025-06", "2025-07"])
        #expect(table.accounts.map(\.name) == ["A", "B", "C"])
        // May's change is from the end of April (A 1100, C 300), though --from is 15 May.
        #expect(changes.values.map { $0.map { $0?.amount } } == [[0, nil, 0], [100_00, nil, 0], [60_00, 500_00, -300_00]])
        #expect(changes.values[2][1]?.isNew == true)
        #expect(changes.totals.map { $0.map { $0?.amount } } == [[0], [100_00], [260_00]])
        #expect(changes.totals[1][0]?.percentText == "7.1")
        // The last row's change is the dashboard's month change at the same instant.
        let current = try CurrentChanges(repository: portfolio.repository, accounts: try portfolio.repository.accounts(), now: local(2025, 7, 20))
        #expect(changes.totals[2][0] == current.totals[.gbp]?.month)
    }

    @Test func theFirstPeriodOfTheHistoryIsNew() throws {
        let portfolio = try portfolio()
        let table = try PeriodTable(repository: portfolio.repository, period: .year, currency: nil, from: nil, to: local(2025, 7, 20), now: local(2025, 7, 20))
        let changes = try PeriodTableChanges(table: table, repository: portfolio.repository)
        #expect(table.rows.map(\.label) == ["2024", "2025"])
        // D (USD) from 1 Jan 2024: new in 2024, the first row.
        let d = try #require(table.accounts.firstIndex { $0.name == "D" })
        #expect(changes.values[0][d]?.isNew == true && changes.values[1][d]?.amount == 40_00)
        #expect(changes.totals.count == 2 && changes.totals[0].allSatisfy { $0?.isNew == true })
    }
}

/// A repository that counts what the changes ask of it: index lookups, and the reads that
/// walk an account's or the whole history (scans).
final class CountingRepository: PortfolioRepository {
    let inner: MemoryPortfolioRepository
    private(set) var lookups = 0
    private(set) var scans = 0
    /// Reads of one account's updates, and how many updates they returned.
    private(set) var accountReads = 0
    private(set) var updatesRead = 0

    init(_ inner: MemoryPortfolioRepository) { self.inner = inner }

    var exists: Bool { inner.exists }
    var location: String { inner.location }
    func accounts() throws -> [Account] { try inner.accounts() }
    func latestUpdate(of account: Account, atOrBefore instant: Int64) throws -> Update? {
        lookups += 1
        return try inner.latestUpdate(of: account, atOrBefore: instant)
    }
    func latestUpdate(of account: Account, atOrAfter instant: Int64) throws -> Update? {
        lookups += 1
        return try inner.latestUpdate(of: account, atOrAfter: instant)
    }
    func updates(of account: Account) throws -> [Update] {
        let updates = try inner.updates(of: account)
        accountReads += 1
        updatesRead += updates.count
        return updates
    }
    func updateCount(of account: Account) throws -> Int64 { try inner.updateCount(of: account) }
    func firstInstant() throws -> Int64? { try inner.firstInstant() }
    func forEachUpdate(_ body: (Update) throws -> Void) throws {
        scans += 1
        try inner.forEachUpdate(body)
    }
    func updateCount(accountID: Int64, at: Int64, value: Int64) throws -> Int64 { try inner.updateCount(accountID: accountID, at: at, value: value) }
    func latestInstant(accountID: Int64) throws -> Int64? { try inner.latestInstant(accountID: accountID) }
    func read<Result>(_ body: (any PortfolioSession) throws -> Result) throws -> Result { try inner.read { _ in try body(self) } }
    func write<Result>(_ label: String, _ body: (any PortfolioChange) throws -> Result) throws -> Result { try inner.write(label, body) }
    func latestUndoStep() throws -> UndoStep? { try inner.latestUndoStep() }
    func undoLatest() throws -> UndoOutcome { try inner.undoLatest() }
    func contributions(of account: Account) throws -> [Contribution] {
        scans += 1
        return try inner.contributions(of: account)
    }
    func forEachContribution(_ body: (Contribution) throws -> Void) throws {
        scans += 1
        try inner.forEachContribution(body)
    }
    func goals() throws -> [Goal] { try inner.goals() }
}
