// The gain of a returns row is growth net of the money moved: where the money put in is
// not known (no deposit or withdrawal recorded, or a value that appears before any
// deposit), it is not known either. A new account added at £100, later valued at £110,
// with no deposit recorded, once showed START £0.00 and GAIN £110.00: the £100 it
// opened with counted as growth.

import MoneyKit
import MoneyKitPlatform
import Testing
@testable import PortfolioKit

@Suite struct ReturnsGainTests {
    @Test func withoutContributionsTheGainIsNotKnown() throws {
        let portfolio = memoryPortfolio()
        _ = try portfolio.add("cash", "100", at: local(2025, 1, 1))
        _ = try portfolio.set("cash", "110", at: local(2025, 6, 1))
        for name in ["cash", nil] {
            let row = try #require(try ReturnsTests.report(portfolio, name: name, from: nil, to: local(2025, 12, 31)).rows.first)
            // The period starts at the first value: the value in force just before it is 0.
            #expect(row.startValue == 0 && row.endValue == 11_000 && row.change == 11_000)
            #expect(row.deposits == 0 && row.withdrawals == 0)
            #expect(row.gain == nil)
            #expect(row.notes == [.noContributions(count: 1)])
        }
        // From a later start the £100 is the start value; the £10 is still growth or saving.
        let later = try #require(try ReturnsTests.report(portfolio, name: "cash", from: local(2025, 2, 1), to: local(2025, 12, 31)).rows.first)
        #expect(later.startValue == 10_000 && later.change == 1_000 && later.gain == nil)
    }

    @Test func aValueBeforeAnyDepositLeavesTheGainUnknown() throws {
        let portfolio = memoryPortfolio()
        _ = try portfolio.add("ISA", "1000", at: local(2024, 1, 1))
        _ = try portfolio.move("ISA", "100", at: local(2024, 6, 1))  // the opening deposit is missing
        _ = try portfolio.set("ISA", "1200", at: local(2024, 6, 1))
        let row = try #require(try ReturnsTests.report(portfolio, name: "ISA", from: nil, to: local(2025, 1, 1)).rows.first)
        #expect(row.change == 120_000 && row.deposits == 10_000)
        #expect(row.gain == nil && row.notes.contains(.valueWithoutDeposit))
    }

    @Test func withTheOpeningDepositTheGainIsTheGrowth() throws {
        let portfolio = memoryPortfolio()
        _ = try portfolio.add("cash", "100", at: local(2025, 1, 1))
        _ = try portfolio.move("cash", "100", at: local(2025, 1, 1))
        _ = try portfolio.set("cash", "110", at: local(2025, 6, 1))
        let row = try #require(try ReturnsTests.report(portfolio, name: "cash", from: nil, to: local(2025, 12, 31)).rows.first)
        #expect(row.startValue == 0 && row.deposits == 10_000 && row.endValue == 11_000 && row.gain == 1_000)
        #expect(row.notes.isEmpty && row.timeWeighted != nil && row.moneyWeighted != nil)
    }
}
