// Goals in the kit: set, replace and remove (an account's and a currency's total), their
// progress (reached, past, saving with the monthly amount, open), the whole months left,
// and undo, against both adapters where storage is involved.

import MoneyKit
import MoneyKitPlatform
import Testing
@testable import PortfolioKit

@Suite struct GoalTests {
    static func money(_ text: String) -> (Currency) throws -> Money { { try Money.parse(text, currency: $0) } }

    @Test func anAccountsGoalIsSetReplacedAndRemoved() throws {
        for (portfolio, keep) in try ContributionTests.portfolios() {
            _ = keep
            try portfolio.add("ISA", "1000", at: local(2025, 1, 1))
            _ = try portfolio.setGoal(named: "isa", by: nil, amount: Self.money("5000"))
            _ = try portfolio.setGoal(named: "ISA", by: local(2026, 1, 1), amount: Self.money("6000"))
            let goals = try portfolio.repository.goals()
            #expect(goals.count == 1, "replaced, not added")
            #expect(goals.first?.amount == 600_000 && goals.first?.by == local(2026, 1, 1) && goals.first?.currency == .gbp)
            _ = try portfolio.undo()
            #expect(try portfolio.repository.goals().first?.amount == 500_000, "undo puts the replaced goal back")
            _ = try portfolio.removeGoal(named: "ISA")
            #expect(try portfolio.repository.goals().isEmpty)
            #expect(throws: PortfolioError.noGoal("'ISA'")) { try portfolio.removeGoal(named: "ISA") }
            #expect(throws: PortfolioError.amountNotPositive) { try portfolio.setGoal(named: "ISA", by: nil, amount: Self.money("0")) }
        }
    }

    @Test func aTotalsGoalNeedsACurrencyOnlyWithSeveral() throws {
        for (portfolio, keep) in try ContributionTests.portfolios() {
            _ = keep
            try portfolio.add("ISA", "1000", at: local(2025, 1, 1))
            #expect(try portfolio.setTotalGoal(currency: nil, fallback: .usd, by: nil, amount: Self.money("9000")).currency == .gbp)
            try portfolio.add("Brokerage", "10", at: local(2025, 1, 1), currency: .usd)
            #expect(throws: PortfolioError.goalCurrencyNeeded([.gbp, .usd])) { try portfolio.setTotalGoal(currency: nil, fallback: .usd, by: nil, amount: Self.money("1")) }
            _ = try portfolio.setTotalGoal(currency: .usd, fallback: .usd, by: nil, amount: Self.money("100"))
            #expect(try portfolio.repository.goals().filter { $0.accountID == nil }.map(\.currency).sorted() == [.gbp, .usd])
            #expect(try portfolio.removeTotalGoal(currency: .usd, fallback: .usd) == .usd)
            // One total goal left: removed without naming its currency.
            #expect(try portfolio.removeTotalGoal(currency: nil, fallback: .usd) == .gbp)
            #expect(throws: PortfolioError.noGoal("the GBP total")) { try portfolio.removeTotalGoal(currency: .gbp, fallback: .usd) }
        }
    }

    @Test func progressReadsReachedPastSavingAndOpen() throws {
        let now = local(2025, 1, 15, 12)
        let goal = Goal(id: 1, accountID: 1, currency: .gbp, amount: 1_000_00, by: local(2025, 7, 15, 12))
        let saving = try Portfolio.progress(goal, name: "ISA", value: 400_00, now: now)
        // £600 over 6 whole months: £100 a month.
        #expect(saving.status == .saving(monthly: 100_00, months: 6) && saving.remaining == 600_00)
        #expect(abs(saving.percent - 40) < 1e-9)
        // Rounded up to the penny: £600.01 over 6 months is £100.01 a month (6 × 100.01 ≥ 600.01).
        #expect(try Portfolio.progress(goal, name: nil, value: 399_99, now: now).status == .saving(monthly: 100_01, months: 6))
        #expect(try Portfolio.progress(goal, name: nil, value: 1_000_00, now: now).status == .reached)
        #expect(try Portfolio.progress(goal, name: nil, value: 2_000_00, now: now).remaining == 0)
        #expect(try Portfolio.progress(goal, name: nil, value: 0, now: local(2025, 7, 15, 12)).status == .past)
        let open = Goal(id: 2, accountID: nil, currency: .gbp, amount: 100, by: nil)
        #expect(try Portfolio.progress(open, name: nil, value: -50, now: now).status == .open)
        // Less than a whole month left: all that remains, now.
        #expect(try Portfolio.progress(goal, name: nil, value: 0, now: local(2025, 7, 1)).status == .saving(monthly: 1_000_00, months: 0))
    }

    @Test func aNegativeValueAtTheLimitIsAnErrorNotATrap() {
        let goal = Goal(id: 1, accountID: 1, currency: .gbp, amount: .max, by: nil)
        #expect(throws: PortfolioError.totalOutOfRange(.gbp)) { try Portfolio.progress(goal, name: nil, value: -5, now: 0) }
    }

    @Test func wholeMonthsCountCalendarMonths() {
        #expect(Portfolio.wholeMonths(from: local(2025, 1, 15), to: local(2025, 3, 14)) == 1)
        #expect(Portfolio.wholeMonths(from: local(2025, 1, 15), to: local(2025, 3, 15)) == 2)
        #expect(Portfolio.wholeMonths(from: local(2025, 1, 31), to: local(2025, 2, 28)) == 0)
        #expect(Portfolio.wholeMonths(from: local(2025, 3, 1), to: local(2025, 1, 1)) == 0)
        #expect(Portfolio.wholeMonths(from: local(2024, 12, 1), to: local(2026, 12, 1)) == 24)
    }

    @Test func progressUsesTheValueNowAndTheTotalOfActiveAccounts() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("A", "100", at: local(2025, 1, 1))
        try portfolio.add("B", "300", at: local(2025, 1, 1))
        try portfolio.add("Shut", "1000", at: local(2025, 1, 1))
        _ = try portfolio.close(named: "Shut", at: local(2025, 2, 1))
        _ = try portfolio.setTotalGoal(currency: nil, fallback: .gbp, by: nil, amount: Self.money("1000"))
        _ = try portfolio.setGoal(named: "B", by: nil, amount: Self.money("600"))
        let progress = try portfolio.goalProgress(now: local(2025, 3, 1))
        #expect(progress.map(\.accountName) == [nil, "B"])
        #expect(progress.map(\.value) == [400_00, 300_00], "the closed account leaves the total")
    }
}
