// portfolio's store as an hledger, Ledger or Beancount journal: names mapped to valid,
// distinct account names; commodities with the currency's decimals; balance assignments
// with each update's exact instant; Beancount's pad on the day and balance on the next.

import MoneyKit
import MoneyKitPlatform
import Testing
@testable import PortfolioKit

@Suite struct JournalExportTests {
    func journal(_ portfolio: Portfolio, _ format: JournalFormat) throws -> [String] {
        var lines: [String] = []
        try JournalExport(format: format).write(from: portfolio.repository) { lines.append($0) }
        return lines
    }

    @Test func namesMapToValidAccountNamesAlwaysAlikeAndNeverTwoTheSame() {
        #expect(AccountNameMapping.component("Easy saver", format: .hledger) == "Easy saver")
        #expect(AccountNameMapping.component("  ISA: 2024;  shares = (A)  ", format: .ledger) == "ISA- 2024- shares - -A-")
        #expect(AccountNameMapping.component("Spar\tÖver\u{7}", format: .hledger) == "Spar Över-")
        #expect(AccountNameMapping.component("easy saver", format: .beancount) == "Easy-Saver")
        #expect(AccountNameMapping.component("ISA: 2024 shares", format: .beancount) == "ISA-2024-Shares")
        #expect(AccountNameMapping.component("über_konto", format: .beancount) == "Über-Konto")
        #expect(AccountNameMapping.component("2024 fund", format: .beancount) == "2024-Fund")
        #expect(AccountNameMapping.component("貯金", format: .beancount) == "X-貯金")
        #expect(AccountNameMapping.component(";;", format: .beancount) == "Account")
        #expect(AccountNameMapping.component("", format: .hledger) == "Account")
        let accounts = [Account(id: 1, name: "a:b", currency: .gbp, createdAt: 0), Account(id: 2, name: "a;b", currency: .gbp, createdAt: 0),
                        Account(id: 3, name: "a-b", currency: .gbp, createdAt: 0)]
        let mapping = AccountNameMapping(accounts: accounts, format: .hledger)
        #expect(mapping.names == [1: "assets:a-b", 2: "assets:a-b-2", 3: "assets:a-b-3"])
        #expect(AccountNameMapping(accounts: accounts, format: .beancount).names == [1: "Assets:A-B", 2: "Assets:A-B-2", 3: "Assets:A-B-3"])
    }

    @Test func hledgerHasCommoditiesDeclarationsAndABalanceAssignmentPerUpdate() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("Easy \"saver\"", "1200", at: local(2025, 5, 1, 8))
        try portfolio.set("Easy \"saver\"", "1250.5", at: local(2025, 5, 1, 9, 30))
        try portfolio.add("Yen", "1234", at: local(2025, 5, 2), currency: try #require(Currency(code: "JPY")))
        _ = try portfolio.close(named: "Yen", at: local(2025, 6, 1))
        let lines = try journal(portfolio, .hledger)
        let body = Array(lines.drop { !$0.hasPrefix("decimal-mark") })
        #expect(body == [
            "decimal-mark .", "",
            "commodity 1000.00 GBP", "commodity 1000. JPY", "",
            "account assets:Easy -saver-", "    ; name: \"Easy \\\"saver\\\"\"", "    ; created: \(Instant.iso8601(local(2025, 5, 1, 8)))", "    ; currency: GBP",
            "account assets:Yen", "    ; name: \"Yen\"", "    ; created: \(Instant.iso8601(local(2025, 5, 2)))", "    ; currency: JPY",
            "account equity:valuation",
            "", "2025-05-01 valuation", "    ; at: \(Instant.iso8601(local(2025, 5, 1, 8)))", "    assets:Easy -saver-  = 1200.00 GBP", "    equity:valuation",
            "", "2025-05-01 valuation", "    ; at: \(Instant.iso8601(local(2025, 5, 1, 9, 30)))", "    assets:Easy -saver-  = 1250.50 GBP", "    equity:valuation",
            "", "2025-05-02 valuation", "    ; at: \(Instant.iso8601(local(2025, 5, 2)))", "    assets:Yen  = 1234 JPY", "    equity:valuation",
            "", "2025-06-01 close", "    ; at: \(Instant.iso8601(local(2025, 6, 1)))", "    ; portfolio: close", "    assets:Yen  = 0 JPY", "    equity:valuation",
        ])
        // Ledger: the same transactions, Ledger's commodity directive, no decimal-mark.
        let ledger = try journal(portfolio, .ledger)
        #expect(!ledger.contains("decimal-mark ."))
        #expect(ledger.contains("commodity GBP") && ledger.contains("    format 1000.00 GBP") && ledger.contains("    format 1000 JPY"))
        #expect(Array(ledger.drop { !$0.hasPrefix("account ") }) == Array(body.drop { !$0.hasPrefix("account ") }))
    }

    @Test func beancountPadsOnTheDayAndChecksTheBalanceOnTheNextWithoutUnusedPads() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("Saver", "100", at: local(2025, 5, 1, 8))
        try portfolio.set("Saver", "150", at: local(2025, 5, 1, 20))  // the day's last value counts
        try portfolio.set("Saver", "150", at: local(2025, 5, 3))       // unchanged: no pad
        try portfolio.set("Saver", "90.25", at: local(2025, 12, 31))   // across the year's end
        _ = try portfolio.close(named: "Saver", at: local(2026, 1, 5))
        let lines = try journal(portfolio, .beancount).filter { !$0.hasPrefix(";") && !$0.isEmpty }
        #expect(lines == [
            "2025-05-01 open Equity:Valuation",
            "2025-05-01 open Assets:Saver GBP", "  name: \"Saver\"", "  created: \"\(Instant.iso8601(local(2025, 5, 1, 8)))\"",
            "2025-05-01 pad Assets:Saver Equity:Valuation",
            "2025-05-02 balance Assets:Saver 150.00 GBP",
            "2025-05-04 balance Assets:Saver 150.00 GBP",
            "2025-12-31 pad Assets:Saver Equity:Valuation",
            "2026-01-01 balance Assets:Saver 90.25 GBP",
            "2026-01-05 pad Assets:Saver Equity:Valuation",
            "2026-01-06 balance Assets:Saver 0.00 GBP",
            "2026-01-06 close Assets:Saver",
        ])
        #expect(JournalExport.nextDate("2024-02-28") == "2024-02-29" && JournalExport.nextDate("2100-02-28") == "2100-03-01")
        #expect(JournalExport.nextDate("9999-12-31") == nil)
    }
}
