// An hledger or Ledger journal read back as import rows: balance assignments at their
// exact instants, names from the account directives, closes, and every bad line named.

import MoneyKit
import MoneyKitPlatform
import Testing
@testable import PortfolioKit

@Suite struct JournalImportTests {
    func read(_ text: String) -> JournalImport {
        JournalImport(text: text, source: "in.journal") { name in
            name.contains("\u{7}") ? .failure(ImportNameFault("a control character in the name")) : .success(name)
        }
    }

    @Test func exportThenImportGivesTheSameStoreAndTheSameJournal() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("Easy: \"saver\" ; é", "1200", at: local(2025, 5, 1, 8))
        try portfolio.set("Easy: \"saver\" ; é", "1250.5", at: local(2025, 5, 1, 9, 30))
        try portfolio.add("Dinar", "1.234", at: local(2025, 5, 2), currency: try #require(Currency(code: "KWD")))
        try portfolio.add("Empty", nil, at: local(2025, 5, 3))
        _ = try portfolio.close(named: "Dinar", at: local(2025, 6, 1))
        for format in [JournalFormat.hledger, .ledger] {
            var first: [String] = []
            try JournalExport(format: format).write(from: portfolio.repository) { first.append($0) }
            let journal = read(first.joined(separator: "\n") + "\n")
            #expect(journal.faults.isEmpty, "\(journal.faults.shown)")
            let copy = memoryPortfolio()
            let plan = try ImportPlan(rows: journal.rows, names: journal.names, currencies: journal.currencies, repository: copy.repository,
                                      fallbackCurrency: .usd, faults: journal.faults)
            #expect(plan.faults.isEmpty)
            try copy.repository.write("import") { try plan.apply($0) }
            var second: [String] = []
            try JournalExport(format: format).write(from: copy.repository) { second.append($0) }
            #expect(second == first)
            #expect(try copy.account(named: "Dinar").closedAt == local(2025, 6, 1))
            #expect(try copy.account(named: "Empty").createdAt == local(2025, 5, 3))
        }
    }

    @Test func depositsAndWithdrawalsGoThroughTheJournalAndBack() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("Saver", "100", at: local(2025, 1, 1))
        _ = try portfolio.addContribution(named: "Saver", at: local(2025, 1, 15), withdrawal: false) { try Money.parse("50", currency: $0) }
        try portfolio.set("Saver", "155", at: local(2025, 2, 1))
        _ = try portfolio.addContribution(named: "Saver", at: local(2025, 3, 1), withdrawal: true) { try Money.parse("20.5", currency: $0) }
        var first: [String] = []
        try JournalExport(format: .hledger).write(from: portfolio.repository) { first.append($0) }
        let text = first.joined(separator: "\n")
        #expect(text.contains("2025-01-15 deposit\n    ; at: \(Instant.iso8601(local(2025, 1, 15)))\n    ; portfolio: deposit\n    assets:Saver  50.00 GBP\n    equity:contributions"))
        #expect(text.contains("    assets:Saver  -20.50 GBP"))
        // The withdrawal comes after the last update: the value in force is asserted again.
        #expect(text.hasSuffix("2025-03-01 valuation\n    ; at: \(Instant.iso8601(local(2025, 3, 1)))\n    ; portfolio: value in force\n    assets:Saver  = 155.00 GBP\n    equity:valuation"))
        let journal = read(text + "\n")
        #expect(journal.faults.isEmpty, "\(journal.faults.shown)")
        let copy = memoryPortfolio()
        let plan = try ImportPlan(rows: journal.rows, names: journal.names, currencies: journal.currencies, repository: copy.repository,
                                  fallbackCurrency: .usd, faults: journal.faults)
        #expect(plan.faults.isEmpty && plan.updates == 2 && plan.contributions == 2)
        try copy.repository.write("import") { try plan.apply($0) }
        var second: [String] = []
        try JournalExport(format: .hledger).write(from: copy.repository) { second.append($0) }
        #expect(second == first)
        // Unmarked, a plain amount is still a fault.
        #expect(read("2025-01-01 x\n    assets:a  5 GBP\n    equity:b\n").faults.shown.map(\.line) == [2])
    }

    @Test func aHandWrittenJournalOfBalanceAssignmentsReads() throws {
        let journal = read("""
            ; my savings
            commodity 1,000.00 GBP
            P 2025-01-01 USD 0.79 GBP

            2025/01/10 * opening
                assets:bank:savings  = GBP 1,200.00
                equity:opening

            2025-02-10 interest  ; paid
                assets:bank:savings    12.00 GBP == 1212.00 GBP  ; checked
                income:interest
            """)
        #expect(journal.faults.isEmpty, "\(journal.faults.shown)")
        #expect(journal.names == ["bank:savings"])
        #expect(journal.currencies == [.gbp])
        #expect(journal.rows.map(\.at) == [local(2025, 1, 10), local(2025, 2, 10)])
        #expect(journal.rows.map { row -> String in if case .value(let text) = row.kind { return text } else { return "" } } == ["1200.00", "1212.00"])
    }

    @Test func everyBadLineIsAFaultNamingTheLine() {
        let journal = read("""
            include other.journal
            2025-13-01 bad date
                assets:a  = 1.00 GBP
            2025-01-02 x
                assets:b  5.00 GBP
                assets:c  = 5.00 £
                assets:d  = 5.00 XYZ
                assets:e\u{7}  = 1 GBP
                (assets:f)  = 1 GBP
                ; at: yesterday-ish
            account assets:g
                ; name: unquoted
              stray
            """)
        let byLine = Dictionary(journal.faults.shown.map { ($0.line, $0.message) }) { first, _ in first }
        #expect(byLine.keys.sorted() == [1, 2, 5, 6, 7, 8, 9, 10, 12])
        #expect(byLine[1]?.contains("'include'") == true)
        #expect(byLine[5]?.contains("no balance assignment") == true)
        #expect(byLine[7]?.contains("unknown currency 'XYZ'") == true)
        #expect(byLine[8]?.contains("control character") == true)
        let stray = read("2025-01-02 x\n    assets:a  = 1 GBP\n\n  stray\n")
        #expect(stray.faults.shown.map(\.line) == [4])
    }
}
