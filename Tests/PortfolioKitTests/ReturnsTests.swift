// portfolio returns in the kit: XIRR against values worked by hand, and the time- and
// money-weighted returns of a history against hledger 1.25's roi on the same journal
// (IRR 20.79 %, TWR 21.79 % over the year, 21.72 % annualised); what happens without
// contributions, without a valuation at a flow's date, and with several currencies.

import MoneyKit
import MoneyKitPlatform
import Testing
@testable import PortfolioKit

@Suite struct ReturnsTests {
    // MARK: XIRR by hand

    @Test func xirrOfOneYearIsTheSimpleReturn() throws {
        let rate = try #require(ReturnMath.xirr([(0, -100), (1, 110)]))
        #expect(abs(rate - 0.10) < 1e-9)
    }

    @Test func xirrOfTwoYearsCompounds() throws {
        // 100 grows to 121 in two years at 10 % a year.
        let rate = try #require(ReturnMath.xirr([(0, -100), (2, 121)]))
        #expect(abs(rate - 0.10) < 1e-9)
    }

    @Test func xirrWithADepositHalfwayMatchesTheHandSolution() throws {
        // −1000 at 0, −1000 at ½, +2200 at 1: 1000(1+r) + 1000(1+r)^½ = 2200, so with
        // x = (1+r)^½: x² + x − 2.2 = 0, x = (−1 + √9.8) / 2.
        let x = (-1 + 9.8.squareRoot()) / 2
        let rate = try #require(ReturnMath.xirr([(0, -1000), (0.5, -1000), (1, 2200)]))
        #expect(abs(rate - (x * x - 1)) < 1e-9)
    }

    @Test func xirrOfALossIsNegative() throws {
        let rate = try #require(ReturnMath.xirr([(0, -100), (1, 50)]))
        #expect(abs(rate + 0.5) < 1e-9)
    }

    @Test func xirrWithoutASignChangeHasNoSolution() {
        #expect(ReturnMath.xirr([(0, -100), (1, -10)]) == nil)
        #expect(ReturnMath.xirr([(0, 100), (1, 10)]) == nil)
        #expect(ReturnMath.xirr([]) == nil)
    }

    @Test func xirrOfAnExtremeCaseIsFiniteOrNil() {
        // A thousandfold gain in an hour: no finite yearly rate; never NaN or a trap.
        let hour = 3_600 / ReturnMath.yearSeconds
        if let rate = ReturnMath.xirr([(0, -1), (hour, 1_000)]) { #expect(rate.isFinite) }
        #expect(ReturnMath.annualised(999, years: hour) == nil)
    }

    // MARK: a history, against hledger roi

    /// The journal cross-checked with hledger 1.25 (`hledger roi --inv assets:isa --pnl
    /// income:pnl -b 2024-01-01 -e 2025-01-01`): IRR 20.79 %, TWR 21.79 % (21.72 % a year).
    static func hledgerCase(_ portfolio: Portfolio) throws {
        try portfolio.add("ISA", "1000", at: local(2024, 1, 1))
        try portfolio.move("ISA", "1000", at: local(2024, 1, 1))
        try portfolio.set("ISA", "1100", at: local(2024, 7, 1))
        try portfolio.move("ISA", "500", at: local(2024, 7, 2))
        try portfolio.set("ISA", "1600", at: local(2024, 7, 2))
        try portfolio.move("ISA", "200", at: local(2024, 10, 15), withdrawal: true)
        try portfolio.set("ISA", "1400", at: local(2024, 10, 15))
        try portfolio.set("ISA", "1550", at: local(2024, 12, 31))
    }

    @Test func aHistoryGivesHledgersIRRAndTWR() throws {
        let portfolio = memoryPortfolio()
        try Self.hledgerCase(portfolio)
        let row = try #require(try Self.report(portfolio, name: "ISA", from: local(2024, 1, 1), to: local(2025, 1, 1) - 1).rows.first)
        #expect(row.startValue == 0 && row.endValue == 155_000)
        #expect(row.deposits == 150_000 && row.withdrawals == 20_000)
        #expect(row.change == 155_000 && row.gain == 25_000)
        let money = try #require(row.moneyWeighted), time = try #require(row.timeWeighted)
        #expect(abs(money.annualised - 0.2079) < 0.00005, "\(money)")
        #expect(abs(time.period - 0.2179) < 0.00005, "\(time)")
        #expect(abs(time.annualised - 0.2172) < 0.00005, "\(time)")
        #expect(row.notes.isEmpty)
    }

    @Test func periodsSplitAtTheirBoundariesAndChainToTheWhole() throws {
        let portfolio = memoryPortfolio()
        try Self.hledgerCase(portfolio)
        let report = try Self.report(portfolio, name: "ISA", period: .quarter, from: local(2024, 1, 1), to: local(2025, 1, 1) - 1)
        #expect(report.rows.map(\.label) == ["2024-Q1", "2024-Q2", "2024-Q3", "2024-Q4"])
        // Each quarter starts from the value the one before ended with.
        for (earlier, later) in zip(report.rows, report.rows.dropFirst()) { #expect(earlier.endValue == later.startValue) }
        // The time-weighted return of the year is the quarters' chained.
        let chained = report.rows.compactMap(\.timeWeighted).reduce(1.0) { $0 * (1 + $1.period) } - 1
        #expect(abs(chained - 0.217857) < 0.00001)
        // Q3: 1000 → 1600 with 500 in: gain 100, TWR 1100/1000 × 1600/1600 − 1.
        #expect(report.rows[2].gain == 10_000 && report.rows[2].deposits == 50_000)
        #expect(abs((report.rows[2].timeWeighted?.period ?? 0) - 0.1) < 1e-12)
        // Q4: 1600 → 1550 with 200 out: gain 150, TWR 1600/1600 × 1550/1400 − 1.
        #expect(report.rows[3].gain == 15_000 && report.rows[3].withdrawals == 20_000)
        #expect(abs((report.rows[3].timeWeighted?.period ?? 0) - 150.0 / 1400) < 1e-12)
    }

    @Test func withoutFlowsInAPeriodBothReturnsAreTheChange() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("ISA", "1000", at: local(2023, 3, 1))
        try portfolio.move("ISA", "1000", at: local(2023, 3, 1))
        try portfolio.set("ISA", "1100", at: local(2024, 12, 31))
        let row = try #require(try Self.report(portfolio, name: "ISA", from: local(2024, 1, 1), to: local(2025, 1, 1) - 1).rows.first)
        let money = try #require(row.moneyWeighted), time = try #require(row.timeWeighted)
        #expect(abs(money.period - 0.1) < 1e-9 && abs(time.period - 0.1) < 1e-12)
        #expect(abs(money.annualised - time.annualised) < 1e-9)
    }

    @Test func aDepositAtAPeriodsFirstSecondCountsInThatPeriod() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("ISA", "1000", at: local(2024, 6, 1))
        try portfolio.move("ISA", "1000", at: local(2024, 6, 1))
        try portfolio.move("ISA", "500", at: local(2025, 1, 1))
        try portfolio.set("ISA", "1500", at: local(2025, 1, 1))
        let report = try Self.report(portfolio, name: "ISA", period: .year, from: nil, to: local(2025, 6, 1))
        #expect(report.rows.map(\.label) == ["2024", "2025"])
        #expect(report.rows[1].deposits == 50_000 && report.rows[1].startValue == 100_000 && report.rows[1].gain == 0)
    }

    // MARK: what is not known

    @Test func withoutContributionsOnlyTheChangeIsKnown() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("Saver", "1000", at: local(2024, 1, 1))
        try portfolio.set("Saver", "1200", at: local(2024, 12, 1))
        let row = try #require(try Self.report(portfolio, name: "Saver", from: nil, to: local(2025, 1, 1)).rows.first)
        #expect(row.moneyWeighted == nil && row.timeWeighted == nil)
        #expect(row.change == 120_000 && row.endValue == 120_000)
        #expect(row.notes == [.noContributions(count: 1)])
    }

    @Test func aValueBeforeAnyDepositGivesNoRate() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("ISA", "1000", at: local(2024, 1, 1))
        try portfolio.move("ISA", "100", at: local(2024, 6, 1))  // the opening deposit is missing
        try portfolio.set("ISA", "1200", at: local(2024, 6, 1))
        let row = try #require(try Self.report(portfolio, name: "ISA", from: nil, to: local(2025, 1, 1)).rows.first)
        #expect(row.moneyWeighted == nil && row.timeWeighted == nil)
        #expect(row.notes.contains(.valueWithoutDeposit))
    }

    @Test func withoutAValuationAtAFlowTheLastOneIsCarriedForward() throws {
        // Valued at 1000 on 1 Jan, 1100 on 1 Apr; 500 put in on 1 Jul with no value that
        // day: the value before it is 1100 (carried), after it 1600; 1760 at the end.
        let portfolio = memoryPortfolio()
        try portfolio.add("ISA", "1000", at: local(2024, 1, 1))
        try portfolio.move("ISA", "1000", at: local(2024, 1, 1))
        try portfolio.set("ISA", "1100", at: local(2024, 4, 1))
        try portfolio.move("ISA", "500", at: local(2024, 7, 1))
        try portfolio.set("ISA", "1760", at: local(2024, 12, 1))
        let row = try #require(try Self.report(portfolio, name: "ISA", from: local(2024, 1, 1), to: local(2025, 1, 1) - 1).rows.first)
        let time = try #require(row.timeWeighted)
        #expect(abs(time.period - (1100.0 / 1000 * 1760 / 1600 - 1)) < 1e-12)
    }

    @Test func moneyMovedAfterTheLastValueIsNoted() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("ISA", "1000", at: local(2024, 1, 1))
        try portfolio.move("ISA", "1000", at: local(2024, 1, 1))
        try portfolio.move("ISA", "500", at: local(2024, 7, 1))
        let row = try #require(try Self.report(portfolio, name: "ISA", from: nil, to: local(2025, 1, 1)).rows.first)
        #expect(row.notes.contains(.flowAfterLastValue(at: local(2024, 7, 1))))
    }

    @Test func thePortfolioGivesOneViewPerCurrency() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("ISA", "1000", at: local(2024, 1, 1))
        try portfolio.move("ISA", "1000", at: local(2024, 1, 1))
        try portfolio.add("Brokerage", "500", at: local(2024, 1, 1), currency: .usd)
        try portfolio.move("Brokerage", "500", at: local(2024, 1, 1))
        try portfolio.set("Brokerage", "550", at: local(2024, 12, 31))
        let views = try ReturnsReport.views(of: portfolio, name: nil, currency: nil, to: local(2025, 1, 1))
        #expect(views.map(\.currency) == [.gbp, .usd] && views.allSatisfy { $0.accountName == nil })
        let report = try ReturnsReport(views: views, period: nil, from: local(2024, 1, 1), to: local(2025, 1, 1) - 1)
        #expect(report.rows.map(\.currency) == [.gbp, .usd])
        #expect(report.rows[0].gain == 0 && report.rows[1].gain == 5_000)
        #expect(try ReturnsReport.views(of: portfolio, name: nil, currency: .usd, to: local(2025, 1, 1)).map(\.currency) == [.usd])
    }

    @Test func fromAfterToIsRefused() throws {
        let portfolio = memoryPortfolio()
        #expect(throws: PortfolioError.fromAfterTo) { try Self.report(portfolio, name: nil, from: local(2025, 1, 1), to: local(2024, 1, 1)) }
    }

    static func report(_ portfolio: Portfolio, name: String?, period: Period? = nil, from: Int64?, to: Int64) throws -> ReturnsReport {
        try ReturnsReport(views: ReturnsReport.views(of: portfolio, name: name, currency: nil, to: to), period: period, from: from, to: to)
    }
}

extension Portfolio {
    /// Records a deposit (or a withdrawal) of `amount` for `name` at `at`; returns its id.
    @discardableResult
    func move(_ name: String, _ amount: String, at: Int64, withdrawal: Bool = false) throws -> Int64 {
        try addContribution(named: name, at: at, withdrawal: withdrawal) { currency in try Money.parse(amount, currency: currency) }.id
    }
}
