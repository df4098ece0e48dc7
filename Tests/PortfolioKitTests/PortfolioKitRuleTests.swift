// portfolio's rules against the in-memory repository: names, ties, closes, future
// updates, currencies kept apart, exact totals, and the errors that say what went wrong.

import MoneyKit
import Testing
@testable import PortfolioKit

@Suite struct PortfolioKitRuleTests {
    @Test func theLaterEnteredUpdateWinsATie() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("Saver", "100", at: local(2025, 1, 1))
        try portfolio.set("Saver", "200", at: local(2025, 2, 1))
        let later = try portfolio.set("Saver", "150", at: local(2025, 2, 1))
        let rows = try portfolio.accountRows(includeClosed: false, now: local(2025, 3, 1))
        #expect(rows.map(\.current?.value) == [150_00])
        #expect(rows.map(\.current?.id) == [later])
        #expect(rows.map(\.updateCount) == [3])
        let detail = try portfolio.detail(named: "saver", now: local(2025, 3, 1))
        #expect(detail.updates.filter(\.isCurrent).map(\.update.value) == [150_00])
        #expect(detail.series == [SeriesPoint(at: local(2025, 1, 1), value: 100_00), SeriesPoint(at: local(2025, 2, 1), value: 150_00)])
    }

    @Test func namesAreFoundInAnyLetterCaseAndMissingOnesSaySo() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("Cash ISA", "1", at: local(2025, 1, 1))
        #expect(try portfolio.account(named: "cash isa").name == "Cash ISA")
        #expect(throws: PortfolioError.noAccount(name: "Cash IS", known: ["Cash ISA"], missingStore: nil)) {
            try portfolio.account(named: "Cash IS")
        }
        #expect(throws: PortfolioError.nameTaken(existing: "Cash ISA")) {
            try portfolio.add("CASH isa", "2", at: local(2025, 1, 2))
        }
        try portfolio.add("Other", nil, at: local(2025, 1, 1))
        #expect(throws: PortfolioError.renameTaken(existing: "Cash ISA")) {
            try portfolio.rename(named: "Other", to: "cash ISA")
        }
        try portfolio.rename(named: "other", to: "Savings")
        #expect(try portfolio.repository.accounts().map(\.name) == ["Cash ISA", "Savings"])
    }

    @Test func aClosedAccountCountsUpToItsCloseAndTakesNoLaterUpdate() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("A", "100", at: local(2025, 1, 10))
        try portfolio.add("B", "50", at: local(2025, 2, 10))
        try portfolio.set("A", "150", at: local(2025, 3, 5))
        #expect(throws: PortfolioError.updateAfterClose(account: "A", updateAt: local(2025, 3, 5), updateID: 3, closeAt: local(2025, 3, 1))) {
            try portfolio.close(named: "A", at: local(2025, 3, 1))
        }
        try portfolio.close(named: "A", at: local(2025, 3, 20))
        #expect(throws: PortfolioError.alreadyClosed("A")) { try portfolio.close(named: "A", at: local(2025, 4, 1)) }
        #expect(throws: PortfolioError.closed(account: "A", closedAt: local(2025, 3, 20))) {
            try portfolio.set("A", "1", at: local(2025, 3, 20))
        }
        let now = local(2025, 5, 1)
        let active = try portfolio.accountRows(includeClosed: false, now: now)
        #expect(active.map(\.account.name) == ["B"])
        let all = try portfolio.accountRows(includeClosed: true, now: now)
        #expect(try Portfolio.totals(all) == [CurrencyTotal(currency: .gbp, value: 50_00)])
        // Closed in the future: it still counts now.
        #expect(try portfolio.accountRows(includeClosed: false, now: local(2025, 3, 19)).count == 2)
        _ = try portfolio.reopen(named: "a")
        #expect(throws: PortfolioError.notClosed("A")) { try portfolio.reopen(named: "A") }
    }

    @Test func aFutureUpdateIsKeptButNotCurrent() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("A", "100", at: local(2025, 1, 1))
        try portfolio.set("A", "900", at: local(2030, 1, 1))
        let detail = try portfolio.detail(named: "A", now: local(2025, 6, 1))
        #expect(detail.current?.value == 100_00)
        #expect(detail.updates.map(\.isFuture) == [true, false])
        #expect(detail.updates.map(\.isCurrent) == [false, true])
    }

    @Test func totalsArePerCurrencyAndExact() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("Pounds", "100", at: local(2025, 1, 1))
        try portfolio.add("Dollars", "7", at: local(2025, 1, 1), currency: .usd)
        try portfolio.add("More pounds", "0.50", at: local(2025, 1, 1))
        let totals = try Portfolio.totals(try portfolio.accountRows(includeClosed: false, now: local(2025, 2, 1)))
        #expect(totals == [CurrencyTotal(currency: .gbp, value: 100_50), CurrencyTotal(currency: .usd, value: 7_00)])
    }

    @Test func aTotalBeyondTheRangeOfAmountsIsAnErrorNamingTheCurrency() throws {
        // A store written before changes were held to what the reports can add up
        // (PortfolioTotalsBudget; TotalsBudgetTests): its totals are exact or an error.
        let repository = MemoryPortfolioRepository()
        repository.checksTotalsBudget = false
        let portfolio = Portfolio(repository: repository)
        let huge = Money(minorUnits: Int64.max, currency: .gbp)
        _ = try portfolio.addAccount(name: "A", currency: .gbp, at: local(2025, 1, 1), initial: huge)
        _ = try portfolio.addAccount(name: "B", currency: .gbp, at: local(2025, 1, 1), initial: huge)
        let rows = try portfolio.accountRows(includeClosed: false, now: local(2025, 2, 1))
        #expect(throws: PortfolioError.totalOutOfRange(.gbp)) { try Portfolio.totals(rows) }
        // Brought back into range by a negative value: exact all along.
        _ = try portfolio.addAccount(name: "C", currency: .gbp, at: local(2025, 1, 1), initial: Money(minorUnits: -Int64.max, currency: .gbp))
        let back = try portfolio.accountRows(includeClosed: false, now: local(2025, 2, 1))
        #expect(try Portfolio.totals(back) == [CurrencyTotal(currency: .gbp, value: Int64.max)])
    }

    @Test func storableValuesAndDatesAreChecked() throws {
        #expect(throws: PortfolioError.valueBeyondLimits) { try PortfolioLimits.checkStorable(Money(minorUnits: .min, currency: .gbp)) }
        try PortfolioLimits.checkStorable(Money(minorUnits: -Int64.max, currency: .gbp))
        #expect(throws: PortfolioError.dateBeyondLimits("10000-01-01")) { try PortfolioLimits.checkStorable(instant: 253_402_300_800, text: "10000-01-01") }
        try PortfolioLimits.checkStorable(instant: 253_402_300_799, text: "9999-12-31T23:59:59Z")
        #expect(PortfolioLimits.instantFault(-62_135_596_801) != nil)
    }

    @Test func deletingAnAccountOrAnUpdateIsChecked() throws {
        let portfolio = memoryPortfolio()
        let account = try portfolio.add("A", "100", at: local(2025, 1, 1))
        let id = try portfolio.set("A", "120", at: local(2025, 2, 1))
        #expect(try portfolio.hasUpdate(id: id, of: account))
        #expect(try !portfolio.hasUpdate(id: 99, of: account))
        try portfolio.deleteUpdate(id: id, of: account)
        #expect(throws: PortfolioError.updateGone(account: "A", id: id)) { try portfolio.deleteUpdate(id: id, of: account) }
        #expect(try portfolio.delete(account) == 1)
        #expect(throws: PortfolioError.accountGone("A")) { try portfolio.delete(account) }
        #expect(try portfolio.repository.accounts().isEmpty)
    }
}
